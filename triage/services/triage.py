"""Triage one stored email: claim it, run the pipeline, store the run and every chain
call, then route it and trigger side effects, all in one transaction."""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from triage import metrics, pipeline
from triage.chains import llm
from triage.chains.untrusted import EmailInput
from triage.models import (
    ChainCall,
    InboundEmail,
    RunStatus,
    Status,
    TriageRun,
)
from triage.routes import Route
from triage.services import actions
from triage.services.audit import audit_write
from triage.services.status import email_transition
from triage.services.threads import email_link_early_replies

log = logging.getLogger(__name__)

class TransientTriageError(Exception):
    """The model provider failed in a way worth retrying (timeout, 429, 5xx)."""


def email_claim(email_id: int, task_id: str) -> bool:
    """Only one worker moves an email to ``processing``. The same task redelivered
    after its worker died may take over its own claim, unless that claim was the last
    unfinished attempt allowed: then the email is ``failed`` and nobody runs it."""
    now = timezone.now()
    with transaction.atomic():
        row = InboundEmail.objects.select_for_update().filter(pk=email_id).values(
            "status", "processing_task_id", "unfinished_attempts").first()
        if row is None:
            return False
        takeover = (row["status"] == Status.PROCESSING and task_id
                    and row["processing_task_id"] == task_id)
        if takeover and _attempt_unfinished(
                email_id, row["unfinished_attempts"], now=now,
                reason="worker lost mid-run; the task was redelivered"):
            return False
        claimed = InboundEmail.objects.filter(pk=email_id).filter(
            Q(status=Status.QUEUED) | Q(status=Status.PROCESSING, processing_task_id=task_id)
            if task_id else Q(status=Status.QUEUED)
        ).update(status=Status.PROCESSING, processing_task_id=task_id, status_changed_at=now,
                 triage_attempts=F("triage_attempts") + 1, status_reason="")
        if not claimed:
            return False
        audit_write(email_id, "claimed", old_status=row["status"], new_status=Status.PROCESSING,
                    reason="redelivered after worker loss" if takeover else "worker claimed",
                    data={"task_id": task_id})
    return True


def email_release_lost(email_id: int, *, stuck_before) -> str:
    """The sweeper's part: an email ``processing`` since before ``stuck_before`` lost its
    run (the hard time limit ends any run well before). Back to ``queued``, or
    ``failed`` after too many unfinished attempts; "" when it moved meanwhile."""
    now = timezone.now()
    with transaction.atomic():
        row = InboundEmail.objects.select_for_update().filter(
            pk=email_id, status=Status.PROCESSING, status_changed_at__lt=stuck_before,
        ).values("unfinished_attempts").first()
        if row is None:
            return ""
        if _attempt_unfinished(email_id, row["unfinished_attempts"], now=now,
                               reason="worker lost or hard time limit mid-run (sweeper)"):
            return Status.FAILED
        email_transition(email_id, old=Status.PROCESSING, new=Status.QUEUED, kind="requeued",
                         reason="sweeper: worker lost mid-run")
    return Status.QUEUED


def _attempt_unfinished(email_id: int, count: int, *, now, reason: str) -> bool:
    """Record that the claim on a locked ``processing`` email died: its running runs end
    as errors and the count goes up. True when that was the last attempt allowed and
    the email is now ``failed``, for a person to decide or re-queue."""
    TriageRun.objects.filter(email_id=email_id, status=RunStatus.RUNNING).update(
        status=RunStatus.ERROR, finished_at=now, errors=[reason])
    count += 1
    InboundEmail.objects.filter(pk=email_id).update(unfinished_attempts=count)
    limit = settings.TRIAGE_MAX_UNFINISHED_ATTEMPTS
    if count < limit:
        return False
    email_transition(
        email_id, old=Status.PROCESSING, new=Status.FAILED, kind="failed",
        reason=f"gave up: {count} attempt(s) never finished (hard time limit or worker "
               f"lost; limit {limit}); last: {reason}",
        processing_task_id="", data={"unfinished_attempts": count})
    log.warning("email %s failed after %s unfinished attempts", email_id, count)
    return True


def email_triage(email_id: int, *, task_id: str = "", deadline: float | None = None) -> str:
    """Returns the route, or ``skipped`` when another worker holds the email.
    Raises ``TransientTriageError`` (after storing the failed run) for retry.
    ``deadline`` (``time.monotonic()``) bounds the pipeline's wait on model calls."""
    if not email_claim(email_id, task_id):
        return "skipped"
    email = InboundEmail.objects.get(pk=email_id)
    email_link_early_replies(email.pk, email.message_id)
    spec = llm.model_spec()
    run = TriageRun.objects.create(email=email, attempt=email.triage_attempts, task_id=task_id,
                                   provider=spec.provider, model_name=spec.model_name)
    started = time.perf_counter()
    try:
        model = llm.build_model(spec)
        email_input = EmailInput.from_stored(email)
        _release_connection()
        decision = pipeline.run(email_input, model=model, spec=spec,
                                config=pipeline.Config.from_settings(), deadline=deadline)
    except llm.ChainError as exc:
        decision = pipeline.Decision(route=Route.NEEDS_REVIEW, provider=spec.provider,
                                     model_name=spec.model_name, errors=[str(exc)])
    duration_ms = int((time.perf_counter() - started) * 1000)

    retry = bool(decision.transient_error) and decision.route != Route.ESCALATED
    metrics.triage_decided(decision, seconds=duration_ms / 1000, retry=retry)
    with transaction.atomic():
        _store_run(run, decision, duration_ms, retry=retry)
        if not retry:
            _apply(email, run, decision)
    if retry:
        raise TransientTriageError(decision.transient_error)
    log.info("email %s routed to %s by %s", email_id, decision.route, spec.provider)
    return decision.route


def _release_connection() -> None:
    """The run waits on the model for most of its time: its database connection goes
    back to the pool meanwhile (with CONN_MAX_AGE it stays, as before), so a pool
    smaller than the worker's concurrency serves it. Never inside a caller's
    transaction (a test's, a re-triage's)."""
    if not connection.in_atomic_block:
        close_old_connections()


def _store_run(run: TriageRun, decision: pipeline.Decision, duration_ms: int, *,
               retry: bool) -> None:
    ChainCall.objects.bulk_create([
        ChainCall(run=run, chain=c.chain, provider=c.provider, model_name=c.model_name,
                  prompt_version=c.prompt_version, output=c.output,
                  input_tokens=c.input_tokens, output_tokens=c.output_tokens,
                  latency_ms=c.latency_ms, error=c.error[:5000])
        for c in decision.calls
    ])
    run.status = RunStatus.ERROR if retry else (
        RunStatus.FAILED_CLOSED if decision.route == Route.NEEDS_REVIEW
        else RunStatus.DONE)
    run.finished_at = timezone.now()
    run.route = "" if retry else decision.route
    run.department = decision.department
    run.is_claim = decision.is_claim
    run.escalation_required = decision.escalate
    run.model_triggers = decision.model_triggers
    run.backstop_triggers = decision.backstop_triggers
    run.review_signals = decision.review_signals
    run.backstop_overrode = decision.backstop_overrode
    run.exposure_amount = decision.exposure_amount
    run.exposure_currency = decision.exposure_currency[:3]
    run.exposure_usd = decision.exposure_usd
    run.response_deadline = decision.response_deadline
    claim = decision.claim or {}
    run.contract_reference = (claim.get("contract_reference") or "")[:100]
    run.lot_reference = (claim.get("lot_reference") or "")[:100]
    run.decision = decision.summary()
    run.errors = decision.errors
    run.llm_calls = len(decision.calls)
    run.input_tokens = decision.input_tokens
    run.output_tokens = decision.output_tokens
    run.duration_ms = duration_ms
    run.save()


def _apply(email: InboundEmail, run: TriageRun, decision: pipeline.Decision) -> None:
    route = Route(decision.route)
    reason = "; ".join(decision.review_signals + decision.errors)[:2000] \
        if route == Route.NEEDS_REVIEW else (
        "; ".join(decision.backstop_triggers + decision.model_triggers)[:2000]
        if route == Route.ESCALATED else f"{route} ({decision.provider})")
    applied = actions.route_apply(
        email, run, route, old=Status.PROCESSING, reason=reason, kind="routed",
        department=decision.department,
        ticket_data={"claim": decision.claim, "checklist": decision.checklist})
    if not applied:
        # Someone else moved it (the sweeper re-queued a run it thought dead): keep the
        # run for the record, take no action.
        log.warning("email %s left processing during the run; decision not applied", email.pk)


def email_requeue_for_retry(email_id: int, *, reason: str, countdown: float) -> None:
    now = timezone.now()
    with transaction.atomic():
        TriageRun.objects.filter(email_id=email_id, status=RunStatus.RUNNING).update(
            status=RunStatus.ERROR, finished_at=now, errors=[reason[:2000]])
        email_transition(email_id, old=Status.PROCESSING, new=Status.QUEUED, kind="retry",
                         reason=f"retry in {countdown:.0f}s: {reason}")


def email_fail(email_id: int, *, reason: str) -> None:
    metrics.email_failed()
    now = timezone.now()
    with transaction.atomic():
        TriageRun.objects.filter(email_id=email_id, status=RunStatus.RUNNING).update(
            status=RunStatus.ERROR, finished_at=now, errors=[reason[:2000]])
        email_transition(email_id, old=Status.PROCESSING, new=Status.FAILED, kind="failed",
                         reason=reason, processing_task_id="")
