"""Status transitions: validated against ``TRANSITIONS``, claimed with a conditional
UPDATE (only one caller can move a row out of a given state), recorded as a row."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.utils import timezone

from triage.models import InboundEmail, can_transition
from triage.routes import Route
from triage.services.audit import audit_write


class TransitionError(Exception):
    """The requested transition is not in the lifecycle table."""


def email_transition(
    email_id: int,
    *,
    old: str,
    new: str,
    reasons: list[dict] | None = None,
    note: str = "",
    actor=None,
    kind: str = "status",
    data: dict | None = None,
    **fields,
) -> bool:
    """Move ``email_id`` from ``old`` to ``new``. Returns False when another worker
    or person got there first (the row is no longer in ``old``); raises
    ``TransitionError`` for a move the lifecycle does not allow. ``reasons``: the
    system's, as data (``routes.reason``); ``note``: a person's words, as written. Both
    become the email's status reason and its audit row's."""
    if not can_transition(old, new):
        raise TransitionError(f"{old} -> {new} is not an allowed transition")
    with transaction.atomic():
        updated = InboundEmail.objects.filter(pk=email_id, status=old).update(
            status=new, status_changed_at=timezone.now(), status_reasons=reasons or [],
            status_note=note[:2000], **fields
        )
        if updated != 1:
            return False
        audit_write(email_id, kind, old_status=old, new_status=new, reasons=reasons,
                    reason=note[:2000], actor=actor, data=data)
    return True


def email_decided(email_id: int, run, *, old: str, reasons: list[dict] | None = None,
                  note: str = "", kind: str, actor=None) -> bool:
    """The email takes ``run``'s route as its status and the run as its current one.
    A person's run (``runs.run_record_manual``) takes the next attempt number; the
    count follows it, and never goes back for a worker's run, whose claim counted it.
    False when the email left ``old`` meanwhile."""
    return email_transition(
        email_id, old=old, new=Route(run.route).status, reasons=reasons, note=note, kind=kind,
        actor=actor, data={"run": run.pk}, current_run=run, processing_task_id="",
        triage_attempts=Greatest(F("triage_attempts"), Value(run.attempt)))
