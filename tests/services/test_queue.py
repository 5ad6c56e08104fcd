"""Publishing survives a broker outage: the email waits in ``received`` for the
sweeper, and nobody is told it was queued when it was not."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import login, make_forward, make_ticket
from triage.models import InboundEmail, RunStatus, Status, TriageRun
from triage.routes import Code
from triage.services import queue
from triage.services.triage import email_claim as claim
from triage.services.triage import email_triage


def _refuse(email_id: int) -> None:
    raise ConnectionError("broker unreachable")


@pytest.mark.django_db(transaction=True)
def test_retriage_during_an_outage_says_so_and_leaves_it_for_the_sweeper(staff, monkeypatch):
    email = make_ticket().email
    monkeypatch.setattr(queue, "_publish", _refuse)
    outcome = queue.email_retriage(email.pk, staff["triager"])
    email.refresh_from_db()
    assert email.status == Status.RECEIVED
    assert outcome.changed and "broker is unavailable" in outcome.message
    assert email.events.filter(kind="enqueue_failed").exists()


@pytest.mark.django_db(transaction=True)
def test_the_sweeper_counts_only_what_reached_the_broker(monkeypatch):
    email = make_forward("05-shipping-notice.eml", department="logistics").email
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


def _claimed_and_running(email, task_id: str) -> None:
    """What a worker leaves behind when it dies mid-run: a claim and a running run."""
    assert claim(email.pk, task_id)
    email.refresh_from_db()
    TriageRun.objects.create(email=email, attempt=email.triage_attempts, task_id=task_id,
                             provider="offline", model_name="offline")


@pytest.mark.django_db
def test_a_redelivered_poison_email_fails_at_the_cap_and_a_triager_requeues_it(
        staff, settings, client):
    settings.TRIAGE_MAX_UNFINISHED_ATTEMPTS = 3
    email = make_forward().email
    queue.email_retriage(email.pk, staff["triager"])
    _claimed_and_running(email, "task-a")
    # Its worker dies on it each time; the broker redelivers the same task.
    for expected in (1, 2):
        _claimed_and_running(email, "task-a")
        email.refresh_from_db()
        assert (email.status, email.unfinished_attempts) == (Status.PROCESSING, expected)
    assert claim(email.pk, "task-a") is False
    email.refresh_from_db()
    assert (email.status, email.unfinished_attempts) == (Status.FAILED, 3)
    assert email.status_reasons == [{"code": Code.GAVE_UP_UNFINISHED, "count": 3, "limit": 3,
                                     "last": {"code": Code.WORKER_LOST_REDELIVERED}}]
    failed = email.events.get(kind="failed")
    assert failed.data == {"unfinished_attempts": 3} and failed.new_status == Status.FAILED
    assert not TriageRun.objects.filter(email=email, status=RunStatus.RUNNING).exists()

    # Visible in the admin: the status and the reason on the email's page.
    page = login(client, staff["triager"]).get(
        reverse("admin:triage_inboundemail_change", args=[email.pk])).content.decode()
    assert "never finished" in page and "Failed" in page

    # A triage admin re-queues it: a fresh count, and a run that finishes routes it.
    assert queue.email_retriage(email.pk, staff["triager"]).changed
    email.refresh_from_db()
    assert (email.status, email.unfinished_attempts) == (Status.QUEUED, 0)
    assert email_triage(email.pk, task_id="task-b") == "forwarded"


@pytest.mark.django_db(transaction=True)
def test_the_sweeper_counts_lost_runs_and_gives_up_at_the_cap(settings, monkeypatch):
    settings.TRIAGE_MAX_UNFINISHED_ATTEMPTS = 3
    email = make_forward("05-shipping-notice.eml", department="logistics").email
    published = []
    monkeypatch.setattr(queue, "_publish", published.append)
    long_ago = timezone.now() - timedelta(hours=1)
    counts = []
    for n in range(3):
        InboundEmail.objects.filter(pk=email.pk).update(status=Status.QUEUED)
        _claimed_and_running(email, f"task-{n}")  # killed at the hard time limit
        InboundEmail.objects.filter(pk=email.pk).update(status_changed_at=long_ago)
        counts.append(queue.email_sweep_stuck(older_than_s=60))
    # The first two losses are re-queued; the third gives up.
    assert [(c["processing"], c["failed"]) for c in counts] == [(1, 0), (1, 0), (0, 1)]
    assert published == [email.pk, email.pk]
    email.refresh_from_db()
    assert (email.status, email.unfinished_attempts) == (Status.FAILED, 3)
    [gave_up] = email.status_reasons
    assert gave_up["last"] == {"code": Code.WORKER_LOST_SWEEPER}
    runs = TriageRun.objects.filter(email=email, task_id__startswith="task-")
    assert {r.status for r in runs} == {RunStatus.ERROR}
    assert email.events.filter(kind="requeued").count() == 2
