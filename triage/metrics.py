"""The one place that counts things for Prometheus (prometheus-client).

Services and tasks call the small functions below, one line each; nothing else in the
product names a metric. The counters live in prometheus-client's multiprocess files
when ``PROMETHEUS_MULTIPROC_DIR`` is set (settings default it under the data
directory), so the web processes and the Celery workers add to the same numbers and
one ``/metrics`` (``triage.ops``) reads them all. Gauges that describe the database
or the broker (queue depth, the oldest pending escalation) are not kept here: they are
computed when Prometheus scrapes (``triage.ops``), so a dead process cannot leave a
stale value behind.

Labels are closed vocabularies (door, route, provider, chain, outcome, a reason's code):
never a sender's text, so the number of series stays fixed whatever the mail says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from prometheus_client import Counter, Histogram

EMAILS_INGESTED = Counter(
    "triage_emails_ingested", "Deliveries by door and outcome (new, duplicate, rejected)",
    ["door", "outcome", "reason"])
TRIAGE_RESULTS = Counter(
    "triage_results", "Finished triage runs by route and provider", ["route", "provider"])
TRIAGE_SECONDS = Histogram(
    "triage_run_seconds", "Wall time of one triage run (all chain calls)", ["provider"],
    buckets=(0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120, 300))
MODEL_CALLS = Counter(
    "triage_model_calls", "Chain calls to the model by chain, provider and outcome",
    ["chain", "provider", "outcome"])
MODEL_TOKENS = Counter(
    "triage_model_tokens", "Model tokens by chain, provider and direction",
    ["chain", "provider", "direction"])
MODEL_SECONDS = Histogram(
    "triage_model_call_seconds", "Latency of one chain call", ["chain", "outcome"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60))
BACKSTOP_OVERRIDES = Counter(
    "triage_backstop_overrides", "Runs where the backstop escalated what the model did not",
    ["provider"])
REVIEW_SIGNALS = Counter(
    "triage_review_signals", "Rules that contradicted the model (the email went to a person)",
    ["provider", "code"])
TASK_RETRIES = Counter("triage_task_retries", "Celery task retries", ["task"])
TASK_FAILURES = Counter("triage_task_failures", "Celery tasks that raised", ["task"])
EMAILS_FAILED = Counter("triage_emails_failed", "Emails marked failed after the last retry")
NOTIFICATION_FAILURES = Counter(
    "triage_notification_failures", "Notification sends that failed", ["kind", "final"])

# Why a door refused a delivery, from its HTTP status (the door's own answer says more).
_REJECTION = {400: "malformed", 401: "unauthenticated", 405: "method", 406: "replay",
              413: "too_large", 415: "content_type", 503: "disabled"}


def email_ingested(door: str, *, duplicate: bool) -> None:
    EMAILS_INGESTED.labels(door, "duplicate" if duplicate else "new", "").inc()


def email_rejected(door: str, status: int) -> None:
    EMAILS_INGESTED.labels(door, "rejected", _REJECTION.get(status, str(status))).inc()


def door(name: str) -> Callable:
    """Wrap a webhook view: every refusal (4xx/5xx) is counted with its reason. New and
    duplicate deliveries are counted by the ingestion service, which knows."""

    def wrap(view: Callable) -> Callable:
        @wraps(view)
        def counted(request, *args, **kwargs):
            response = view(request, *args, **kwargs)
            if response.status_code >= 400:
                email_rejected(name, response.status_code)
            return response

        return counted

    return wrap


def triage_decided(decision: Any, *, seconds: float, retry: bool = False) -> None:
    """One finished run (a ``Decision``): its route (``retry`` when a transient
    error sends it back to the queue), its chain calls (count, tokens, latency,
    outcome), whether the backstop overrode and review signals fired."""
    provider = decision.provider or "unknown"
    TRIAGE_RESULTS.labels("retry" if retry else (decision.route or "none"), provider).inc()
    TRIAGE_SECONDS.labels(provider).observe(seconds)
    model_calls(decision.calls)
    if decision.backstop_overrode:
        BACKSTOP_OVERRIDES.labels(provider).inc()
    for signal in decision.review_signals:
        # A reason's code: the routes' closed vocabulary, never its quote.
        REVIEW_SIGNALS.labels(provider, signal.get("code", "")).inc()


def model_calls(calls: Iterable[Any]) -> None:
    for call in calls:
        outcome = "error" if call.error else "ok"
        provider = call.provider or "unknown"
        MODEL_CALLS.labels(call.chain, provider, outcome).inc()
        MODEL_TOKENS.labels(call.chain, provider, "input").inc(call.input_tokens or 0)
        MODEL_TOKENS.labels(call.chain, provider, "output").inc(call.output_tokens or 0)
        MODEL_SECONDS.labels(call.chain, outcome).observe((call.latency_ms or 0) / 1000)


def task_retried(task: str) -> None:
    TASK_RETRIES.labels(task).inc()


def task_failed(task: str) -> None:
    TASK_FAILURES.labels(task).inc()


def email_failed() -> None:
    EMAILS_FAILED.inc()


def notification_failed(kind: str, *, final: bool) -> None:
    NOTIFICATION_FAILURES.labels(kind, "true" if final else "false").inc()
