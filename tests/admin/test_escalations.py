"""The trading desk's actions on an escalation, through the forms on its page."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.urls import reverse

from tests.factories import login, make_escalation, messages_of
from triage.models import Escalation, Note

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
    Escalation.objects.filter(pk=esc.pk).update(response_deadline=date.today() - timedelta(7))
    url = reverse("admin:triage_escalation_act", args=[esc.pk, "resolve"])
    confirm = reverse("admin:triage_escalation_act", args=[esc.pk, "confirm_resolution"])
    change = reverse("admin:triage_escalation_change", args=[esc.pk])
    response = login(client, staff["desk"]).post(url, {"note": "settled at USD 120k"},
                                                  follow=True)
    assert any("Resolution requested" in m for m in messages_of(response))
    # The one who asked waits for a colleague: no confirm button for them, and the
    # list says who asked.
    page = client.get(change).content.decode()
    assert 'id="awaiting-colleague"' in page and 'id="confirm-resolution-button"' not in page
    assert 'id="resolve-note"' not in page
    response = client.post(confirm, follow=True)
    assert any("You requested this resolution" in m for m in messages_of(response))
    listed = client.get(reverse("admin:triage_escalation_changelist")).content.decode()
    assert "Resolution awaiting a second desk member (asked by desk1)" in listed
    esc.refresh_from_db()
    assert esc.state == "pending"

    # The second member reads the request and confirms it without retyping it.
    page = login(client, staff["desk2"]).get(change).content.decode()
    request = page[page.index('id="closing-request"'):]
    assert "desk1 asked to resolve this escalation" in request
    assert "settled at USD 120k" in request and 'id="confirm-resolution-button"' in request
    assert 'id="resolve-note"' not in page
    response = client.post(confirm, follow=True)
    assert "Escalation resolved." in messages_of(response)
    esc.refresh_from_db()
    assert (esc.state, esc.closed_by, esc.note) == ("resolved", staff["desk2"],
                                                    "settled at USD 120k")
    assert Note.objects.filter(body="settled at USD 120k").count() == 1

    # Closed: no waiting label, no overdue badge, no desk actions; the email says so.
    page = response.content.decode()
    assert "awaiting a second desk member" not in page and "triage-overdue" not in page
    assert 'id="escalation-actions"' not in page and "triage-closed" in page
    email_page = client.get(reverse("admin:triage_inboundemail_change",
                                    args=[esc.email_id])).content.decode()
    assert "Escalation resolved" in email_page


def test_a_confirmation_with_nothing_asked_is_refused(client, staff):
    esc = make_escalation()
    confirm = reverse("admin:triage_escalation_act", args=[esc.pk, "confirm_dismissal"])
    response = login(client, staff["desk"]).post(confirm, follow=True)
    assert any("No dismissal of this escalation waits" in m for m in messages_of(response))
    esc.refresh_from_db()
    assert esc.state == "pending"


def test_a_dismissal_waits_for_the_second_member_too(client, staff):
    esc = make_escalation()
    login(client, staff["desk"]).post(
        reverse("admin:triage_escalation_act", args=[esc.pk, "dismiss"]),
        {"note": "duplicate of #12"})
    page = login(client, staff["desk2"]).get(
        reverse("admin:triage_escalation_change", args=[esc.pk])).content.decode()
    assert 'id="confirm-dismissal-button"' in page and 'id="dismiss-note"' not in page
    assert 'id="resolve-note"' in page  # resolving instead stays possible
    client.post(reverse("admin:triage_escalation_act", args=[esc.pk, "confirm_dismissal"]))
    esc.refresh_from_db()
    assert (esc.state, esc.note) == ("dismissed", "duplicate of #12")
