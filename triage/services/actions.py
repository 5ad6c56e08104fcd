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
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from triage import formats, labels, metrics
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
            with translation.override(settings.TRIAGE_NOTIFICATION_LANGUAGE):
                lines.append(_("RE-OPENED: it was %(was)s. The email was escalated again.")
                             % {"was": was})
    # Mailboxes have no browser to ask: the body is in the configured language.
    with translation.override(settings.TRIAGE_NOTIFICATION_LANGUAGE):
        none = _("none")
        lines += _warnings(email, run) + [
            _("Escalated inbound email #%(id)s") % {"id": email.pk},
            _("From: %(sender)s") % {"sender": _safe(email.from_header)},
            _("Subject: %(subject)s") % {"subject": _safe(email.subject)},
            _("Exposure: %(exposure)s") % {"exposure": labels.exposure(
                run.exposure_usd, run.exposure_amount, run.exposure_currency,
                settings.TRIAGE_USD_RATES) if run.exposure_usd is not None
                or run.exposure_amount is not None else _("not stated")},
            _("Response deadline: %(deadline)s") % {
                "deadline": formats.day(run.response_deadline) if run.response_deadline
                else _("not stated")},
            _("Model triggers: %(triggers)s") % {"triggers": _safe(", ".join(
                map(labels.model_trigger, run.model_triggers))) or none},
            _("Backstop triggers: %(triggers)s") % {
                "triggers": _safe(labels.sentences(run.backstop_triggers)) or none},
            *_decided_by(run),
            _console_link(email),
        ]
        subject = _("[ESCALATION] %(subject)s") % {"subject": _safe(email.subject)[:150]}
    # Re-runs of one decision notify once; each re-opening is news of its own.
    key = f"escalation:{email.pk}" + (f":reopened:{escalation.reopen_count}"
                                      if escalation.reopen_count else "")
    notification_create(
        key=key, email=email, kind="escalation",
        recipients=settings.TRIAGE_TRADING_DESK_EMAILS, subject=subject, body="\n".join(lines),
    )
    return escalation


def escalation_reopen(escalation: Escalation, run: TriageRun, *, actor=None) -> str:
    """Back to pending with the new run's figures; the old closure stays in the audit
    row. Returns what it was, for the notification. Call with the row locked."""
    with translation.override(settings.TRIAGE_NOTIFICATION_LANGUAGE):
        was = escalation.get_state_display().lower()
        if escalation.closed_by:
            was = _("%(state)s by %(user)s") % {"state": was,
                                                "user": escalation.closed_by.get_username()}
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
    forward, _created = Forward.objects.get_or_create(
        email=email, defaults={"run": run, "department": department, "to_address": address}
    )
    with translation.override(settings.TRIAGE_NOTIFICATION_LANGUAGE):
        name = labels.department(forward.department)
        subject = f"[{name}] {_safe(email.subject)[:150]}"
        head = "\n".join([
            _("Inbound email #%(id)s routed to %(department)s.") % {"id": email.pk,
                                                                    "department": name},
            _("From: %(sender)s") % {"sender": _safe(email.from_header)},
            _("Subject: %(subject)s") % {"subject": _safe(email.subject)},
            *_decided_by(run),
            _console_link(email),
        ])
        warnings = _warnings(email, run)
    notification_create(
        key=f"forward:{email.pk}", email=email, kind="forward", recipients=[forward.to_address],
        subject=subject, body="\n".join([*warnings, head, "", email.text_body[:20000]]),
    )
    return forward


def _warnings(email: InboundEmail, run: TriageRun) -> list[str]:
    """Every review signal any run of this email raised, bank-detail changes first, in a
    box at the top: a person who decided by hand has seen them, the recipient has not.
    Called inside the notification language."""
    signals: list[str] = []
    for past in [run, *email.runs.exclude(pk=run.pk).order_by("-attempt")]:
        signals += [s for s in (past.review_signals or []) if s not in signals]
    if not signals:
        return []
    signals.sort(key=lambda s: not s.startswith("bank details change"))
    rule = "=" * 72
    return [rule, _("WARNING: read before acting on this email"), rule,
            *[f"* {_safe(labels.sentence(s))}" for s in signals], rule, ""]


def _decided_by(run: TriageRun) -> list[str]:
    decision = run.decision or {}
    if decision.get("manual"):
        return [_("Decided by: %(person)s (manual decision)")
                % {"person": _safe(str(decision.get("by", run.model_name)))},
                _("Their reason: %(reason)s") % {"reason": _safe(str(decision.get("reason", "")))}]
    who = _("the backstop (objective facts)") if run.backstop_overrode else _("the model")
    return [_("Decided by: %(who)s; provider %(provider)s (%(model)s)")
            % {"who": who, "provider": run.provider, "model": run.model_name}]


def _console_link(email: InboundEmail) -> str:
    if not settings.TRIAGE_CONSOLE_URL:
        return _("Console: TRIAGE_CONSOLE_URL is not set (open email #%(id)s there)") % {
            "id": email.pk}
    path = reverse("admin:triage_inboundemail_change", args=[email.pk])
    return _("Console: %(url)s") % {"url": f"{settings.TRIAGE_CONSOLE_URL}{path}"}


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
        metrics.notification_failed(n.kind, final=state == Notification.State.FAILED)
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
