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
