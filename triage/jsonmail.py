"""The signed webhook's JSON delivery: validate it into message fields, and rebuild
it as an RFC 5322 message, so JSON goes through the same parser as raw MIME and a
stored JSON delivery downloads as ``.eml``. Pure: no Django."""

from __future__ import annotations

import base64
import binascii
import json
import re
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage

from triage.mimeheaders import EARLIEST_DATE, LATEST_DATE, in_date_range, read_addresses

_BREAKS = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]+")


class BadRequest(Exception):
    """The body is authenticated but not a message we can store (HTTP 400)."""


# A delivery is at most three levels deep (object > attachments > attachment); the
# margin is for ESP payloads. Checked before json.loads, whose C scanner otherwise
# recurses until RecursionError, and leaves nesting it accepted to whoever reads it.
MAX_JSON_DEPTH = 32
# Strings go first, so brackets inside them are text. An unterminated string runs to
# the end (the trailing '"?'), so every match starts at a quote and nothing is
# rescanned: linear on hostile input.
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
# A \uD800-\uDFFF escape: json.loads takes a lone one into a str no database or
# encoder can write. A pair (an emoji) is one character once loaded, so only bodies
# with such an escape have their strings checked.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


def _too_few_openers(data: bytes) -> bool:
    return data.count(b"[") + data.count(b"{") <= MAX_JSON_DEPTH


def _check_depth(body: bytes) -> None:
    if _too_few_openers(body):
        return  # nearly every real delivery: it cannot nest too deep
    skeleton = _JSON_STRING.sub(b"", body).translate(None, _NOT_BRACKETS)
    if _too_few_openers(skeleton):
        return
    depth = 0
    for char in skeleton:
        if char in b"[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise BadRequest(f"body is not valid JSON: nested deeper than "
                                 f"{MAX_JSON_DEPTH} levels")
        else:
            depth -= 1


def load_json(body: bytes, *, object_pairs_hook=None) -> object:
    """``json.loads`` that answers BadRequest with the reason for every way a body can
    fail: bad syntax or encoding, nesting, an integer over Python's 4300-digit limit."""
    _check_depth(body)
    try:
        data = json.loads(body, object_pairs_hook=object_pairs_hook)
    except UnicodeDecodeError as exc:
        raise BadRequest(f"body is not valid JSON: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise BadRequest(f"body is not valid JSON: {exc}") from exc
    except RecursionError as exc:  # the depth check makes this unreachable; kept closed
        raise BadRequest("body is not valid JSON: nested too deeply") from exc
    except ValueError as exc:
        # int(): "Exceeds the limit (4300 digits) for integer string conversion"
        raise BadRequest("body is not valid JSON: a number is too large") from exc
    if _SURROGATE_ESCAPE.search(body):
        _check_text(data)
    return data


def _check_text(value: object) -> None:
    """BadRequest for a lone surrogate anywhere in a loaded value, as for a body that
    is not UTF-8: it is no character. (Depth is bounded by ``_check_depth``.)"""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise BadRequest(f"body is not valid JSON text: a lone surrogate "
                             f"({value[exc.start]!r}) is not a character") from exc
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key)
            _check_text(item)
    elif isinstance(value, list | tuple):
        for item in value:
            _check_text(item)


def _str_field(data: dict, name: str, *, required: bool = False) -> str:
    value = data.get(name)
    if value is None:
        if required:
            raise BadRequest(f"'{name}' is required")
        return ""
    if not isinstance(value, str):
        raise BadRequest(f"'{name}' must be a string")
    return value


def _list_field(data: dict, name: str) -> list[str]:
    value = data.get(name) or []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadRequest(f"'{name}' must be a list of strings")
    return value


def parse_json(body: bytes) -> dict:
    """Validate a JSON delivery into message fields (BadRequest with the reason).
    ``received_at`` is when the sender says it sent the message: it becomes the
    ``Date:`` shown, never our receipt time, from which deadlines count."""
    data = load_json(body)
    if not isinstance(data, dict):
        raise BadRequest("body must be a JSON object")
    sender = _str_field(data, "from", required=True)
    if "@" not in sender:
        raise BadRequest("'from' must contain an email address")
    text, html = _str_field(data, "text"), _str_field(data, "html")
    subject = _str_field(data, "subject")
    if not (text or html or subject):
        raise BadRequest("one of 'subject', 'text' or 'html' is required")
    date = _date_field(data, "received_at")
    attachments = []
    raw_attachments = data.get("attachments") or []
    if not isinstance(raw_attachments, list):
        raise BadRequest("'attachments' must be a list")
    for i, item in enumerate(raw_attachments):
        if not isinstance(item, dict):
            raise BadRequest(f"attachments[{i}] must be an object")
        try:
            content = base64.b64decode(_str_field(item, "content_base64", required=True),
                                       validate=True)
        except (binascii.Error, ValueError) as exc:
            raise BadRequest(f"attachments[{i}].content_base64 is not valid base64") from exc
        ctype = _str_field(item, "content_type") or "application/octet-stream"
        if "/" not in ctype or _BREAKS.search(ctype):
            raise BadRequest(f"attachments[{i}].content_type must be type/subtype")
        # A name is one line, in the message we build and on the row (a header value).
        name = one_line(_str_field(item, "filename"))
        attachments.append((name or f"attachment-{i + 1}", ctype, content))
    fields = dict(
        message_id=_str_field(data, "message_id"),
        from_header=sender,
        to=_list_field(data, "to"),
        cc=_list_field(data, "cc"),
        subject=subject,
        text=text,
        html=html,
        date=date,
        in_reply_to=_str_field(data, "in_reply_to"),
        attachments=attachments,
    )
    return fields


def _date_field(data: dict, name: str) -> datetime | None:
    raw = _str_field(data, name)
    if not raw:
        return None
    try:
        value = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError as exc:
        raise BadRequest(f"'{name}' must be an ISO 8601 timestamp") from exc
    value = value if value.tzinfo else value.replace(tzinfo=UTC)
    if not in_date_range(value):
        raise BadRequest(f"'{name}' must be between {EARLIEST_DATE:%Y-%m-%d} and "
                         f"{LATEST_DATE:%Y-%m-%d}")
    return value


def json_to_eml(body: bytes) -> bytes:
    """The stored JSON delivery as an RFC 822 message, for download. A delivery that
    no longer validates (the rules grew stricter since) is attached as it is."""
    try:
        fields = parse_json(body)
    except BadRequest as exc:
        msg = EmailMessage(policy=policy.default)
        _set_header(msg, "Subject", "stored JSON delivery that no longer validates")
        msg.set_content(f"{exc}\n\nThe delivery as received is attached.\n")
        msg.add_attachment(body, maintype="application", subtype="json",
                           filename="delivery.json")
        return msg.as_bytes()
    return build_message(**fields).as_bytes()


def build_message(
    *,
    message_id: str,
    from_header: str,
    to: list[str],
    cc: list[str],
    subject: str,
    text: str,
    html: str,
    date: datetime | None,
    in_reply_to: str,
    attachments: list[tuple[str, str, bytes]],
) -> EmailMessage:
    """An RFC 5322 message from JSON webhook fields, so JSON goes through the same
    parser as raw MIME and can be downloaded as ``.eml``."""
    msg = EmailMessage(policy=policy.default.clone(raise_on_defect=False))
    if message_id:
        _set_header(msg, "Message-ID", f"<{message_id.strip().strip('<>')}>")
    if from_header:
        _set_header(msg, "From", from_header, address=True)
    if to:
        _set_header(msg, "To", ", ".join(to), address=True)
    if cc:
        _set_header(msg, "Cc", ", ".join(cc), address=True)
    _set_header(msg, "Subject", subject)
    if date:
        msg["Date"] = date
    if in_reply_to:
        _set_header(msg, "In-Reply-To", f"<{in_reply_to.strip().strip('<>')}>")
    if text:
        msg.set_content(text)
    if html:
        if text:
            msg.add_alternative(html, subtype="html")
        else:
            msg.set_content(html, subtype="html")
    for filename, ctype, content in attachments:
        maintype, _, subtype = (ctype or "application/octet-stream").partition("/")
        msg.add_attachment(content, maintype=maintype, subtype=subtype or "octet-stream",
                           filename=filename)
    return msg


def one_line(value: str) -> str:
    """``value`` with line breaks and control characters as single spaces."""
    return " ".join(_BREAKS.sub(" ", value).split())


def _set_header(msg: EmailMessage, name: str, value: str, *, address: bool = False) -> None:
    """One line of at most 998 characters: a stored CR or LF must neither break the
    download nor start a header of its own. An address the header parser cannot take
    (nested comments) is written as its bare addresses."""
    line = one_line(value)
    try:
        msg[name] = line[:998]
    except Exception:  # noqa: BLE001 - fall back to what can always be written
        bare = ", ".join(read_addresses(line, {}, name.lower())[:100]) if address else ""
        if bare:
            msg[name] = bare
