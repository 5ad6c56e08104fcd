"""Tickets beyond approval and rejection (``test_review``): how a re-triage refreshes
a draft, and a correction that crosses the backstop while the email is on its way
through triage again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import triaged_sample
from triage.models import Escalation, Status, Ticket, TicketVersion
from triage.services.outcome import ReviewError
from triage.services.queue import email_retriage
from triage.services.tickets import ticket_approve, ticket_correct
from triage.services.triage import email_triage

pytestmark = pytest.mark.django_db


@pytest.fixture
def ticket(staff):
    return Ticket.objects.get(email=triaged_sample("03-weight-shortfall.eml"))


def test_a_retriage_refreshes_the_draft_as_a_new_version(ticket, staff):
    ticket_correct(ticket.pk, staff["claims"], seen_version=1, changes={"origin": "Brazil"})
    email_retriage(ticket.email_id, staff["triager"])
    email_triage(ticket.email_id, task_id="t-again")
    ticket.refresh_from_db()
    assert (ticket.version, ticket.last_corrected_by) == (3, None)
    assert list(TicketVersion.objects.filter(ticket=ticket).values_list("version", "source")) \
        == [(1, "pipeline"), (2, "correction"), (3, "pipeline")]
    # Four eyes hold across the refresh: the corrector's change is in the ticket's past.
    with pytest.raises(ReviewError, match="Four eyes"):
        ticket_approve(ticket.pk, staff["claims"], seen_version=3)
    assert ticket_approve(ticket.pk, staff["claims2"], seen_version=3).changed


def test_an_approved_ticket_is_not_refreshed_by_a_retriage(ticket, staff):
    ticket_approve(ticket.pk, staff["claims"], seen_version=1)
    email_retriage(ticket.email_id, staff["triager"])
    email_triage(ticket.email_id, task_id="t-again")
    ticket.refresh_from_db()
    assert (ticket.state, ticket.version) == ("approved", 1)


def test_a_correction_crossing_the_backstop_during_a_retriage_leaves_it_to_the_run(
        ticket, staff):
    email_retriage(ticket.email_id, staff["triager"])  # queued: the run will decide
    tomorrow = (timezone.now() + timedelta(days=1)).date().isoformat()
    outcome = ticket_correct(ticket.pk, staff["claims"], seen_version=1,
                             changes={"exposure_amount": "5000000", "exposure_currency": "USD",
                                      "response_deadline": tomorrow})
    assert outcome.message == "Ticket corrected: now version 2."
    ticket.email.refresh_from_db()
    assert ticket.email.status == Status.QUEUED and not Escalation.objects.exists()
    assert not ticket.email.runs.filter(provider="manual").exists()


def test_a_draft_left_by_a_re_triage_cannot_be_walked_past_the_backstop(staff):
    """Decided a ticket, re-triaged to needs review (the draft stays), then corrected to
    USD 500,000 due tomorrow and approved: the correction escalates from needs review,
    and no draft is approved while its email is not a ticket."""
    from datetime import timedelta

    from django.utils import timezone

    from tests.factories import make_ticket
    from triage.models import Escalation, InboundEmail, Status
    from triage.services import tickets
    from triage.services.outcome import ReviewError
    from triage.services.status import email_transition

    ticket = make_ticket()
    from triage.routes import Code, reason

    email_transition(ticket.email_id, old=Status.TICKET, new=Status.QUEUED,
                     reasons=[reason(Code.RETRIAGE_REQUESTED)])
    email_transition(ticket.email_id, old=Status.QUEUED, new=Status.PROCESSING)
    email_transition(ticket.email_id, old=Status.PROCESSING, new=Status.NEEDS_REVIEW,
                     reasons=[reason(Code.BANK_CHANGE, quote="our new bank details")])
    with pytest.raises(ReviewError, match="no longer a ticket"):
        tickets.ticket_approve(ticket.pk, staff["claims2"], seen_version=1)
    tomorrow = (timezone.now() + timedelta(days=1)).date().isoformat()
    outcome = tickets.ticket_correct(ticket.pk, staff["claims"], seen_version=1, changes={
        "exposure_amount": "500000", "exposure_currency": "USD", "response_deadline": tomorrow})
    assert "escalated to the trading desk" in outcome.message
    assert InboundEmail.objects.get(pk=ticket.email_id).status == Status.ESCALATED
    assert Escalation.objects.get(email_id=ticket.email_id).raised_by_backstop
    with pytest.raises(ReviewError, match="escalated to the trading desk"):
        tickets.ticket_approve(ticket.pk, staff["claims2"], seen_version=2)


def test_a_small_correction_in_needs_review_waits_for_a_route_then_approves(staff):
    from tests.factories import make_ticket
    from triage.models import InboundEmail, Status
    from triage.services import tickets
    from triage.services.outcome import ReviewError
    from triage.services.status import email_transition

    ticket = make_ticket()
    for old, new in ((Status.TICKET, Status.QUEUED), (Status.QUEUED, Status.PROCESSING),
                     (Status.PROCESSING, Status.NEEDS_REVIEW)):
        email_transition(ticket.email_id, old=old, new=new)
    outcome = tickets.ticket_correct(ticket.pk, staff["claims"], seen_version=1,
                                     changes={"exposure_amount": "900"})
    assert outcome.message == "Ticket corrected: now version 2."
    assert InboundEmail.objects.get(pk=ticket.email_id).status == Status.NEEDS_REVIEW
    with pytest.raises(ReviewError, match="no longer a ticket"):
        tickets.ticket_approve(ticket.pk, staff["claims2"], seen_version=2)
    email_transition(ticket.email_id, old=Status.NEEDS_REVIEW, new=Status.TICKET,
                     note="decided by hand")
    assert tickets.ticket_approve(ticket.pk, staff["claims2"], seen_version=2).changed
