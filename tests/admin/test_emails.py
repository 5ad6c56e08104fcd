"""Inbound emails in the console: the list, the detail page, the raw download, the
changelist actions (re-triage, exports) and deciding by hand."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from django.contrib import admin
from django.contrib.admin import ModelAdmin
from django.contrib.admin.models import LogEntry
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from tests.factories import (
    HVI,
    login,
    make_escalation,
    make_forward,
    make_needs_review,
    make_ticket,
    make_user,
    messages_of,
)
from triage.admin.emails import InboundEmailAdmin
from triage.models import InboundEmail, Status

pytestmark = pytest.mark.django_db


def test_changelist_queries_do_not_grow_with_page_size(client, staff):
    make_escalation()
    make_ticket(HVI)
    make_forward()
    make_forward("05-shipping-notice.eml", department="logistics")
    make_forward("06-cotacao.eml", department="commercial")
    admin_user = make_user("root", superuser=True)
    login(client, admin_user)
    url = reverse("admin:triage_inboundemail_changelist")
    counts = {}
    for per_page in (2, 5):
        InboundEmailAdmin.list_per_page = per_page
        try:
            with CaptureQueriesContext(connection) as ctx:
                response = client.get(url)
        finally:
            InboundEmailAdmin.list_per_page = 50
        assert response.status_code == 200
        counts[per_page] = len(ctx.captured_queries)
    assert counts[2] == counts[5], counts


def test_changelist_shows_decision_columns_and_offline_marker(client, staff):
    make_escalation()
    response = login(client, staff["claims"]).get(reverse("admin:triage_inboundemail_changelist"))
    body = response.content.decode()
    assert response.status_code == 200
    assert "li.wei@jiangsu-mills.example.cn" in body
    assert "180,000" in body and "OFFLINE" in body
    assert 'LLM provider: <span lang="en">OFFLINE rule-based provider' in body
    # A Portuguese page says it in Portuguese alone, OFFLINE still in capitals.
    pt = client.get(reverse("admin:triage_inboundemail_changelist"),
                    HTTP_ACCEPT_LANGUAGE="pt-BR").content.decode()
    banner = pt[pt.index('id="triage-provider"'):].split("</div>", 1)[0]
    assert "provedor OFFLINE baseado em regras" in banner
    assert "rule-based" not in banner and "simulated model" not in banner


def test_search_by_contract_reference(client, staff):
    make_ticket(HVI)
    make_forward()
    url = reverse("admin:triage_inboundemail_changelist") + "?q=BR-2026/114"
    body = login(client, staff["claims"]).get(url).content.decode()
    assert "qualidade@fiacaonordeste" in body and "oceanic-freight" not in body


def test_detail_page_shows_why(client, staff):
    email = make_escalation().email
    body = login(client, staff["desk"]).get(
        reverse("admin:triage_inboundemail_change", args=[email.pk])).content.decode()
    # Words, not identifiers: "High exposure", not high_exposure; amounts formatted.
    for expected in ("backstop triggers",
                     "extracted exposure USD\xa0180,000.00 is at or above the threshold of "
                     "USD\xa050,000.00", "High exposure", "CT-2026-0142", "contract CT-2026-0142",
                     "Download .eml", "classification", "escalation", "Routed"):
        assert expected in body, expected


def test_raw_download_is_the_message_as_received(client, staff):
    email = make_ticket(HVI).email
    response = login(client, staff["claims"]).get(
        reverse("admin:triage_inboundemail_raw", args=[email.pk]))
    assert response["Content-Type"] == "message/rfc822"
    assert response.content == bytes(email.raw_message)


def test_eml_download_of_a_json_email_with_line_breaks_in_headers(client, staff, post_signed):
    body = json.dumps({"from": "Li Wei <li@mill.example.cn>\r\nBcc: victim@example.com",
                       "subject": "Claim CT-1\r\nX-Injected: yes", "text": "37 bales.",
                       "to": ["claims@example.com"]}).encode()
    assert post_signed(body).status_code == 202
    email = InboundEmail.objects.get(subject__startswith="Claim CT-1")
    response = login(client, staff["claims"]).get(
        reverse("admin:triage_inboundemail_raw", args=[email.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "message/rfc822"
    lines = response.content.split(b"\n")
    assert b"Subject: Claim CT-1 X-Injected: yes" in lines
    assert not any(line.startswith((b"Bcc:", b"X-Injected:")) for line in lines)
    assert b"37 bales." in response.content
    verbatim = login(client, staff["claims"]).get(
        reverse("admin:triage_inboundemail_raw", args=[email.pk]) + "?as=json")
    assert verbatim.content == body


def test_retriage_action_needs_the_permission(client, staff):
    email = make_forward().email
    url = reverse("admin:triage_inboundemail_changelist")
    data = {"action": "retriage", "_selected_action": [email.pk]}
    login(client, staff["claims"]).post(url, data)
    email.refresh_from_db()
    assert email.status == Status.FORWARDED
    response = login(client, staff["triager"]).post(url, data, follow=True)
    assert any("1 email queued for re-triage" in m for m in messages_of(response))
    email.refresh_from_db()
    assert email.status == Status.QUEUED
    assert LogEntry.objects.filter(object_id=str(email.pk), user=staff["triager"]).exists()


def _inputs(html: str) -> list[dict]:
    found: list[dict] = []

    class Inputs(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag == "input" and ("class", "action-select") in attrs:
                found.append(dict(attrs))

    Inputs().feed(html)
    return found


def test_each_row_has_djangos_checkbox_and_it_selects_the_row(client, staff):
    """The row checkbox (written without a widget template) carries the same attributes
    as Django's own, in the reader's language, and posting it acts on that row."""
    email = make_forward().email
    email.subject = """<b>"Frete" & 'taxas'</b>"""  # what a sender may write
    email.save(update_fields=["subject"])
    model_admin = admin.site.get_model_admin(InboundEmail)
    for language in ("en", "pt-br"):
        with translation.override(language):
            assert model_admin.action_checkbox(email) == ModelAdmin.action_checkbox(
                model_admin, email)
    url = reverse("admin:triage_inboundemail_changelist")
    page = login(client, staff["triager"]).get(url, HTTP_ACCEPT_LANGUAGE="pt-br")
    [box] = _inputs(page.content.decode())
    assert box["name"] == "_selected_action" and box["value"] == str(email.pk)
    assert box["aria-label"] == f"Selecione esse objeto para uma ação - {email}"
    response = client.post(url, {"action": "retriage", box["name"]: [box["value"]]})
    assert response.status_code == 302
    email.refresh_from_db()
    assert email.status == Status.QUEUED


def test_export_csv_and_json(client, staff):
    email = make_escalation().email
    InboundEmail.objects.filter(pk=email.pk).update(subject="=HYPERLINK(\"http://x\")")
    url = reverse("admin:triage_inboundemail_changelist")
    data = {"action": "export_csv", "_selected_action": [email.pk]}
    assert login(client, staff["claims"]).post(url, data).status_code == 200
    assert not login(client, staff["claims"]).post(url, data).get("Content-Disposition")
    response = login(client, staff["triager"]).post(url, data)
    text = b"".join(response.streaming_content).decode()
    assert text.splitlines()[0].startswith("id,received_at,from_address,subject")
    assert "'=HYPERLINK" in text and "escalated" in text and "180000.00" in text
    response = client.post(url, {"action": "export_json", "_selected_action": [email.pk]})
    [row] = json.loads(response.content)
    assert row["route"] == "escalated" and row["exposure_usd"] == "180000.00"


def test_decide_manually_form(client, staff):
    email = make_needs_review(HVI, review_signals=(), errors=[
        "LLM call budget exhausted: a claim needs more than 1 call"])
    assert email.status == Status.NEEDS_REVIEW
    change = reverse("admin:triage_inboundemail_change", args=[email.pk])
    assert "decide-manually" in login(client, staff["triager"]).get(change).content.decode()
    assert "decide-manually" not in login(client, staff["claims"]).get(change).content.decode()
    url = reverse("admin:triage_inboundemail_act", args=[email.pk, "decide"])
    assert client.post(url, {"route": "ticket", "reason": "x"}).status_code == 403
    login(client, staff["triager"]).post(url, {"route": "forwarded", "department": "commercial",
                                               "reason": "a price question in fact"})
    email.refresh_from_db()
    assert email.status == Status.FORWARDED and email.forward.department == "commercial"
