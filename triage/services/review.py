"""Staff decisions: escalations, tickets, re-triage and manual routing.

Every function checks permission and state, then acts and writes its audit row
(``EmailEvent``) in one transaction; rows that two people may act on at once are
locked (``select_for_update``), so a conflict is one success and one clear refusal.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from triage import backstop, labels, pipeline
from triage.models import (
    ESCALATION_TRANSITIONS,
    TERMINAL,
    Escalation,
    InboundEmail,
    RunStatus,
    Status,
    Ticket,
    TicketVersion,
    TriageRun,
)
from triage.readers.dates import parse_date
from triage.routes import MANUAL_ROUTES, Department, Route
from triage.services import actions, notes
from triage.services.audit import audit_write
from triage.services.outcome import Outcome, ReviewError
from triage.services.outcome import require as _require
from triage.services.queue import email_enqueue


class StaleVersion(ReviewError):
    def __init__(self, seen: int, current: int) -> None:
        super().__init__(_("This ticket changed since you opened it: you saw version "
                           "%(seen)s, the current version is %(current)s. Review it again "
                           "before approving.") % {"seen": seen, "current": current})
        self.current = current


# --- Escalations (trading desk) -------------------------------------------------------



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


def _close(escalation_id: int, actor, state: str, note: str) -> Outcome:
    with transaction.atomic():
        esc = Escalation.objects.select_for_update().get(pk=escalation_id)
        if state not in ESCALATION_TRANSITIONS[esc.state]:
            return Outcome(False, _("Escalation is already %(state)s.") % {
                "state": esc.get_state_display().lower()})
        requested_by = None
        if esc.raised_by_backstop:
            noun, by_field, note_field = _REQUEST_FIELDS[state]
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
        notes.note_write(esc.email_id, actor, note, target=f"escalation:{esc.pk}")
    return Outcome(True, _("Escalation %(state)s.") % {"state": esc.get_state_display().lower()})


# --- Tickets (claims staff) ---------------------------------------------------------------

EDITABLE_FIELDS = {
    "claiming_party": str, "contact": str, "contract_reference": str, "lot_reference": str,
    "origin": str, "required_action": str, "exposure_amount": Decimal,
    "exposure_currency": str, "response_deadline": date,
}


def _coerce(field: str, value: object):
    kind = EDITABLE_FIELDS[field]
    if value in (None, ""):
        return None
    if kind is Decimal:
        try:
            amount = Decimal(str(value).replace(",", ""))
        except InvalidOperation as exc:
            raise ReviewError(_("%(field)s: %(value)r is not a number") % {
                "field": labels.field(field), "value": value}) from exc
        if amount < 0:
            raise ReviewError(_("%(field)s cannot be negative") % {"field": labels.field(field)})
        return float(amount)
    if kind is date:
        parsed = parse_date(value)
        if parsed is None:
            raise ReviewError(_("%(field)s: %(value)r is not a date") % {
                "field": labels.field(field), "value": value})
        return parsed.isoformat()
    text = str(value).strip()[:500]
    if field == "exposure_currency":
        text = text.upper()
        if len(text) != 3 or not text.isalpha():
            raise ReviewError(_("The exposure currency must be a 3-letter ISO code."))
    return text


def _require_draft(ticket: Ticket, seen_version: int, verb: str) -> None:
    """Refuse unless the (row-locked) ticket is still the draft the reviewer saw."""
    if ticket.state != Ticket.State.DRAFT:
        raise ReviewError(_("This ticket is %(state)s; only drafts can be changed.") % {
            "state": ticket.get_state_display().lower()})
    if seen_version != ticket.version:
        raise StaleVersion(seen_version, ticket.version)


def ticket_correct(ticket_id: int, actor, *, seen_version: int, changes: dict) -> Outcome:
    """Correct claim fields of a draft. Each correction is a new version recording who
    changed what; a correction of a version that is no longer current is refused."""
    _require(actor, "approve_ticket")
    unknown = set(changes) - set(EDITABLE_FIELDS)
    if unknown:
        raise ReviewError(_("cannot edit %(fields)s") % {"fields": ", ".join(sorted(unknown))})
    email_id = Ticket.objects.values_list("email_id", flat=True).get(pk=ticket_id)
    with transaction.atomic():
        # The email first, as triage locks it, since a correction may escalate it.
        list(InboundEmail.objects.select_for_update().filter(pk=email_id).values_list("pk"))
        ticket = Ticket.objects.select_for_update().get(pk=ticket_id)
        _require_draft(ticket, seen_version, "corrected")
        data = dict(ticket.data)
        claim = dict(data.get("claim") or {})
        diff = {}
        for field, value in changes.items():
            new = _coerce(field, value)
            if claim.get(field) != new:
                diff[field] = [claim.get(field), new]
                claim[field] = new
        if not diff:
            return Outcome(False, _("Nothing changed."))
        data["claim"] = claim
        ticket.data, ticket.version, ticket.last_corrected_by = data, ticket.version + 1, actor
        ticket.save(update_fields=["data", "version", "last_corrected_by"])
        TicketVersion.objects.create(ticket=ticket, version=ticket.version, data=data,
                                     changes=diff, changed_by=actor, source="correction")
        audit_write(ticket.email_id, "ticket_corrected", actor=actor,
                    target=f"ticket:{ticket.pk}",
                    before={k: v[0] for k, v in diff.items()},
                    after={k: v[1] for k, v in diff.items()}, version=ticket.version)
        triggers = _correction_backstop(ticket, actor, claim, set(diff))
    if triggers:
        return Outcome(True, _("Ticket corrected: now version %(version)s. The corrected "
                               "figures cross the backstop (%(triggers)s): the email is "
                               "escalated to the trading desk.") % {
            "version": ticket.version, "triggers": labels.sentences(triggers)})
    return Outcome(True, _("Ticket corrected: now version %(version)s.") % {
        "version": ticket.version})


def _correction_backstop(ticket: Ticket, actor, claim: dict, changed: set[str]) -> list[str]:
    """A correction of the figures goes through the backstop again; one that crosses it
    escalates like any escalation (a decision run, the email's route, the desk told).
    Deadlines count from today: what matters now is the desk's time left."""
    exposure_changed = bool(changed & {"exposure_amount", "exposure_currency"})
    deadline_changed = "response_deadline" in changed
    if not (exposure_changed or deadline_changed):
        return []
    amount, deadline = claim.get("exposure_amount"), claim.get("response_deadline")
    now = timezone.now()
    result = backstop.evaluate(
        extracted=backstop.Exposure(
            Decimal(str(amount)) if exposure_changed and amount is not None else None,
            claim.get("exposure_currency")),
        deadline=date.fromisoformat(deadline) if deadline_changed and deadline else None,
        # The email's own text was read when it was triaged; here only the figures.
        received_at=now, email_text="", policy=pipeline.Config.from_settings().policy)
    if not result.escalate:
        return []
    email = InboundEmail.objects.select_for_update().get(pk=ticket.email_id)
    if email.status != Status.TICKET:
        return []  # on its way through triage again: that run decides
    triggers = [f"staff correction (version {ticket.version}, from {now.date()}): {t}"
                for t in result.triggers]
    run = TriageRun.objects.create(
        email=email, attempt=email.triage_attempts + 1, provider="manual",
        model_name=actor.get_username(), status=RunStatus.DONE, finished_at=now,
        route=Route.ESCALATED, is_claim=True, escalation_required=True,
        backstop_triggers=triggers, backstop_overrode=True, exposure_usd=result.exposure_usd,
        exposure_amount=Decimal(str(amount)) if amount is not None else None,
        exposure_currency=(claim.get("exposure_currency") or "")[:3],
        response_deadline=result.deadline,
        contract_reference=(claim.get("contract_reference") or "")[:100],
        lot_reference=(claim.get("lot_reference") or "")[:100],
        decision={"route": Route.ESCALATED, "manual": True, "by": actor.get_username(),
                  "correction": {"ticket": ticket.pk, "version": ticket.version},
                  "claim": claim},
    )
    InboundEmail.objects.filter(pk=email.pk).update(triage_attempts=run.attempt)
    actions.route_apply(email, run, Route.ESCALATED, old=Status.TICKET, actor=actor,
                        reason="; ".join(triggers), kind="correction_escalated")
    return triggers


def ticket_approve(ticket_id: int, actor, *, seen_version: int) -> Outcome:
    """Approve exactly the version the reviewer saw. Issues the arbitration ticket
    number once; a repeat of the same approval changes nothing."""
    _require(actor, "approve_ticket")
    with transaction.atomic():
        ticket = Ticket.objects.select_for_update().get(pk=ticket_id)
        if ticket.state == Ticket.State.APPROVED:
            if ticket.decided_version == seen_version:
                return Outcome(False, _("Already approved as %(number)s.") % {
                    "number": ticket.arbitration_number})
            raise ReviewError(_("This ticket was already approved at version %(version)s as "
                                "%(number)s.") % {"version": ticket.decided_version,
                                                  "number": ticket.arbitration_number})
        _require_draft(ticket, seen_version, "approved")
        # Four eyes: any correction of any version, not only the last one, so A's change
        # cannot ride on B's typo fix back to A for approval.
        corrected = TicketVersion.objects.filter(ticket=ticket, changed_by=actor,
                                                 source="correction").values_list("version",
                                                                                  flat=True)
        if corrected:
            raise ReviewError(_("Four eyes: you corrected this ticket (version %(versions)s), "
                                "so someone else must approve it.") % {
                "versions": ", ".join(map(str, corrected))})
        if ticket.email.status == Status.ESCALATED:
            raise ReviewError(_("This email was escalated to the trading desk; its ticket "
                                "draft cannot be approved."))
        now = timezone.now()
        ticket.state, ticket.decided_by, ticket.decided_at = Ticket.State.APPROVED, actor, now
        ticket.decided_version = ticket.version
        ticket.arbitration_number = f"ARB-{now.year}-{ticket.pk:06d}"
        ticket.save(update_fields=["state", "decided_by", "decided_at", "decided_version",
                                   "arbitration_number"])
        audit_write(ticket.email_id, "ticket_approved", actor=actor,
                    target=f"ticket:{ticket.pk}",
                    before={"state": "draft"},
                    after={"state": "approved", "arbitration_number": ticket.arbitration_number},
                    version=ticket.version)
    return Outcome(True, _("Approved version %(version)s: arbitration ticket %(number)s.") % {
        "version": ticket.version, "number": ticket.arbitration_number})


def ticket_reject(ticket_id: int, actor, *, seen_version: int, reason: str) -> Outcome:
    _require(actor, "approve_ticket")
    if not reason.strip():
        raise ReviewError(_("Rejecting a ticket needs a reason."))
    with transaction.atomic():
        ticket = Ticket.objects.select_for_update().get(pk=ticket_id)
        _require_draft(ticket, seen_version, "rejected")
        ticket.state, ticket.decided_by = Ticket.State.REJECTED, actor
        ticket.decided_at, ticket.decided_version = timezone.now(), ticket.version
        ticket.rejection_reason = reason.strip()
        ticket.save(update_fields=["state", "decided_by", "decided_at", "decided_version",
                                   "rejection_reason"])
        audit_write(ticket.email_id, "ticket_rejected", actor=actor,
                    target=f"ticket:{ticket.pk}",
                    before={"state": "draft"}, after={"state": "rejected"},
                    reason=ticket.rejection_reason, version=ticket.version)
        notes.note_write(ticket.email_id, actor, ticket.rejection_reason,
                         target=f"ticket:{ticket.pk}")
    return Outcome(True, _("Ticket rejected at version %(version)s.") % {
        "version": ticket.version})


# --- Emails -------------------------------------------------------------------------------


def email_retriage(email_id: int, actor, reason: str = "") -> Outcome:
    """A new run with the current prompts and model; the old runs stay on record."""
    _require(actor, "retriage_email")
    status = InboundEmail.objects.values_list("status", flat=True).get(pk=email_id)
    if status not in TERMINAL:
        return Outcome(False, _("Email #%(id)s is %(status)s; it is already on its way.") % {
            "id": email_id, "status": labels.status(status).lower()})
    # A person re-queueing an email gives it a fresh count of unfinished attempts.
    if email_enqueue(email_id, old=status, kind="retriage", actor=actor,
                     reason=reason or "re-triage requested", unfinished_attempts=0):
        return Outcome(True, _("Email #%(id)s queued for re-triage.") % {"id": email_id})
    if InboundEmail.objects.filter(pk=email_id, status=Status.RECEIVED).exists():
        return Outcome(True, _("Email #%(id)s will be re-triaged: the broker is unavailable "
                               "now, and the sweeper publishes it when it is back.") % {
            "id": email_id})
    return Outcome(False, _("Email #%(id)s changed meanwhile; nothing queued.") % {
        "id": email_id})


def email_decide_manually(email_id: int, actor, *, route: str, department: str = "",
                          reason: str) -> Outcome:
    """Route an email the pipeline could not, through the same actions it uses. The
    decision is a run of its own, with provider ``manual`` and the person's name."""
    _require(actor, "decide_manually")
    if route not in MANUAL_ROUTES:
        raise ReviewError(_("The route must be one of %(routes)s.") % {
            "routes": ", ".join(map(labels.route, MANUAL_ROUTES))})
    if not reason.strip():
        raise ReviewError(_("A manual decision needs a reason."))
    if route == Route.FORWARDED and department not in set(Department):
        raise ReviewError(_("Forwarding needs a department."))
    with transaction.atomic():
        email = InboundEmail.objects.select_for_update().get(pk=email_id)
        if email.status not in (Status.NEEDS_REVIEW, Status.FAILED):
            raise ReviewError(_("Only emails in needs review or failed can be decided by hand; "
                                "this one is %(status)s.") % {
                "status": email.get_status_display().lower()})
        previous = email.current_run
        run = TriageRun.objects.create(
            email=email, attempt=email.triage_attempts + 1, provider="manual",
            model_name=actor.get_username(), status=RunStatus.DONE, finished_at=timezone.now(),
            route=route, department=department if route == Route.FORWARDED else "",
            is_claim=route != Route.FORWARDED,
            escalation_required=route == Route.ESCALATED,
            model_triggers=[f"manual: {reason.strip()[:200]}"]
            if route == Route.ESCALATED else [],
            exposure_usd=previous.exposure_usd if previous else None,
            response_deadline=previous.response_deadline if previous else None,
            decision={"route": route, "manual": True, "reason": reason.strip(),
                      "by": actor.get_username()},
        )
        InboundEmail.objects.filter(pk=email.pk).update(triage_attempts=run.attempt)
        claim = (previous.decision or {}).get("claim") if previous else None
        if not actions.route_apply(email, run, Route(route), old=email.status,
                                   reason=reason.strip(), kind="decided_manually", actor=actor,
                                   department=department,
                                   ticket_data={"claim": claim or {}, "checklist": []}):
            # Rolls back the run: the email moved although its row was locked.
            raise ReviewError(_("Email #%(id)s changed meanwhile; nothing was decided.") % {
                "id": email_id})
    return Outcome(True, _("Email #%(id)s routed by hand: %(route)s.") % {
        "id": email_id, "route": labels.route(route).lower()})
