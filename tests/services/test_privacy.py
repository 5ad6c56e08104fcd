"""Retention (purge_expired) and data subjects' requests (export_sender, erase_sender):
content goes, decisions and audit stay with a tombstone; everything is recorded."""

from __future__ import annotations

import json
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from tests.factories import triaged_sample
from triage.models import (
    Attachment,
    ChainCall,
    DataRequest,
    EmailEvent,
    InboundEmail,
    Tombstone,
    TriageRun,
)
from triage.services import privacy, retention

pytestmark = pytest.mark.django_db

SENDER = "qualidade@fiacaonordeste.example.com.br"


def _age(email: InboundEmail, days: int) -> None:
    InboundEmail.objects.filter(pk=email.pk).update(
        received_at=timezone.now() - timedelta(days=days))


def _forwarded(days_old: int) -> InboundEmail:
    email = triaged_sample("04-freight-invoice.eml")  # forwarded: nobody still works on it
    _age(email, days_old)
    return email


def test_purge_removes_the_raw_message_and_keeps_everything_else(settings):
    email = _forwarded(200)
    fresh = triaged_sample("05-shipping-notice.eml")
    counts = retention.purge_expired()
    assert counts == {"raw": 1, "content": 0, "record": 0}
    email.refresh_from_db()
    assert bytes(email.raw_message) == b"" and email.html_body == ""
    assert email.subject.startswith("Invoice INV-77812")  # content stays until its stage
    fresh.refresh_from_db()
    assert bytes(fresh.raw_message)  # not yet due
    tomb = Tombstone.objects.get(email_id=email.pk)
    assert (tomb.stage, tomb.actor, tomb.reason) == ("raw", None, "retention: raw kept 180 days")
    assert EmailEvent.objects.filter(email=email, kind="raw_removed").exists()
    assert retention.purge_expired() == {"raw": 0, "content": 0, "record": 0}  # once


def test_purge_of_content_keeps_decisions_and_audit():
    email = _forwarded(800)
    run = email.current_run
    events_before = EmailEvent.objects.filter(email=email).count()
    retention.purge_expired()
    email.refresh_from_db()
    run.refresh_from_db()
    assert (email.subject, email.text_body, email.from_address, email.to) == ("", "", "", [])
    assert email.status == "forwarded" and run.route == "forwarded"
    assert run.department == "finance" and run.decision["route"] == "forwarded"
    assert run.decision["content_removed"] is True
    assert not ChainCall.objects.filter(run__email=email).exclude(output=None).exists()
    # Every audit row is still there, plus one per stage removed.
    assert EmailEvent.objects.filter(email=email).count() == events_before + 2
    assert set(Tombstone.objects.filter(email_id=email.pk).values_list("stage", flat=True)) == {
        "raw", "content"}


def test_purge_of_records_deletes_the_email_and_leaves_a_tombstone():
    email = triaged_sample("01-contamination-claim-ica.eml")  # escalated
    email.escalation.state = "resolved"
    email.escalation.save()
    _age(email, 2000)
    retention.purge_expired()
    assert not InboundEmail.objects.filter(pk=email.pk).exists()
    assert not TriageRun.objects.filter(email_id=email.pk).exists()
    stages = dict(Tombstone.objects.filter(email_id=email.pk).values_list("stage", "reason"))
    assert stages["record"] == "retention: record kept 1825 days"
    assert set(stages) == {"raw", "content", "record"}


def test_purge_leaves_mail_a_person_still_has_to_decide():
    escalated = triaged_sample("01-contamination-claim-ica.eml")  # escalation pending
    review = triaged_sample("../ops/10-novos-dados-bancarios.eml")  # needs review
    for email in (escalated, review):
        _age(email, 3000)
    assert retention.purge_expired() == {"raw": 0, "content": 0, "record": 0}
    assert InboundEmail.objects.filter(pk__in=[escalated.pk, review.pk]).count() == 2


def test_attachment_files_go_with_the_raw_stage(tmp_path, settings):
    from tests.admin.test_attachments import _email_with  # one way to make attachments

    email_id = _email_with(("hvi.csv", "text/csv", b"mic,str\n5.3,26\n"))
    InboundEmail.objects.filter(pk=email_id).update(status="forwarded")
    attachment = Attachment.objects.get(email_id=email_id)
    storage, name = attachment.file.storage, attachment.file.name
    assert storage.exists(name)
    _age(InboundEmail.objects.get(pk=email_id), 200)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("django.db.transaction.on_commit", lambda fn, using=None: fn())
        retention.purge_expired()
    attachment.refresh_from_db()
    assert not attachment.stored and not storage.exists(name)
    assert attachment.filename == "hvi.csv" and attachment.sha256  # metadata stays


def test_export_sender_writes_everything_held_and_records_the_request():
    email = triaged_sample("02-reclamacao-hvi.eml")
    other = triaged_sample("04-freight-invoice.eml")
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
    email = triaged_sample("02-reclamacao-hvi.eml")  # a ticket draft: erasure still applies
    other = triaged_sample("04-freight-invoice.eml")
    out = StringIO()
    call_command("erase_sender", SENDER, "--requested-by", "titular, protocolo 78",
                 "--reason", "identity checked by DPO", stdout=out)
    assert "erased 1 email(s)" in out.getvalue()
    email.refresh_from_db()
    assert (bytes(email.raw_message), email.text_body, email.from_address) == (b"", "", "")
    assert email.current_run.route == "ticket" and email.ticket.state == "draft"
    tombs = Tombstone.objects.filter(email_id=email.pk)
    assert {t.requested_by for t in tombs} == {"titular, protocolo 78"}
    assert all(t.reason.startswith("erasure request ") for t in tombs)
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
