"""An RFC 5322 message written from an ESP's parsed fields (Mailgun's ``message-headers``
and files, Postmark's ``Headers`` and ``Attachments``), in one linear pass. Pure.

Anymail builds such a message with ``email.policy.default``, which parses every header
word by word and folds it again: 5-8 s a megabyte of short words or addresses, so
64 KiB of them cost 0.5-0.9 s in the request. Here an ASCII header is written as it
was posted (a folded DKIM signature keeps its folds, byte for byte), a non-ASCII one as
RFC 2047 encoded words (the display names of an address header only), and the body
parts are quoted-printable text and base64 attachments, which carry every byte.
"""

from __future__ import annotations

import base64
import binascii
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from email.utils import getaddresses
from urllib.parse import quote

# A field name is printable ASCII but the colon (RFC 5322 3.6.8).
_FIELD_NAME = re.compile(r"[\x21-\x39\x3b-\x7e]+")
# A line break followed by a space or tab is folding, kept; any other is a space, as
# are the controls, so a value can neither end its header nor start another.
_FOLD = re.compile(r"(?:\r\n|\r|\n)(?=[ \t])")
_BREAK_OR_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]+")
_LINE_LIMIT = 998  # octets a line may hold, CRLF excluded (RFC 5322 2.1.1)
# The address headers whose display names are encoded one by one; any other
# non-ASCII header is unstructured text, encoded whole.
ADDRESS_HEADERS = frozenset({"from", "to", "cc", "bcc", "reply-to", "sender"})
# The structure is ours: the posted MIME headers would describe another body.
_OWN_HEADERS = frozenset({"mime-version", "content-type", "content-transfer-encoding"})
# Raw bytes an encoded word carries: 45 base64 to 60 characters, 72 with its markers.
_WORD_BYTES = 45
_ATEXT_PHRASE = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]*")
_MIME_TYPE = re.compile(r"[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+")


class BadField(ValueError):
    """A posted field no message can carry (a header name with a colon, say)."""


@dataclass(frozen=True)
class FieldPart:
    """An attachment the ESP posted as a field: its bytes as they were sent."""

    content: bytes
    content_type: str = "application/octet-stream"
    filename: str = ""
    content_id: str = ""  # set: an inline part (an image the HTML shows)


def encoded_words(text: str) -> str:
    """``text`` as RFC 2047 encoded words (UTF-8, base64), folded between words;
    every character kept, spaces too (a reader joins adjacent words)."""
    words, chunk, size = [], [], 0
    for char in text:
        width = len(char.encode("utf-8", "surrogatepass"))
        if size + width > _WORD_BYTES and chunk:
            words.append("".join(chunk))
            chunk, size = [], 0
        chunk.append(char)
        size += width
    if chunk:
        words.append("".join(chunk))
    return "\r\n ".join(
        "=?utf-8?b?" + base64.b64encode(w.encode("utf-8", "surrogatepass")).decode() + "?="
        for w in words)


def _phrase(name: str) -> str:
    if not name.isascii():
        return encoded_words(name)
    if _ATEXT_PHRASE.fullmatch(name):
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def address(name: str, addr: str) -> str:
    """One address with its display name, quoted or encoded as it needs."""
    addr = _BREAK_OR_CONTROL.sub("", addr).strip().strip("<>")
    name = " ".join(_BREAK_OR_CONTROL.sub(" ", name).split())
    return f"{_phrase(name)} <{addr}>" if name else addr


def _value(name: str, value: str) -> str:
    if value.isascii():
        return "\r\n".join(_BREAK_OR_CONTROL.sub(" ", line) for line in _FOLD.split(value))
    value = " ".join(_BREAK_OR_CONTROL.sub(" ", value).split())
    if name.lower() in ADDRESS_HEADERS:
        pairs = getaddresses([value])
        if pairs and all(addr for _, addr in pairs):
            return ", ".join(address(n, a) for n, a in pairs)
    return encoded_words(value)


def _fold_long(line: str, floor: int = 0) -> str:
    """A line over the limit broken before a space where there is one, past ``floor``
    (the field name and its colon's space); a token longer than the limit stays whole:
    folding cannot split it without changing it."""
    out, start = [], 0
    while len(line) - start > _LINE_LIMIT:
        cut = line.rfind(" ", max(start + 1, floor), start + _LINE_LIMIT)
        if cut <= start:
            break
        out.append(line[start:cut])
        start = cut
    out.append(line[start:])
    return "\r\n".join(out)


def header_block(headers: Iterable[tuple[str, str]]) -> bytes:
    """The header lines, in the order posted, without the MIME headers this writer
    sets itself."""
    lines = []
    for name, value in headers:
        if not isinstance(name, str) or not isinstance(value, str):
            raise BadField("a header's name and value must be strings")
        if not _FIELD_NAME.fullmatch(name):
            raise BadField(f"{name[:40]!r} is not a header field name")
        if name.lower() in _OWN_HEADERS:
            continue
        first, *rest = f"{name}: {_value(name, value)}".split("\r\n")
        lines.append("\r\n".join([_fold_long(first, len(name) + 2)]
                                  + [_fold_long(line) for line in rest]))
    return "".join(f"{line}\r\n" for line in lines).encode("utf-8", "surrogateescape")


def _crlf(data: bytes) -> bytes:
    return data.replace(b"\n", b"\r\n")


def _text(subtype: str, text: str) -> tuple[list[str], bytes]:
    data = text.replace("\r\n", "\n").replace("\r", "\n").encode("utf-8", "surrogatepass")
    return ([f'Content-Type: text/{subtype}; charset="utf-8"',
             "Content-Transfer-Encoding: quoted-printable"],
            _crlf(binascii.b2a_qp(data, istext=True)))


def _param(value: str) -> str:
    """A parameter's value after its name: quoted ASCII, or RFC 2231 UTF-8."""
    value = " ".join(_BREAK_OR_CONTROL.sub(" ", value).split())
    if value.isascii():
        return '="' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "*=utf-8''" + quote(value.encode("utf-8", "surrogatepass"), safe="")


def _part_type(part: FieldPart) -> str:
    ctype = part.content_type.split(";", 1)[0].strip().lower()
    return ctype if _MIME_TYPE.fullmatch(ctype) else "application/octet-stream"


def _attachment(part: FieldPart, ctype: str) -> tuple[list[str], bytes]:
    value = _param(part.filename) if part.filename else ""
    named, filed = (f"; name{value}", f"; filename{value}") if value else ("", "")
    disposition = "inline" if part.content_id else "attachment"
    headers = [f"Content-Type: {ctype}{named}", f"Content-Disposition: {disposition}{filed}"]
    if part.content_id:
        cid = _BREAK_OR_CONTROL.sub("", part.content_id).strip().strip("<>")
        headers.append(f"Content-ID: <{cid}>")
    if ctype == "message/rfc822":
        # A carried message is never transfer-encoded (RFC 2046 5.2.1): written as sent.
        return headers + ["Content-Transfer-Encoding: 8bit"], part.content
    return (headers + ["Content-Transfer-Encoding: base64"],
            _crlf(base64.encodebytes(part.content)))


def _entity(headers: list[str], body: bytes) -> bytes:
    return ("\r\n".join(headers) + "\r\n\r\n").encode("ascii") + body


def _multipart(subtype: str, parts: Sequence[tuple[list[str], bytes]]) -> tuple[list[str], bytes]:
    boundary = "=_triage_" + secrets.token_hex(12)
    while any(boundary.encode() in body for _, body in parts):  # only a carried message can
        boundary = "=_triage_" + secrets.token_hex(12)
    # The CRLF before each delimiter is the delimiter's (RFC 2046 5.1.1), so every part
    # keeps its own last line break.
    delimiter = f"--{boundary}\r\n".encode()
    body = b"".join(delimiter + _entity(h, b) + b"\r\n" for h, b in parts) \
        + f"--{boundary}--\r\n".encode()
    return [f'Content-Type: multipart/{subtype}; boundary="{boundary}"'], body


def write_message(headers: Iterable[tuple[str, str]], *, text: str | None, html: str | None,
                  attachments: Sequence[FieldPart] = ()) -> bytes:
    """The message: the posted headers, then text and HTML as alternatives, the inline
    parts beside them (multipart/related) and the attachments after (multipart/mixed)."""
    return write_for_parser(headers, text=text, html=html, attachments=attachments).raw


@dataclass(frozen=True)
class Written:
    """A message written from fields, and what its parser needs to read of it."""

    raw: bytes  # every part: the message as stored
    for_parser: bytes  # the same message less the attachments ``raw`` holds past the cap
    past_cap: int  # how many attachments ``for_parser`` leaves out (the parser counts them)


def _countable(part: FieldPart, ctype: str) -> bool:
    """An attachment the parser stores or, past its cap, only counts: a part attached
    as such. An inline part may be body text, a carried message or multipart holds
    parts of its own: those are always parsed."""
    return not part.content_id and not ctype.startswith(("message/", "multipart/"))


def write_for_parser(headers: Iterable[tuple[str, str]], *, text: str | None,
                     html: str | None, attachments: Sequence[FieldPart] = (),
                     parse_at_most: int | None = None) -> Written:
    """``write_message``'s message, and the one its parser reads: without the attached
    parts after the first ``parse_at_most`` (the parser's cap on attachments). Those
    the parser would only count, after decoding, walking and typing each: 1,900 parts
    of a dozen bytes cost a request 0.3 s for nothing. Each part is written once."""
    top = header_block(headers)
    bodies = [_text(subtype, body) for subtype, body in (("plain", text), ("html", html))
              if body is not None] or [_text("plain", "")]
    entity = bodies[0] if len(bodies) == 1 else _multipart("alternative", bodies)
    inline = [_attachment(p, _part_type(p)) for p in attachments if p.content_id]
    if inline:
        entity = _multipart("related", [entity, *inline])
    attached = [(p, _part_type(p)) for p in attachments if not p.content_id]
    written = [_attachment(p, ctype) for p, ctype in attached]
    raw = _with_attached(top, entity, written)
    if parse_at_most is None:
        return Written(raw, raw, 0)
    kept, counted, seen = [], 0, 0
    for (part, ctype), entity_of_part in zip(attached, written, strict=True):
        if _countable(part, ctype):
            seen += 1
            if seen > parse_at_most:
                counted += 1
                continue
        kept.append(entity_of_part)
    return Written(raw, _with_attached(top, entity, kept) if counted else raw, counted)


def _with_attached(top: bytes, entity: tuple[list[str], bytes],
                   attached: Sequence[tuple[list[str], bytes]]) -> bytes:
    if attached:
        entity = _multipart("mixed", [entity, *attached])
    return top + _entity(["MIME-Version: 1.0", *entity[0]], entity[1])
