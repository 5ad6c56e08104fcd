"""Replies to the sender, written and sent by a person from the console. Nothing here
runs on its own: the pipeline never calls it, so no reply leaves without someone
pressing send. The reply threads in the sender's client (``In-Reply-To`` and
``References`` from the stored Message-ID) and carries our notification header, so a
copy that comes back to the inbox is stored but not triaged again."""

from __future__ import annotations

import logging
import re

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.mail.message import make_msgid
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from triage import labels
from triage.mime import NOTIFICATION_HEADER
from triage.models import Escalation, InboundEmail, Reply
from triage.routes import Code, reason
from triage.sanitize import strip_invisible
from triage.services.audit import audit_write
from triage.services.outcome import Outcome, ReviewError
from triage.services.outcome import require as _require
from triage.signing import outbound_header

log = logging.getLogger(__name__)

REPLY_MAX_CHARS = 10_000
SUBJECT_MAX_CHARS = 200
# The References we pass on: the thread's most recent ids are what clients use.
REFERENCES_KEPT = 10
_MSGID = re.compile(r"[!-;=?-~]{1,250}")  # printable ASCII without < > or spaces


def _msgid(value: str) -> str:
    value = value.strip().strip("<>")
    return f"<{value}>" if _MSGID.fullmatch(value) else ""


def threading_headers(email: InboundEmail) -> tuple[str, list[str]]:
    """``In-Reply-To`` and ``References`` for a reply to ``email``."""
    own = _msgid(email.message_id)
    refs = [r for r in (_msgid(x) for x in (email.references or [])) if r and r != own]
    refs = refs[-(REFERENCES_KEPT - 1):] + ([own] if own else [])
    return own, refs


def _recipient(email: InboundEmail) -> str:
    address = (email.from_address or "").strip()
    if email.automated:
        # A bounce's sender is named as what it is, not by its address: this message
        # is kept in the person's session until shown, where no erasure reaches it.
        raise ReviewError(_("This email was not triaged (%(why)s); it gets no reply.")
                          % {"why": labels.automated(email.automated, _("a mail server"))})
    try:
        validate_email(address)
    except ValidationError as exc:
        raise ReviewError(_("The sender's address is not one we can reply to.")) from exc
    if address.lower() in settings.TRIAGE_OWN_ADDRESSES:
        raise ReviewError(_("This email came from our own address; it gets no reply."))
    return address


def reply_require(actor, email_id: int) -> None:
    """Who may answer an email's sender: claims staff and triage admins
    (``reply_email``), and the trading desk on an escalation, the desk's own item,
    unless a colleague has taken it (they answer it)."""
    if actor and actor.is_active and actor.has_perm("triage.reply_email"):
        return
    _require(actor, "resolve_escalation")
    escalation = Escalation.objects.filter(email_id=email_id).select_related("assignee").first()
    if escalation is None:
        raise ReviewError(_("The trading desk answers the sender of an escalation; this email "
                            "has none."))
    if escalation.assignee_id not in (None, actor.pk):
        raise ReviewError(_("%(name)s has this escalation; they answer its sender.")
                          % {"name": escalation.assignee.get_username()})


def reply_send(email_id: int, actor, *, subject: str, body: str, template: str = "") -> Outcome:
    """Send a person's reply to the sender of ``email_id``: recorded (row and audit)
    first, then sent; a failure to send is recorded too and said."""
    reply_require(actor, email_id)
    # Bidi and zero-width characters stay out of what we send (and what threads show).
    subject = " ".join(strip_invisible(subject).split())
    body = strip_invisible(body).strip().replace("\r\n", "\n")
    if not body:
        raise ReviewError(_("A reply needs some text."))
    if len(body) > REPLY_MAX_CHARS or len(subject) > SUBJECT_MAX_CHARS:
        raise ReviewError(_("A reply is at most %(body)d characters, its subject at most "
                            "%(subject)d.") % {"body": REPLY_MAX_CHARS,
                                               "subject": SUBJECT_MAX_CHARS})
    email = InboundEmail.objects.only("pk", "from_address", "automated", "message_id",
                                      "references", "subject").get(pk=email_id)
    to = _recipient(email)
    in_reply_to, references = threading_headers(email)
    sender = settings.TRIAGE_REPLY_FROM_EMAIL
    domain = sender.rpartition("@")[2] or None
    with transaction.atomic():
        reply = Reply.objects.create(
            email=email, author=actor, to_address=to, subject=subject or _("Re: your message"),
            body=body, template=template[:32], message_id=make_msgid(domain=domain),
            in_reply_to=in_reply_to, references=references)
        audit_write(email.pk, "reply_recorded", actor=actor, target=f"reply:{reply.pk}",
                    reason=reply.subject, data={"to": to, "template": reply.template})
    return _deliver(reply)


def _deliver(reply: Reply) -> Outcome:
    headers = {"Message-ID": reply.message_id,
               NOTIFICATION_HEADER: outbound_header(settings.SECRET_KEY, "reply", reply.email_id,
                                                    reply.message_id)}
    if reply.in_reply_to:
        headers["In-Reply-To"] = reply.in_reply_to
    if reply.references:
        headers["References"] = " ".join(reply.references)
    message = EmailMessage(subject=reply.subject, body=reply.body,
                           from_email=settings.TRIAGE_REPLY_FROM_EMAIL, to=[reply.to_address],
                           headers=headers)
    try:
        message.send(fail_silently=False)
    except Exception as exc:  # noqa: BLE001 - SMTP errors of every kind: said, recorded
        with transaction.atomic():
            Reply.objects.filter(pk=reply.pk).update(state=Reply.State.FAILED,
                                                     error=str(exc)[:2000])
            audit_write(reply.email_id, "reply_failed", actor=reply.author,
                        target=f"reply:{reply.pk}",
                        reasons=[reason(Code.REPLY_NOT_SENT, error=str(exc)[:2000])])
        log.warning("reply %s not sent: %s", reply.pk, exc)
        # The message waits in the person's session (and the admin's log keeps it): it
        # names the email and the error's kind, never the server's text, which often
        # quotes the recipient; the reply's row keeps that text, which an erasure takes.
        return Outcome(False, _("The reply to the sender of email #%(id)s was recorded but "
                                "not sent (%(error)s); its page says why.")
                       % {"id": reply.email_id, "error": type(exc).__name__})
    Reply.objects.filter(pk=reply.pk).update(state=Reply.State.SENT, sent_at=timezone.now())
    return Outcome(True, _("Reply sent to the sender of email #%(id)s.") % {"id": reply.email_id})
