"""Emails, where each one goes: the route a decision gives it (the pipeline's or a
person's, one path for both), a manual decision, and the forward to a department. A
route opens what it opens: an escalation (``escalations``), a ticket draft
(``tickets``), a forward (here), each once, so a re-run of the same decision finds the
existing row and sends nothing new. A re-triage puts the email back on the queue
(``queue.email_retriage``)."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from triage import labels, routes
from triage.models import Forward, InboundEmail, Status, TriageRun
from triage.routes import MANUAL_ROUTES, Department, Route
from triage.services import runs
from triage.services.escalations import escalation_raise
from triage.services.notifications import notification_queue_forward
from triage.services.outcome import Outcome, ReviewError
from triage.services.outcome import require as _require
from triage.services.status import email_decided
from triage.services.tickets import ticket_open_draft


def email_route(email: InboundEmail, run: TriageRun, *, old: str,
                reasons: list[dict] | None = None, note: str = "", kind: str, actor=None,
                department: str = "", ticket_data: dict | None = None) -> bool:
    """Move the email to its run's route and open what that route opens. False, with
    nothing opened, when the email left ``old`` meanwhile (someone else moved it).
    ``reasons``: the system's why (``routes.reason``); ``note``: a person's words."""
    route = Route(run.route)
    if route == Route.ESCALATED:
        return escalation_raise(email, run, old=old, reasons=reasons, note=note, kind=kind,
                                actor=actor)
    if not email_decided(email.pk, run, old=old, reasons=reasons, note=note, kind=kind,
                         actor=actor):
        return False
    if route == Route.TICKET:
        ticket_open_draft(email, run, ticket_data or {"claim": {}, "checklist": []})
    elif route == Route.FORWARDED:
        forward_open(email, run, department or Department.OTHER)
    return True


def forward_open(email: InboundEmail, run: TriageRun, department: str) -> Forward:
    """The email sent on to its department's address, once."""
    address = settings.TRIAGE_DEPARTMENT_EMAILS.get(department) or \
        settings.TRIAGE_DEPARTMENT_EMAILS[Department.OTHER]
    forward, _created = Forward.objects.get_or_create(
        email=email, defaults={"run": run, "department": department, "to_address": address}
    )
    notification_queue_forward(email, forward, run)
    return forward


def email_decide_manually(email_id: int, actor, *, route: str, department: str = "",
                          reason: str) -> Outcome:
    """Route an email the pipeline could not, through the same path it uses. The
    decision is a run of its own, with provider ``manual`` and the person's name."""
    _require(actor, "decide_manually")
    if route not in MANUAL_ROUTES:
        raise ReviewError(_("The route must be one of %(routes)s.") % {
            "routes": ", ".join(map(labels.route, MANUAL_ROUTES))})
    reason = reason.strip()
    if not reason:
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
        run = runs.run_record_manual(
            email, actor, Route(route), department=department, decision={"reason": reason},
            # The person's escalation stands where the model's triggers would, their
            # words as written.
            model_triggers=[routes.reason(routes.Code.DECIDED_BY_HAND, note=reason[:200])]
            if route == Route.ESCALATED else [],
            exposure_usd=previous.exposure_usd if previous else None,
            response_deadline=previous.response_deadline if previous else None)
        claim = (previous.decision or {}).get("claim") if previous else None
        if not email_route(email, run, old=email.status, note=reason,
                           kind="decided_manually", actor=actor, department=department,
                           ticket_data={"claim": claim or {}, "checklist": []}):
            # Rolls back the run: the email moved although its row was locked.
            raise ReviewError(_("Email #%(id)s changed meanwhile; nothing was decided.") % {
                "id": email_id})
    done = {Route.ESCALATED: _("Email #%(id)s escalated to the trading desk by hand."),
            Route.TICKET: _("Email #%(id)s: a ticket draft was opened by hand."),
            Route.FORWARDED: _("Email #%(id)s forwarded to %(department)s by hand.")}[route]
    return Outcome(True, done % {"id": email_id,
                                 "department": labels.department(department)})
