"""Mail that is machine-sent: what is stored but never triaged (our own notifications
coming back, bounces) and what is triaged with a hint for staff (auto-replies, no-reply
senders). Pure: no Django; ``triage.mime`` asks both questions of every message."""

from __future__ import annotations

import re
from email import message_from_bytes, policy
from email.message import Message

from triage.mimeheaders import Headers
from triage.routes import Code, reason

# A Message-ID in a header; ``triage.mime`` reads every message's with it too.
MSGID_RE = re.compile(r"<([^<>\s]+)>")
_BOUNCES = frozenset({Code.BOUNCE_REPORT, Code.BOUNCE_SENDER})

# Set on every notification and reply we send, so our own mail coming back is not triaged.
NOTIFICATION_HEADER = "X-Triage-Notification"
_BOUNCE_SENDERS = re.compile(r"(mailer-daemon|postmaster)@", re.I)
_NOREPLY_SENDERS = re.compile(r"(no-?reply|do-?not-?reply)[^@]*@", re.I)


def detect_automated(message: Message, from_address: str, own: list[str] | None = None) -> dict:
    """Why a message is stored but not triaged (a reason), or {}. Only what would loop
    or is no message from anyone: our own notifications coming back, and delivery status
    notifications (bounces). Other machine-sent mail (an ERP's claim, an out-of-office
    reply) is triaged like any other; ``automated_hint`` says why it looks automated."""
    head = Headers(message, {})
    if head.raw(NOTIFICATION_HEADER.lower()):
        return reason(Code.OWN_NOTIFICATION)
    if own and from_address and from_address.lower() in own:
        return reason(Code.OWN_ADDRESS)
    report_type = head.param("report-type").lower()
    if message.get_content_type() == "multipart/report" and report_type == "delivery-status":
        return reason(Code.BOUNCE_REPORT)
    if _BOUNCE_SENDERS.match(from_address or ""):
        return reason(Code.BOUNCE_SENDER, address=from_address[:200])
    return {}


def is_bounce(why: dict) -> bool:
    return why.get("code") in _BOUNCES


def notification_tag(message: Message) -> str:
    """The notification header's value as the message carries it ('' without one)."""
    return str(message.get(NOTIFICATION_HEADER) or "")[:200]


def returned_messages(message: Message) -> list[tuple[str, str]]:
    """(Message-ID, notification header) of each message a delivery report says it
    returns: the headers of a returned ``message/rfc822`` or ``text/rfc822-headers``
    part, then the report's own In-Reply-To and References (header ''). At most 20."""
    found: list[tuple[str, str]] = []
    for part in message.walk() if message.is_multipart() else []:
        ctype = part.get_content_type()
        inner = None
        if ctype == "message/rfc822":
            inner = part.get_payload()
            inner = inner[0] if isinstance(inner, list) and inner else inner
        elif ctype == "text/rfc822-headers":
            raw = part.get_payload(decode=True) or b""
            inner = message_from_bytes(raw[:65536], policy=policy.compat32)
        if isinstance(inner, Message) and (ids := MSGID_RE.findall(str(inner.get("message-id")
                                                                      or ""))):
            found.append((ids[0], notification_tag(inner)))
        if len(found) >= 20:
            break
    for header in ("in-reply-to", "references"):
        found += [(i, "") for i in MSGID_RE.findall(str(message.get(header) or ""))[-10:]]
    return found[:20]


def automated_hint(message: Message, from_address: str) -> str:
    """Why a message looks machine-sent (RFC 3834 headers, a no-reply sender), for
    staff to see; '' when nothing says so. We never auto-reply, so it is triaged."""
    head = Headers(message, {})
    auto = head.first("auto-submitted").lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto[:40]}"
    precedence = head.first("precedence").lower()
    if precedence in {"bulk", "junk", "auto_reply", "list"}:
        return f"Precedence: {precedence}"
    for header in ("X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress"):
        value = head.first(header.lower()).lower()
        if value and (header != "X-Auto-Response-Suppress" or "all" in value or "oof" in value):
            return f"{header}: {value[:40]}"
    if _NOREPLY_SENDERS.match(from_address or ""):
        return f"no-reply sender {from_address}"
    return ""
