"""What the chains and the rules read of one email: ``EmailInput``, built one way from
a parsed message (files, the command line, the evaluation) and one way from a stored
one (the worker), so what is measured is what production decides on.

What is read of an email is everything a person reads: the body, the HTML's visible
text when it says more than the plain part, and each attachment's text, cheap kinds
first. The rules read all of it (``EmailInput.rules_text``); the model a copy clipped to
a budget (``chains/untrusted.wrap``). A part not read in full is named in ``unread``, a
reason each (``routes.reason``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property

from triage.attachments import PDF_MAX_BYTES, PDF_MAX_SECONDS, inside, read_attachment
from triage.doctext import XLSX_TYPES, declared_kind, may_hold_text
from triage.htmltext import MAX_HTML_CHARS, html_adds
from triage.mime import MAX_TEXT_CHARS, attachment_label
from triage.readers.text import fold_for_rules
from triage.routes import Code, reason

MAX_ATTACHMENTS_READ = 10
PART_BREAK = "\n\n"
RULES_MAX_CHARS = 500_000
_SLOW = ("pdf", "eml", "xlsx")  # read after every cheap kind
_SLOW_TYPES = ("application/pdf", "message/rfc822", *XLSX_TYPES)
# For all of one email's attachments together: the CPU time their reader processes may
# spend, and how long the clock may run while they wait for a CPU on a busy machine.
ATTACHMENTS_MAX_SECONDS = 5.0
ATTACHMENTS_MAX_WALL_SECONDS = 20.0
# What the chains read in place of an attachment the time ran out for.
OUT_OF_TIME = "[... not read: the time for this email's attachments ran out ...]"


@dataclass(frozen=True)
class EmailInput:
    """What the chains read of one email. Built one way from a parsed message (files,
    the command line, the evaluation) and one way from a stored one (the worker), so
    what is measured is what production sends."""

    subject: str
    from_header: str
    received_at: datetime
    body: str
    attachments: list[str] = field(default_factory=list)
    message_id: str = ""
    html_text: str = ""  # the HTML alternative's visible text, when not the body itself
    attachment_texts: list[tuple[str, str]] = field(default_factory=list)  # (label, text)
    # What was not read in full, a reason each (its ``part`` the label): the rules cannot
    # vouch for a part they did not read, so such an email goes to a person, never to an
    # automatic forward.
    unread: list[dict] = field(default_factory=list)
    # The addresses the mail says it is from: From, Reply-To, the envelope sender.
    senders: tuple[str, ...] = ()
    # What the HTML hides from a reader (``mime``'s ``hidden_content``): the rules read a
    # payment instruction in it (a person checks it), nothing else.
    hidden: tuple[str, ...] = ()

    @classmethod
    def from_parsed(cls, parsed, *, received_at: datetime | None = None) -> EmailInput:
        """From a ``mime.ParsedEmail``; received now unless told otherwise."""
        texts, unread = _read(
            (attachment_label(a.filename, a.sniffed_type), a.declared_type, a.filename,
             a.sniffed_type, lambda a=a: a.content) for a in parsed.attachments)
        return cls(
            subject=parsed.subject, from_header=parsed.from_header, body=parsed.text_body,
            received_at=received_at or parsed.date or datetime.now(UTC),
            message_id=parsed.message_id,
            attachments=[attachment_label(a.filename, a.sniffed_type)
                         for a in parsed.attachments],
            html_text=parsed.html_text if parsed.html_text != parsed.text_body else "",
            attachment_texts=texts, unread=_cut_at_parse(parsed.flags) + unread,
            senders=_addresses(parsed.from_address, parsed.reply_to),
            hidden=tuple(parsed.flags.get("hidden_content", ())),
        )

    @classmethod
    def from_stored(cls, email) -> EmailInput:
        """From a stored ``InboundEmail`` (duck-typed: chains never import models)."""
        rows = list(email.attachments.all())
        texts, unread = _read(
            (attachment_label(a.filename, a.content_type), a.declared_type, a.filename,
             a.content_type, lambda a=a: _stored_bytes(a)) for a in rows if a.stored)
        return cls(
            subject=email.subject, from_header=email.from_header, body=email.text_body,
            received_at=email.received_at, message_id=email.message_id,
            attachments=[attachment_label(a.filename, a.content_type) for a in rows],
            html_text=email.html_text if email.html_text != email.text_body else "",
            attachment_texts=texts, unread=_cut_at_parse(email.flags or {}) + unread,
            senders=_addresses(email.from_address, (email.flags or {}).get("reply_to", ""),
                               email.envelope_sender),
            hidden=tuple((email.flags or {}).get("hidden_content", ())),
        )

    @cached_property  # wrap() asks on every chain call
    def html_extra(self) -> str:
        """The HTML's text when it says materially more than the body, else ''."""
        return self.html_text if self.html_text and html_adds(self.body, self.html_text) else ""

    @property
    def rules_parts(self) -> list[str]:
        """The parts the hard rules read, in order: subject and body, the HTML's text
        when it says more, and every attachment's text, unclipped (a deadline 80,000
        characters down still counts)."""
        sections = [self.html_extra, *(text for _, text in self.attachment_texts)]
        return [f"{self.subject}\n{self.body}", *filter(None, sections)]

    @property
    def rules_text(self) -> str:
        """``rules_parts`` as one text, parts apart by a blank line."""
        return PART_BREAK.join(self.rules_parts)

    def rules_reading(self) -> tuple[str, tuple[int, ...], list[dict]]:
        """(text, where each part after the first starts, what was not read): what
        the rules read, each part with look-alike letters folded to Latin, up to
        RULES_MAX_CHARS (about two seconds of reading); past that a person reads the
        rest."""
        parts = [fold_for_rules(p) for p in self.rules_parts]
        text, starts, pos = PART_BREAK.join(parts), [], 0
        for part in parts[:-1]:
            pos += len(part) + len(PART_BREAK)
            starts.append(pos)
        unread = list(self.unread)
        if len(text) > RULES_MAX_CHARS:
            unread.append(reason(Code.RULES_READ_FIRST, chars=RULES_MAX_CHARS,
                                 total=len(text)))
            text = text[:RULES_MAX_CHARS]
        return text, tuple(s for s in starts if s < len(text)), unread


def _addresses(*found: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(a.lower() for a in found if a))


def _cut_at_parse(flags: dict) -> list[dict]:
    """What the parser's own bounds left out (the raw message keeps all of it)."""
    out = []
    if cap := flags.get("attachments_capped"):
        out.append(reason(Code.ATTACHMENTS_NOT_STORED, skipped=cap["total"] - cap["stored"],
                          stored=cap["stored"]))
    if cap := flags.get("parts_capped"):
        out.append(reason(Code.PARTS_NOT_PARSED, parts=cap["parts"]))
    for flag, code, limit in (("text_truncated", Code.BODY_CUT, MAX_TEXT_CHARS),
                              ("html_truncated", Code.HTML_CUT, MAX_HTML_CHARS)):
        if flags.get(flag):
            out.append(reason(code, chars=limit))
    return out


def _read(attachments) -> tuple[list[tuple[str, str]], list[dict]]:
    """((label, text) of the first MAX_ATTACHMENTS_READ attachments that have text, in
    their order; the reason each part was not read in full, named by its label). Cheap
    kinds are read first and PDFs, workbooks and attached messages last, all within
    ATTACHMENTS_MAX_SECONDS of their readers' CPU time (and ATTACHMENTS_MAX_WALL_SECONDS
    of the clock), so a slow PDF cannot use up the time of the claim beside it.
    Each attachment is (label, declared type, file name, sniffed type, ``load()`` giving
    its bytes, called only if it is read)."""
    deadline = time.monotonic() + ATTACHMENTS_MAX_WALL_SECONDS
    cpu_left = ATTACHMENTS_MAX_SECONDS
    ordered = sorted(
        (declared_kind(declared, filename) in _SLOW or sniffed in _SLOW_TYPES, order, label,
         declared, filename, load)
        for order, (label, declared, filename, sniffed, load) in enumerate(attachments)
        if may_hold_text(declared, filename, sniffed))
    found: list[tuple[int, str, str]] = []
    unread: list[dict] = []
    for _, order, label, declared_type, filename, load in ordered:
        if len(found) >= MAX_ATTACHMENTS_READ:
            unread.append(reason(Code.ATTACHMENT_PAST_LIMIT, part=[label],
                                 limit=MAX_ATTACHMENTS_READ))
            continue
        if time.monotonic() >= deadline or cpu_left <= 0:
            found.append((order, label, OUT_OF_TIME))
            unread.append(reason(Code.ATTACHMENTS_OUT_OF_TIME, part=[label]))
            continue
        reading = read_attachment(load(), declared_type, filename, deadline=deadline,
                                  max_seconds=min(PDF_MAX_SECONDS, cpu_left))
        cpu_left -= reading.cpu_seconds
        unread += [inside(label, why) for why in reading.unread]
        if reading.text:
            found.append((order, label, reading.text))
    return [(label, text) for _, label, text in sorted(found)], unread


def _stored_bytes(attachment) -> bytes:
    """The stored file, read no further than the largest attachment we read (a larger
    PDF is reported unread either way)."""
    try:
        with attachment.file.open("rb") as handle:
            return handle.read(PDF_MAX_BYTES + 1)
    except (OSError, ValueError):
        return b""
