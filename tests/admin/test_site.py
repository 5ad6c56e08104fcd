"""The console's front page: the dashboard."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import login, make_user, triaged_sample

pytestmark = pytest.mark.django_db


def test_dashboard(client, staff):
    triaged_sample("01-contamination-claim-ica.eml")
    triaged_sample("04-freight-invoice.eml")
    body = login(client, staff["desk"]).get(reverse("admin:index")).content.decode()
    assert "Triage dashboard" in body
    assert "Oldest pending escalations" in body and "URGENT: Contamination claim" in body
    assert "Escalations raised by the backstop over the model" in body
    assert "OFFLINE" in body


def test_a_staff_user_in_no_group_sees_no_email_data(client, staff):
    triaged_sample("01-contamination-claim-ica.eml")
    nobody = make_user("nobody")  # staff, but in no triage group
    response = login(client, nobody).get(reverse("admin:index"))
    body = response.content.decode()
    assert response.status_code == 200
    assert "Triage dashboard" not in body and "Contamination claim" not in body
    assert "pending-escalations" not in body and "permission" in body
    body = login(client, staff["desk"]).get(reverse("admin:index")).content.decode()
    assert "Triage dashboard" in body and "URGENT: Contamination claim" in body
    body = login(client, make_user("root", superuser=True)).get(reverse("admin:index"))
    assert "URGENT: Contamination claim" in body.content.decode()
