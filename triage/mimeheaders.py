"""The MIME tree and its headers, read so that no input can recurse without bound,
run in more than linear time, or leave lone surrogates in a string. Pure: no Django.

The standard library's modern header parser (``policy.default``) recurses once per
nested comment and decodes RFC 2047 words in quadratic time, and its feed parser
recurses once per nested part. So the tree is parsed with the legacy ``compat32``
policy (headers kept as raw strings), the parts below ``MAX_MIME_DEPTH`` are left
unparsed, and the header values we read are decoded here, in one pass each:

* raw 8-bit bytes (RFC 6532): UTF-8, else the message's declared charset, else
  windows-1252 byte by byte, else replacement characters (``flags["header_decoding"]``);
* RFC 2047 words: adjacent words of one charset joined before decoding, at most
  ``MAX_ENCODED_WORDS`` per header (``flags["encoded_words_capped"]``);
* addresses: comments removed by a counting scan first, so the address parser never
  meets a nested comment (deep nesting is ``flags["header_fallback"]``).

Caps, as Postfix and Exchange Online apply them to what they deliver: one header
at most ``HEADER_MAX_BYTES`` (Postfix ``header_size_limit``: the excess is cut), one
part's header block at most ``HEADER_BLOCK_MAX_BYTES`` (Exchange Online's limit; later
headers are dropped), ``Content-*`` headers ``MIME_HEADER_MAX_BYTES`` and
``MIME_PARAMS_MAX`` parameters (the stdlib splits parameters in quadratic time).
The raw message is stored as received either way, so a cap loses nothing.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re
from datetime import UTC, datetime
from email.feedparser import BytesFeedParser
from email.message import Message
from email.policy import Compat32
from email.utils import getaddresses, parsedate_to_datetime

HEADER_MAX_BYTES = 100 * 1024
HEADER_BLOCK_MAX_BYTES = 256 * 1024
MIME_HEADER_MAX_BYTES = 4096
MIME_PARAMS_MAX = 64
MAX_ENCODED_WORDS = 1000
MAX_MIME_DEPTH = 20  # parts inside parts (attached messages count too)
MAX_PARTS = 2000  # boundary lines read; the parts after them are not parsed
MAX_LINES = 400_000  # lines read (10 MB of base64 is 140,000)
# Dates a page can show in any time zone: outside them a local time overflows (year
# 9999 at -12:00 is year 10000 in UTC), so a date there is read as no date at all.
EARLIEST_DATE = datetime(1900, 1, 1, tzinfo=UTC)
LATEST_DATE = datetime(9998, 12, 31, tzinfo=UTC)
MAX_COMMENT_DEPTH = 5  # deeper nesting in an address header is flagged, never parsed
_MIME_HEADERS = frozenset({"content-type", "content-disposition",
                           "content-transfer-encoding"})
_EW_RE = re.compile(r"=\?([^?\s]{1,75})\?([bBqQ])\?([^?\s]*)\?=")
_ADDR_RE = re.compile(r"[^\s<>(),;:\"@\[\]]{1,64}@[^\s<>(),;:\"@\[\]]{1,255}")
_FOLD_RE = re.compile(r"\r?\n|\r")
_BOUNDARY_DECLARED = re.compile(rb"boundary\s*=", re.I)
_BLANK_LINE = re.compile(rb"\r?\n\r?\n")
_CONTROLS = dict.fromkeys([*range(9), *range(10, 32), 127]) | {9: " "}


class _RawPolicy(Compat32):
    # compat32 turns 8-bit bytes into replacement characters when a header is read;
    # keeping them lets ``to_text`` decode them (and the parameters of Content-*).
    def header_fetch_parse(self, name: str, value: str) -> str:
        return value


RAW_POLICY = _RawPolicy()


def _cp1252_bytes(error: UnicodeDecodeError) -> tuple[str, int]:
    return error.object[error.start:error.end].decode("windows-1252", "replace"), error.end


# UTF-8 with the odd Latin-1 byte (a header pasted from two sources) keeps both.
codecs.register_error("triage-cp1252", _cp1252_bytes)


class Part(Message):
    """One MIME part; its headers capped as the parser stores them."""

    opaque = False  # below MAX_MIME_DEPTH: the body is kept unparsed, never read

    def __init__(self, policy: Compat32 = RAW_POLICY) -> None:
        super().__init__(policy)
        self.header_bytes = 0
        self.capped: list[str] = []  # names of headers cut or dropped

    def set_raw(self, name: str, value: str) -> None:
        limit = MIME_HEADER_MAX_BYTES if name.lower() in _MIME_HEADERS else HEADER_MAX_BYTES
        if self.header_bytes + len(name) > HEADER_BLOCK_MAX_BYTES:
            self.capped.append(name[:40])
            return
        if len(value) > limit or (limit == MIME_HEADER_MAX_BYTES and
                                  value.count(";") > MIME_PARAMS_MAX):
            value = ";".join(value[:limit].split(";", MIME_PARAMS_MAX)[:MIME_PARAMS_MAX])
            self.capped.append(name[:40])
        self.header_bytes += len(name) + len(value)
        super().set_raw(name, value)

    def get_content_type(self) -> str:
        return "application/octet-stream" if self.opaque else super().get_content_type()


class _Parser(BytesFeedParser):
    # The feed parser opens one generator per nested part; below MAX_MIME_DEPTH the
    # part is made opaque, so its body is read as bytes and nothing nests further.
    def _new_message(self) -> None:
        super()._new_message()
        if len(self._msgstack) > MAX_MIME_DEPTH:
            self._cur.opaque = True


def parse_tree(raw: bytes) -> tuple[Part, dict]:
    """The MIME tree of ``raw`` and what was cut to build it (flags)."""
    flags: dict = {}
    blank = _BLANK_LINE.search(raw)
    stop = blank.start() if blank else len(raw)
    if stop > HEADER_BLOCK_MAX_BYTES:
        # The feed parser reads each header line in Python: cut the block before it does.
        rest = b"\r\n\r\n" + raw[blank.end():] if blank else b"\r\n"
        raw = raw[:HEADER_BLOCK_MAX_BYTES] + rest
        flags["headers_capped"] = ["(header block)"]
    # The stdlib spends ~13 us per part and ~3 us per line: 10 MB of tiny parts or
    # short lines would take seconds. The parts or lines after the caps are not read.
    if _BOUNDARY_DECLARED.search(raw) and (pos := _nth(raw, b"\n--", MAX_PARTS)) >= 0:
        flags["parts_capped"] = {"parts": MAX_PARTS, "read_bytes": pos}
        raw = raw[:pos + 1]
    if raw.count(b"\n") > MAX_LINES:
        pos = _nth(raw, b"\n", MAX_LINES)
        flags["lines_capped"] = {"lines": MAX_LINES, "read_bytes": pos}
        raw = raw[:pos + 1]
    parser = _Parser(Part, policy=RAW_POLICY)
    parser.feed(raw)
    return parser.close(), flags


def _nth(data: bytes, needle: bytes, n: int) -> int:
    """Where the ``n``-th ``needle`` is, or -1."""
    pos = -1
    for _ in range(n):
        pos = data.find(needle, pos + 1)
        if pos < 0:
            return -1
    return pos


def in_date_range(value: datetime) -> bool:
    """Whether ``value`` (aware) can be shown and counted from in every time zone."""
    return EARLIEST_DATE <= value <= LATEST_DATE


def parse_date(raw: str) -> datetime | None:
    """An RFC 5322 date (``Date:``, the end of a ``Received:``) as an aware datetime
    (UTC when it names no zone), or None when it is unreadable or out of range."""
    if not raw:
        return None
    try:
        value = parsedate_to_datetime(raw[:200])
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if value is None:
        return None
    value = value if value.tzinfo else value.replace(tzinfo=UTC)
    return value if in_date_range(value) else None


def to_text(value: str, fallback: str = "") -> tuple[str, str]:
    """A raw header value (8-bit bytes as surrogates) as text, and how it was decoded
    ('' for plain ASCII)."""
    if value.isascii():
        return value, ""
    data = value.encode("utf-8", "surrogateescape")
    for charset in dict.fromkeys(("utf-8", fallback.lower() or "utf-8")):
        try:
            return data.decode(charset), charset
        except (LookupError, UnicodeDecodeError):
            continue
    text = data.decode("utf-8", "triage-cp1252")
    return text, "replaced" if "\ufffd" in text else "utf-8+windows-1252"


def _decode_run(data: bytes, charset: str) -> tuple[str, bool]:
    """(text, whether the declared charset failed and a fallback was used)."""
    for candidate in dict.fromkeys((charset, "utf-8", "windows-1252")):
        try:
            return data.decode(candidate), candidate != charset
        except (LookupError, UnicodeDecodeError):
            continue
    return data.decode("utf-8", "replace"), True


def decode_words(text: str, limit: int = MAX_ENCODED_WORDS) -> tuple[str, int, bool]:
    """RFC 2047 words decoded in one pass: (text, words decoded, whether any word
    was malformed or not in its declared charset). Words after ``limit`` stay as
    they are."""
    if "=?" not in text:
        return text, 0, False
    out: list[str] = []
    run, run_charset, pos, count, replaced = bytearray(), "", 0, 0, False
    for match in _EW_RE.finditer(text):
        if count == limit:
            break
        gap = text[pos:match.start()]
        charset = match.group(1).partition("*")[0].lower()
        adjacent = count > 0 and not gap.strip()  # whitespace between words is no text
        if run and (not adjacent or charset != run_charset):
            decoded, bad = _decode_run(bytes(run), run_charset)
            out.append(decoded)
            replaced |= bad
            run = bytearray()
        if not adjacent:
            out.append(gap)
        payload = match.group(3).encode("utf-8", "surrogateescape")
        try:
            if match.group(2) in "qQ":
                run += binascii.a2b_qp(payload, header=True)
            else:
                run += base64.b64decode(payload + b"=" * (-len(payload) % 4), validate=True)
        except (binascii.Error, ValueError):
            run += match.group(0).encode("utf-8", "surrogateescape")
            replaced = True
        run_charset, pos, count = charset, match.end(), count + 1
    if run:
        decoded, bad = _decode_run(bytes(run), run_charset)
        out.append(decoded)
        replaced |= bad
    out.append(text[pos:])
    return "".join(out), count, replaced


def strip_comments(value: str) -> tuple[str, int, bool]:
    """``value`` with (nested) comments removed in one scan: (text, deepest nesting,
    balanced). Quoted strings and backslash escapes are respected."""
    if "(" not in value and ")" not in value:
        return value, 0, True
    out: list[str] = []
    depth = deepest = 0
    quoted = escaped = False
    balanced = True
    for ch in value:
        if escaped:
            escaped = False
            if depth == 0:
                out.append(ch)
            continue
        if ch == "\\":
            escaped = True
        elif ch == '"' and depth == 0:
            quoted = not quoted
        elif ch == "(" and not quoted:
            depth += 1
            deepest = max(deepest, depth)
            continue
        elif ch == ")" and not quoted:
            if depth == 0:
                balanced = False
            else:
                depth -= 1
                if depth == 0:
                    out.append(" ")
            continue
        if depth == 0:
            out.append(ch)
    return "".join(out), deepest, balanced and depth == 0


def clean_address(address: str) -> str:
    return address.translate(_CONTROLS).strip().lower()[:320]


def read_addresses(value: str, flags: dict, name: str) -> list[str]:
    """The addr-specs in one address header, lower-cased. Comments go first, so the
    address parser never meets a nested one; a header it cannot read is read for
    anything shaped like an address instead, and named in ``flags["header_fallback"]``."""
    text, deepest, balanced = strip_comments(value)
    pairs: list[tuple[str, str]] = []
    if deepest <= MAX_COMMENT_DEPTH and balanced:
        try:
            pairs = getaddresses([text])
        except Exception:  # noqa: BLE001 - read it the simple way below
            pairs = []
    if pairs and all("@" in addr or not addr for _, addr in pairs):
        found = [addr for _, addr in pairs if "@" in addr]
    else:
        found = _ADDR_RE.findall(text if balanced else value)
        if "@" in value:
            names = flags.setdefault("header_fallback", [])
            names.extend([name] if name not in names else [])
    return [a for a in (clean_address(addr) for addr in found) if a]


class Headers:
    """Reads one part's headers, recording in ``flags`` whatever was odd."""

    def __init__(self, message: Message, flags: dict) -> None:
        self.message, self.flags = message, flags
        try:
            self.fallback = message.get_content_charset() or ""
        except Exception:  # noqa: BLE001 - a malformed Content-Type declares nothing
            self.fallback = ""

    def raw(self, name: str) -> list[str]:
        """Every value of ``name``: unfolded text, 8-bit bytes decoded, no RFC 2047."""
        values = []
        for key, value in self.message.raw_items():
            if key.lower() != name:
                continue
            if not isinstance(value, str):  # a header object set by hand
                value = str(value)
            text, how = to_text(_FOLD_RE.sub("", value).translate(_CONTROLS), self.fallback)
            if how:
                self.flags.setdefault("header_decoding", {})[name] = how
            values.append(text)
        return values

    def first(self, name: str) -> str:
        values = self.raw(name)
        return values[0].strip() if values else ""

    def text(self, name: str) -> str:
        """The first value of ``name`` as a person reads it (RFC 2047 decoded)."""
        return self.decode(self.first(name), name)

    def decode(self, value: str, name: str) -> str:
        text, count, replaced = decode_words(value)
        if count >= MAX_ENCODED_WORDS and _EW_RE.search(text):
            self.flags.setdefault("encoded_words_capped", {})[name] = MAX_ENCODED_WORDS
        if replaced:
            self.flags.setdefault("header_decoding", {})[name] = "encoded word: fallback"
        return text.strip()

    def addresses(self, name: str) -> list[str]:
        """The addr-specs of every ``name`` header, lower-cased."""
        return [a for value in self.raw(name) for a in read_addresses(value, self.flags, name)]

    def filename(self) -> str:
        try:
            value = self.message.get_filename() or ""
        except Exception:  # noqa: BLE001 - a malformed parameter names no file
            value = ""
        return self.decode(to_text(value, self.fallback)[0], "filename")

    def param(self, name: str, header: str = "content-type") -> str:
        try:
            value = self.message.get_param(name, "", header=header)
        except Exception:  # noqa: BLE001 - a malformed header has no parameters
            return ""
        if isinstance(value, tuple):  # RFC 2231: (charset, language, text)
            value = value[2]
        return self.decode(to_text(str(value or ""), self.fallback)[0], header)
