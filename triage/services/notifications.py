"""What is sent, to whom and when: the desk hears of an escalation, a department of a
forward. A notification row is created in the decision's transaction, under a unique
key, so a re-run of the same decision finds it and sends nothing new; it is sent after
commit, and the sweeper sends any left pending.

The words are Django templates per language (``templates/triage/notifications/<lang>/``)
rendered from the decision's structured facts; this module only gathers the facts.
Mailboxes have no browser to ask, so the language is ``TRIAGE_NOTIFICATION_LANGUAGE``.
"""

from __future__ import annotations

import logging
import uuid
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMessage
from django.core.mail.message import make_msgid
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import pgettext_lazy

from triage import formats, labels, metrics
from triage.mime import NOTIFICATION_HEADER
from triage.models import Escalation, Forward, InboundEmail, Notification, TriageRun
from triage.routes import Code
from triage.sanitize import escape_invisible as _safe
from triage.signing import outbound_header

log = logging.getLogger(__name__)

MAX_SENDS = 5  # attempts before a notification is left failed for a person to see
FORWARDED_TEXT_CHARS = 20_000  # of the email's text carried in a forward


def notification_queue_escalation(email: InboundEmail, escalation: Escalation, run: TriageRun,
                                  *, reopened: dict | None = None) -> Notification:
    """Tell the trading desk. Re-runs of one decision notify once; each re-opening
    (``reopened``: the state and closer it had, from ``escalation_reopen``) is news
    of its own."""
    key = f"escalation:{email.pk}" + (f":reopened:{escalation.reopen_count}"
                                      if escalation.reopen_count else "")
    with translation.override(settings.TRIAGE_NOTIFICATION_LANGUAGE):
        context = {
            **_facts(email, run),
            "reopened": _was(reopened) if reopened else "",
            "exposure": labels.exposure(run.exposure_usd, run.exposure_amount,
                                        run.exposure_currency, settings.TRIAGE_USD_RATES)
            if run.exposure_usd is not None or run.exposure_amount is not None else "",
            "deadline": formats.day(run.response_deadline) if run.response_deadline else "",
            "model_triggers": [_safe(labels.model_trigger(t)) for t in run.model_triggers],
            "backstop_triggers": [_safe(labels.reason(t)) for t in run.backstop_triggers],
        }
    return _queue(key=key, email=email, kind="escalation", template="escalation",
                  recipients=settings.TRIAGE_TRADING_DESK_EMAILS, context=context)


def notification_queue_forward(email: InboundEmail, forward: Forward,
                               run: TriageRun) -> Notification:
    """Send the email on to its department, the decision and any warning on top."""
    with translation.override(settings.TRIAGE_NOTIFICATION_LANGUAGE):
        context = {**_facts(email, run), "department": labels.department(forward.department),
                   "quoted": quote(email.text_body[:FORWARDED_TEXT_CHARS])}
    return _queue(key=f"forward:{email.pk}", email=email, kind="forward", template="forward",
                  recipients=[forward.to_address], context=context)


# What a hand-over names, in the notification language; the console page of each kind.
_ITEMS = {
    "escalation": (pgettext_lazy("handed over", "the escalation"),
                   "admin:triage_escalation_change"),
    "ticket": (pgettext_lazy("handed over", "the ticket draft"), "admin:triage_ticket_change"),
    "email": (pgettext_lazy("handed over", "the email to decide"),
              "admin:triage_inboundemail_change"),
}


def notification_queue_handover(email_id: int, *, kind: str, pk: int, to, by
                                ) -> Notification | None:
    """Tell the person an item was handed to (nothing when they have no address)."""
    if not to.email:
        return None
    email = InboundEmail.objects.only("pk", "subject").get(pk=email_id)
    item, page = _ITEMS[kind]
    with translation.override(settings.TRIAGE_NOTIFICATION_LANGUAGE):
        context = {"item": str(item), "number": pk, "email_id": email_id,
                   "by": by.get_full_name() or by.get_username(),
                   "subject_line": _safe(email.subject)[:150],
                   "console_url": f"{settings.TRIAGE_CONSOLE_URL}{reverse(page, args=[pk])}"
                   if settings.TRIAGE_CONSOLE_URL else ""}
    # A key of its own per hand-over: handing the same item over again is news again.
    return _queue(key=f"handover:{kind}:{pk}:{uuid.uuid4().hex}", email=email,
                  kind="handover", template="handover", recipients=[to.email],
                  context=context)


def quote(text: str) -> str:
    """The sender's text with "> " before every line (every kind of line break): a
    sender can write lines that look like ours ("Decided by: ..."), never one that does
    not start with the quote mark, so our words and theirs stay apart."""
    return "\n".join(f"> {line}".rstrip() for line in text.splitlines() or [""])


def _facts(email: InboundEmail, run: TriageRun) -> dict:
    """What every notification carries: who sent what, who decided, the warnings and
    the link. Everything a sender or a model wrote has its invisible characters made
    visible. Called inside the notification language."""
    decision = run.decision or {}
    return {
        "email_id": email.pk,
        "sender": _safe(email.from_header),
        "subject": _safe(email.subject),
        "subject_line": _safe(email.subject)[:150],
        "warnings": _warnings(email, run),
        "rule": "=" * 72,
        "decided": {
            "manual": bool(decision.get("manual")),
            "person": _safe(str(decision.get("by", run.model_name))),
            "reason": _safe(str(decision.get("reason", ""))),
            "backstop": run.backstop_overrode,
            "provider": run.provider, "model": run.model_name,
        },
        "console_url": (f"{settings.TRIAGE_CONSOLE_URL}"
                        f"{reverse('admin:triage_inboundemail_change', args=[email.pk])}"
                        if settings.TRIAGE_CONSOLE_URL else ""),
    }


def _warnings(email: InboundEmail, run: TriageRun) -> list[str]:
    """Every review signal any run of this email raised, bank-detail changes first: a
    person who decided by hand has seen them, the recipient has not."""
    signals: list[dict] = []
    for past in [run, *email.runs.exclude(pk=run.pk).order_by("-attempt")]:
        signals += [s for s in (past.review_signals or []) if s not in signals]
    signals.sort(key=lambda s: s.get("code") != Code.BANK_CHANGE)
    return [_safe(labels.reason(s)) for s in signals]


def _was(reopened: dict) -> dict:
    return {"state": str(dict(Escalation.State.choices)[reopened["state"]]).lower(),
            "by": reopened.get("closed_by") or ""}


def _queue(*, key: str, email: InboundEmail, kind: str, template: str,
           recipients: list[str], context: dict) -> Notification:
    """Render and store once under ``key``; the send waits for the caller's commit."""
    folder = f"triage/notifications/{settings.TRIAGE_NOTIFICATION_LANGUAGE}"
    subject = render_to_string(f"{folder}/{template}_subject.txt", context)
    body = render_to_string(f"{folder}/{template}.txt", context)
    notification, created = Notification.objects.get_or_create(
        key=key,
        defaults={"email": email, "kind": kind, "recipients": list(recipients),
                  "subject": subject.strip().replace("\n", " ")[:998], "body": body.rstrip()},
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
    domain = settings.DEFAULT_FROM_EMAIL.rpartition("@")[2].strip("> ") or None
    message_id = make_msgid(domain=domain)
    message = EmailMessage(
        subject=n.subject, body=n.body, from_email=settings.DEFAULT_FROM_EMAIL, to=n.recipients,
        headers={
            # RFC 3834: auto-responders must not answer, and our ingestion knows
            # this is our own mail if it ever comes back.
            "Auto-Submitted": "auto-generated",
            "Message-ID": message_id,
            NOTIFICATION_HEADER: outbound_header(settings.SECRET_KEY, n.kind, n.email_id,
                                                 message_id),
            "X-Auto-Response-Suppress": "All",
        },
    )
    try:
        message.send(fail_silently=False)
    except Exception as exc:  # noqa: BLE001 - SMTP errors of every kind: retry later
        state = (Notification.State.FAILED if n.attempts >= MAX_SENDS
                 else Notification.State.PENDING)
        Notification.objects.filter(pk=n.pk).update(state=state, last_error=str(exc)[:2000])
        metrics.notification_failed(n.kind, final=state == Notification.State.FAILED)
        log.warning("notification %s not sent: %s", n.pk, exc)
        return 0
    _mark_sent(n.pk)
    return 1


def notification_send_pending(*, older_than_s: int = 60, limit: int = 500) -> int:
    """The sweeper's part: send what the on-commit hook did not (a worker died, SMTP
    was down). How many went out."""
    pending = Notification.objects.filter(
        state=Notification.State.PENDING,
        created_at__lt=timezone.now() - timedelta(seconds=older_than_s),
    ).values_list("pk", flat=True)[:limit]
    return sum(notification_send(pk) for pk in pending)


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
