"""Side effects of a decision, one place, each idempotent.

Escalation, ticket and forward are one-to-one with the email; a notification has a
unique key. So a re-run of the same task, a redelivered message or a re-triage finds
the existing row and sends nothing new. Notifications are created inside the
decision's transaction and sent after commit; the sweeper sends any left pending.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import F
from django.utils import timezone

from triage.mime import NOTIFICATION_HEADER
from triage.models import (
    ESCALATION_TRANSITIONS,
    Escalation,
    Forward,
    InboundEmail,
    Notification,
    Ticket,
    TicketVersion,
    TriageRun,
)
from triage.routes import Department, Route
from triage.sanitize import escape_invisible
from triage.services.audit import audit_write
from triage.services.status import email_transition

log = logging.getLogger(__name__)


def route_apply(email: InboundEmail, run: TriageRun, route: Route, *, old: str, reason: str,
                kind: str, actor=None, department: str = "",
                ticket_data: dict | None = None) -> bool:
    """Move the email to its route's status and open what that route opens: an
    escalation for the desk, a ticket draft, a forward. One path for the pipeline's
    decision and for a person's. False, with nothing opened, when the email left
    ``old`` meanwhile (someone else moved it)."""
    if not email_transition(email.pk, old=old, new=route.status, reason=reason, kind=kind,
                            actor=actor, data={"run": run.pk}, current_run=run,
                            processing_task_id=""):
        return False
    if route == Route.ESCALATED:
        escalation_open(email, run, actor=actor)
    elif route == Route.TICKET:
        ticket_open_draft(email, run, ticket_data or {"claim": {}, "checklist": []})
    elif route == Route.FORWARDED:
        forward_create(email, run, department or Department.OTHER)
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
    lines = []
    if not created:
        escalation = Escalation.objects.select_for_update().get(pk=escalation.pk)
        if Escalation.State.PENDING in ESCALATION_TRANSITIONS[escalation.state]:
            was = escalation_reopen(escalation, run, actor=actor)
            lines.append(f"RE-OPENED: it was {was}. The email was escalated again.")
    lines += [
        f"Escalated inbound email #{email.pk}",
        f"From: {_safe(email.from_header)}",
        f"Subject: {_safe(email.subject)}",
        f"Exposure: USD {run.exposure_usd:,.2f}" if run.exposure_usd is not None
        else "Exposure: not stated",
        f"Response deadline: {run.response_deadline or 'not stated'}",
        f"Model triggers: {_safe(', '.join(run.model_triggers)) or 'none'}",
        f"Backstop triggers: {_safe('; '.join(run.backstop_triggers)) or 'none'}",
        f"Decided by: {run.provider} ({run.model_name})",
    ]
    # Re-runs of one decision notify once; each re-opening is news of its own.
    key = f"escalation:{email.pk}" + (f":reopened:{escalation.reopen_count}"
                                      if escalation.reopen_count else "")
    notification_create(
        key=key, email=email, kind="escalation",
        recipients=settings.TRIAGE_TRADING_DESK_EMAILS,
        subject=f"[ESCALATION] {_safe(email.subject)[:150]}", body="\n".join(lines),
    )
    return escalation


def escalation_reopen(escalation: Escalation, run: TriageRun, *, actor=None) -> str:
    """Back to pending with the new run's figures; the old closure stays in the audit
    row. Returns what it was, for the notification. Call with the row locked."""
    was = escalation.get_state_display().lower()
    if escalation.closed_by:
        was += f" by {escalation.closed_by.get_username()}"
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
                reason="the email was escalated again")
    return was


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


def forward_create(email: InboundEmail, run: TriageRun, department: str) -> Forward:
    address = settings.TRIAGE_DEPARTMENT_EMAILS.get(department) or \
        settings.TRIAGE_DEPARTMENT_EMAILS[Department.OTHER]
    forward, _ = Forward.objects.get_or_create(
        email=email, defaults={"run": run, "department": department, "to_address": address}
    )
    notification_create(
        key=f"forward:{email.pk}", email=email, kind="forward", recipients=[forward.to_address],
        subject=f"[{forward.department}] {_safe(email.subject)[:150]}",
        body=(
            f"Inbound email #{email.pk} routed to {forward.department}.\n"
            f"From: {_safe(email.from_header)}\nSubject: {_safe(email.subject)}\n"
            f"Decided by: {run.provider} ({run.model_name})\n\n"
            f"{email.text_body[:20000]}"
        ),
    )
    return forward


def notification_create(*, key: str, email: InboundEmail, kind: str, recipients: list[str],
                        subject: str, body: str) -> Notification:
    notification, created = Notification.objects.get_or_create(
        key=key,
        defaults={"email": email, "kind": kind, "recipients": list(recipients),
                  "subject": subject.replace("\n", " ")[:998], "body": body},
    )
    if created:
        transaction.on_commit(lambda: notification_send(notification.pk))
    return notification


def notification_send(notification_id: int) -> int:
    """Send one pending notification; 1 if this call sent it. The conditional update
    makes concurrent senders (on-commit hook, sweeper) send it once."""
    stale = timezone.now() - timedelta(minutes=10)
    claimed = Notification.objects.filter(pk=notification_id, state=Notification.State.PENDING) \
        .update(state=Notification.State.SENDING, attempts=F("attempts") + 1)
    if not claimed:
        # A sender that died mid-send leaves SENDING behind; retry after a while.
        claimed = Notification.objects.filter(
            pk=notification_id, state=Notification.State.SENDING, created_at__lt=stale
        ).update(attempts=F("attempts") + 1)
        if not claimed:
            return 0
    n = Notification.objects.get(pk=notification_id)
    message = EmailMessage(
        subject=n.subject, body=n.body, from_email=settings.DEFAULT_FROM_EMAIL, to=n.recipients,
        headers={
            # RFC 3834: auto-responders must not answer, and our ingestion knows
            # this is our own mail if it ever comes back.
            "Auto-Submitted": "auto-generated",
            NOTIFICATION_HEADER: f"{n.kind}; email={n.email_id}",
            "X-Auto-Response-Suppress": "All",
        },
    )
    try:
        message.send(fail_silently=False)
    except Exception as exc:  # noqa: BLE001 - SMTP errors of every kind: retry later
        state = Notification.State.FAILED if n.attempts >= 5 else Notification.State.PENDING
        Notification.objects.filter(pk=n.pk).update(state=state, last_error=str(exc)[:2000])
        log.warning("notification %s not sent: %s", n.pk, exc)
        return 0
    _mark_sent(n.pk)
    return 1


def _mark_sent(notification_id: int) -> None:
    """The mail is out: record it, once more on a fresh connection if the database
    dropped ours meanwhile. Left ``sending``, it would be sent again after ten
    minutes, and with many runs in flight per worker a dropped connection finds one."""
    for attempt in (1, 2):
        try:
            Notification.objects.filter(pk=notification_id).update(
                state=Notification.State.SENT, sent_at=timezone.now(), last_error="")
            return
        except (OperationalError, InterfaceError):
            if attempt == 2 or connection.in_atomic_block:
                raise
            connection.close()


def _safe(value: str) -> str:
    return escape_invisible(value)
