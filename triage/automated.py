"""Mail that is machine-sent: what is stored but never triaged (our own notifications
coming back, bounces, a plain out-of-office reply) and what is triaged with a hint for
staff (other auto-replies, no-reply senders). Pure: no Django; ``triage.mime`` asks
these questions of every message."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import Message

from triage.mimeheaders import Headers
from triage.readers import signals
from triage.readers.dates import find_deadlines
from triage.readers.money import find_amounts
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
    notifications (bounces); a plain out-of-office reply is the third (``out_of_office``,
    which needs the body: ``Code.OUT_OF_OFFICE``). Other machine-sent mail (an ERP's
    claim, an auto-reply that says something) is triaged like any other;
    ``automated_hint`` says why it looks automated."""
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


# --- out-of-office replies -------------------------------------------------------------

# A longer reply is not plain: a person reads it (the readers below stay cheap too).
OUT_OF_OFFICE_MAX_CHARS = 20_000
# What mail clients and people put first in an automatic reply's subject, EN/PT/ES
# (Outlook/Exchange "Automatic reply:", Lotus "Out of Office:", Gmail's vacation subject
# as its owner writes it). The short words need a separator after them: "Ausente: ..."
# is an absence notice, "Ausente na reunião de ontem ..." a person writing.
_SUBJECT = re.compile(
    r"\s*(?:(?:automatic|auto)[ -]?(?:reply|response)|autoreply|out of (?:the )?office"
    r"|resposta autom[aá]tica|respuesta autom[aá]tica|fora do escrit[oó]rio"
    r"|fuera de (?:la )?oficina|(?:ausente|aus[eê]ncia|ausencia|auto)\s*(?:[:\-–(]|$))",
    re.I)
# The same absence in a body's opening, read only when a header says the mail is
# automatic but not that it is a reply (Exchange's X-Auto-Response-Suppress, an
# Auto-Submitted: auto-generated absence notice).
_BODY = re.compile(
    r"\b(?:out of (?:the )?office|on (?:annual |parental |sick )?leave|on (?:vacation|holiday)"
    r"|away from (?:the )?office|automatic reply|fora do escrit[oó]rio|de f[eé]rias"
    r"|ausente|resposta autom[aá]tica|fuera de (?:la )?oficina|de vacaciones"
    r"|respuesta autom[aá]tica)\b", re.I)


def auto_reply(message: Message, subject: str) -> str:
    """Why a message reads as an automatic reply (the header or the subject that says
    so), or '' when nothing does. A weak sign (``X-Auto-Response-Suppress``, which
    Exchange also sets on other mail, or ``Auto-Submitted: auto-generated``, which an
    ERP's claim notice carries) is returned with a leading ``?``: ``out_of_office``
    needs the body's own words beside it."""
    head = Headers(message, {})
    auto = head.first("auto-submitted").lower()
    if auto.startswith("auto-replied"):
        return f"Auto-Submitted: {auto[:40]}"
    for header in ("x-autoreply", "x-autorespond"):
        value = head.first(header).lower()
        if value and value not in ("no", "false", "0"):
            return f"{header}: {value[:40]}"
    if head.first("precedence").lower() == "auto_reply":
        return "Precedence: auto_reply"
    if _SUBJECT.match(subject):
        return f"subject: {subject[:80]}"
    suppress = head.first("x-auto-response-suppress").lower()
    if "oof" in suppress or "all" in suppress:
        return f"?X-Auto-Response-Suppress: {suppress[:40]}"
    if auto.startswith("auto-generated"):
        return f"?Auto-Submitted: {auto[:40]}"
    return ""


def out_of_office(why: str, text: str, *, received: datetime | None,
                  attachments_with_text: bool) -> str:
    """The evidence that a message is a plain automatic reply, to store and show but
    never forward, or ''. ``why`` is ``auto_reply``'s answer; ``text`` the subject, the
    body and the HTML's visible text. Plain: short, no attachment with text, and the
    rules read in it no claim or threat, no amount, no deadline and no bank details.
    An automatic reply that carries any of them is triaged like any other mail."""
    if not why or attachments_with_text or len(text) > OUT_OF_OFFICE_MAX_CHARS:
        return ""
    if why.startswith("?"):
        if not _BODY.search(text[:2000]):
            return ""
        why = why[1:]
    if (signals.has_claim_signal(text) or find_amounts(text)
            or find_deadlines(text, received or datetime.now(UTC))
            or signals.bank_change_signal(text) or signals.bank_accounts(text)):
        return ""
    return why
