"""Routing an email: a person's decision and the pipeline's take one path, each run
keeps its own attempt number, and a route never opens anything for an email that
moved meanwhile."""

from __future__ import annotations

import pytest

from tests.factories import BANK_CHANGE, triaged_raw
from triage.models import Escalation, Forward, InboundEmail, Notification, Status, Ticket
from triage.services.emails import email_decide_manually, email_route
from triage.services.queue import email_retriage
from triage.services.runs import run_record_manual
from triage.services.triage import email_triage

pytestmark = pytest.mark.django_db


def test_runs_after_a_manual_decision_keep_their_own_attempt_numbers(staff):
    email = triaged_raw(BANK_CHANGE)  # needs review: a bank-detail change
    email_decide_manually(email.pk, staff["triager"], route="forwarded", department="finance",
                          reason="the carrier confirmed by phone")
    email.refresh_from_db()
    assert (email.triage_attempts, email.current_run.attempt) == (2, 2)
    # A re-triage after it claims attempt 3: no clash with the person's run.
    email_retriage(email.pk, staff["triager"])
    email_triage(email.pk, task_id="t-again")
    email.refresh_from_db()
    assert sorted(email.runs.values_list("attempt", "provider")) == [
        (1, "offline"), (2, "manual"), (3, "offline")]
    assert email.current_run.attempt == email.triage_attempts == 3


def test_a_route_for_an_email_that_moved_opens_nothing(staff):
    email = triaged_raw(BANK_CHANGE)
    for route in ("escalated", "ticket", "forwarded"):
        run = run_record_manual(email, staff["triager"], route, decision={"reason": "x"})
        # The caller believed the email was still processing; it is in needs review.
        assert not email_route(email, run, old=Status.PROCESSING, note="x", kind="routed",
                               department="finance")
        run.delete()  # as the caller's rollback would: the attempt number is free again
    email.refresh_from_db()
    assert email.status == Status.NEEDS_REVIEW and email.current_run.provider != "manual"
    assert not (Escalation.objects.exists() or Ticket.objects.exists()
                or Forward.objects.exists() or Notification.objects.exists())


def test_a_manual_ticket_carries_the_claim_the_model_read(staff, settings):
    settings.TRIAGE_MAX_LLM_CALLS_PER_EMAIL = 1  # the claim fails closed to needs review
    email = triaged_raw(
        b"From: qa@mill.example.cn\r\nSubject: Weight shortfall, contract CT-2026-0150\r\n"
        b"Message-ID: <short-150@mill.example.cn>\r\n\r\nLot 12/B arrived 2,100 kg short "
        b"under contract CT-2026-0150. We claim USD 4,200.\r\n")
    assert email.status == Status.NEEDS_REVIEW
    email_decide_manually(email.pk, staff["triager"], route="ticket", reason="small claim")
    ticket = Ticket.objects.get(email=email)
    run = InboundEmail.objects.get(pk=email.pk).current_run
    assert (ticket.run_id, ticket.version, ticket.state) == (run.pk, 1, "draft")
    assert run.decision["reason"] == "small claim" and run.decision["by"] == "triager1"
