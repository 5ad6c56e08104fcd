"""Real Celery worker processes on Redis, against the test database."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

from config.celery import app as celery_app
from lab.harness import mails_written
from lab.scripted_gemini import Reply, Script, ScriptedGemini
from tests.factories import MAIL, wait_for
from triage.models import (
    TERMINAL,
    Escalation,
    InboundEmail,
    Notification,
    RunStatus,
    Status,
    TriageRun,
)
from triage.routes import Code
from triage.services.queue import email_sweep_stuck

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


def _status(email_id: int) -> str:
    return InboundEmail.objects.values_list("status", flat=True).get(pk=email_id)


def _terminal(email_id: int) -> bool:
    return _status(email_id) in TERMINAL


def _post_sample(post_signed, name: str) -> dict:
    response = post_signed((MAIL / name).read_bytes(), content_type="message/rfc822")
    assert response.status_code == 202, response.content
    return response.json()


@pytest.fixture
def broker_down():
    """Point the publisher at a closed port, as if Redis were stopped."""
    original = celery_app.conf.broker_url

    def repoint(url: str) -> None:
        # kombu keeps pools per connection URL; dropping our references is enough.
        celery_app._pool = None
        celery_app.amqp._producer_pool = None
        celery_app.conf.broker_url = url

    repoint("redis://127.0.0.1:9/0")

    def restore() -> None:
        repoint(original)

    yield restore
    restore()


def test_broker_down_at_ingestion_then_sweeper_then_worker(post_signed, broker_down,
                                                          start_worker):
    answer = _post_sample(post_signed, "01-contamination-claim-ica.eml")
    assert answer["status"] == "received"  # stored, not queued (and answered: no hang)
    email = InboundEmail.objects.get(pk=answer["id"])
    assert email.status == Status.RECEIVED
    assert email.events.filter(kind="enqueue_failed").exists()

    broker_down()  # Redis is back
    assert email_sweep_stuck(older_than_s=0)["received"] == 1
    assert _status(email.pk) == Status.QUEUED
    start_worker()
    wait_for(lambda: _terminal(email.pk), timeout=60, message="the worker to triage it")
    email.refresh_from_db()
    assert email.status == Status.ESCALATED
    assert TriageRun.objects.filter(email=email, status=RunStatus.DONE).count() == 1


def test_worker_triages_queued_email_end_to_end(post_signed, start_worker, tmp_path):
    start_worker()
    ids = [_post_sample(post_signed, name)["id"] for name in
           ("01-contamination-claim-ica.eml", "02-reclamacao-hvi.eml", "05-shipping-notice.eml")]
    wait_for(lambda: all(_terminal(i) for i in ids), timeout=60, message="three emails")
    assert [_status(i) for i in ids] == [Status.ESCALATED, Status.TICKET, Status.FORWARDED]
    wait_for(lambda: Notification.objects.filter(state="sent").count() == 2, timeout=20)
    # The escalation and the forward, each once.
    assert mails_written(tmp_path / "data" / "outbox") == 2


def _slow_claim_server(latency: float) -> ScriptedGemini:
    return ScriptedGemini(Script(latency_s=latency))


def _gemini_env(server: ScriptedGemini) -> dict:
    return {"TRIAGE_LLM_PROVIDER": "gemini", "GOOGLE_API_KEY": "test-key",
            "TRIAGE_GEMINI_BASE_URL": server.url, "TRIAGE_LLM_TIMEOUT_S": "20"}


def test_two_workers_racing_on_one_email_produce_one_run(post_signed, start_worker, tmp_path):
    from triage.tasks import triage_email

    with _slow_claim_server(0.5) as server:
        start_worker(env=_gemini_env(server))
        start_worker(env=_gemini_env(server))
        email_id = _post_sample(post_signed, "01-contamination-claim-ica.eml")["id"]
        for _ in range(3):  # duplicate deliveries of the task, to both workers
            triage_email.apply_async(args=[email_id])
        wait_for(lambda: _terminal(email_id), timeout=60)
        time.sleep(2)  # let the losing deliveries finish
    assert _status(email_id) == Status.ESCALATED
    assert TriageRun.objects.filter(email_id=email_id).count() == 1
    assert Escalation.objects.filter(email_id=email_id).count() == 1
    assert Notification.objects.filter(email_id=email_id).count() == 1
    assert len(server.calls("classification")) == 1


def test_worker_killed_mid_task_is_rerun_not_lost_and_not_doubly_notified(
        post_signed, start_worker, tmp_path):
    with _slow_claim_server(1.5) as server:
        worker = start_worker(env=_gemini_env(server))
        email_id = _post_sample(post_signed, "01-contamination-claim-ica.eml")["id"]
        wait_for(lambda: server.calls("classification"), timeout=30, message="first call")
        assert _status(email_id) == Status.PROCESSING
        children = worker.children()
        assert children, "prefork pool process not found"
        for pid in children:
            os.kill(pid, signal.SIGKILL)  # the pool process dies mid-run (OOM killer)
        wait_for(lambda: _terminal(email_id), timeout=90, message="the redelivered task")
    assert _status(email_id) == Status.ESCALATED
    runs = list(TriageRun.objects.filter(email_id=email_id).order_by("attempt"))
    assert [r.status for r in runs] == [RunStatus.ERROR, RunStatus.DONE]
    assert runs[0].errors == [{"code": Code.WORKER_LOST_REDELIVERED}]
    wait_for(lambda: Notification.objects.filter(state="sent").count() == 1, timeout=20)
    assert Notification.objects.filter(email_id=email_id).count() == 1
    assert mails_written(tmp_path / "data" / "outbox") == 1
    events = list(InboundEmail.objects.get(pk=email_id).events.values_list("kind", "reasons"))
    assert ("claimed", [{"code": Code.REDELIVERED}]) in events
    assert json.dumps(events)  # the timeline is data


@pytest.mark.parametrize("pool", ["prefork", "threads"])
def test_the_soft_time_limit_interrupts_a_run_waiting_on_a_hung_model(post_signed,
                                                                      start_worker, pool):
    """The extraction hangs far past the soft limit (5 s) and close to the hard one
    (10 s): the run stops waiting within its budget and fails closed to a person, instead
    of blocking on the thread pool until the hard limit kills it mid-run. The threads
    pool enforces no Celery time limit at all: the run's own budget is what holds."""
    script = Script(chains={"extraction": Reply(delay_s=30, obj={})})
    with ScriptedGemini(script) as server:
        start_worker(pool=pool, concurrency=4,
                     env={**_gemini_env(server), "TRIAGE_SOFT_TIME_LIMIT_S": "5",
                          "TRIAGE_HARD_TIME_LIMIT_S": "10", "TRIAGE_MAX_RETRIES": "0"})
        email_id = _post_sample(post_signed, "03-weight-shortfall.eml")["id"]
        wait_for(lambda: server.calls("extraction"), timeout=30, message="the extraction call")
        wait_for(lambda: _status(email_id) == Status.FAILED, timeout=20,
                 message="the run to give up within its time budget")
    # The run itself stored its failure (a run the hard limit killed stays "running"
    # and has no errors), and it names the budget.
    [run] = TriageRun.objects.filter(email_id=email_id)
    assert run.status == RunStatus.ERROR
    assert {"code": Code.CHAIN_OUT_OF_TIME, "chain": "extraction"} in run.errors
    assert run.finished_at is not None
    email = InboundEmail.objects.get(pk=email_id)
    [gave_up] = email.status_reasons
    assert (gave_up["code"], gave_up["retries"]) == (Code.GAVE_UP_RETRIES, 0)
    assert "time budget" in gave_up["error"]  # the technical text, kept as a parameter


def test_a_threads_worker_keeps_many_emails_in_flight_each_triaged_once(post_signed,
                                                                        start_worker):
    """Eight claims against a model that answers in 1 s per call, on one worker process
    with eight threads: their calls overlap (the model server counts how many it answers
    at once), and the claim by conditional UPDATE still gives each one run."""
    script = Script(latency_s=1.0)
    with ScriptedGemini(script) as server:
        start_worker(pool="threads", concurrency=8, env=_gemini_env(server))
        ids = []
        for i, name in enumerate(["01-contamination-claim-ica.eml",
                                  "03-weight-shortfall.eml"] * 4):
            raw = (MAIL / name).read_bytes().replace(b"Message-ID: <", f"Message-ID: <t{i}-"
                                                     .encode(), 1)
            response = post_signed(raw, content_type="message/rfc822")
            assert response.status_code == 202, response.content
            ids.append(response.json()["id"])
        wait_for(lambda: all(_terminal(i) for i in ids), timeout=60, message="all eight")
    # One at a time, no two calls would overlap; a run's own round has at most two.
    assert server.most_in_flight > 2, server.most_in_flight
    for email_id in ids:
        assert TriageRun.objects.filter(email_id=email_id).count() == 1
    assert len(server.calls("classification")) == 8
