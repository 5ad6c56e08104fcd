"""A queue for every waiting step: escalations awaiting a second desk member (and who
asked), approved tickets whose decision is not yet sent, replies awaiting the
claimant. Each is a changelist filter and a dashboard row with its count, and leaves
the queue when the step is done; the ticket list has a deadline and time left; the
receiver of a hand-over finds it on their dashboard."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import HVI, SHORTFALL, login, make_email, make_escalation, make_ticket
from triage.models import InboundEmail, Ticket
from triage.selectors import queues
from triage.services import escalations, ownership, replies, tickets

pytestmark = pytest.mark.django_db


def row(user, key: str) -> dict:
    return {q["key"]: q for q in queues(user)}[key]


def listed(client, name: str, query: dict) -> list[int]:
    return [o.pk for o in client.get(reverse(name), query).context["cl"].result_list]


def test_escalations_awaiting_a_second_desk_member(client, staff):
    asked, other, untouched = (make_escalation() for _ in range(3))
    escalations.escalation_resolve(asked.pk, staff["desk"], "settled")
    escalations.escalation_dismiss(other.pk, staff["desk2"], "duplicate")
    assert row(staff["desk"], "second-desk")["total"] == 2
    login(client, staff["desk"])
    changelist = "admin:triage_escalation_changelist"
    assert sorted(listed(client, changelist, {"second": "waiting"})) == [asked.pk, other.pk]
    assert listed(client, changelist, {"second": "mine"}) == [asked.pk]
    assert listed(client, changelist, {"second": "others"}) == [other.pk]
    # The column says who asked; the dashboard's row links to the filter.
    page = client.get(reverse(changelist)).content.decode()
    assert "Dismissal awaiting a second desk member (asked by desk2)" in page
    dashboard = client.get(reverse("admin:index")).content.decode()
    assert 'id="queue-second-desk"' in dashboard and "second=waiting" in dashboard
    # Confirmed: out of the queue.
    escalations.escalation_confirm(other.pk, staff["desk"], what="dismissal")
    assert row(staff["desk"], "second-desk")["total"] == 1
    assert untouched.pk not in listed(client, changelist, {"second": "waiting"})


def test_approved_tickets_wait_until_their_decision_is_sent(client, staff):
    ticket = make_ticket()
    draft = make_ticket(HVI)
    assert row(staff["claims"], "to-send")["total"] == 0
    tickets.ticket_approve(ticket.pk, staff["claims2"], seen_version=1)
    assert row(staff["claims"], "to-send")["total"] == 1
    login(client, staff["claims"])
    changelist = "admin:triage_ticket_changelist"
    assert listed(client, changelist, {"awaiting": "send"}) == [ticket.pk]
    # A reply sent before the approval does not count; one sent after does.
    replies.reply_send(draft.email_id, staff["claims"], subject="Re", body="Recebemos.")
    replies.reply_send(ticket.email_id, staff["claims"], subject="Re", body="Aceita.")
    assert row(staff["claims"], "to-send")["total"] == 0
    assert listed(client, changelist, {"awaiting": "send"}) == []


def test_replies_wait_for_the_claimants_answer(client, staff):
    email = make_ticket(SHORTFALL).email
    assert row(staff["claims"], "claimant")["total"] == 0
    replies.reply_send(email.pk, staff["claims"], subject="Re", body="Please send the report.")
    mine = row(staff["claims"], "claimant")
    assert (mine["total"], mine["mine"], mine["unassigned"]) == (1, 1, None)
    assert row(staff["claims2"], "claimant")["mine"] == 0
    login(client, staff["claims"])
    changelist = "admin:triage_inboundemail_changelist"
    assert listed(client, changelist, {"waiting": "claimant"}) == [email.pk]
    assert listed(client, changelist, {"waiting": "claimant-mine"}) == [email.pk]
    dashboard = client.get(reverse("admin:index")).content.decode()
    assert "waiting=claimant-mine" in dashboard
    # The claimant answers in the thread: the reply no longer waits.
    answer = make_email(SHORTFALL, message_id="<answer@anatolia-spin.example.com.tr>",
                        received_at=timezone.now())
    InboundEmail.objects.filter(pk=answer.pk).update(reply_to_email=email)
    assert row(staff["claims"], "claimant")["total"] == 0
    assert listed(client, changelist, {"waiting": "claimant"}) == []


def test_the_ticket_list_has_a_deadline_and_time_left(client, staff):
    ticket = make_ticket()
    soon = (date.today() - timedelta(days=3)).isoformat()
    Ticket.objects.filter(pk=ticket.pk).update(
        data={**ticket.data, "claim": {**ticket.data["claim"], "response_deadline": soon}})
    page = login(client, staff["claims"]).get(
        reverse("admin:triage_ticket_changelist")).content.decode()
    assert "column-shown_deadline" in page and "column-time_left" in page
    assert 'class="triage-time-left triage-overdue">OVERDUE' in page
    tickets.ticket_approve(ticket.pk, staff["claims2"], seen_version=1)
    page = client.get(reverse("admin:triage_ticket_changelist")).content.decode()
    assert "OVERDUE" not in page and 'triage-closed">closed' in page
    # The email follows its ticket: approved, with its number, not "ticket draft".
    emails = client.get(reverse("admin:triage_inboundemail_changelist")).content.decode()
    ticket.refresh_from_db()
    assert f"Ticket approved ({ticket.arbitration_number})" in emails


def test_the_receiver_of_a_hand_over_finds_it_on_the_dashboard(client, staff):
    esc = make_escalation()
    ownership.assignee_take("escalation", esc.pk, staff["desk"])
    ownership.assignee_hand_over("escalation", esc.pk, staff["desk"], to=staff["desk2"],
                                 seen=staff["desk"].pk)
    page = login(client, staff["desk2"]).get(reverse("admin:index")).content.decode()
    handed = page[page.index('id="handed-to-you"'):]
    assert f"Escalation of email #{esc.email_id}" in handed and "desk1" in handed
    # The giver is not told they have it; once closed it leaves the list.
    page = login(client, staff["desk"]).get(reverse("admin:index")).content.decode()
    assert 'id="handed-to-you"' not in page
    escalations.escalation_acknowledge(esc.pk, staff["desk2"])
    escalations.escalation_resolve(esc.pk, staff["desk2"], "done")
    escalations.escalation_confirm(esc.pk, staff["desk"], what="resolution")
    page = login(client, staff["desk2"]).get(reverse("admin:index")).content.decode()
    assert 'id="handed-to-you"' not in page
