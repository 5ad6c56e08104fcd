"""Staff decisions through the review services: every transition, permission and
conflict, with the database state asserted afterwards."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.utils import timezone

from tests.factories import (
    SHORTFALL,
    make_escalation,
    make_forward,
    make_needs_review,
    make_ticket,
    make_user,
    triaged_sample,
)
from triage import roles
from triage.models import (
    EmailEvent,
    Escalation,
    InboundEmail,
    Notification,
    Status,
    Ticket,
    TicketVersion,
    TriageRun,
)
from triage.routes import Code
from triage.services import emails, escalations, queue, tickets
from triage.services.outcome import ReviewError
from triage.services.status import email_transition
from triage.services.triage import email_triage

pytestmark = pytest.mark.django_db


@pytest.fixture
def escalation(staff):
    return make_escalation(notify=True)


@pytest.fixture
def ticket(staff):
    return make_ticket()


def audit(kind: str):
    return list(EmailEvent.objects.filter(kind=kind))


# --- escalations ---------------------------------------------------------------------------


def test_desk_acknowledges_then_resolves(escalation, staff):
    outcome = escalations.escalation_acknowledge(escalation.pk, staff["desk"], "calling the mill")
    assert outcome.changed
    escalation.refresh_from_db()
    assert escalation.state == "acknowledged" and escalation.acknowledged_by == staff["desk"]
    [row] = audit("escalation_acknowledged")
    assert (row.actor, row.before, row.after, row.reason) == (
        staff["desk"], {"state": "pending"}, {"state": "acknowledged"}, "calling the mill")
    assert not escalations.escalation_acknowledge(escalation.pk, staff["desk"]).changed

    with pytest.raises(ReviewError, match="needs a note"):
        escalations.escalation_resolve(escalation.pk, staff["desk"], "  ")
    # The backstop raised it: the first resolve asks, a second desk member confirms.
    assert "second trading desk member" in escalations.escalation_resolve(
        escalation.pk, staff["desk"], "settled at USD 120k").message
    escalations.escalation_resolve(escalation.pk, staff["desk2"], "settled at USD 120k")
    escalation.refresh_from_db()
    assert escalation.state == "resolved" and escalation.note == "settled at USD 120k"
    assert escalation.closed_by == staff["desk2"]
    assert len(audit("escalation_resolved")) == 1


def test_claims_staff_cannot_touch_escalations(escalation, staff):
    for call in (lambda: escalations.escalation_acknowledge(escalation.pk, staff["claims"]),
                 lambda: escalations.escalation_resolve(escalation.pk, staff["claims"], "x"),
                 lambda: escalations.escalation_dismiss(escalation.pk, staff["claims"], "x")):
        with pytest.raises(PermissionDenied):
            call()
    escalation.refresh_from_db()
    assert escalation.state == "pending"
    assert not EmailEvent.objects.filter(kind__startswith="escalation_").exists()


def test_dismissing_a_backstop_escalation_takes_two_desk_members(escalation, staff):
    assert escalation.raised_by_backstop
    with pytest.raises(ReviewError, match="needs a reason"):
        escalations.escalation_dismiss(escalation.pk, staff["desk"], "")
    first = escalations.escalation_dismiss(escalation.pk, staff["desk"], "duplicate of #12")
    assert "second trading desk member" in first.message
    escalation.refresh_from_db()
    assert escalation.state == "pending" and escalation.dismissal_requested_by == staff["desk"]
    with pytest.raises(ReviewError, match="second trading desk member"):
        escalations.escalation_dismiss(escalation.pk, staff["desk"], "again")
    escalation.refresh_from_db()
    assert escalation.state == "pending"
    escalations.escalation_dismiss(escalation.pk, staff["desk2"], "confirmed duplicate")
    escalation.refresh_from_db()
    assert escalation.state == "dismissed" and escalation.closed_by == staff["desk2"]
    assert [e.actor for e in EmailEvent.objects.filter(kind__startswith="escalation_dismiss")] \
        == [staff["desk"], staff["desk2"]]


def test_the_one_who_asked_to_dismiss_cannot_resolve_alone(escalation, staff):
    escalations.escalation_dismiss(escalation.pk, staff["desk"], "duplicate of #12")
    outcome = escalations.escalation_resolve(escalation.pk, staff["desk"], "handled by phone")
    assert "second trading desk member" in outcome.message
    with pytest.raises(ReviewError, match="You requested this resolution"):
        escalations.escalation_resolve(escalation.pk, staff["desk"], "handled by phone")
    escalation.refresh_from_db()
    assert escalation.state == "pending" and escalation.closed_by is None
    assert escalation.resolution_requested_by == staff["desk"]
    [asked] = audit("escalation_resolution_requested")
    assert (asked.actor, asked.reason) == (staff["desk"], "handled by phone")
    assert not audit("escalation_resolved") and not audit("escalation_dismissed")

    # The legitimate path: a second desk member confirms.
    assert escalations.escalation_resolve(escalation.pk, staff["desk2"],
                                          "confirmed by phone").changed
    escalation.refresh_from_db()
    assert (escalation.state, escalation.closed_by) == ("resolved", staff["desk2"])
    [closed] = audit("escalation_resolved")
    assert closed.actor == staff["desk2"] and closed.data == {"requested_by": staff["desk"].pk}


def test_a_model_only_escalation_is_resolved_by_one_person(staff):
    email = make_ticket().email
    esc = Escalation.objects.create(email=email, run=email.current_run,
                                    model_triggers=["contamination"])
    assert escalations.escalation_resolve(esc.pk, staff["desk"], "mill agreed to replace").changed
    esc.refresh_from_db()
    assert esc.state == "resolved" and esc.closed_by == staff["desk"]


def test_a_model_only_escalation_is_dismissed_by_one_person(staff):
    email = make_ticket().email
    run = email.current_run
    run.backstop_triggers = []
    esc = Escalation.objects.create(email=email, run=run, model_triggers=["contamination"])
    escalations.escalation_dismiss(esc.pk, staff["desk"], "no contamination on re-read")
    esc.refresh_from_db()
    assert esc.state == "dismissed"


# --- tickets -------------------------------------------------------------------------------


def test_correction_creates_a_version_with_who_and_what(ticket, staff):
    tickets.ticket_correct(ticket.pk, staff["claims"], seen_version=1,
                          changes={"exposure_amount": "13,100.50", "lot_reference": "5520-B"})
    ticket.refresh_from_db()
    assert ticket.version == 2 and ticket.last_corrected_by == staff["claims"]
    assert ticket.data["claim"]["exposure_amount"] == 13100.5
    v2 = TicketVersion.objects.get(ticket=ticket, version=2)
    assert v2.changed_by == staff["claims"] and v2.source == "correction"
    assert v2.changes == {"exposure_amount": [12400.0, 13100.5],
                          "lot_reference": ["5520", "5520-B"]}
    [row] = audit("ticket_corrected")
    assert row.version == 2 and row.after == {"exposure_amount": 13100.5,
                                              "lot_reference": "5520-B"}
    with pytest.raises(ReviewError, match="not a number"):
        tickets.ticket_correct(ticket.pk, staff["claims"], seen_version=2,
                              changes={"exposure_amount": "lots"})


def test_stale_approval_is_refused_and_nothing_changes(ticket, staff):
    tickets.ticket_correct(ticket.pk, staff["claims"], seen_version=1,
                          changes={"origin": "USA"})
    with pytest.raises(tickets.StaleVersion, match="you saw version 1, the current version is 2"):
        tickets.ticket_approve(ticket.pk, staff["claims2"], seen_version=1)
    ticket.refresh_from_db()
    assert ticket.state == "draft" and ticket.arbitration_number is None
    assert not audit("ticket_approved")


def test_retriage_makes_an_open_approval_stale(ticket, staff):
    email = ticket.email
    queue.email_retriage(email.pk, staff["triager"])
    from triage.services.triage import email_triage

    email_triage(email.pk, task_id="t-again")
    ticket.refresh_from_db()
    assert ticket.version == 2
    with pytest.raises(tickets.StaleVersion):
        tickets.ticket_approve(ticket.pk, staff["claims"], seen_version=1)


def test_approval_issues_one_arbitration_number_and_is_idempotent(ticket, staff):
    first = tickets.ticket_approve(ticket.pk, staff["claims"], seen_version=1)
    ticket.refresh_from_db()
    assert first.changed and ticket.state == "approved"
    assert ticket.arbitration_number == f"ARB-{ticket.decided_at.year}-{ticket.pk:06d}"
    assert (ticket.decided_by, ticket.decided_version) == (staff["claims"], 1)
    again = tickets.ticket_approve(ticket.pk, staff["claims2"], seen_version=1)
    assert not again.changed and ticket.arbitration_number in again.message
    ticket.refresh_from_db()
    assert ticket.decided_by == staff["claims"]
    assert len(audit("ticket_approved")) == 1


def test_four_eyes(ticket, staff):
    tickets.ticket_correct(ticket.pk, staff["claims"], seen_version=1,
                          changes={"claiming_party": "Anatolia Spinning A.S."})
    with pytest.raises(ReviewError, match="Four eyes"):
        tickets.ticket_approve(ticket.pk, staff["claims"], seen_version=2)
    ticket.refresh_from_db()
    assert ticket.state == "draft"
    tickets.ticket_approve(ticket.pk, staff["claims2"], seen_version=2)
    ticket.refresh_from_db()
    assert ticket.state == "approved" and ticket.decided_by == staff["claims2"]


def test_four_eyes_covers_every_correction_not_only_the_last(ticket, staff):
    third = make_user("claims3", roles.CLAIMS_STAFF)
    tickets.ticket_correct(ticket.pk, staff["claims"], seen_version=1,
                          changes={"exposure_amount": "24000"})
    tickets.ticket_correct(ticket.pk, staff["claims2"], seen_version=2,
                          changes={"claiming_party": "Anatolia Spinning A.S."})
    for corrector in (staff["claims"], staff["claims2"]):
        with pytest.raises(ReviewError, match="Four eyes: you corrected this ticket"):
            tickets.ticket_approve(ticket.pk, corrector, seen_version=3)
    ticket.refresh_from_db()
    assert ticket.state == "draft" and not audit("ticket_approved")
    # Someone who changed nothing approves.
    assert tickets.ticket_approve(ticket.pk, third, seen_version=3).changed
    ticket.refresh_from_db()
    assert (ticket.state, ticket.decided_by) == ("approved", third)


def test_a_correction_that_crosses_the_backstop_escalates(
        ticket, staff, mailoutbox, django_capture_on_commit_callbacks):
    tomorrow = (timezone.now() + timedelta(days=1)).date().isoformat()
    with django_capture_on_commit_callbacks(execute=True):
        outcome = tickets.ticket_correct(
            ticket.pk, staff["claims"], seen_version=1,
            changes={"exposure_amount": "5000000", "exposure_currency": "USD",
                     "response_deadline": tomorrow})
    assert "escalated to the trading desk" in outcome.message
    email = InboundEmail.objects.get(pk=ticket.email_id)
    assert email.status == Status.ESCALATED
    run = email.current_run
    assert (run.provider, run.model_name, run.route) == ("manual", "claims1", "escalated")
    assert run.exposure_usd == 5000000
    esc = Escalation.objects.get(email=email)
    assert esc.state == "pending" and esc.raised_by_backstop
    # What crossed, as the correction's reasons: its version and day, the fact nested.
    assert [(t["code"], t["version"], t["trigger"]["code"]) for t in esc.backstop_triggers] == [
        (Code.STAFF_CORRECTION, 2, Code.EXPOSURE_AT_OR_ABOVE_THRESHOLD),
        (Code.STAFF_CORRECTION, 2, Code.DEADLINE_WITHIN_LIMIT)]
    assert esc.backstop_triggers[0]["trigger"]["usd"] == "5000000.00"
    assert esc.backstop_triggers[0]["date"] == timezone.now().date().isoformat()
    [row] = audit("correction_escalated")
    assert (row.actor, row.old_status, row.new_status) == (staff["claims"], "ticket",
                                                            "escalated")
    # Notifications are in TRIAGE_NOTIFICATION_LANGUAGE (pt-BR unless set).
    assert [m.subject[:12] for m in mailoutbox] == ["[ESCALAÇÃO] "]
    ticket.refresh_from_db()
    assert ticket.version == 2 and ticket.data["claim"]["exposure_amount"] == 5000000
    with pytest.raises(ReviewError, match="escalated to the trading desk"):
        tickets.ticket_approve(ticket.pk, staff["claims2"], seen_version=2)


def test_a_correction_below_the_backstop_stays_an_ordinary_ticket(ticket, staff, mailoutbox):
    far = (timezone.now() + timedelta(days=30)).date().isoformat()
    outcome = tickets.ticket_correct(ticket.pk, staff["claims"], seen_version=1,
                                    changes={"exposure_amount": "13,100.50",
                                             "response_deadline": far})
    assert outcome.message == "Ticket corrected: now version 2."
    assert InboundEmail.objects.get(pk=ticket.email_id).status == Status.TICKET
    assert not Escalation.objects.exists() and mailoutbox == []
    assert tickets.ticket_approve(ticket.pk, staff["claims2"], seen_version=2).changed


def test_rejection_needs_a_reason(ticket, staff):
    with pytest.raises(ReviewError, match="needs a reason"):
        tickets.ticket_reject(ticket.pk, staff["claims"], seen_version=1, reason="")
    tickets.ticket_reject(ticket.pk, staff["claims"], seen_version=1, reason="out of time")
    ticket.refresh_from_db()
    assert ticket.state == "rejected" and ticket.rejection_reason == "out of time"
    with pytest.raises(ReviewError, match="only drafts"):
        tickets.ticket_approve(ticket.pk, staff["claims2"], seen_version=1)


def test_trading_desk_cannot_approve_tickets(ticket, staff):
    with pytest.raises(PermissionDenied):
        tickets.ticket_approve(ticket.pk, staff["desk"], seen_version=1)
    with pytest.raises(PermissionDenied):
        tickets.ticket_correct(ticket.pk, staff["desk"], seen_version=1, changes={"origin": "x"})
    ticket.refresh_from_db()
    assert (ticket.state, ticket.version) == ("draft", 1)


@pytest.mark.django_db(transaction=True)
def test_concurrent_approvals_give_one_approval_and_one_refusal(staff):
    assert connection.vendor == "postgresql"
    ticket = make_ticket()
    barrier = threading.Barrier(2)
    outcomes = []

    def approve(user):
        from django.db import connection as conn

        try:
            barrier.wait()
            outcomes.append(tickets.ticket_approve(ticket.pk, user, seen_version=1))
        finally:
            conn.close()

    threads = [threading.Thread(target=approve, args=(staff[k],)) for k in ("claims", "claims2")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(o.changed for o in outcomes) == [False, True]
    refusal = next(o for o in outcomes if not o.changed)
    assert refusal.message.startswith("Already approved as ARB-")
    assert EmailEvent.objects.filter(kind="ticket_approved").count() == 1
    assert Ticket.objects.filter(arbitration_number__isnull=False).count() == 1


# --- emails --------------------------------------------------------------------------------


def test_retriage_keeps_old_runs(staff):
    email = make_forward().email
    outcome = queue.email_retriage(email.pk, staff["triager"])
    email.refresh_from_db()
    assert outcome.changed and email.status == Status.QUEUED
    assert TriageRun.objects.filter(email=email).count() == 1
    [row] = audit("retriage")
    assert row.actor == staff["triager"]
    with pytest.raises(PermissionDenied):
        queue.email_retriage(email.pk, staff["claims"])


def _resolve_by_two(escalation: Escalation, staff) -> None:
    escalations.escalation_resolve(escalation.pk, staff["desk"], "settled")
    escalations.escalation_resolve(escalation.pk, staff["desk2"], "settled")
    escalation.refresh_from_db()
    assert escalation.state == "resolved"


def test_retriage_reopens_a_resolved_escalation_and_tells_the_desk(
        escalation, staff, mailoutbox, django_capture_on_commit_callbacks):
    _resolve_by_two(escalation, staff)
    with django_capture_on_commit_callbacks(execute=True):
        queue.email_retriage(escalation.email_id, staff["triager"])
        email_triage(escalation.email_id, task_id="t-again")
    escalation.refresh_from_db()
    assert escalation.email.status == Status.ESCALATED
    assert (escalation.state, escalation.reopen_count, escalation.closed_by) == (
        "pending", 1, None)
    assert escalation.run_id == escalation.email.current_run_id
    [row] = audit("escalation_reopened")
    assert row.before["state"] == "resolved" and row.before["note"] == "settled"
    assert row.after["state"] == "pending"
    assert Notification.objects.filter(email_id=escalation.email_id).count() == 2
    assert "REABERTA: estava resolvida por desk2" in mailoutbox[-1].body
    # Re-opened, it is closed by two people again.
    assert "second trading desk member" in escalations.escalation_resolve(
        escalation.pk, staff["desk"], "again").message


def test_manual_escalate_reopens_a_dismissed_escalation(
        escalation, staff, django_capture_on_commit_callbacks):
    escalations.escalation_dismiss(escalation.pk, staff["desk"], "duplicate")
    escalations.escalation_dismiss(escalation.pk, staff["desk2"], "duplicate")
    email_id = escalation.email_id
    for old, new in ((Status.ESCALATED, Status.QUEUED), (Status.QUEUED, Status.PROCESSING),
                     (Status.PROCESSING, Status.NEEDS_REVIEW)):
        email_transition(email_id, old=old, new=new)
    with django_capture_on_commit_callbacks(execute=True):
        emails.email_decide_manually(email_id, staff["triager"], route="escalated",
                                     reason="the mill wrote again")
    escalation.refresh_from_db()
    assert escalation.state == "pending" and escalation.dismissal_requested_by is None
    assert audit("escalation_reopened")[0].actor == staff["triager"]
    assert Notification.objects.filter(email_id=email_id, kind="escalation").count() == 2


def test_manual_decision_routes_through_the_same_actions(staff):
    email = make_needs_review(SHORTFALL, review_signals=(), errors=[
        "LLM call budget exhausted: a claim needs more than 1 call"])
    assert email.status == Status.NEEDS_REVIEW
    with pytest.raises(PermissionDenied):
        emails.email_decide_manually(email.pk, staff["claims"], route="ticket", reason="x")
    with pytest.raises(ReviewError, match="needs a reason"):
        emails.email_decide_manually(email.pk, staff["triager"], route="ticket", reason="")
    emails.email_decide_manually(email.pk, staff["triager"], route="ticket",
                                 reason="small weight claim, checked by hand")
    email.refresh_from_db()
    assert email.status == Status.TICKET
    assert email.current_run.provider == "manual"
    assert email.current_run.model_name == "triager1"
    assert Ticket.objects.get(email=email).state == "draft"
    with pytest.raises(ReviewError, match="Only emails in needs review"):
        emails.email_decide_manually(email.pk, staff["triager"], route="escalated", reason="x")


def test_a_forward_carries_the_warning_the_reason_and_a_link(staff, settings):
    settings.TRIAGE_CONSOLE_URL = "https://triage.example.com"
    settings.TRIAGE_NOTIFICATION_LANGUAGE = "en"
    email = make_needs_review()
    assert email.status == Status.NEEDS_REVIEW
    emails.email_decide_manually(email.pk, staff["triager"], route="forwarded",
                                 department="finance",
                                 reason="invoice is genuine; finance to call the carrier")
    body = Notification.objects.get(email=email, kind="forward").body
    lines = body.splitlines()
    # The warning opens the mail, before the invoice and its new bank details.
    assert lines[1] == "WARNING: read before acting on this email"
    assert "bank details change requested" in lines[3] and "by phone" in lines[3]
    assert body.index("WARNING") < body.index("GB33BUKB20201555555555")
    assert "Decided by: triager1 (manual decision)" in body
    assert "Their reason: invoice is genuine; finance to call the carrier" in body
    assert f"Console: https://triage.example.com/triage/inboundemail/{email.pk}/change/" in body
    # ...and a routine forward (the pipeline's own) carries no warning box, only the
    # decision and the link
    plain = triaged_sample("04-freight-invoice.eml")
    body = Notification.objects.get(email=plain, kind="forward").body
    assert "WARNING" not in body and "Decided by: the model; provider offline" in body
    assert "Console: https://triage.example.com/" in body
