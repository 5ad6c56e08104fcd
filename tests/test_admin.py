"""The console through Django's test client: actions, forms, refusals, speed, XSS."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import make_user, triaged_sample
from triage import mime
from triage.models import EmailEvent, Escalation, InboundEmail, Status, Ticket
from triage.services.ingestion import email_ingest
from triage.services.triage import email_triage

pytestmark = pytest.mark.django_db


def login(client, user):
    client.force_login(user)
    return client


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def test_changelist_queries_do_not_grow_with_page_size(client, staff):
    for name in ["01-contamination-claim-ica.eml", "02-reclamacao-hvi.eml",
                 "04-freight-invoice.eml", "05-shipping-notice.eml", "06-cotacao.eml"] * 1:
        triaged_sample(name)
    admin_user = make_user("root", superuser=True)
    login(client, admin_user)
    url = reverse("admin:triage_inboundemail_changelist")
    counts = {}
    for per_page in (2, 5):
        from triage.admin import InboundEmailAdmin

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
    triaged_sample("01-contamination-claim-ica.eml")
    response = login(client, staff["claims"]).get(reverse("admin:triage_inboundemail_changelist"))
    body = response.content.decode()
    assert response.status_code == 200
    assert "li.wei@jiangsu-mills.example.cn" in body
    assert "180,000" in body and "OFFLINE" in body
    assert "LLM provider: OFFLINE rule-based provider" in body


def test_search_by_contract_reference(client, staff):
    triaged_sample("02-reclamacao-hvi.eml")
    triaged_sample("04-freight-invoice.eml")
    url = reverse("admin:triage_inboundemail_changelist") + "?q=BR-2026/114"
    body = login(client, staff["claims"]).get(url).content.decode()
    assert "qualidade@fiacaonordeste" in body and "oceanic-freight" not in body


def test_detail_page_shows_why(client, staff):
    email = triaged_sample("01-contamination-claim-ica.eml")
    body = login(client, staff["desk"]).get(
        reverse("admin:triage_inboundemail_change", args=[email.pk])).content.decode()
    for expected in ("backstop triggers", "extracted exposure USD 180,000.00",
                     "arbitration_or_legal", "CT-2026-0142", "contract CT-2026-0142",
                     "Download .eml", "classification", "escalation", "routed"):
        assert expected in body, expected


def test_raw_download_is_the_message_as_received(client, staff):
    email = triaged_sample("02-reclamacao-hvi.eml")
    response = login(client, staff["claims"]).get(
        reverse("admin:triage_inboundemail_raw", args=[email.pk]))
    assert response["Content-Type"] == "message/rfc822"
    assert response.content == bytes(email.raw_message)


def test_desk_acknowledges_through_the_form(client, staff):
    esc = Escalation.objects.get(email=triaged_sample("01-contamination-claim-ica.eml"))
    url = reverse("admin:triage_escalation_act", args=[esc.pk, "acknowledge"])
    response = login(client, staff["desk"]).post(url, {"note": "on it"}, follow=True)
    assert "Escalation acknowledged." in messages_of(response)
    esc.refresh_from_db()
    assert esc.state == "acknowledged"


def test_claims_staff_gets_403_on_escalation_actions(client, staff):
    esc = Escalation.objects.get(email=triaged_sample("01-contamination-claim-ica.eml"))
    login(client, staff["claims"])
    for action in ("acknowledge", "resolve", "dismiss"):
        url = reverse("admin:triage_escalation_act", args=[esc.pk, action])
        assert client.post(url, {"note": "x"}).status_code == 403
    page = client.get(reverse("admin:triage_escalation_change", args=[esc.pk])).content.decode()
    assert "acknowledge-form" not in page
    esc.refresh_from_db()
    assert esc.state == "pending"


def test_resolve_without_note_is_refused(client, staff):
    esc = Escalation.objects.get(email=triaged_sample("01-contamination-claim-ica.eml"))
    url = reverse("admin:triage_escalation_act", args=[esc.pk, "resolve"])
    response = login(client, staff["desk"]).post(url, {"note": ""}, follow=True)
    assert any("Not done" in m for m in messages_of(response))
    esc.refresh_from_db()
    assert esc.state == "pending"


def test_ticket_approve_form_and_stale_refusal(client, staff):
    ticket = Ticket.objects.get(email=triaged_sample("03-weight-shortfall.eml"))
    change = reverse("admin:triage_ticket_change", args=[ticket.pk])
    page = login(client, staff["claims"]).get(change).content.decode()
    assert 'name="seen_version" value="1"' in page
    correct = reverse("admin:triage_ticket_act", args=[ticket.pk, "correct"])
    client.post(correct, {"seen_version": 1, "origin": "USA"})
    ticket.refresh_from_db()
    assert ticket.version == 2
    approve = reverse("admin:triage_ticket_act", args=[ticket.pk, "approve"])
    login(client, staff["claims2"])
    response = client.post(approve, {"seen_version": 1}, follow=True)
    assert any("the current version is 2" in m for m in messages_of(response))
    ticket.refresh_from_db()
    assert ticket.state == "draft"
    response = client.post(approve, {"seen_version": 2}, follow=True)
    assert any("arbitration ticket ARB-" in m for m in messages_of(response))
    ticket.refresh_from_db()
    assert ticket.state == "approved"


def test_desk_gets_403_on_ticket_actions(client, staff):
    ticket = Ticket.objects.get(email=triaged_sample("03-weight-shortfall.eml"))
    login(client, staff["desk"])
    for action, data in (("approve", {"seen_version": 1}),
                         ("reject", {"seen_version": 1, "reason": "x"}),
                         ("correct", {"seen_version": 1, "origin": "x"})):
        url = reverse("admin:triage_ticket_act", args=[ticket.pk, action])
        assert client.post(url, data).status_code == 403
    ticket.refresh_from_db()
    assert (ticket.state, ticket.version) == ("draft", 1)


def test_retriage_action_needs_the_permission(client, staff):
    email = triaged_sample("04-freight-invoice.eml")
    url = reverse("admin:triage_inboundemail_changelist")
    data = {"action": "retriage", "_selected_action": [email.pk]}
    login(client, staff["claims"]).post(url, data)
    email.refresh_from_db()
    assert email.status == Status.FORWARDED
    response = login(client, staff["triager"]).post(url, data, follow=True)
    assert any("1 email(s) queued" in m for m in messages_of(response))
    email.refresh_from_db()
    assert email.status == Status.QUEUED
    from django.contrib.admin.models import LogEntry

    assert LogEntry.objects.filter(object_id=str(email.pk), user=staff["triager"]).exists()


def test_export_csv_and_json(client, staff):
    email = triaged_sample("01-contamination-claim-ica.eml")
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


def test_decide_manually_form(client, staff, settings):
    settings.TRIAGE_MAX_LLM_CALLS_PER_EMAIL = 1  # a claim needs more: it fails closed
    email = triaged_sample("02-reclamacao-hvi.eml")
    assert email.status == Status.NEEDS_REVIEW
    change = reverse("admin:triage_inboundemail_change", args=[email.pk])
    assert "decide-manually" in login(client, staff["triager"]).get(change).content.decode()
    assert "decide-manually" not in login(client, staff["claims"]).get(change).content.decode()
    url = reverse("admin:triage_inboundemail_decide", args=[email.pk])
    assert client.post(url, {"route": "ticket", "reason": "x"}).status_code == 403
    login(client, staff["triager"]).post(url, {"route": "forwarded", "department": "commercial",
                                               "reason": "a price question in fact"})
    email.refresh_from_db()
    assert email.status == Status.FORWARDED and email.forward.department == "commercial"


def test_audit_trail_is_read_only_for_everyone(client):
    root = make_user("root", superuser=True)
    triaged_sample("04-freight-invoice.eml")
    event = EmailEvent.objects.first()
    login(client, root)
    assert client.get(reverse("admin:triage_emailevent_changelist")).status_code == 200
    assert client.get(reverse("admin:triage_emailevent_add")).status_code == 403
    assert client.post(reverse("admin:triage_emailevent_delete", args=[event.pk]),
                       {"post": "yes"}).status_code == 403
    assert EmailEvent.objects.filter(pk=event.pk).exists()
    change = client.get(reverse("admin:triage_emailevent_change", args=[event.pk]))
    assert 'name="_save"' not in change.content.decode()


def test_dashboard(client, staff):
    triaged_sample("01-contamination-claim-ica.eml")
    triaged_sample("04-freight-invoice.eml")
    body = login(client, staff["desk"]).get(reverse("admin:index")).content.decode()
    assert "Triage dashboard" in body
    assert "Oldest pending escalations" in body and "URGENT: Contamination claim" in body
    assert "Escalations raised by the backstop over the model" in body
    assert "OFFLINE" in body


XSS_SUBJECT = "<script>alert('subject')</script> Claim \u202elot 5"
XSS_PARTY = "<img src=x onerror=alert('party')>ACME\u202e Ltd"


def test_script_and_bidi_render_as_inert_text_on_every_page(client, staff):
    raw = (
        f"From: \"{XSS_PARTY}\" <evil@example.com>\r\nTo: claims@example.com\r\n"
        f"Subject: {XSS_SUBJECT}\r\nMessage-ID: <xss-1@example.com>\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n\r\n"
        "Contamination claim from <script>alert('body')</script> ACME\u202e, "
        "contract CT-9 lot 7, USD 90,000.\r\n"
    ).encode()
    result = email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822", provider="import")
    email_triage(result.email_id, task_id="t")
    email = InboundEmail.objects.get(pk=result.email_id)
    InboundEmail.objects.filter(pk=email.pk).update(subject=XSS_SUBJECT)  # as if not stripped
    run = email.current_run
    run.decision["claim"]["claiming_party"] = XSS_PARTY
    run.save()
    esc = Escalation.objects.get(email=email)
    root = make_user("root", superuser=True)
    login(client, root)
    pages = [
        reverse("admin:index"),
        reverse("admin:triage_inboundemail_changelist"),
        reverse("admin:triage_inboundemail_change", args=[email.pk]),
        reverse("admin:triage_escalation_changelist"),
        reverse("admin:triage_escalation_change", args=[esc.pk]),
        reverse("admin:triage_triagerun_change", args=[run.pk]),
        reverse("admin:triage_emailevent_changelist"),
    ]
    for url in pages:
        body = client.get(url).content.decode()
        assert "<script>alert(" not in body, url
        assert "<img src=x" not in body, url
        assert "\u202e" not in body, url
    detail = client.get(pages[2]).content.decode()
    assert "&lt;script&gt;alert(&#x27;subject&#x27;)&lt;/script&gt; Claim \\u202elot 5" in detail
    assert "&lt;img src=x onerror=alert(&#x27;party&#x27;)&gt;ACME\\u202e Ltd" in detail
    assert "&lt;script&gt;alert(&#x27;body&#x27;)&lt;/script&gt; ACME" in detail
