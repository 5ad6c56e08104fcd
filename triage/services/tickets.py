"""Tickets, claims staff's work: a draft opened when an email is routed to a ticket
(refreshed by a re-triage), corrected field by field, approved or rejected by someone
who did not correct it. Each version is a ``TicketVersion`` row; every change and its
audit row share a transaction, on the row locked, so an approval is of exactly the
version the reviewer saw. A correction that crosses the backstop escalates the email.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from triage import backstop, labels, routes
from triage.decision import Config
from triage.models import InboundEmail, Status, Ticket, TicketVersion, TriageRun
from triage.readers.dates import parse_date
from triage.routes import Route
from triage.services import notes, runs
from triage.services.audit import audit_write
from triage.services.escalations import escalation_raise
from triage.services.outcome import Outcome, ReviewError
from triage.services.outcome import require as _require


class StaleVersion(ReviewError):
    def __init__(self, seen: int, current: int) -> None:
        super().__init__(_("This ticket changed since you opened it: you saw version "
                           "%(seen)s, the current version is %(current)s. Review it again "
                           "before approving.") % {"seen": seen, "current": current})
        self.current = current


def ticket_open_draft(email: InboundEmail, run: TriageRun, data: dict) -> Ticket:
    """A draft waiting for approval. A re-triage refreshes an unapproved draft and
    bumps its version, so an approval of the old content is refused."""
    ticket, created = Ticket.objects.get_or_create(
        email=email, defaults={"run": run, "data": data}
    )
    if created:
        TicketVersion.objects.create(ticket=ticket, version=1, data=data, source="pipeline")
    elif ticket.state == Ticket.State.DRAFT and ticket.run_id != run.pk:
        Ticket.objects.filter(pk=ticket.pk).update(run=run, data=data, version=F("version") + 1,
                                                   last_corrected_by=None)
        ticket.refresh_from_db()
        TicketVersion.objects.create(ticket=ticket, version=ticket.version, data=data,
                                     source="pipeline")
    return ticket


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
        # A corrected value stands on the staff member's word, no longer on the quote.
        claim["grounding"] = {**(claim.get("grounding") or {}),
                              **dict.fromkeys(diff, "corrected")}
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
            "version": ticket.version, "triggers": labels.reasons(triggers)})
    return Outcome(True, _("Ticket corrected: now version %(version)s.") % {
        "version": ticket.version})


# Where a draft may be corrected and its correction still escalate: the ticket itself, or
# an email a re-triage sent to a person (the draft stays; approving it waits for a route).
_CORRECTABLE_FROM = (Status.TICKET, Status.NEEDS_REVIEW, Status.FAILED)


def _correction_backstop(ticket: Ticket, actor, claim: dict, changed: set[str]) -> list[dict]:
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
        received_at=now, email_text="", policy=Config.from_settings(history=False).policy)
    if not result.escalate:
        return []
    email = InboundEmail.objects.select_for_update().get(pk=ticket.email_id)
    if email.status not in _CORRECTABLE_FROM:
        return []  # on its way through triage again: that run decides (and nobody approves)
    triggers = [routes.reason(routes.Code.STAFF_CORRECTION, version=ticket.version,
                              date=now.date(), trigger=t) for t in result.triggers]
    run = runs.run_record_manual(
        email, actor, Route.ESCALATED,
        decision={"correction": {"ticket": ticket.pk, "version": ticket.version},
                  "claim": claim},
        backstop_triggers=triggers, backstop_overrode=True, exposure_usd=result.exposure_usd,
        exposure_amount=Decimal(str(amount)) if amount is not None else None,
        exposure_currency=(claim.get("exposure_currency") or "")[:3],
        response_deadline=result.deadline,
        contract_reference=(claim.get("contract_reference") or "")[:100],
        lot_reference=(claim.get("lot_reference") or "")[:100])
    escalation_raise(email, run, old=email.status, actor=actor, reasons=triggers,
                     kind="correction_escalated")
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
        if ticket.email.status != Status.TICKET:
            # A re-triage or a person sent it elsewhere: the draft is not what was decided
            # (and a correction made meanwhile must go through the backstop as a ticket's).
            raise ReviewError(_("This email is no longer a ticket (now: %(status)s); decide it "
                                "again before its draft can be approved.") % {
                "status": labels.route(ticket.email.status)})
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
