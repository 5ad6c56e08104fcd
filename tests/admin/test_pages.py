"""Detail pages built around the decision: no default on decide-manually, a refused
form shown again with the error next to its field and the person's input kept, the
sender's own amount on an escalation, tickets without JSON, links both ways."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import BANK_CHANGE, login, triaged_raw, triaged_sample
from triage.models import Escalation, Status, Ticket

pytestmark = pytest.mark.django_db


@pytest.fixture
def needs_review(staff):
    email = triaged_raw(BANK_CHANGE)
    assert email.status == Status.NEEDS_REVIEW
    return email


def test_decide_manually_has_no_default_route(client, staff, needs_review):
    change = reverse("admin:triage_inboundemail_change", args=[needs_review.pk])
    page = login(client, staff["triager"]).get(change).content.decode()
    form = page[page.index('id="decide-manually"'):]
    assert '<option value="" selected>choose a route</option>' in form
    assert 'value="escalated" selected' not in form


def test_a_missing_route_is_refused_next_to_the_field_keeping_the_reason(client, staff,
                                                                          needs_review):
    url = reverse("admin:triage_inboundemail_act", args=[needs_review.pk, "decide"])
    response = login(client, staff["triager"]).post(
        url, {"route": "", "department": "finance", "reason": "call the carrier first"})
    assert response.status_code == 400
    page = response.content.decode()
    form = page[page.index('id="decide-manually"'):]
    assert "errorlist" in form and "This field is required." in form
    assert form.index("errorlist") < form.index('name="route"')  # next to the route
    assert "call the carrier first</textarea>" in form
    assert '<option value="finance" selected>' in form
    assert "Not done: Route: This field is required." in page
    needs_review.refresh_from_db()
    assert needs_review.status == Status.NEEDS_REVIEW


def test_forwarding_without_a_department_is_refused_on_the_department(client, staff,
                                                                       needs_review):
    url = reverse("admin:triage_inboundemail_act", args=[needs_review.pk, "decide"])
    response = login(client, staff["triager"]).post(
        url, {"route": "forwarded", "department": "", "reason": "genuine"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Department: Forwarding needs a department." in page
    assert '<option value="forwarded" selected>' in page
    needs_review.refresh_from_db()
    assert needs_review.status == Status.NEEDS_REVIEW
