"""The one audit writer. Every status change, pipeline event and staff action becomes
an ``EmailEvent`` row built here, in the caller's transaction, so the timeline and
the audit log are the same data and no call site spells a row its own way."""

from __future__ import annotations

from triage.models import EmailEvent


def audit_event(
    email_id: int,
    kind: str,
    *,
    reasons: list[dict] | None = None,
    reason: str = "",
    actor=None,
    old_status: str = "",
    new_status: str = "",
    target: str = "",
    before: dict | None = None,
    after: dict | None = None,
    version: int | None = None,
    data: dict | None = None,
) -> EmailEvent:
    """An unsaved row (for ``bulk_create``); ``audit_write`` saves one. ``reasons``: the
    system's, as data (``routes.reason``); ``reason``: a person's words, or nothing."""
    return EmailEvent(
        email_id=email_id, kind=kind, reasons=reasons or [], reason=reason, actor=actor,
        old_status=old_status, new_status=new_status, target=target, before=before,
        after=after, version=version, data=data or {},
    )


def audit_write(email_id: int, kind: str, **fields) -> EmailEvent:
    event = audit_event(email_id, kind, **fields)
    event.save()
    return event


def audit_write_many(events: list[EmailEvent]) -> list[EmailEvent]:
    """Rows from ``audit_event``, in one INSERT (ingestion writes two per email)."""
    return EmailEvent.objects.bulk_create(events)
