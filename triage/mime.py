"""Parse and normalise one RFC 5322 message (pure: no Django, no database).

Every ingestion path (webhook JSON, raw MIME, anymail, .eml/.mbox import) ends here,
so the text a chain reads is produced by one set of rules:

* the modern ``email`` API with ``policy.default`` (RFC 2047 headers decoded);
* any declared charset, unknown or lying charsets fall back instead of raising;
* HTML converted to text with BeautifulSoup, dropping what a reader cannot see
  (``display:none``, zero-size, transparent or white text, comments) and recording
  it in ``flags["hidden_content"]``;
* forwarded ``message/rfc822`` parts are inlined as quoted text;
* the model text is NFKC-normalised with bidi, zero-width and tag characters
  removed and counted in ``flags["invisible_characters"]``.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email import policy
from email.headerregistry import Address
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.utils import getaddresses, parsedate_to_datetime

from triage.htmltext import html_to_text
from triage.sanitize import invisible_report, normalize_for_model

NOTIFICATION_HEADER = "X-Triage-Notification"
_MSGID_RE = re.compile(r"<([^<>\s]+)>")


@dataclass
class ParsedAttachment:
    filename: str
    declared_type: str
    sniffed_type: str
    content: bytes

    @property
    def size(self) -> int:
        return len(self.content)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.content).hexdigest()


@dataclass
class ParsedEmail:
    message_id: str
    in_reply_to: str
    references: list[str]
    from_header: str
    from_address: str
    to: list[str]
    cc: list[str]
    reply_to: str
    subject: str
    date: datetime | None
    text_body: str  # normalised: what the chains read
    html_body: str  # as sent, for reference; never rendered as HTML
    attachments: list[ParsedAttachment] = field(default_factory=list)
    flags: dict = field(default_factory=dict)
    automated: str = ""  # non-empty: why this is an auto-reply, bounce or our own mail

    def content_hash(self, sender: str) -> str:
        digest = hashlib.sha256()
        for part in (sender.lower(), self.subject, self.text_body, self.html_body):
            digest.update(part.encode("utf-8", "surrogatepass"))
            digest.update(b"\x00")
        for att in self.attachments:
            digest.update(att.sha256.encode())
        return digest.hexdigest()


def looks_like_message(parsed: ParsedEmail) -> bool:
    """Garbage bytes parse as a body with no headers; a message has at least one of
    these."""
    return bool(parsed.from_address or parsed.message_id or parsed.subject)


def parse_bytes(raw: bytes) -> ParsedEmail:
    message = BytesParser(policy=policy.default).parsebytes(raw)
    return parse_message(message)


def parse_message(message: Message) -> ParsedEmail:
    flags: dict = {}
    texts: list[str] = []
    htmls: list[str] = []
    attachments: list[ParsedAttachment] = []
    hidden: list[str] = []
    _walk(message, texts, htmls, attachments, hidden, flags, depth=0)
    addresses = _addresses(message, "from")
    return _assemble(
        texts, htmls, hidden, flags,
        message_id=_first_msgid(_header_text(message, "message-id")),
        in_reply_to=_first_msgid(_header_text(message, "in-reply-to")),
        references=_MSGID_RE.findall(_header_text(message, "references"))[-50:],
        from_header=_header_text(message, "from"),
        from_address=addresses[0] if addresses else "",
        to=_addresses(message, "to"),
        cc=_addresses(message, "cc"),
        reply_to=(_addresses(message, "reply-to") or [""])[0],
        subject=_header_text(message, "subject"),
        date=_date(message),
        attachments=attachments,
        automated=detect_automated(message, addresses[0] if addresses else ""),
    )


def parse_fields(
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
) -> ParsedEmail:
    """The same normalisation for a message that arrives as fields (the JSON webhook),
    without serialising it to MIME and parsing it back."""
    from_address = (getaddresses([from_header])[0][1] or "").lower() if from_header else ""
    headers = EmailMessage(policy=policy.default)
    return _assemble(
        [text] if text else [], [html] if html else [], [], {},
        message_id=_first_msgid(f"<{message_id.strip().strip('<>')}>") if message_id else "",
        in_reply_to=_first_msgid(f"<{in_reply_to.strip().strip('<>')}>") if in_reply_to else "",
        references=[],
        from_header=from_header,
        from_address=from_address,
        to=[a.lower() for _, a in getaddresses(to) if "@" in a],
        cc=[a.lower() for _, a in getaddresses(cc) if "@" in a],
        reply_to="",
        subject=subject,
        date=date,
        attachments=[
            ParsedAttachment(normalize_for_model(name).replace("\n", " ")[:255] or "unnamed",
                             ctype, sniff_content_type(content, ctype), content)
            for name, ctype, content in attachments
        ],
        automated=detect_automated(headers, from_address),
    )


def _assemble(texts: list[str], htmls: list[str], hidden: list[str], flags: dict, *,
              from_header: str, subject: str, **fields) -> ParsedEmail:
    """Bodies, flags and normalised text: the rules every path shares."""
    if texts:
        body = "\n\n".join(t for t in texts if t.strip())
        # Hidden HTML is worth knowing about even when a plain part is used.
        for h in htmls:
            html_to_text(h, hidden)
    else:
        body = "\n\n".join(html_to_text(h, hidden) for h in htmls)
    if hidden:
        flags["hidden_content"] = _dedupe(hidden)[:20]
    report = invisible_report(body + subject)
    if report:
        flags["invisible_characters"] = report
    return ParsedEmail(
        from_header=normalize_for_model(from_header)[:998],
        subject=normalize_for_model(subject).replace("\n", " ")[:998],
        text_body=_tidy(normalize_for_model(body)),
        html_body="\n".join(htmls),
        flags=flags,
        **fields,
    )


def _walk(part: Message, texts, htmls, attachments, hidden, flags, depth: int) -> None:
    if depth > 20:
        flags["too_deep"] = True
        return
    ctype = part.get_content_type()
    # Before is_multipart(): a message/rfc822 part counts as multipart too.
    if ctype == "message/rfc822":
        inner = part.get_payload()
        inner = inner[0] if isinstance(inner, list) and inner else inner
        if isinstance(inner, Message):
            fwd = parse_message(inner)
            flags.setdefault("forwarded", []).append(fwd.subject[:200])
            texts.append(_forward_block(fwd))
            attachments.extend(fwd.attachments)
            hidden.extend(fwd.flags.get("hidden_content", []))
        return
    if part.is_multipart():
        if ctype == "multipart/alternative":
            # Prefer the plain alternative, but keep HTML to check for hidden text.
            subparts = list(part.iter_parts()) if hasattr(part, "iter_parts") else []
            plain = [p for p in subparts if p.get_content_type() == "text/plain"]
            others = [p for p in subparts if p.get_content_type() != "text/plain"]
            for p in plain[-1:]:
                texts.append(_decode_text(p, flags))
            for p in others:
                if p.get_content_type() == "text/html":
                    htmls.append(_decode_text(p, flags))
                else:
                    _walk(p, texts, htmls, attachments, hidden, flags, depth + 1)
            return
        for sub in part.get_payload():
            if isinstance(sub, Message):
                _walk(sub, texts, htmls, attachments, hidden, flags, depth + 1)
        return
    disposition = (part.get_content_disposition() or "").lower()
    filename = part.get_filename() or ""
    if disposition != "attachment" and not filename and ctype in ("text/plain", "text/html"):
        (texts if ctype == "text/plain" else htmls).append(_decode_text(part, flags))
        return
    if ctype.startswith("multipart/"):
        return
    content = _payload_bytes(part, flags)
    attachments.append(
        ParsedAttachment(
            filename=normalize_for_model(filename).replace("\n", " ")[:255] or "unnamed",
            declared_type=ctype,
            sniffed_type=sniff_content_type(content, ctype),
            content=content,
        )
    )


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
    for candidate in (charset, "utf-8", "windows-1252"):
        try:
            return data.decode(candidate)
        except (LookupError, UnicodeDecodeError):
            continue
    flags["charset_replaced"] = charset
    return data.decode("utf-8", "replace")


def _forward_block(fwd: ParsedEmail) -> str:
    head = [
        "---------- Forwarded message ----------",
        f"From: {fwd.from_header}",
        f"Subject: {fwd.subject}",
    ]
    if fwd.date:
        head.append(f"Date: {fwd.date.isoformat()}")
    return "\n".join(head) + "\n\n" + fwd.text_body


def _tidy(text: str) -> str:
    lines = [line.rstrip() for line in text.split("\n")]
    out: list[str] = []
    for line in lines:
        if line.strip() == "" and out and out[-1] == "":
            continue
        out.append(line if line.strip() else "")
    return "\n".join(out).strip()


def _dedupe(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _header_text(message: Message, name: str) -> str:
    try:
        value = message.get(name)
    except Exception:  # noqa: BLE001 - malformed header: keep going with nothing
        return ""
    if value is None:
        return ""
    return str(value).strip()


def _addresses(message: Message, name: str) -> list[str]:
    try:
        header = message.get(name)
        if header is None:
            return []
        groups = getattr(header, "addresses", None)
        if groups is not None:
            return [a.addr_spec.lower() for a in groups if isinstance(a, Address) and a.addr_spec]
    except Exception:  # noqa: BLE001, S110 - a malformed header: fall back to getaddresses
        pass
    raw = [str(v) for v in message.get_all(name, [])]
    return [addr.lower() for _, addr in getaddresses(raw) if "@" in addr]


def _first_msgid(value: str) -> str:
    match = _MSGID_RE.search(value)
    if match:
        return match.group(1)[:995]
    return value.strip().strip("<>")[:995] if value.strip() and " " not in value.strip() else ""


def _date(message: Message) -> datetime | None:
    raw = _header_text(message, "date")
    if not raw:
        return None
    try:
        value = parsedate_to_datetime(raw)
    except (TypeError, ValueError, IndexError):
        return None
    if value is None:
        return None
    return value if value.tzinfo else value.replace(tzinfo=UTC)


_AUTO_SENDERS = re.compile(r"^(mailer-daemon|postmaster|no-?reply|do-?not-?reply)@", re.I)


def detect_automated(message: Message, from_address: str, own: list[str] | None = None) -> str:
    """Why a message must never be triaged into another notification (RFC 3834), or ''."""
    if message.get(NOTIFICATION_HEADER):
        return "our own notification"
    auto = str(message.get("Auto-Submitted", "")).strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto[:40]}"
    if message.get_content_type() == "multipart/report":
        return "delivery status report (bounce)"
    precedence = str(message.get("Precedence", "")).strip().lower()
    if precedence in {"bulk", "junk", "auto_reply", "list"}:
        return f"Precedence: {precedence}"
    for header in ("X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress"):
        value = str(message.get(header, "")).strip().lower()
        if value and (header != "X-Auto-Response-Suppress" or "all" in value or "oof" in value):
            return f"{header}: {value[:40]}"
    if _AUTO_SENDERS.match(from_address or ""):
        return f"automated sender {from_address}"
    if own and from_address and from_address.lower() in own:
        return "sent from our own address"
    return ""


_SIGNATURES = [
    (b"%PDF-", "application/pdf"),
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"PK\x03\x04", "application/zip"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "application/x-ole-storage"),
    (b"MZ", "application/x-msdownload"),
    (b"\x7fELF", "application/x-executable"),
    (b"Rar!", "application/vnd.rar"),
    (b"\x1f\x8b", "application/gzip"),
]
_OOXML = ("application/vnd.openxmlformats-officedocument.",)


def sniff_content_type(content: bytes, declared: str) -> str:
    """The type the bytes really are (magic numbers), not what the sender declared.
    Office Open XML files are ZIPs, so a declared OOXML type is kept for a ZIP."""
    for magic, ctype in _SIGNATURES:
        if content.startswith(magic):
            if ctype == "application/zip" and declared.startswith(_OOXML):
                return declared
            return ctype
    head = content[:2048]
    if head.lstrip().lower().startswith((b"<!doctype html", b"<html")):
        return "text/html"
    if head and not any(b < 9 or 13 < b < 32 for b in head if b != 27):
        try:
            head.decode("utf-8")
            return "text/csv" if declared == "text/csv" else "text/plain"
        except UnicodeDecodeError:
            pass
    return "application/octet-stream"
