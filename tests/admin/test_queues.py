"""The dashboard's queues: per group, counted on the escalation's and the ticket's own
state, with "mine" and "unassigned", and deadlines coloured by time left."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.urls import reverse

from tests.factories import login, make_escalation, make_ticket
from triage.models import Escalation
from triage.selectors import queues, time_left_class
from triage.services import ownership
from triage.services.escalations import escalation_acknowledge
from triage.services.tickets import ticket_approve

pytestmark = pytest.mark.django_db


def by_key(user) -> dict[str, dict]:
    return {q["key"]: q for q in queues(user)}


def test_ticket_counts_follow_the_ticket_not_the_email(staff):
    tickets = [make_ticket(name)
               for name in ("03-weight-shortfall.eml", "02-reclamacao-hvi.eml")]
    ownership.assignee_take("ticket", tickets[0].pk, staff["claims"])
    assert {k: by_key(staff["claims"])["claims"][k] for k in ("total", "mine", "unassigned")} \
        == {"total": 2, "mine": 1, "unassigned": 1}
    for ticket in tickets:
        ticket_approve(ticket.pk, staff["claims2"], seen_version=1)
    # Both emails are still in status "ticket"; nothing waits for approval.
    assert by_key(staff["claims"])["claims"]["total"] == 0


def test_escalation_counts_follow_the_escalation(staff):
    esc = make_escalation()
    assert by_key(staff["desk"])["desk"]["total"] == 1
    escalation_acknowledge(esc.pk, staff["desk"], "")
    assert by_key(staff["desk"])["desk"]["total"] == 1  # acknowledged is still open
    Escalation.objects.filter(pk=esc.pk).update(state="resolved")
    assert by_key(staff["desk"])["desk"]["total"] == 0


def test_each_group_sees_its_own_queues(client, staff):
    assert set(by_key(staff["desk"])) == {"desk", "second-desk", "claimant"}
    assert set(by_key(staff["claims"])) == {"claims", "to-send", "claimant"}
    assert set(by_key(staff["triager"])) == {"needs_review", "failed", "claimant"}
    body = login(client, staff["claims"]).get(reverse("admin:index")).content.decode()
    assert "Ticket drafts awaiting approval" in body and "awaiting=yes&amp;assignee=mine" in body
    assert body.index("What needs you now") < body.index("Oldest pending escalations") \
        < body.index("Emails by status")


def test_claims_queue_link_lists_only_drafts_that_can_be_approved(client, staff):
    approved, draft = (make_ticket(name)
                       for name in ("03-weight-shortfall.eml", "02-reclamacao-hvi.eml"))
    ticket_approve(approved.pk, staff["claims2"], seen_version=1)
    rows = login(client, staff["claims"]).get(reverse("admin:triage_ticket_changelist"),
                                              {"awaiting": "yes"}).context["cl"].result_list
    assert [t.pk for t in rows] == [draft.pk]


def test_time_left_is_a_css_class(client, staff):
    assert [time_left_class(d) for d in (-1, 0, 1, 2, None)] == [
        "triage-overdue", "triage-today", "triage-tomorrow", "", ""]
    esc = make_escalation()
    Escalation.objects.filter(pk=esc.pk).update(response_deadline=date.today() - timedelta(3))
    body = login(client, staff["desk"]).get(reverse("admin:index")).content.decode()
    assert 'class="triage-time-left triage-overdue">OVERDUE' in body
    page = client.get(reverse("admin:triage_escalation_changelist")).content.decode()
    assert 'class="triage-time-left triage-overdue">OVERDUE' in page
    assert "style=" not in page.split("<body")[1]  # the policy allows no inline style
