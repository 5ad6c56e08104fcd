"""Ingestion converts an email's HTML once: the worker reads the stored visible text,
and rows stored before the field existed get it from the migration."""

from __future__ import annotations

import importlib
from email.message import EmailMessage

import pytest
from django.apps import apps

from triage import htmltext, mime
from triage.decision import EmailInput
from triage.models import InboundEmail
from triage.services.ingestion import email_ingest

pytestmark = pytest.mark.django_db


def _plain_and_html(n: int = 1) -> bytes:
    msg = EmailMessage()
    msg["From"] = "QA <qa@mill.example.cn>"
    msg["Subject"] = f"HVI report lot 77{n:02d}"
    msg["Message-ID"] = f"<html-text-{n}@example.cn>"
    msg.set_content(f"Micronaire 5.3 on lot 77{n:02d}.")
    msg.add_alternative(f"<p>Micronaire 5.3 on lot 77{n:02d}.</p><p>We claim <b>USD 41,000"
                        "</b> and want an answer within three days.</p>", subtype="html")
    return msg.as_bytes()


def _ingest(raw: bytes) -> InboundEmail:
    result = email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822", provider="import")
    return InboundEmail.objects.get(pk=result.email_id)


def test_the_worker_reads_the_html_text_stored_at_ingest(monkeypatch):
    email = _ingest(_plain_and_html())
    assert "We claim USD 41,000" in email.html_text
    assert "41,000" not in email.text_body

    def convert_again(*args, **kwargs):
        raise AssertionError("the stored HTML was converted again")

    monkeypatch.setattr(htmltext, "convert", convert_again)
    read = EmailInput.from_stored(email)
    assert "We claim USD 41,000" in read.html_extra
    assert "We claim USD 41,000" in read.rules_text


def test_an_html_only_email_stores_no_second_copy_of_its_text():
    msg = EmailMessage()
    msg["From"] = "qa@mill.example.cn"
    msg["Subject"] = "HVI"
    msg.set_content("<p>Micronaire 5.3, we claim USD 41,000.</p>", subtype="html")
    email = _ingest(msg.as_bytes())
    assert "USD 41,000" in email.text_body and email.html_text == ""
    assert EmailInput.from_stored(email).html_extra == ""


def test_the_migration_fills_the_html_text_of_rows_stored_before_it(monkeypatch):
    migration = importlib.import_module("triage.migrations.0011_inboundemail_html_text")
    monkeypatch.setattr(migration, "BATCH", 2)  # three rows: more than one batch
    emails = [_ingest(_plain_and_html(n)) for n in range(3)]
    expected = {e.pk: e.html_text for e in emails}
    InboundEmail.objects.update(html_text="")
    migration.backfill_html_text(apps, None)
    assert dict(InboundEmail.objects.values_list("pk", "html_text")) == expected
    assert all("We claim USD 41,000" in text for text in expected.values())
