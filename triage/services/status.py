"""Status transitions: validated against ``TRANSITIONS``, claimed with a conditional
UPDATE (only one caller can move a row out of a given state), recorded as a row."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from triage.models import InboundEmail, can_transition
from triage.services.audit import audit_write


class TransitionError(Exception):
    """The requested transition is not in the lifecycle table."""


def email_transition(
    email_id: int,
    *,
    old: str,
    new: str,
    reason: str = "",
    actor=None,
    kind: str = "status",
    data: dict | None = None,
    **fields,
) -> bool:
    """Move ``email_id`` from ``old`` to ``new``. Returns False when another worker
    or person got there first (the row is no longer in ``old``); raises
    ``TransitionError`` for a move the lifecycle does not allow."""
    if not can_transition(old, new):
        raise TransitionError(f"{old} -> {new} is not an allowed transition")
    with transaction.atomic():
        updated = InboundEmail.objects.filter(pk=email_id, status=old).update(
            status=new, status_changed_at=timezone.now(), status_reason=reason[:2000], **fields
        )
        if updated != 1:
            return False
        audit_write(email_id, kind, old_status=old, new_status=new, reason=reason[:2000],
                    actor=actor, data=data)
    return True
