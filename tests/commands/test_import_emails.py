from __future__ import annotations

import mailbox
from io import StringIO

import pytest
from django.core.management import call_command

from tests.factories import MAIL
from triage.models import InboundEmail, Status

pytestmark = pytest.mark.django_db


def run_import(*paths) -> str:
    out = StringIO()
    call_command("import_emails", *map(str, paths), "--no-progress", stdout=out, stderr=StringIO())
    return out.getvalue()


def test_import_folder_mbox_and_garbage(tmp_path, settings):
    samples = tmp_path / "samples"  # the nine samples, not the odd corpus beside them
    samples.mkdir()
    for path in MAIL.glob("*.eml"):
        (samples / path.name).write_bytes(path.read_bytes())
    tmp_path = tmp_path / "more"
    tmp_path.mkdir()
    box = mailbox.mbox(tmp_path / "archive.mbox")
    for name in ("03-weight-shortfall.eml", "04-freight-invoice.eml"):
        box.add((MAIL / name).read_bytes())
    box.flush()
    (tmp_path / "garbage.eml").write_bytes(bytes(range(256)))
    settings.TRIAGE_MAX_EMAIL_BYTES = 4096
    (tmp_path / "huge.eml").write_bytes(b"Subject: big\r\n\r\n" + b"x" * 5000)

    out = run_import(samples, tmp_path)
    assert "imported: 9  duplicates: 2  rejected: 2" in out
    assert "garbage.eml: not an RFC 5322 message" in out
    assert "huge.eml: 5016 bytes is over the 4096 byte limit" in out
    assert InboundEmail.objects.count() == 9
    assert InboundEmail.objects.filter(provider="import").count() == 9
    # A plain out-of-office reply is stored and shown, never forwarded; the rest is queued.
    ooo = InboundEmail.objects.get(subject__startswith="Automatic reply")
    assert ooo.status == Status.IGNORED and ooo.flags["out_of_office"]
    assert list(InboundEmail.objects.filter(status=Status.IGNORED)) == [ooo]

    again = run_import(samples)
    assert "imported: 0  duplicates: 9  rejected: 0" in again
    assert InboundEmail.objects.count() == 9


def test_a_poison_message_is_rejected_with_its_reason_and_the_import_goes_on(tmp_path,
                                                                           monkeypatch):
    box = mailbox.mbox(tmp_path / "archive.mbox")
    deep = (MAIL / "odd" / "deep-multipart.eml").read_bytes()
    utf8 = (MAIL / "odd" / "8bit-utf8-headers.eml").read_bytes()
    for raw in (deep, b"From: poison@example.com\r\nSubject: poison\r\n\r\nx", utf8,
                (MAIL / "03-weight-shortfall.eml").read_bytes()):
        box.add(raw)
    box.flush()
    from triage.management.commands import import_emails

    real = import_emails.email_ingest

    def ingest(parsed, **kwargs):  # a message the database refuses, whatever the reason
        if parsed.subject == "poison":
            raise ValueError("A string literal cannot contain NUL (0x00) characters.")
        return real(parsed, **kwargs)

    monkeypatch.setattr(import_emails, "email_ingest", ingest)
    out = run_import(tmp_path)
    assert "imported: 3  duplicates: 0  rejected: 1" in out
    assert "archive.mbox#2: could not be stored: ValueError: A string literal" in out
    # The messages after it are imported, the odd ones readable.
    assert InboundEmail.objects.get(subject__startswith="Reclamação: algodão").from_address == (
        "joão@exportadora.example.com.br")
    assert InboundEmail.objects.get(subject__startswith="Claim CT-9").flags["too_deep"] is True
    assert InboundEmail.objects.filter(subject__icontains="weight").exists()
