"""Retention (``triage.services.retention``) on its own: three stages, each with its
tombstone and audit row; what goes, what survives, and what waits for a person.
Erasure requests (``privacy``) call the same stages: see ``test_privacy``."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.admin.test_attachments import _email_with  # one way to make attachments
from tests.factories import (
    HVI,
    make_email,
    make_escalation,
    make_forward,
    make_needs_review,
    make_notification,
    make_ticket,
)
from triage.models import (
    Attachment,
    ChainCall,
    EmailEvent,
    Escalation,
    InboundEmail,
    Notification,
    Ticket,
    TicketVersion,
    Tombstone,
    TriageRun,
)
from triage.routes import ERASED, Code, reason
from triage.services import retention

pytestmark = pytest.mark.django_db
NOTHING = {"raw": 0, "content": 0, "record": 0}


def _age(email_id: int, days: int) -> None:
    InboundEmail.objects.filter(pk=email_id).update(
        received_at=timezone.now() - timedelta(days=days))


def _forwarded(days_old: int) -> InboundEmail:
    email = make_forward().email  # forwarded: nobody still works on it
    _age(email.pk, days_old)
    return email


def _stages(email_id: int) -> set[str]:
    return set(Tombstone.objects.filter(email_id=email_id).values_list("stage", flat=True))


def test_purge_removes_the_raw_message_and_keeps_everything_else():
    email = _forwarded(200)
    fresh = make_forward("05-shipping-notice.eml", department="logistics").email
    counts = retention.purge_expired()
    assert counts == {"raw": 1, "content": 0, "record": 0}
    email.refresh_from_db()
    assert bytes(email.raw_message) == b"" and email.html_body == ""
    assert email.subject.startswith("Invoice INV-77812")  # content stays until its stage
    fresh.refresh_from_db()
    assert bytes(fresh.raw_message)  # not yet due
    tomb = Tombstone.objects.get(email_id=email.pk)
    assert (tomb.stage, tomb.actor, tomb.reason) == ("raw", None, "")
    assert tomb.reasons == [{"code": Code.RETENTION, "stage": "raw", "days": 180}]
    assert tomb.received_at == email.received_at  # the clock it was purged by
    assert EmailEvent.objects.get(email=email, kind="raw_removed").reasons == tomb.reasons
    assert retention.purge_expired() == NOTHING  # once


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
    assert _stages(email.pk) == {"raw", "content"}


def test_the_content_stage_keeps_the_claims_facts_not_anyones_words():
    ticket = make_ticket(HVI, state=Ticket.State.APPROVED)
    email = ticket.email
    make_notification(email, kind="forward", subject="[Qualidade] Reclamação",
                      body="Prezados, reclamação de Fiação Nordeste")
    EmailEvent.objects.create(email=email, kind="ticket_corrected", before={"origin": None},
                              after={"origin": "Brasil, Mato Grosso"})
    _age(email.pk, 800)
    retention.purge_expired()
    run = TriageRun.objects.get(pk=email.current_run_id)
    claim = run.decision["claim"]
    assert (claim["contract_reference"], claim["lot_reference"], claim["exposure_amount"],
            claim["exposure_currency"], claim["response_deadline"]) == (
        "BR-2026/114", "7731", 71850.0, "BRL", "2026-12-15")
    assert not {"claiming_party", "contact", "quotes", "required_action"} & set(claim)
    assert (run.contract_reference, run.route) == ("BR-2026/114", "ticket")
    ticket.refresh_from_db()
    assert ticket.data == {"removed": "content"} and ticket.state == "approved"
    assert list(TicketVersion.objects.filter(ticket=ticket).values_list("data", "changes")) == [
        ({}, {})]
    assert list(Notification.objects.filter(email=email).values_list("subject", "body")) == [
        ("", "")]
    corrected = EmailEvent.objects.get(email=email, kind="ticket_corrected")
    assert (corrected.before, corrected.after) == ({"origin": None}, {"origin": ERASED})


def _everything_said_about(email_id: int) -> list:
    """Every reason stored about one email, wherever it is kept."""
    runs = TriageRun.objects.filter(email_id=email_id)
    return [*(r for run in runs for r in [*run.backstop_triggers, *run.review_signals,
                                           *run.decision["escalation"]["backstop_triggers"]]),
            *(r for e in Escalation.objects.filter(email_id=email_id)
              for r in e.backstop_triggers),
            *InboundEmail.objects.get(pk=email_id).status_reasons,
            *(r for e in EmailEvent.objects.filter(email_id=email_id) for r in e.reasons)]


def test_the_content_stage_takes_the_emails_words_out_of_its_reasons_and_keeps_the_codes():
    stated = reason(Code.EXPOSURE_AT_OR_ABOVE_THRESHOLD, usd="180000.00", threshold="50000",
                    source="email", quote="USD 180,000 for Jiangsu's lot 4")
    unread = reason(Code.PARTS_UNREAD, parts=[reason(Code.PDF_DAMAGED, error="PdfReadError",
                                                     pages=0, part=["laudo_jiangsu.pdf"])])
    escalation = make_escalation()
    Escalation.objects.filter(pk=escalation.pk).update(backstop_triggers=[stated])
    email = escalation.email
    TriageRun.objects.filter(pk=email.current_run_id).update(backstop_triggers=[stated],
                                                              review_signals=[unread])
    run = TriageRun.objects.get(pk=email.current_run_id)
    run.decision["escalation"]["backstop_triggers"] = [stated]
    run.save(update_fields=["decision"])
    InboundEmail.objects.filter(pk=email.pk).update(status_reasons=[stated, unread])
    other = make_needs_review()  # another sender's mail keeps its words
    words = ("Jiangsu", "laudo_jiangsu.pdf")
    assert all(any(w in str(r) for r in _everything_said_about(email.pk)) for w in words)

    assert retention.email_remove(email.pk, "content", reasons=[reason(
        Code.ERASURE_REQUEST, request=3)], note="identity checked")
    left = _everything_said_about(email.pk)
    assert not any(w in str(left) for w in words)
    # The facts stay: each reason keeps its code and figures, the desk still sees why.
    assert {"code": Code.EXPOSURE_AT_OR_ABOVE_THRESHOLD, "usd": "180000.00",
            "threshold": "50000", "source": "email"} in left
    assert {"code": Code.PARTS_UNREAD, "parts": [{"code": Code.PDF_DAMAGED,
                                                  "error": "PdfReadError", "pages": 0}]} in left
    assert Escalation.objects.get(email=email).raised_by_backstop
    assert other.current_run.review_signals[0]["quote"] == "bank details have changed"


def test_purge_of_records_deletes_the_email_and_leaves_a_tombstone():
    email = make_escalation(state=Escalation.State.RESOLVED).email
    _age(email.pk, 2000)
    retention.purge_expired()
    assert not InboundEmail.objects.filter(pk=email.pk).exists()
    assert not TriageRun.objects.filter(email_id=email.pk).exists()
    assert not Escalation.objects.filter(email_id=email.pk).exists()
    stages = dict(Tombstone.objects.filter(email_id=email.pk).values_list("stage", "reasons"))
    assert stages["record"] == [{"code": Code.RETENTION, "stage": "record", "days": 1825}]
    assert set(stages) == {"raw", "content", "record"}


def test_removing_a_record_removes_the_earlier_stages_first_and_only_once():
    email = _forwarded(1)  # not due: a person asked
    reply = make_email("05-shipping-notice.eml", reply_to_email=email)
    why = [reason(Code.ERASURE_REQUEST, request=9)]
    assert retention.email_remove(email.pk, "record", reasons=why, note="the DPO checked")
    assert _stages(email.pk) == {"raw", "content", "record"}
    assert not InboundEmail.objects.filter(pk=email.pk).exists()
    reply.refresh_from_db()
    assert reply.reply_to_email is None  # the answer stays, unlinked
    assert not retention.email_remove(email.pk, "record", reasons=why)


def test_purge_leaves_mail_a_person_still_has_to_decide():
    waiting = [make_escalation().email,  # escalation pending
               make_escalation("02-reclamacao-hvi.eml",
                               state=Escalation.State.ACKNOWLEDGED).email,
               make_ticket().email,  # a draft
               make_needs_review("../ops/10-novos-dados-bancarios.eml"),
               make_email()]  # queued, not yet decided
    for email in waiting:
        _age(email.pk, 3000)
    assert retention.purge_expired() == NOTHING
    assert InboundEmail.objects.filter(pk__in=[e.pk for e in waiting]).count() == 5
    assert not Tombstone.objects.exists()


def test_a_stage_kept_forever_is_never_due(settings):
    email = _forwarded(5000)
    settings.TRIAGE_RETAIN_CONTENT_DAYS = settings.TRIAGE_RETAIN_RECORDS_DAYS = 0
    assert retention.expired("content") == [] and retention.expired("record") == []
    assert retention.purge_expired() == {"raw": 1, "content": 0, "record": 0}
    assert InboundEmail.objects.get(pk=email.pk).subject


def test_each_call_is_bounded_and_the_next_one_continues():
    emails = [_forwarded(200 + n) for n in range(3)]
    assert retention.purge_expired(batch=1, max_batches=2)["raw"] == 2
    oldest_first = {emails[2].pk, emails[1].pk}
    assert set(Tombstone.objects.values_list("email_id", flat=True)) == oldest_first
    assert retention.purge_expired(batch=1, max_batches=2)["raw"] == 1


def _on_commit_now(monkeypatch):
    monkeypatch.setattr("django.db.transaction.on_commit", lambda fn, using=None: fn())


def test_attachment_files_go_with_the_raw_stage(monkeypatch):
    email_id = _email_with(("hvi.csv", "text/csv", b"mic,str\n5.3,26\n"))
    InboundEmail.objects.filter(pk=email_id).update(status="forwarded")
    attachment = Attachment.objects.get(email_id=email_id)
    storage, name = attachment.file.storage, attachment.file.name
    assert storage.exists(name)
    _age(email_id, 200)
    _on_commit_now(monkeypatch)
    retention.purge_expired()
    attachment.refresh_from_db()
    assert not attachment.stored and not storage.exists(name)
    assert attachment.filename == "hvi.csv" and attachment.sha256  # metadata stays


def test_a_file_another_email_still_holds_stays(monkeypatch):
    content = ("survey.txt", "text/plain", b"37 bales short")
    old = _email_with(content)
    InboundEmail.objects.filter(pk=old).update(status="forwarded", message_id="<a@x>",
                                               dedupe_key="a" * 64)
    new = _email_with(content)  # the same bytes: one content-addressed file
    shared = Attachment.objects.get(email_id=new)
    assert Attachment.objects.get(email_id=old).file.name == shared.file.name
    _age(old, 200)
    _on_commit_now(monkeypatch)
    assert retention.purge_expired()["raw"] == 1
    assert shared.file.storage.exists(shared.file.name)


def test_a_reason_loses_the_senders_words_and_keeps_its_code_and_figures():
    scrub = retention.scrub_reasons
    # Today's reasons are sentences: each becomes the one marker, an empty one stays.
    assert scrub("bank details change requested ('nova conta'): a person must verify it "
                 "by phone before any payment") == ERASED
    assert scrub(["extracted exposure USD 240,000.00 >= threshold USD 50,000", ""]) == [
        ERASED, ""]
    # A reason as data: the quotes go, the code, figures, dates and vocabulary stay.
    assert scrub({"code": "exposure_at_or_above_threshold", "usd": "240000.00",
                  "limit": 50000, "currency": "USD", "source": "email",
                  "deadline": "2026-11-20", "quote": "USD 240,000.00 (Joana Bezerra)",
                  "quotes": ["USD 240,000.00", "R$ 1.2 mi"]}) == {
        "code": "exposure_at_or_above_threshold", "usd": "240000.00", "limit": 50000,
        "currency": "USD", "source": "email", "deadline": "2026-11-20"}
    # Nested (a correction's trigger), and a param that is someone's words, whatever
    # it looks like: an address, a legacy sentence, a model's error, a name, a phone.
    assert scrub({"code": "staff_correction", "version": 2, "date": "2026-11-17",
                  "trigger": {"code": "deadline_within_limit", "days": 1,
                              "quote": "até amanhã"}}) == {
        "code": "staff_correction", "version": 2, "date": "2026-11-17",
        "trigger": {"code": "deadline_within_limit", "days": 1}}
    assert scrub({"code": "bounce_sender", "address": "joana@tecelagem.example",
                  "text": "old", "detail": "ValueError", "party": "Tecelagem Sertão",
                  "contact": "84998765432", "chain": "extraction"}) == {
        "code": "bounce_sender", "text": ERASED, "detail": ERASED,
        "party": ERASED, "contact": ERASED, "chain": "extraction"}
    # An audit row's details: a reply's recipient goes, its template and state stay.
    assert scrub({"to": "joana@tecelagem.example", "template": "ack-pt", "run": 12}) == {
        "to": ERASED, "template": "ack-pt", "run": 12}
    assert scrub({"state": "acknowledged", "note": "Liguei para a Joana",
                  "closed_by": "desk1"}) == {"state": "acknowledged", "note": ERASED,
                                             "closed_by": "desk1"}
    assert scrub(None) is None and scrub({}) == {}
    # The model's triggers are codes; a manual decision's reason among them is not.
    assert retention.scrub_triggers(["high_exposure", "manual: Joana ligou"]) == [
        "high_exposure", ERASED]
    # A manual escalation's trigger is a reason as data (a dict, unhashable): it loses
    # the person's words and keeps its code (it raised TypeError, failing the erasure).
    assert retention.scrub_triggers([{"code": "decided_by_hand", "note": "Joana ligou"},
                                     "tight_deadline"]) == [
        {"code": "decided_by_hand", "note": ERASED}, "tight_deadline"]


def test_an_email_escalated_by_hand_is_erased_and_keeps_its_escalation(staff):
    """A manual escalation stores the person's reason as a reason dict among the model's
    triggers; the content stage failed on it (TypeError), so the email kept every word."""
    from triage.services.emails import email_decide_manually

    email = make_needs_review()
    email_decide_manually(email.pk, staff["triager"], route="escalated",
                          reason="Joana ligou: USD 200 mil")
    assert retention.email_remove(email.pk, "content", reasons=[])
    run = InboundEmail.objects.get(pk=email.pk).current_run
    assert run.model_triggers == [{"code": Code.DECIDED_BY_HAND, "note": ERASED}]
    escalation = Escalation.objects.get(email_id=email.pk)
    assert escalation.model_triggers == [{"code": Code.DECIDED_BY_HAND, "note": ERASED}]
    assert escalation.state == "pending" and run.route == "escalated"
