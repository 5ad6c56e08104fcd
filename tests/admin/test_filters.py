"""Changelist filters on inbound emails."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.factories import login, make_escalation

pytestmark = pytest.mark.django_db


def test_exposure_filter_follows_the_threshold_setting(client, staff, settings):
    email = make_escalation().email  # USD 180,000
    url = reverse("admin:triage_inboundemail_changelist")
    login(client, staff["claims"])

    def shown(exposure: str) -> bool:
        response = client.get(url, {"exposure": exposure})
        return email.pk in {e.pk for e in response.context["cl"].result_list}

    settings.TRIAGE_ESCALATION_THRESHOLD_USD = Decimal("50000")
    assert shown("high") and not shown("low")
    assert "&gt;= USD\xa050,000.00" in client.get(url).content.decode()

    settings.TRIAGE_ESCALATION_THRESHOLD_USD = Decimal("200000")
    assert shown("low") and not shown("high")
    body = client.get(url).content.decode()
    assert "&gt;= USD\xa0200,000.00" in body and "&lt; USD\xa0200,000.00" in body
