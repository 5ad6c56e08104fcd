"""The console's front page: the dashboard."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import login, triaged_sample

pytestmark = pytest.mark.django_db


def test_dashboard(client, staff):
    triaged_sample("01-contamination-claim-ica.eml")
    triaged_sample("04-freight-invoice.eml")
    body = login(client, staff["desk"]).get(reverse("admin:index")).content.decode()
    assert "Triage dashboard" in body
    assert "Oldest pending escalations" in body and "URGENT: Contamination claim" in body
    assert "Escalations raised by the backstop over the model" in body
    assert "OFFLINE" in body
