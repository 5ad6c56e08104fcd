"""What a sender or a model wrote reaches every page as inert, visible text."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import login, make_user
from triage import mime
from triage.models import Escalation, InboundEmail
from triage.services.ingestion import email_ingest
from triage.services.triage import email_triage

pytestmark = pytest.mark.django_db


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
