"""The one table of staff actions (``triage.admin.base``): permission first, then the
form, then the service, and the answer as a message on the object's page."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.urls import reverse

from tests.factories import login, make_escalation, make_ticket, make_user, messages_of
from triage import forms
from triage.admin.base import ObjectAction
from triage.admin.escalations import EscalationAdmin
from triage.models import Escalation, Ticket
from triage.services.outcome import Outcome

pytestmark = pytest.mark.django_db


@pytest.fixture
def escalation():
    return make_escalation()


@pytest.fixture
def recorded(monkeypatch):
    """The escalation admin's table replaced by one action whose service records calls."""
    calls = []

    def service(pk, actor, **arguments):
        calls.append((pk, actor.username, arguments))
        return Outcome(True, "Recorded.")

    monkeypatch.setattr(EscalationAdmin, "object_actions", {
        "record": ObjectAction(forms.RequiredNoteForm, "triage.resolve_escalation", service)})
    return calls


def test_the_action_table_refuses_a_user_without_the_permission(client, staff, escalation,
                                                                 recorded):
    url = reverse("admin:triage_escalation_act", args=[escalation.pk, "record"])
    assert login(client, staff["claims"]).post(url, {"note": "x"}).status_code == 403
    assert recorded == []
    page = client.get(reverse("admin:triage_escalation_change", args=[escalation.pk]))
    assert "act_urls" not in page.context  # the page offers nothing it would refuse


def test_the_action_table_validates_then_calls_the_service_and_reports(client, staff,
                                                                      escalation, recorded):
    url = reverse("admin:triage_escalation_act", args=[escalation.pk, "record"])
    change = reverse("admin:triage_escalation_change", args=[escalation.pk])
    login(client, staff["desk"])
    response = client.post(url, {"note": ""}, follow=True)
    assert any(m.startswith("Not done: Note:") for m in messages_of(response))
    assert recorded == []
    response = client.post(url, {"note": "seen"})
    assert response.status_code == 302 and response["Location"] == change
    assert recorded == [(escalation.pk, "desk1", {"note": "seen"})]
    page = client.get(change)
    assert "Recorded." in messages_of(page)
    assert page.context["act_urls"] == {"record": url}


def test_an_action_not_in_the_table_is_refused(client, staff, escalation):
    url = reverse("admin:triage_escalation_act", args=[escalation.pk, "delete"])
    assert login(client, staff["desk"]).post(url, {"note": "x"}).status_code == 403
    escalation.refresh_from_db()
    assert escalation.state == "pending"


def test_every_action_refuses_staff_without_its_permission(client, escalation):
    ticket = make_ticket()
    objects = {Escalation: escalation, Ticket: ticket, type(escalation.email): escalation.email}
    login(client, make_user("nobody"))
    tables = [(model, model_admin.object_actions)
              for model, model_admin in admin.site._registry.items()
              if getattr(model_admin, "object_actions", None)]
    assert {model for model, _ in tables} == set(objects)
    for model, table in tables:
        meta = model._meta
        for name in table:
            url = reverse(f"admin:{meta.app_label}_{meta.model_name}_act",
                          args=[objects[model].pk, name])
            assert client.post(url, {"note": "x", "seen_version": 1}).status_code == 403, url


def test_get_is_not_an_action(client, staff, escalation):
    url = reverse("admin:triage_escalation_act", args=[escalation.pk, "acknowledge"])
    assert login(client, staff["desk"]).get(url).status_code == 405
    escalation.refresh_from_db()
    assert escalation.state == "pending"
