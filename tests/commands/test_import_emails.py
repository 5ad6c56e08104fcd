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
    box = mailbox.mbox(tmp_path / "archive.mbox")
    for name in ("03-weight-shortfall.eml", "04-freight-invoice.eml"):
        box.add((MAIL / name).read_bytes())
    box.flush()
    (tmp_path / "garbage.eml").write_bytes(bytes(range(256)))
    settings.TRIAGE_MAX_EMAIL_BYTES = 4096
    (tmp_path / "huge.eml").write_bytes(b"Subject: big\r\n\r\n" + b"x" * 5000)

    out = run_import(MAIL, tmp_path)
    assert "imported: 9  duplicates: 2  rejected: 2" in out
    assert "garbage.eml: not an RFC 5322 message" in out
    assert "huge.eml: 5016 bytes is over the 4096 byte limit" in out
    assert InboundEmail.objects.count() == 9
    assert InboundEmail.objects.filter(provider="import").count() == 9
    # An out-of-office reply is triaged like any other mail, not ignored.
    ooo = InboundEmail.objects.get(subject__startswith="Automatic reply")
    assert ooo.status == Status.QUEUED and ooo.flags["automated_hint"]
    assert not InboundEmail.objects.filter(status=Status.IGNORED).exists()

    again = run_import(MAIL)
    assert "imported: 0  duplicates: 9  rejected: 0" in again
    assert InboundEmail.objects.count() == 9
