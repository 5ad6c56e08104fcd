"""Publishing survives a broker outage: the email waits in ``received`` for the
sweeper, and nobody is told it was queued when it was not."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import triaged_sample
from triage.models import InboundEmail, Status
from triage.services import queue, review


def _refuse(email_id: int) -> None:
    raise ConnectionError("broker unreachable")


@pytest.mark.django_db(transaction=True)
def test_retriage_during_an_outage_says_so_and_leaves_it_for_the_sweeper(staff, monkeypatch):
    email = triaged_sample("03-weight-shortfall.eml")
    monkeypatch.setattr(queue, "_publish", _refuse)
    outcome = review.email_retriage(email.pk, staff["triager"])
    email.refresh_from_db()
    assert email.status == Status.RECEIVED
    assert outcome.changed and "broker is unavailable" in outcome.message
    assert email.events.filter(kind="enqueue_failed").exists()


@pytest.mark.django_db(transaction=True)
def test_the_sweeper_counts_only_what_reached_the_broker(monkeypatch):
    email = triaged_sample("05-shipping-notice.eml")
    InboundEmail.objects.filter(pk=email.pk).update(
        status=Status.RECEIVED, status_changed_at=timezone.now() - timedelta(hours=1))
    published = []
    monkeypatch.setattr(queue, "_publish", _refuse)
    assert queue.email_sweep_stuck(older_than_s=60)["received"] == 0
    InboundEmail.objects.filter(pk=email.pk).update(
        status_changed_at=timezone.now() - timedelta(hours=1))
    monkeypatch.setattr(queue, "_publish", published.append)
    assert queue.email_sweep_stuck(older_than_s=60)["received"] == 1
    assert published == [email.pk]
    assert InboundEmail.objects.get(pk=email.pk).status == Status.QUEUED
