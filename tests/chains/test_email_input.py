"""The chains read the same thing whether an email comes from a file (the command
line, the evaluation) or from the database (the worker): what is measured is what
production sends."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from triage import mime
from triage.chains.untrusted import EmailInput
from triage.models import InboundEmail, Status
from triage.routes import Route
from triage.services.ingestion import email_ingest


def _claim_with_attachment() -> bytes:
    msg = EmailMessage()
    msg["From"] = "QA <qa@mill.example.cn>"
    msg["To"] = "claims@cottontrade.example.com"
    msg["Subject"] = "HVI report lot 7731"
    msg["Message-ID"] = "<input-parity@example.cn>"
    msg["Date"] = "Mon, 16 Nov 2026 09:00:00 +0000"
    msg.set_content("Micronaire 5.3 on lot 7731, report attached.")
    msg.add_attachment(b"%PDF-1.4\n1 0 obj\n", maintype="application", subtype="pdf",
                       filename="hvi-7731.pdf")
    return msg.as_bytes()


@pytest.mark.django_db(transaction=True)
def test_a_file_and_its_stored_copy_reach_the_chains_alike():
    raw = _claim_with_attachment()
    parsed = mime.parse_bytes(raw)
    result = email_ingest(parsed, raw=raw, raw_format="rfc822", provider="import")
    stored = InboundEmail.objects.get(pk=result.email_id)

    from_file = EmailInput.from_parsed(parsed)
    from_db = EmailInput.from_stored(stored)

    assert from_file == from_db
    assert from_db.attachments == ["hvi-7731.pdf (application/pdf)"]
    assert "Micronaire 5.3" in from_db.body


def test_every_route_ends_in_the_email_status_of_the_same_name():
    assert {r.status for r in Route} <= set(Status.values)
    assert Route.NEEDS_REVIEW.status == Status.NEEDS_REVIEW
