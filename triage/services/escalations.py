"""Escalations, the trading desk's queue: opened when an email is escalated (by the
pipeline, by a person, by a correction that crosses the backstop), re-opened when it
is escalated again, acknowledged, resolved or dismissed by the desk.

Every change and its audit row (``EmailEvent``) share a transaction; the row is locked
(``select_for_update``), so of two desk members acting at once one succeeds and the
other is told why not. The desk hears of an opening through ``notifications``.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from triage import labels, routes
from triage.models import ESCALATION_TRANSITIONS, Escalation, InboundEmail, TriageRun
from triage.services import notes, ownership
from triage.services.audit import audit_write
from triage.services.notifications import notification_queue_escalation
from triage.services.outcome import Outcome, ReviewError
from triage.services.outcome import require as _require
from triage.services.status import email_decided


def escalation_raise(email: InboundEmail, run: TriageRun, *, old: str,
                     reasons: list[dict] | None = None, note: str = "", kind: str,
                     actor=None) -> bool:
    """Escalate the email with ``run`` (its route is ``escalated``) and open its
    escalation. False, with nothing opened, when the email left ``old`` meanwhile."""
    if not email_decided(email.pk, run, old=old, reasons=reasons, note=note, kind=kind,
                         actor=actor):
        return False
    escalation_open(email, run, actor=actor)
    return True


def escalation_open(email: InboundEmail, run: TriageRun, *, actor=None) -> Escalation:
    """The email's escalation, opened once. One closed earlier (resolved, dismissed) is
    opened again, with a notification of its own: an escalated email always has an open
    escalation, and the desk hears of it."""
    escalation, created = Escalation.objects.get_or_create(
        email=email,
        defaults={
            "run": run,
            "exposure_usd": run.exposure_usd,
            "response_deadline": run.response_deadline,
            "model_triggers": run.model_triggers,
            "backstop_triggers": run.backstop_triggers,
        },
    )
    reopened = None
    if not created:
        escalation = Escalation.objects.select_for_update().get(pk=escalation.pk)
        if Escalation.State.PENDING in ESCALATION_TRANSITIONS[escalation.state]:
            reopened = escalation_reopen(escalation, run, actor=actor)
    notification_queue_escalation(email, escalation, run, reopened=reopened)
    return escalation


def escalation_reopen(escalation: Escalation, run: TriageRun, *, actor=None) -> dict:
    """Back to pending with the new run's figures; the old closure stays in the audit
    row, and is returned (state, who closed it) for the notification. Call with the
    row locked."""
    before = {"state": escalation.state, "note": escalation.note,
              "closed_by": escalation.closed_by.get_username() if escalation.closed_by else None}
    Escalation.objects.filter(pk=escalation.pk).update(
        state=Escalation.State.PENDING, run=run, exposure_usd=run.exposure_usd,
        response_deadline=run.response_deadline, model_triggers=run.model_triggers,
        backstop_triggers=run.backstop_triggers, acknowledged_by=None, acknowledged_at=None,
        closed_by=None, closed_at=None, note="", dismissal_requested_by=None,
        dismissal_reason="", resolution_requested_by=None, resolution_note="",
        reopen_count=F("reopen_count") + 1)
    escalation.refresh_from_db()
    audit_write(escalation.email_id, "escalation_reopened", actor=actor,
                target=f"escalation:{escalation.pk}", before=before,
                after={"state": escalation.state, "run": run.pk},
                reasons=[routes.reason(routes.Code.ESCALATED_AGAIN)])
    return before


def escalation_acknowledge(escalation_id: int, actor, note: str = "") -> Outcome:
    _require(actor, "resolve_escalation")
    with transaction.atomic():
        esc = Escalation.objects.select_for_update().get(pk=escalation_id)
        if esc.state != Escalation.State.PENDING:
            return Outcome(False, _("Escalation is already %(state)s.") % {
                "state": esc.get_state_display().lower()})
        esc.state = Escalation.State.ACKNOWLEDGED
        esc.acknowledged_by, esc.acknowledged_at = actor, timezone.now()
        esc.note = note.strip()
        esc.save(update_fields=["state", "acknowledged_by", "acknowledged_at", "note"])
        ownership.assignee_take_if_free("escalation", esc.pk, actor)
        audit_write(esc.email_id, "escalation_acknowledged", actor=actor,
                    target=f"escalation:{esc.pk}",
                    before={"state": "pending"}, after={"state": esc.state}, reason=esc.note)
        notes.note_write(esc.email_id, actor, esc.note, target=f"escalation:{esc.pk}")
    return Outcome(True, _("Escalation acknowledged."))


def escalation_resolve(escalation_id: int, actor, note: str) -> Outcome:
    """Resolve (note required). What the backstop raised needs a second desk member."""
    _require(actor, "resolve_escalation")
    if not note.strip():
        raise ReviewError(_("Resolving an escalation needs a note saying how it was resolved."))
    return _close(escalation_id, actor, Escalation.State.RESOLVED, note.strip())


def escalation_dismiss(escalation_id: int, actor, reason: str) -> Outcome:
    """Dismiss (reason required). What the backstop raised needs a second desk member."""
    _require(actor, "resolve_escalation")
    if not reason.strip():
        raise ReviewError(_("Dismissing an escalation needs a reason."))
    return _close(escalation_id, actor, Escalation.State.DISMISSED, reason.strip())


# Closing what the backstop raised, either way, takes two desk members: the first call
# records the request (who, why), a call of the same kind by someone else closes it.
_REQUEST_FIELDS = {
    Escalation.State.DISMISSED: ("dismissal", "dismissal_requested_by", "dismissal_reason"),
    Escalation.State.RESOLVED: ("resolution", "resolution_requested_by", "resolution_note"),
}


def escalation_confirm(escalation_id: int, actor, *, what: str) -> Outcome:
    """The second desk member confirms the closing a colleague asked for
    (``what``: resolution or dismissal), with the colleague's words: nobody retypes
    them. Refused when nothing of that kind waits, or for the one who asked."""
    _require(actor, "resolve_escalation")
    state = {"resolution": Escalation.State.RESOLVED,
             "dismissal": Escalation.State.DISMISSED}[what]
    return _close(escalation_id, actor, state, None)


def _close(escalation_id: int, actor, state: str, note: str | None) -> Outcome:
    """Close, or record the request to close; ``note`` None confirms the request
    waiting (its words become the closing note)."""
    with transaction.atomic():
        esc = Escalation.objects.select_for_update().get(pk=escalation_id)
        if state not in ESCALATION_TRANSITIONS[esc.state]:
            return Outcome(False, _("Escalation is already %(state)s.") % {
                "state": esc.get_state_display().lower()})
        requested_by = None
        noun, by_field, note_field = _REQUEST_FIELDS[state]
        confirming = note is None
        if confirming:
            if not esc.raised_by_backstop or getattr(esc, f"{by_field}_id") is None:
                raise ReviewError(str(labels.SECOND_DESK_NOTHING[noun]))
            note = getattr(esc, note_field)
        if esc.raised_by_backstop:
            requested_by = getattr(esc, f"{by_field}_id")
            if requested_by is None:
                setattr(esc, by_field, actor)
                setattr(esc, note_field, note)
                esc.save(update_fields=[by_field, note_field])
                audit_write(esc.email_id, f"escalation_{noun}_requested", actor=actor,
                            target=f"escalation:{esc.pk}", reason=note,
                            after={"backstop_triggers": esc.backstop_triggers})
                notes.note_write(esc.email_id, actor, note, target=f"escalation:{esc.pk}")
                return Outcome(True, str(labels.SECOND_DESK_REQUESTED[noun]))
            if requested_by == actor.pk:
                raise ReviewError(str(labels.SECOND_DESK_BY_YOU[noun]))
        before = esc.state
        esc.state, esc.closed_by, esc.closed_at, esc.note = state, actor, timezone.now(), note
        esc.save(update_fields=["state", "closed_by", "closed_at", "note"])
        audit_write(esc.email_id, f"escalation_{state}", actor=actor,
                    target=f"escalation:{esc.pk}", before={"state": before},
                    after={"state": state}, reason=note,
                    data={"requested_by": requested_by} if requested_by else None)
        if not confirming:  # a confirmation's words are the request's, already a note
            notes.note_write(esc.email_id, actor, note, target=f"escalation:{esc.pk}")
    return Outcome(True, _("Escalation %(state)s.") % {"state": esc.get_state_display().lower()})
