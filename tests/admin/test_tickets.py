"""Claims staff review a ticket draft: approve, correct, and the stale-version refusal."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import login, make_ticket, make_user, messages_of
from triage import roles
from triage.models import Escalation

pytestmark = pytest.mark.django_db


def test_ticket_approve_form_and_stale_refusal(client, staff):
    ticket = make_ticket()
    change = reverse("admin:triage_ticket_change", args=[ticket.pk])
    page = login(client, staff["claims"]).get(change).content.decode()
    assert 'name="seen_version" value="1"' in page
    correct = reverse("admin:triage_ticket_act", args=[ticket.pk, "correct"])
    client.post(correct, {"seen_version": 1, "origin": "USA"})
    ticket.refresh_from_db()
    assert ticket.version == 2
    approve = reverse("admin:triage_ticket_act", args=[ticket.pk, "approve"])
    login(client, staff["claims2"])
    response = client.post(approve, {"seen_version": 1}, follow=True)
    assert any("the current version is 2" in m for m in messages_of(response))
    ticket.refresh_from_db()
    assert ticket.state == "draft"
    response = client.post(approve, {"seen_version": 2}, follow=True)
    assert any("arbitration ticket ARB-" in m for m in messages_of(response))
    ticket.refresh_from_db()
    assert ticket.state == "approved"


def test_desk_gets_403_on_ticket_actions(client, staff):
    ticket = make_ticket()
    login(client, staff["desk"])
    for action, data in (("approve", {"seen_version": 1}),
                         ("reject", {"seen_version": 1, "reason": "x"}),
                         ("correct", {"seen_version": 1, "origin": "x"})):
        url = reverse("admin:triage_ticket_act", args=[ticket.pk, action])
        assert client.post(url, data).status_code == 403
    ticket.refresh_from_db()
    assert (ticket.state, ticket.version) == ("draft", 1)


def test_an_earlier_corrector_cannot_approve_after_a_colleagues_fix(client, staff):
    ticket = make_ticket()
    correct = reverse("admin:triage_ticket_act", args=[ticket.pk, "correct"])
    approve = reverse("admin:triage_ticket_act", args=[ticket.pk, "approve"])
    login(client, staff["claims"]).post(correct, {"seen_version": 1, "exposure_amount": "24000"})
    login(client, staff["claims2"]).post(correct, {"seen_version": 2, "origin": "USA"})
    response = login(client, staff["claims"]).post(approve, {"seen_version": 3}, follow=True)
    assert any("Four eyes" in m for m in messages_of(response))
    ticket.refresh_from_db()
    assert (ticket.state, ticket.version) == ("draft", 3)
    third = make_user("claims3", roles.CLAIMS_STAFF)
    response = login(client, third).post(approve, {"seen_version": 3}, follow=True)
    assert any("arbitration ticket ARB-" in m for m in messages_of(response))


def test_a_correction_over_the_threshold_escalates_from_the_form(client, staff):
    ticket = make_ticket()
    correct = reverse("admin:triage_ticket_act", args=[ticket.pk, "correct"])
    response = login(client, staff["claims"]).post(
        correct, {"seen_version": 1, "exposure_amount": "5000000", "exposure_currency": "USD"},
        follow=True)
    assert any("escalated to the trading desk" in m for m in messages_of(response))
    assert Escalation.objects.get(email_id=ticket.email_id).state == "pending"
