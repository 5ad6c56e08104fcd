"""Staff see which extracted values the email's words back, and which a correction replaced."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import login, make_ticket
from triage.models import Ticket

pytestmark = pytest.mark.django_db

PT = {"HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9,en;q=0.5"}


def _grounded_ticket() -> Ticket:
    ticket = make_ticket()
    claim = {**ticket.data["claim"],
             "quotes": [{"field": "exposure_amount", "quote": "USD 12,400"},
                        {"field": "lot_reference", "quote": "lot 9999 of the claim"}],
             "grounding": {"exposure_amount": "found", "lot_reference": "not_found",
                           "contract_reference": "no_quote"}}
    Ticket.objects.filter(pk=ticket.pk).update(data={**ticket.data, "claim": claim})
    ticket.refresh_from_db()
    return ticket


def test_a_value_whose_quote_is_not_in_the_email_is_marked(client, staff):
    ticket = _grounded_ticket()
    page = login(client, staff["claims"]).get(
        reverse("admin:triage_ticket_change", args=[ticket.pk])).content.decode()
    assert "lot 9999 of the claim (not in the email" in page
    assert "no quote given" in page
    # The supported value shows its quote with no mark.
    assert "USD 12,400</" in page or "USD 12,400<" in page
    page = client.get(reverse("admin:triage_ticket_change", args=[ticket.pk]), **PT)
    assert "não está no e-mail" in page.content.decode()


def test_a_corrected_value_says_so_and_keeps_what_the_email_said(client, staff):
    ticket = _grounded_ticket()
    login(client, staff["claims"])
    client.post(reverse("admin:triage_ticket_act", args=[ticket.pk, "correct"]),
                {"seen_version": 1, "exposure_amount": "12,100.00"})
    ticket.refresh_from_db()
    assert ticket.version == 2
    assert ticket.data["claim"]["grounding"]["exposure_amount"] == "corrected"
    # A field the correction did not touch keeps its mark.
    assert ticket.data["claim"]["grounding"]["lot_reference"] == "not_found"
    page = client.get(reverse("admin:triage_ticket_change", args=[ticket.pk])).content.decode()
    assert "corrected by staff; the email said: USD 12,400" in page
