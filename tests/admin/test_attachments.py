"""Opening attachments and raw messages from the email page: download headers, the
sandboxed preview, who may open them, and the audit row each open leaves."""

from __future__ import annotations

import base64
import json

import pytest
from django.urls import reverse

from tests.factories import HVI, login, make_ticket, make_user
from triage import mime
from triage.admin.files import safe_filename
from triage.jsonmail import parse_json
from triage.management.commands.send_sample import _PNG
from triage.models import Attachment, EmailEvent
from triage.services.ingestion import email_ingest

pytestmark = pytest.mark.django_db

HOSTILE_NAME = '../../etc/"evil\u202egpj.html\r\nX-Injected: 1'


def _email_with(*attachments: tuple[str, str, bytes]) -> int:
    body = json.dumps({
        "message_id": "<att-1@mill.example.cn>", "from": "qa@mill.example.cn",
        "subject": "Survey report", "text": "Survey attached.",
        "attachments": [{"filename": n, "content_type": t,
                         "content_base64": base64.b64encode(c).decode()}
                        for n, t, c in attachments]}).encode()
    return email_ingest(mime.parse_fields(**parse_json(body)), raw=body, raw_format="json",
                        provider="webhook").email_id


def _url(email_id: int, attachment: Attachment, *, preview: bool = False) -> str:
    url = reverse("admin:triage_inboundemail_attachment", args=[email_id, attachment.pk])
    return url + ("?preview=1" if preview else "")


def test_download_is_an_attachment_with_a_safe_name_and_the_bytes_intact(client, staff):
    email_id = _email_with((HOSTILE_NAME, "text/html", b"<script>alert(1)</script>"))
    attachment = Attachment.objects.get(email_id=email_id)
    response = login(client, staff["claims"]).get(_url(email_id, attachment))
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == b"<script>alert(1)</script>"
    assert response["Content-Type"] == "application/octet-stream"
    assert response["X-Content-Type-Options"] == "nosniff"
    # No path, no quote of the sender's, no bidi override, no header break; the
    # sender's letters survive.
    assert response["Content-Disposition"] == 'attachment; filename="evilgpj.html X-Injected 1"'


def test_a_non_ascii_name_is_sent_per_rfc_6266(client, staff):
    email_id = _email_with(("relatório de vistoria.pdf", "application/pdf", b"%PDF-1.4 x"))
    attachment = Attachment.objects.get(email_id=email_id)
    response = login(client, staff["desk"]).get(_url(email_id, attachment))
    assert response["Content-Disposition"] == (
        "attachment; filename*=utf-8''relat%C3%B3rio%20de%20vistoria.pdf")


def test_html_is_never_previewed_inline(client, staff):
    email_id = _email_with(("page.html", "text/html", b"<html><script>x()</script></html>"))
    attachment = Attachment.objects.get(email_id=email_id)
    login(client, staff["claims"])
    response = client.get(_url(email_id, attachment, preview=True))
    assert response["Content-Disposition"].startswith("attachment;")
    assert response["Content-Type"] == "application/octet-stream"
    preview_page = reverse("admin:triage_inboundemail_attachment_preview",
                           args=[email_id, attachment.pk])
    assert client.get(preview_page).status_code == 404


def test_an_image_previews_in_a_sandbox(client, staff):
    email_id = _email_with(("hvi.png", "image/png", _PNG))
    attachment = Attachment.objects.get(email_id=email_id)
    login(client, staff["triager"])
    response = client.get(_url(email_id, attachment, preview=True))
    assert response["Content-Type"] == "image/png"
    assert response["Content-Disposition"].startswith("inline;")
    assert "sandbox" in response["Content-Security-Policy"]
    assert "frame-ancestors 'self'" in response["Content-Security-Policy"]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert b"".join(response.streaming_content) == _PNG
    page = client.get(reverse("admin:triage_inboundemail_attachment_preview",
                              args=[email_id, attachment.pk]))
    assert page.status_code == 200
    assert b"<iframe" in page.content and b"sandbox" in page.content
    # The console's own policy is unchanged: no inline script anywhere.
    assert "script-src 'self'" in page["Content-Security-Policy"]


def test_staff_in_no_triage_group_cannot_open_attachments(client, staff):
    email_id = _email_with(("hvi.png", "image/png", _PNG))
    attachment = Attachment.objects.get(email_id=email_id)
    outsider = make_user("outsider")  # staff, no group
    response = login(client, outsider).get(_url(email_id, attachment))
    assert response.status_code == 403
    assert not EmailEvent.objects.filter(kind="attachment_opened").exists()


def test_each_open_is_audited_with_who(client, staff):
    email_id = _email_with(("hvi.png", "image/png", _PNG))
    attachment = Attachment.objects.get(email_id=email_id)
    login(client, staff["claims"])
    client.get(_url(email_id, attachment))
    client.get(_url(email_id, attachment, preview=True))
    events = list(EmailEvent.objects.filter(email_id=email_id, kind="attachment_opened")
                  .order_by("id"))
    assert [(e.actor, e.target, e.data["preview"]) for e in events] == [
        (staff["claims"], f"attachment:{attachment.pk}", False),
        (staff["claims"], f"attachment:{attachment.pk}", True)]


def test_the_email_page_links_download_and_preview(client, staff):
    email_id = _email_with(("hvi.png", "image/png", _PNG), ("notes.txt", "text/plain", b"x"))
    body = login(client, staff["claims"]).get(
        reverse("admin:triage_inboundemail_change", args=[email_id])).content.decode()
    assert body.count(">Download</a>") == 2 and body.count(">Preview</a>") == 1


def test_opening_the_raw_message_is_audited(client, staff):
    email = make_ticket(HVI).email
    response = login(client, staff["desk"]).get(
        reverse("admin:triage_inboundemail_raw", args=[email.pk]))
    assert response.status_code == 200 and response.content == bytes(email.raw_message)
    event = EmailEvent.objects.get(email=email, kind="raw_opened")
    assert event.actor == staff["desk"]


@pytest.mark.parametrize("name, expected", [
    ("../../a.pdf", "a.pdf"), ("C:\\x\\b.png", "b.png"), ("\u200b\u202e", "fallback"),
    ("...hidden", "hidden"), ('q"uote;.txt', "quote.txt"), ("ok name.csv", "ok name.csv"),
])
def test_safe_filename(name, expected):
    assert safe_filename(name, "fallback") == expected
