"""Triage one stored email: claim it, run the pipeline, store the run and every chain
call, then route it and trigger side effects, all in one transaction."""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from triage import metrics
from triage.decision import Decision, EmailInput, decide, model_spec
from triage.decision.input import OUT_OF_TIME
from triage.models import InboundEmail, Status, TriageRun
from triage.routes import Code, Route, reason
from triage.services import emails, runs
from triage.services.audit import audit_write
from triage.services.status import email_transition
from triage.services.threads import email_link_early_replies

log = logging.getLogger(__name__)
# The attachments' text kept for search: as much as the search index reads (migration
# 0014 reads 40,000 characters of it).
ATTACHMENT_TEXT_MAX = 40_000

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
                email_id, row["unfinished_attempts"],
                why=reason(Code.WORKER_LOST_REDELIVERED)):
            return False
        claimed = InboundEmail.objects.filter(pk=email_id).filter(
            Q(status=Status.QUEUED) | Q(status=Status.PROCESSING, processing_task_id=task_id)
            if task_id else Q(status=Status.QUEUED)
        ).update(status=Status.PROCESSING, processing_task_id=task_id, status_changed_at=now,
                 triage_attempts=F("triage_attempts") + 1, status_reasons=[], status_note="")
        if not claimed:
            return False
        audit_write(email_id, "claimed", old_status=row["status"], new_status=Status.PROCESSING,
                    reasons=[reason(Code.REDELIVERED if takeover else Code.WORKER_CLAIMED)],
                    data={"task_id": task_id})
    return True


def email_release_lost(email_id: int, *, stuck_before) -> str:
    """The sweeper's part: an email ``processing`` since before ``stuck_before`` lost its
    run (the hard time limit ends any run well before). Back to ``queued``, or
    ``failed`` after too many unfinished attempts; "" when it moved meanwhile."""
    with transaction.atomic():
        row = InboundEmail.objects.select_for_update().filter(
            pk=email_id, status=Status.PROCESSING, status_changed_at__lt=stuck_before,
        ).values("unfinished_attempts").first()
        if row is None:
            return ""
        if _attempt_unfinished(email_id, row["unfinished_attempts"],
                               why=reason(Code.WORKER_LOST_SWEEPER)):
            return Status.FAILED
        email_transition(email_id, old=Status.PROCESSING, new=Status.QUEUED, kind="requeued",
                         reasons=[reason(Code.SWEEPER_WORKER_LOST)])
    return Status.QUEUED


def _attempt_unfinished(email_id: int, count: int, *, why: dict) -> bool:
    """Record that the claim on a locked ``processing`` email died (``why``, a reason):
    its running runs end as errors and the count goes up. True when that was the last
    attempt allowed and the email is now ``failed``, for a person to decide or
    re-queue."""
    runs.run_abandon(email_id, why=why)
    count += 1
    InboundEmail.objects.filter(pk=email_id).update(unfinished_attempts=count)
    limit = settings.TRIAGE_MAX_UNFINISHED_ATTEMPTS
    if count < limit:
        return False
    email_transition(
        email_id, old=Status.PROCESSING, new=Status.FAILED, kind="failed",
        reasons=[reason(Code.GAVE_UP_UNFINISHED, count=count, limit=limit, last=why)],
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
    spec = model_spec()
    run = runs.run_start(email, task_id=task_id, spec=spec)
    started = time.perf_counter()
    email_input = EmailInput.from_stored(email)
    _release_connection()
    decision = decide(email_input, spec=spec, deadline=deadline)
    duration_ms = int((time.perf_counter() - started) * 1000)

    retry = bool(decision.transient_error) and decision.route != Route.ESCALATED
    metrics.triage_decided(decision, seconds=duration_ms / 1000, retry=retry)
    with transaction.atomic():
        runs.run_finish(run, decision, duration_ms, retry=retry)
        _keep_attachment_text(email, email_input)
        if not retry:
            _apply(email, run, decision)
    if retry:
        raise TransientTriageError(decision.transient_error)
    log.info("email %s routed to %s by %s", email_id, decision.route, spec.provider)
    return decision.route


def _keep_attachment_text(email: InboundEmail, email_input: EmailInput) -> None:
    """What the run read of the attachments, for search: stored once read (the worker
    reads PDFs and workbooks in a child process; a web request never does)."""
    text = "\n\n".join(f"{label}\n{body}" for label, body in email_input.attachment_texts
                        if body != OUT_OF_TIME)[:ATTACHMENT_TEXT_MAX]
    if text != email.attachment_text:
        InboundEmail.objects.filter(pk=email.pk).update(attachment_text=text)


def _release_connection() -> None:
    """The run waits on the model for most of its time: its database connection goes
    back to the pool meanwhile (with CONN_MAX_AGE it stays, as before), so a pool
    smaller than the worker's concurrency serves it. Never inside a caller's
    transaction (a test's, a re-triage's)."""
    if not connection.in_atomic_block:
        close_old_connections()


def _apply(email: InboundEmail, run: TriageRun, decision: Decision) -> None:
    applied = emails.email_route(
        email, run, old=Status.PROCESSING, reasons=routed_reasons(decision), kind="routed",
        department=decision.department,
        ticket_data={"claim": _grounded(decision), "checklist": decision.checklist})
    if not applied:
        # Someone else moved it (the sweeper re-queued a run it thought dead): keep the
        # run for the record, take no action.
        log.warning("email %s left processing during the run; decision not applied", email.pk)


def _grounded(decision: Decision) -> dict | None:
    """The claim a draft starts from, with whether each value's quote is in the email."""
    if decision.claim is None or not decision.grounding:
        return decision.claim
    return {**decision.claim, "grounding": dict(decision.grounding)}


def routed_reasons(decision: Decision) -> list[dict]:
    """Why the email went where it did: for a person, the review signals and the
    errors; for the desk, the backstop's triggers and the model's (each trigger code a
    reason of its own); else the route and who decided it, and for a ticket the warnings
    it carries (a bank-detail change, a look-alike sender: ``decision.route.holds``)."""
    route = Route(decision.route)
    if route == Route.NEEDS_REVIEW:
        return decision.review_signals + decision.errors
    if route == Route.ESCALATED:
        return decision.backstop_triggers + [
            t if isinstance(t, dict) else reason(Code.MODEL_TRIGGER, trigger=t)
            for t in decision.model_triggers]
    carried = decision.review_signals if route == Route.TICKET else []
    return [reason(Code.ROUTED, route=route, provider=decision.provider), *carried]


def email_requeue_for_retry(email_id: int, *, error: str, countdown: float) -> None:
    """Back to the queue for the task's retry; ``error``: the technical text."""
    why = reason(Code.RETRY, seconds=round(countdown), error=error)
    with transaction.atomic():
        runs.run_abandon(email_id, why=why)
        email_transition(email_id, old=Status.PROCESSING, new=Status.QUEUED, kind="retry",
                         reasons=[why])


def email_fail(email_id: int, *, why: dict) -> None:
    """The task gave up (``why``, a reason): failed, for a person to decide or re-queue."""
    metrics.email_failed()
    with transaction.atomic():
        runs.run_abandon(email_id, why=why)
        email_transition(email_id, old=Status.PROCESSING, new=Status.FAILED, kind="failed",
                         reasons=[why], processing_task_id="")
