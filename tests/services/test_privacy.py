"""Data subjects' requests (export_sender, erase_sender) and the retention command:
content goes, decisions and audit stay with a tombstone; everything is recorded. The
retention stages themselves are tested in ``test_retention``."""

from __future__ import annotations

import json
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from tests.factories import HVI, make_forward, make_ticket
from triage.models import (
    DataRequest,
    EmailEvent,
    InboundEmail,
    Tombstone,
)
from triage.routes import Code
from triage.services import privacy

pytestmark = pytest.mark.django_db

SENDER = "qualidade@fiacaonordeste.example.com.br"


def _age(email: InboundEmail, days: int) -> None:
    InboundEmail.objects.filter(pk=email.pk).update(
        received_at=timezone.now() - timedelta(days=days))


def _forwarded(days_old: int) -> InboundEmail:
    email = make_forward().email  # forwarded: nobody still works on it
    _age(email, days_old)
    return email


def test_export_sender_writes_everything_held_and_records_the_request():
    email = make_ticket(HVI).email
    other = make_forward().email
    out = StringIO()
    call_command("export_sender", SENDER.upper(), "--requested-by", "titular, protocolo 77",
                 "--reason", "identity checked by DPO", stdout=out)
    data = json.loads(out.getvalue())
    assert [e["id"] for e in data["emails"]] == [email.pk]
    exported = data["emails"][0]
    assert exported["text_body"] == email.text_body and exported["raw_message_base64"]
    assert exported["runs"][0]["decision"]["route"] == email.current_run.route
    request = DataRequest.objects.get()
    assert (request.kind, request.email_ids) == ("export", [email.pk])
    assert request.subject_hash == privacy.subject_hash(SENDER) and SENDER not in str(
        request.__dict__)
    assert EmailEvent.objects.filter(email=email, kind="data_exported").count() == 1
    assert not EmailEvent.objects.filter(email=other, kind="data_exported").exists()


def test_erase_sender_removes_content_keeps_the_decision_and_says_who_asked():
    email = make_ticket(HVI).email  # a ticket draft: erasure still applies
    other = make_forward().email
    out = StringIO()
    call_command("erase_sender", SENDER, "--requested-by", "titular, protocolo 78",
                 "--reason", "identity checked by DPO", stdout=out)
    assert "erased 1 email(s)" in out.getvalue()
    email.refresh_from_db()
    assert (bytes(email.raw_message), email.text_body, email.from_address) == (b"", "", "")
    assert email.current_run.route == "ticket" and email.ticket.state == "draft"
    tombs = Tombstone.objects.filter(email_id=email.pk)
    assert {t.requested_by for t in tombs} == {"titular, protocolo 78"}
    request = DataRequest.objects.get()
    # Why, as data, and the request's own words as the DPO wrote them.
    assert {(t.reasons[0]["code"], t.reasons[0]["request"], t.reason) for t in tombs} == {
        (Code.ERASURE_REQUEST, request.pk, "identity checked by DPO")}
    assert DataRequest.objects.get().kind == "erase"
    other.refresh_from_db()
    assert other.text_body  # someone else's mail is untouched
    # Nothing is left to export about the sender.
    assert privacy.sender_export(SENDER, requested_by="x", reason="y")["emails"] == []


def test_requests_need_an_address_a_requester_and_a_reason():
    with pytest.raises(CommandError, match="required"):
        call_command("erase_sender", SENDER, "--requested-by", " ", "--reason", "r")
    with pytest.raises(CommandError, match="address"):
        call_command("export_sender", "nobody", "--requested-by", "a", "--reason", "r")
    assert not DataRequest.objects.exists()


def test_purge_command_reports_counts():
    _forwarded(200)
    out = StringIO()
    call_command("purge_expired", stdout=out)
    assert out.getvalue().strip() == "raw: 1 content: 0 record: 0"


def test_beat_runs_the_purge_daily(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["purge-expired-content"]
    assert entry["task"] == "triage.privacy_tasks.purge_expired"
    assert "triage.privacy_tasks" in settings.CELERY_INCLUDE
