"""The trading desk's actions on an escalation, through the forms on its page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import login, make_escalation, messages_of

pytestmark = pytest.mark.django_db


def test_desk_acknowledges_through_the_form(client, staff):
    esc = make_escalation()
    url = reverse("admin:triage_escalation_act", args=[esc.pk, "acknowledge"])
    response = login(client, staff["desk"]).post(url, {"note": "on it"}, follow=True)
    assert "Escalation acknowledged." in messages_of(response)
    esc.refresh_from_db()
    assert esc.state == "acknowledged"


def test_claims_staff_gets_403_on_escalation_actions(client, staff):
    esc = make_escalation()
    login(client, staff["claims"])
    for action in ("acknowledge", "resolve", "dismiss"):
        url = reverse("admin:triage_escalation_act", args=[esc.pk, action])
        assert client.post(url, {"note": "x"}).status_code == 403
    page = client.get(reverse("admin:triage_escalation_change", args=[esc.pk])).content.decode()
    assert "acknowledge-form" not in page
    esc.refresh_from_db()
    assert esc.state == "pending"


def test_resolve_without_note_is_refused(client, staff):
    esc = make_escalation()
    url = reverse("admin:triage_escalation_act", args=[esc.pk, "resolve"])
    response = login(client, staff["desk"]).post(url, {"note": ""}, follow=True)
    assert any("Not done" in m for m in messages_of(response))
    esc.refresh_from_db()
    assert esc.state == "pending"


def test_resolving_a_backstop_escalation_takes_two_desk_members(client, staff):
    esc = make_escalation()
    url = reverse("admin:triage_escalation_act", args=[esc.pk, "resolve"])
    change = reverse("admin:triage_escalation_change", args=[esc.pk])
    response = login(client, staff["desk"]).post(url, {"note": "settled"}, follow=True)
    assert any("Resolution requested" in m for m in messages_of(response))
    response = client.post(url, {"note": "settled"}, follow=True)
    assert any("You requested this resolution" in m for m in messages_of(response))
    esc.refresh_from_db()
    assert esc.state == "pending"

    login(client, staff["desk2"])
    assert 'value="Confirm resolution"' in client.get(change).content.decode()
    response = client.post(url, {"note": "confirmed"}, follow=True)
    assert "Escalation resolved." in messages_of(response)
    esc.refresh_from_db()
    assert (esc.state, esc.closed_by) == ("resolved", staff["desk2"])
