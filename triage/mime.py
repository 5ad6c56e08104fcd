"""Parse and normalise one RFC 5322 message (pure: no Django, no database).

Every ingestion path (webhook JSON, raw MIME, anymail, .eml/.mbox import) ends here,
so the text a chain reads is produced by one set of rules:

* the tree and its headers from ``triage.mimeheaders``: depth- and size-capped, 8-bit
  and RFC 2047 headers decoded in linear time, never a lone surrogate;
* any declared charset, unknown or lying charsets fall back instead of raising;
* HTML converted to the text a reader sees (``triage.htmltext``), what they cannot see
  recorded in ``flags["hidden_content"]``; with a plain alternative, the plain part is
  the body and the HTML's text is kept too (``html_text``, ``flags["html_differs"]``);
* forwarded ``message/rfc822`` parts are inlined as quoted text; text-like attachments
  (plain, CSV, an attached .eml) are read at once, PDFs later (``triage.attachments``);
* the model text is NFKC-normalised with bidi, zero-width and tag characters
  removed and counted in ``flags["invisible_characters"]``.

It builds a ``triage.parsed.ParsedEmail``; whether the mail is machine-sent (ours coming
back, a bounce, an auto-reply, a plain out-of-office reply) is ``triage.automated``'s.
"""

from __future__ import annotations

import re
from datetime import datetime
from email import policy
from email.message import EmailMessage, Message

from triage.automated import (
    MSGID_RE,
    auto_reply,
    automated_hint,
    detect_automated,
    is_bounce,
    notification_tag,
    out_of_office,
    returned_messages,
)
from triage.automated import NOTIFICATION_HEADER as NOTIFICATION_HEADER  # where services read it
from triage.doctext import (
    csv_table,
    declared_charset,
    decode_bytes,
    decode_strict,
    may_hold_text,
    sniff_content_type,
    text_kind,
)
from triage.htmltext import convert, html_adds, html_to_text
from triage.mimeheaders import Headers, parse_date, parse_tree, read_addresses
from triage.parsed import ParsedAttachment, ParsedEmail
from triage.readers.text import mixed_script_words
from triage.routes import Code, reason
from triage.sanitize import invisible_report, normalize_for_model

TEXT_MAX_BYTES = 2 * 1024 * 1024  # of a text, CSV or .eml attachment read for its text
MAX_TEXT_CHARS = 2_000_000  # of the body text normalised and stored, like MAX_HTML_CHARS
MAX_ATTACHMENTS = 100  # stored as rows and read; the raw message keeps the rest
MAX_MESSAGE_DEPTH = 3  # attached messages inside attached messages: read this deep
_CTYPE_RE = re.compile(r"[a-z0-9!#$&^_.+-]{1,127}/[a-z0-9!#$&^_.+-]{1,127}")


def looks_like_message(parsed: ParsedEmail) -> bool:
    """Garbage bytes parse as a body with no headers; a message has at least one of
    these."""
    return bool(parsed.from_address or parsed.message_id or parsed.subject)


def parse_bytes(raw: bytes, *, depth: int = 0, past_cap: int = 0) -> ParsedEmail:
    """``depth``: messages this is inside; ``past_cap``: attachments left out past the cap."""
    message, flags = parse_tree(raw)  # (mimewrite.write_for_parser leaves them out)
    return parse_message(message, depth=depth, flags={**flags, "_past_cap": past_cap})


def parse_message(message: Message, *, depth: int = 0, flags: dict | None = None) -> ParsedEmail:
    texts: list[str] = []
    htmls: list[str] = []
    attachments: list[ParsedAttachment] = []
    hidden: list[str] = []
    flags = dict(flags or {})
    head = Headers(message, flags)
    sender = (head.addresses("from") or [""])[0]
    if hint := automated_hint(message, sender):
        flags["automated_hint"] = hint
    _walk(message, texts, htmls, attachments, hidden, flags, 0, depth)
    automated = detect_automated(message, sender)
    return _assemble(
        texts, htmls, hidden, flags, attachments=_capped(attachments, flags),
        date=parse_date(head.first("date")),
        message_id=_first_msgid(head.first("message-id")),
        in_reply_to=_first_msgid(head.first("in-reply-to")),
        references=MSGID_RE.findall(head.first("references"))[-50:],
        from_header=head.text("from"), from_address=sender,
        to=head.addresses("to"), cc=head.addresses("cc"),
        reply_to=(head.addresses("reply-to") or [""])[0],
        subject=head.text("subject"), automated=automated,
        auto_reply_why=auto_reply(message, head.text("subject")),
        notification_tag=notification_tag(message) if automated else "",
        returned=returned_messages(message) if is_bounce(automated) else [],
    )


def parse_fields(*, message_id: str, from_header: str, to: list[str], cc: list[str],
                 subject: str, text: str, html: str, date: datetime | None, in_reply_to: str,
                 attachments: list[tuple[str, str, bytes]]) -> ParsedEmail:
    """The same normalisation for a message that arrives as fields (the JSON webhook),
    without serialising it to MIME and parsing it back."""
    from_address = (read_addresses(from_header, {}, "from") or [""])[0]
    headers = EmailMessage(policy=policy.default)
    hint = automated_hint(headers, from_address)
    flags = {"automated_hint": hint} if hint else {}
    return _assemble(
        [text] if text else [], [html] if html else [], [], flags,
        message_id=_first_msgid(f"<{message_id.strip().strip('<>')}>") if message_id else "",
        in_reply_to=_first_msgid(f"<{in_reply_to.strip().strip('<>')}>") if in_reply_to else "",
        references=[], from_header=from_header, from_address=from_address,
        to=[a for v in to for a in read_addresses(v, {}, "to")],
        cc=[a for v in cc for a in read_addresses(v, {}, "cc")],
        reply_to="", subject=subject, date=date,
        attachments=_capped([_attachment(name, ctype, content, 0)
                             for name, ctype, content in attachments[:MAX_ATTACHMENTS + 1]],
                            flags, total=len(attachments)),
        automated=detect_automated(headers, from_address),
        auto_reply_why=auto_reply(headers, subject),
    )


def _capped(attachments: list[ParsedAttachment], flags: dict, *,
            total: int | None = None) -> list[ParsedAttachment]:
    """The first MAX_ATTACHMENTS; the raw message keeps the rest, and the decision goes
    to a person (``decision.input``)."""
    total = (len(attachments) if total is None else total) + flags.pop("_past_cap", 0)
    if total > MAX_ATTACHMENTS:
        flags["attachments_capped"] = {"stored": MAX_ATTACHMENTS, "total": total}
    return attachments[:MAX_ATTACHMENTS]


# A message cut or hidden in part is not plain enough to leave untriaged.
_NOT_PLAIN = ("hidden_content", "text_truncated", "html_truncated", "parts_capped",
              "attachments_capped", "too_deep", "broken_multipart")


def _assemble(texts: list[str], htmls: list[str], hidden: list[str], flags: dict, *,
              from_header: str, subject: str, auto_reply_why: str = "",
              **fields) -> ParsedEmail:
    """Bodies, flags and normalised text: the rules every path shares."""
    html = convert("\n".join(htmls)) if htmls else None
    if html:
        hidden = hidden + html.hidden
        if html.truncated:
            flags["html_truncated"] = len("\n".join(htmls))
    body = "\n\n".join(t for t in texts if t.strip()) if texts else html.text if html else ""
    if len(body) > MAX_TEXT_CHARS:  # as the HTML is: the raw message keeps the rest
        flags["text_truncated"] = len(body)
        body = body[:MAX_TEXT_CHARS]
    text_body = _tidy(normalize_for_model(body))
    # With a plain part the model reads it, but a person reads the HTML: keep both.
    html_text = _tidy(normalize_for_model(html.text)) if texts and html else ""
    if html_text and (adds := html_adds(text_body, html_text)):
        flags["html_differs"] = adds
    if hidden:
        flags["hidden_content"] = list(dict.fromkeys(hidden))[:20]
    report = invisible_report(body + subject)
    if report:
        flags["invisible_characters"] = report
    mixed = mixed_script_words(subject + "\n" + body)
    if mixed:
        # Look-alike letters inside Latin words: the rules fold them; staff see the try.
        flags["mixed_script_words"] = mixed
    if auto_reply_why and not fields["automated"] and not any(k in flags for k in _NOT_PLAIN):
        evidence = out_of_office(
            auto_reply_why, "\n".join([normalize_for_model(subject), text_body, html_text]),
            received=fields.get("date"),
            attachments_with_text=any(may_hold_text(a.declared_type, a.filename, a.sniffed_type)
                                      for a in fields["attachments"]))
        if evidence:
            # Stored and shown, never forwarded: the status reason says so, and the hint
            # that it "looks automated (triaged anyway)" would say the opposite.
            fields["automated"] = reason(Code.OUT_OF_OFFICE)
            flags["out_of_office"] = evidence
            flags.pop("automated_hint", None)
    return ParsedEmail(
        from_header=normalize_for_model(from_header).replace("\n", " ")[:998],
        subject=normalize_for_model(subject).replace("\n", " ")[:998],
        text_body=text_body, html_body="\n".join(htmls).replace("\x00", ""), html_text=html_text,
        flags=flags, **fields,
    )


def html_visible_text(html: str) -> str:
    """The visible text of an HTML body, normalised as ``ParsedEmail.html_text`` is."""
    return _tidy(normalize_for_model(html_to_text(html)))


def _walk(part: Message, texts, htmls, attachments, hidden, flags, depth: int,
          level: int) -> None:
    """``depth``: MIME nesting; ``level``: how many messages this one is inside. Both
    are bounded by the parser (``mimeheaders.MAX_MIME_DEPTH``)."""
    if getattr(part, "opaque", False) or depth > 20 or level > 20:
        flags["too_deep"] = True
        return
    if capped := getattr(part, "capped", None):
        names = flags.setdefault("headers_capped", [])
        names.extend(n for n in dict.fromkeys(capped) if n not in names and len(names) < 20)
    ctype = _content_type(part)
    # Before is_multipart(): a message/rfc822 part counts as multipart too.
    if ctype == "message/rfc822":
        inner = part.get_payload()
        inner = inner[0] if isinstance(inner, list) and inner else inner
        if isinstance(inner, Message):
            fwd = parse_message(inner, depth=level + 1)
            flags.setdefault("forwarded", []).append(fwd.subject[:200])
            texts.append(_forward_block(fwd))
            attachments.extend(fwd.attachments)
            hidden.extend(fwd.flags.get("hidden_content", []))
            for key in ("too_deep", "parts_capped"):
                if key in fwd.flags:
                    flags[key] = fwd.flags[key]
        return
    if part.is_multipart():
        subparts = [p for p in part.get_payload() if isinstance(p, Message)]
        if ctype == "multipart/alternative":
            # Prefer the plain alternative, but keep HTML to check for hidden text.
            plain = [p for p in subparts if _content_type(p) == "text/plain"]
            others = [p for p in subparts if _content_type(p) != "text/plain"]
            for p in plain[-1:]:
                texts.append(_decode_text(p, flags))
            subparts = others
        for sub in subparts:
            if ctype == "multipart/alternative" and _content_type(sub) == "text/html":
                htmls.append(_decode_text(sub, flags))
            else:
                _walk(sub, texts, htmls, attachments, hidden, flags, depth + 1, level)
        return
    disposition = (part.get_content_disposition() or "").lower()
    filename = Headers(part, flags).filename()
    if disposition != "attachment" and not filename and ctype in ("text/plain", "text/html"):
        (texts if ctype == "text/plain" else htmls).append(_decode_text(part, flags))
        return
    if ctype.startswith("multipart/"):
        # No boundary line matched the declared one: the body is all there is to read.
        flags["broken_multipart"] = True
        texts.append(_decode_text(part, flags))
        return
    if len(attachments) >= MAX_ATTACHMENTS:
        # Past the cap only counted: reading 1,800 more cost a request 0.3 s for nothing.
        flags["_past_cap"] = flags.get("_past_cap", 0) + 1
        return
    attachments.append(_attachment(filename, ctype, _payload_bytes(part, flags), level,
                                   part.get_content_charset() or ""))


def _content_type(part: Message) -> str:
    """The declared type when it is a plain ``type/subtype`` token, else binary."""
    ctype = part.get_content_type()
    return ctype if _CTYPE_RE.fullmatch(ctype) else "application/octet-stream"


def _attachment(filename: str, ctype: str, content: bytes, level: int,
                charset: str = "") -> ParsedAttachment:
    # The declared charset is kept with the type, so the stored row can decode it too.
    declared = f"{ctype}; charset={charset}" if charset and ctype.startswith("text/") else ctype
    name = normalize_for_model(filename).replace("\n", " ")[:255] or "unnamed"
    return ParsedAttachment(name, declared, sniff_content_type(content, ctype), content,
                            text=cheap_text(content, declared, name, depth=level))


def _payload_bytes(part: Message, flags: dict) -> bytes:
    try:
        data = part.get_payload(decode=True)
    except Exception:  # noqa: BLE001 - a broken transfer encoding is data, not a crash
        flags["decode_errors"] = flags.get("decode_errors", 0) + 1
        data = None
    if data is None:
        payload = part.get_payload()
        data = payload.encode("utf-8", "replace") if isinstance(payload, str) else b""
    return data


def _decode_text(part: Message, flags: dict) -> str:
    data = _payload_bytes(part, flags)
    charset = (part.get_content_charset() or "utf-8").lower()
    text = decode_strict(data, charset)
    if text is None:
        flags["charset_replaced"] = charset
        text = data.decode("utf-8", "replace")
    return text


def attachment_label(filename: str, content_type: str) -> str:
    """How an attachment is named to the model: its name and its sniffed type."""
    return f"{filename} ({content_type})"


def cheap_text(content: bytes, content_type: str, filename: str, *, depth: int = 0,
               max_bytes: int = TEXT_MAX_BYTES) -> str:
    """The text of a plain, CSV or .eml attachment, cheap enough to read while the
    sender waits; '' for other types (``attachments.read_attachment`` reads them all)."""
    kind = text_kind(content, content_type, filename)
    if kind == "eml":
        return message_text(content, depth, lambda att: att.text)
    if kind not in ("text", "csv"):
        return ""
    data = content[:max_bytes]
    if len(content) > max_bytes:  # cut at a line end, not inside a character
        data = data[:data.rfind(b"\n") + 1] or data
    text = decode_bytes(data, declared_charset(content_type))
    text = csv_table(text) if kind == "csv" else text
    cut = f"\n[... cut: only the first {max_bytes} bytes read ...]" if data != content else ""
    return normalize_for_model(text) + cut


def message_text(content: bytes, depth: int, read) -> str:
    """An attached message: headers, body and each attachment's text, ``read(att)``.
    Messages attached inside MAX_MESSAGE_DEPTH messages are not read."""
    if depth >= MAX_MESSAGE_DEPTH:
        return ""
    inner = parse_bytes(content[:TEXT_MAX_BYTES], depth=depth + 1)
    parts = [_forward_block(inner)]
    if inner.html_text and html_adds(inner.text_body, inner.html_text):
        parts.append(inner.html_text)
    for att in inner.attachments:
        if text := read(att):
            parts.append(f"--- attachment: {attachment_label(att.filename, att.sniffed_type)}"
                         f" ---\n{text}")
    return "\n\n".join(parts)


def _forward_block(fwd: ParsedEmail) -> str:
    head = ["---------- Forwarded message ----------", f"From: {fwd.from_header}",
            f"Subject: {fwd.subject}"] + ([f"Date: {fwd.date.isoformat()}"] if fwd.date else [])
    return "\n".join(head) + "\n\n" + fwd.text_body


def _tidy(text: str) -> str:
    lines = [line.rstrip() for line in text.split("\n")]
    out: list[str] = []
    for line in lines:
        if line.strip() == "" and out and out[-1] == "":
            continue
        out.append(line if line.strip() else "")
    return "\n".join(out).strip()


def _first_msgid(value: str) -> str:
    match = MSGID_RE.search(value)
    if match:
        return match.group(1)[:995]
    return value.strip().strip("<>")[:995] if value.strip() and " " not in value.strip() else ""


