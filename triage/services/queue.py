"""Getting stored emails onto the broker: when they arrive, when a person asks for a
re-triage, and again when something was lost.

Publishing happens after commit and never blocks a request for long: the broker has
short connect/socket timeouts and ``retry=False``. If it fails the email stays
``received`` and the sweeper publishes it later, so a broker outage delays triage
but loses nothing. A duplicate publish is harmless: the task claims its email with
a conditional UPDATE and a second copy finds nothing to claim.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from triage import labels, routes
from triage.models import TERMINAL, InboundEmail, Status
from triage.services.audit import audit_write
from triage.services.notifications import notification_send_pending
from triage.services.outcome import Outcome
from triage.services.outcome import require as _require
from triage.services.status import email_transition
from triage.services.triage import email_release_lost

log = logging.getLogger(__name__)


# Published by name: services never import the workers (``triage.tasks`` imports us).
TRIAGE_EMAIL_TASK = "triage.tasks.triage_email"


def _publish(email_id: int) -> None:
    current_app.send_task(TRIAGE_EMAIL_TASK, args=[email_id], retry=False)


def email_enqueue(email_id: int, *, reasons: list[dict], old: str = Status.RECEIVED,
                  actor=None, kind: str = "status", **fields) -> bool:
    """Move the email to ``queued`` and publish its task after commit. True once
    published (inside a caller's transaction: once queued, the publish runs at its
    commit). False when the email was no longer in ``old``, or when the broker refused
    the publish: then the email is back in ``received`` for the sweeper, never lost."""
    if not email_transition(email_id, old=old, new=Status.QUEUED, reasons=reasons,
                            actor=actor, kind=kind, **fields):
        return False
    return email_publish_on_commit(email_id)


def email_publish_on_commit(email_id: int) -> bool:
    """Publish once the caller's transaction commits (now, outside one). The publish's
    result when it ran now; True when it waits for a caller's commit."""
    published: list[bool] = []
    transaction.on_commit(lambda: published.append(email_publish(email_id)))
    return published[0] if published else True


def email_publish(email_id: int) -> bool:
    """Publish the task of a ``queued`` email; on a broker failure put it back to
    ``received`` with the reason, for the sweeper."""
    try:
        _publish(email_id)
    except Exception as exc:  # noqa: BLE001 - any broker failure leaves it for the sweeper
        log.warning("could not enqueue email %s: %s", email_id, exc)
        email_transition(
            email_id, old=Status.QUEUED, new=Status.RECEIVED, kind="enqueue_failed",
            reasons=[routes.reason(routes.Code.BROKER_UNAVAILABLE,
                                   error=f"{type(exc).__name__}: {exc}"[:2000])],
        )
        return False
    return True


def email_retriage(email_id: int, actor, note: str = "") -> Outcome:
    """A new run with the current prompts and model; the old runs stay on record.
    ``note``: the person's words, if they gave any."""
    _require(actor, "retriage_email")
    status = InboundEmail.objects.values_list("status", flat=True).get(pk=email_id)
    if status not in TERMINAL:
        return Outcome(False, _("Email #%(id)s is %(status)s; it is already on its way.") % {
            "id": email_id, "status": labels.status(status).lower()})
    # A person re-queueing an email gives it a fresh count of unfinished attempts.
    if email_enqueue(email_id, old=status, kind="retriage", actor=actor,
                     reasons=[routes.reason(routes.Code.RETRIAGE_REQUESTED)], note=note,
                     unfinished_attempts=0):
        return Outcome(True, _("Email #%(id)s queued for re-triage.") % {"id": email_id})
    if InboundEmail.objects.filter(pk=email_id, status=Status.RECEIVED).exists():
        return Outcome(True, _("Email #%(id)s will be re-triaged: the broker is unavailable "
                               "now, and the sweeper publishes it when it is back.") % {
            "id": email_id})
    return Outcome(False, _("Email #%(id)s changed meanwhile; nothing queued.") % {
        "id": email_id})


def email_sweep_stuck(*, older_than_s: int | None = None) -> dict[str, int]:
    """Re-publish emails that a broker outage, a lost message or a dead worker left
    behind. Safe to run from several places at once."""
    age = timedelta(seconds=older_than_s if older_than_s is not None
                    else settings.TRIAGE_STUCK_AFTER_S)
    now = timezone.now()
    counts = {"received": 0, "queued": 0, "processing": 0, "failed": 0, "notifications": 0}

    for email_id in _stuck(Status.RECEIVED, now - age):
        counts["received"] += email_enqueue(
            email_id, reasons=[routes.reason(routes.Code.SWEEPER_STILL_RECEIVED)])

    for email_id in _stuck(Status.QUEUED, now - age):
        try:
            _publish(email_id)
            audit_write(email_id, "republished",
                        reasons=[routes.reason(routes.Code.SWEEPER_QUEUED_TOO_LONG)])
            counts["queued"] += 1
        except Exception as exc:  # noqa: BLE001
            log.warning("sweeper could not publish email %s: %s", email_id, exc)

    # A run is killed at the hard time limit, so anything processing for longer
    # than twice that has lost its worker; each such loss counts toward the cap.
    processing_age = max(age, timedelta(seconds=2 * settings.TRIAGE_HARD_TIME_LIMIT_S))
    for email_id in _stuck(Status.PROCESSING, now - processing_age):
        released = email_release_lost(email_id, stuck_before=now - processing_age)
        if released == Status.FAILED:
            counts["failed"] += 1
        elif released == Status.QUEUED:
            try:
                _publish(email_id)
                counts["processing"] += 1
            except Exception as exc:  # noqa: BLE001
                log.warning("sweeper could not publish email %s: %s", email_id, exc)

    counts["notifications"] = notification_send_pending()
    return counts


def _stuck(status: str, before) -> list[int]:
    return list(
        InboundEmail.objects.filter(status=status, status_changed_at__lt=before)
        .order_by("status_changed_at")
        .values_list("pk", flat=True)[:1000]
    )
