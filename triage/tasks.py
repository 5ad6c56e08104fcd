"""Thin Celery tasks: take an id, call a service."""

from __future__ import annotations

import logging
import random
import time

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django import db
from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError

from triage.routes import Code, reason
from triage.services import triage as triage_service
from triage.services.queue import TRIAGE_EMAIL_TASK, email_sweep_stuck

log = logging.getLogger(__name__)


def retry_countdown(retries: int) -> float:
    """Exponential backoff with full jitter, capped well under the visibility timeout."""
    cap = settings.TRIAGE_RETRY_BACKOFF_MAX_S
    return random.uniform(0.5, 1.0) * min(cap, 2 ** (retries + 1))


@shared_task(
    name=TRIAGE_EMAIL_TASK,
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=settings.TRIAGE_SOFT_TIME_LIMIT_S,
    time_limit=settings.TRIAGE_HARD_TIME_LIMIT_S,
    max_retries=settings.TRIAGE_MAX_RETRIES,
)
def triage_email(self, email_id: int) -> str:
    # The pipeline stops waiting on the model a tenth before the soft time limit, so it
    # can still store its fail-closed run; the limit's exception is the fallback.
    deadline = time.monotonic() + 0.9 * settings.TRIAGE_SOFT_TIME_LIMIT_S
    try:
        return triage_service.email_triage(email_id, task_id=self.request.id or "",
                                           deadline=deadline)
    except (triage_service.TransientTriageError, SoftTimeLimitExceeded, OperationalError,
            InterfaceError) as exc:
        error = f"{type(exc).__name__}: {str(exc)[:500]}"
        if isinstance(exc, OperationalError | InterfaceError):
            # A dropped database connection: the next attempt gets a fresh one.
            db.close_old_connections()
            db.connection.close()
        if self.request.retries >= self.max_retries:
            triage_service.email_fail(email_id, why=reason(
                Code.GAVE_UP_RETRIES, retries=self.request.retries, error=error))
            return "failed"
        countdown = retry_countdown(self.request.retries)
        try:
            triage_service.email_requeue_for_retry(email_id, error=error, countdown=countdown)
        except DatabaseError:
            # Still unreachable: the retry (same task id) takes over its own claim.
            log.warning("email %s: could not record the retry: %s", email_id, error)
        raise self.retry(exc=exc, countdown=countdown) from exc


@shared_task(ignore_result=True)
def sweep_stuck_emails() -> dict[str, int]:
    counts = email_sweep_stuck()
    if any(counts.values()):
        log.info("sweeper: %s", counts)
    return counts
