"""The admin's replay action: a dry run with today's prompts and settings."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import triaged_sample
from triage.models import InboundEmail


@pytest.mark.django_db
def test_replay_from_the_admin(client, staff, settings):
    # Triaged, not built: the replay compares today's pipeline with its own stored run.
    email = triaged_sample("03-weight-shortfall.eml")
    settings.TRIAGE_ESCALATION_THRESHOLD_USD = 10_000
    url = reverse("admin:triage_inboundemail_changelist")
    data = {"action": "replay", "_selected_action": [email.pk]}
    client.force_login(staff["claims"])
    assert "would be decided differently" not in client.post(url, data).content.decode()
    client.force_login(staff["triager"])
    response = client.post(url, data)
    body = response.content.decode()
    assert "<strong>1</strong> would be decided differently" in body
    # The route and the escalation change; the amount read (USD 12,400) does not.
    [row] = response.context["rows"]
    assert (row["stored"]["route"], row["now"]["route"]) == ("ticket", "escalated")
    assert row["stored"]["exposure_usd"] == row["now"]["exposure_usd"] == 12400.0
    assert "<td>route, escalate</td>" in body
    assert InboundEmail.objects.get(pk=email.pk).status == "ticket"


@pytest.mark.django_db
def test_a_replay_stops_starting_emails_when_its_time_is_up_and_says_how_many(
        client, staff, settings, monkeypatch):
    """It runs inside the web request: past its budget it starts no more emails, shows
    the rows it has and says how many were left out."""
    from triage import replay
    first = triaged_sample("03-weight-shortfall.eml")
    second = triaged_sample("04-freight-invoice.eml")
    assert len(replay.replay([first, second])) == 2
    assert replay.replay([first, second], max_seconds=0) == []
    monkeypatch.setattr(replay, "MAX_SECONDS", 0.0)
    client.force_login(staff["triager"])
    response = client.post(reverse("admin:triage_inboundemail_changelist"),
                           {"action": "replay", "_selected_action": [first.pk, second.pk]})
    assert "2 emails were not replayed: the replay&#x27;s time ran out" in response.content.decode()
