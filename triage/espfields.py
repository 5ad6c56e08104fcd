"""What an ESP's parsed fields say, as one RFC 5322 message (``triage.mimewrite``): the
fields anymail's Mailgun and Postmark inbound views read, read the same way, and written
in one linear pass instead of through ``email.policy`` (see ``mimewrite``), with the
same message less the attachments past the parser's cap, for the parser. A field of
the wrong shape is a BadRequest with its name. Pure: no database.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping

from triage.jsonmail import BadRequest, load_json
from triage.mime import MAX_ATTACHMENTS
from triage.mimewrite import FieldPart, Written, address, write_for_parser

_ATTACHMENT_FIELD = re.compile(r"attachment-([0-9]{1,6})")


def _field_json(name: str, value: str, **options) -> object:
    try:
        return load_json(value.encode("utf-8", "surrogatepass"), **options)
    except BadRequest as exc:
        reason = str(exc).removeprefix("body is not valid JSON: ")
        raise BadRequest(f"not a Mailgun inbound payload: {name} is not valid JSON "
                         f"({reason})") from exc


def _string(value: object, what: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise BadRequest(f"not a Postmark inbound payload: {what} must be a string")


def mailgun_message(post: Mapping, files: Mapping) -> Written:
    """Mailgun's "fully parsed" forward: ``message-headers`` (every header, From, To and
    Subject too), ``body-plain``, ``body-html`` and the files ``attachment-1`` ...
    ``attachment-N``, inline when ``content-id-map`` names them."""
    event = post.get("event", "inbound")
    if event != "inbound":
        raise BadRequest(f"a Mailgun {event[:40]!r} tracking event posted to the inbound "
                         f"URL: point Mailgun's route at it, not a tracking webhook")
    if "attachments" in post:
        raise BadRequest("a Mailgun store() notification: the inbound route must use "
                         "forward()")
    if "message-headers" not in post:
        raise BadRequest("not a Mailgun inbound payload: message-headers is missing")
    headers = _field_json("message-headers", post["message-headers"])
    if not isinstance(headers, list) or not all(
            isinstance(h, list) and len(h) == 2 for h in headers):
        raise BadRequest("not a Mailgun inbound payload: message-headers must be a list "
                         "of [name, value] pairs")
    return write_for_parser([tuple(h) for h in headers], text=post.get("body-plain"),
                            html=post.get("body-html"), attachments=_mailgun_files(post, files),
                            parse_at_most=MAX_ATTACHMENTS)


def _mailgun_files(post: Mapping, files: Mapping) -> list[FieldPart]:
    """Django drops files with some names (or none): those are not posted to us."""
    try:
        count = int(post.get("attachment-count") or 0)
    except ValueError as exc:
        raise BadRequest("not a Mailgun inbound payload: attachment-count is not a "
                         "number") from exc
    pairs = _field_json("content-id-map", post.get("content-id-map", "{}"),
                        object_pairs_hook=list)
    if not isinstance(pairs, list) or not all(isinstance(v, str) for _, v in pairs):
        raise BadRequest("not a Mailgun inbound payload: content-id-map must map "
                         "content ids to attachment fields")
    content_ids = {field: cid for cid, field in pairs}
    numbered = sorted((int(m[1]), key) for key in files
                      if (m := _ATTACHMENT_FIELD.fullmatch(key)) and 0 < int(m[1]) <= count)
    return [FieldPart(files[key].read(), files[key].content_type or "", files[key].name or "",
                      content_ids.get(key, "")) for _, key in numbered]


def postmark_message(payload: dict) -> Written:
    """Postmark's inbound JSON without ``RawEmail``: FromFull, ToFull, CcFull, BccFull,
    Subject and Headers (less the Return-Path Postmark puts first: the envelope sender),
    Date and ReplyTo when Headers lack them, TextBody, HtmlBody and Attachments."""
    headers = payload.get("Headers") or []
    if not isinstance(headers, list) or not all(
            isinstance(h, dict) and isinstance(h.get("Name"), str)
            and isinstance(h.get("Value"), str) for h in headers):
        raise BadRequest("not a Postmark inbound payload: Headers must be a list of "
                         "{Name, Value}")
    if headers and headers[0]["Name"].lower() == "return-path":
        headers = headers[1:]
    posted = [("From", _postmark_address(payload.get("FromFull"), "FromFull"))]
    for name, field in (("To", "ToFull"), ("Cc", "CcFull"), ("Bcc", "BccFull")):
        if payload.get(field) is not None:
            if not isinstance(payload[field], list):
                raise BadRequest(f"not a Postmark inbound payload: {field} must be a list")
            posted.append((name, ", ".join(_postmark_address(a, field)
                                           for a in payload[field])))
    posted.append(("Subject", _string(payload.get("Subject"), "Subject") or ""))
    posted += [(h["Name"], h["Value"]) for h in headers]
    present = {name.lower() for name, _ in posted}
    for name, field in (("Date", "Date"), ("Reply-To", "ReplyTo")):
        value = _string(payload.get(field), field)
        if value and name.lower() not in present:
            posted.append((name, value))
    return write_for_parser(posted, text=_string(payload.get("TextBody"), "TextBody"),
                            html=_string(payload.get("HtmlBody"), "HtmlBody"),
                            attachments=_postmark_attachments(payload),
                            parse_at_most=MAX_ATTACHMENTS)


def _postmark_address(full: object, field: str) -> str:
    if full is None:
        return ""
    if not isinstance(full, dict):
        raise BadRequest(f"not a Postmark inbound payload: {field} must hold "
                         f"{{Email, Name}} objects")
    return address(_string(full.get("Name"), field) or "", _string(full.get("Email"), field) or "")


def _postmark_attachments(payload: dict) -> list[FieldPart]:
    items = payload.get("Attachments") or []
    if not isinstance(items, list) or not all(isinstance(a, dict) for a in items):
        raise BadRequest("not a Postmark inbound payload: Attachments must be a list")
    parts = []
    for i, item in enumerate(items):
        what = f"Attachments[{i}]"
        # Real payloads carry "Content"; Postmark's Check button sends "Data".
        data = _string(item.get("Content") or item.get("Data"), what)
        try:
            content = base64.b64decode(data or "", validate=True)
        except (binascii.Error, ValueError) as exc:
            raise BadRequest(f"not a Postmark inbound payload: {what} is not valid "
                             f"base64") from exc
        parts.append(FieldPart(content, _string(item.get("ContentType"), what) or "",
                               _string(item.get("Name"), what) or "",
                               _string(item.get("ContentID"), what) or ""))
    return parts
