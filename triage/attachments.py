"""The text of an attachment, for the rules and the model. Pure: no Django.

Plain text, CSV (cells kept apart by `` | ``), HTML (the visible text), attached
messages (``message/rfc822``, or a ``.eml`` sent as anything: headers, body and their
own attachments, ``mime.MAX_MESSAGE_DEPTH`` messages deep), PDF through pypdf and
XLSX workbooks through openpyxl (``triage.sheetread``), bounded in bytes, pages, rows,
cells and time. A file that is not what it claims to be (an
executable named ``.txt``) and every other type give ''. When a bound cuts the text,
a last line says so, so a reader knows the rest was not read.

The web request reads only the cheap kinds at parse time (``ParsedAttachment.text``);
the worker reads everything here, PDFs and workbooks from the stored file.
"""

from __future__ import annotations

from dataclasses import dataclass

from triage import mime
from triage.doctext import declared_charset, decode_bytes, text_kind
from triage.htmltext import convert
from triage.pdfread import read_pages
from triage.routes import Code, reason
from triage.sanitize import normalize_for_model
from triage.sheetread import read_workbook

PDF_MAX_BYTES = 10 * 1024 * 1024
PDF_MAX_PAGES = 20
# One PDF's or workbook's reading, in its reader's CPU time, enforced inside a page (the
# reader is a child process, killed then; the clock may run ``pdfread.WALL_FACTOR``
# times longer while it waits for a CPU).
PDF_MAX_SECONDS = 1.5


@dataclass(frozen=True)
class Reading:
    """An attachment's text, and why any part of it was not read (each a reason,
    ``routes.reason``; empty when it was read in full). The text carries the same notes
    as its last lines, in English words for the model, so a reader of the text knows
    too."""

    text: str
    unread: tuple[dict, ...] = ()
    cpu_seconds: float = 0.0  # what its reader processes spent (PDFs and workbooks)


def inside(name: str, why: dict) -> dict:
    """``why`` of a part found inside the part called ``name`` (an attachment, an
    attached message's own attachment): its ``part`` names them from the outside in."""
    return {**why, "part": [name, *why.get("part", ())]}


def read_attachment(content: bytes, content_type: str, filename: str, *,
                    max_bytes: int | None = None, max_pages: int = PDF_MAX_PAGES,
                    max_seconds: float = PDF_MAX_SECONDS, deadline: float | None = None,
                    depth: int = 0) -> Reading:
    """The text a person would read in this attachment ('' for a kind without text),
    and what of it was not read. ``content_type`` is the declared type (a ``charset``
    parameter is used);
    ``max_bytes`` defaults to 2 MB for text kinds and 10 MB for a PDF or a workbook; a
    PDF or a workbook is read for ``max_seconds`` of its reader's CPU time at most, and
    never past ``deadline`` (``time.monotonic()``), which an attached message's own
    attachments share; ``depth`` is how many attached messages this one is inside."""
    kind = text_kind(content, content_type, filename)
    if kind in ("text", "csv"):
        limit = max_bytes or mime.TEXT_MAX_BYTES
        text = mime.cheap_text(content, content_type, filename, depth=depth, max_bytes=limit)
        return Reading(text, (reason(Code.FIRST_BYTES_ONLY, bytes=limit),)
                       if len(content) > limit else ())
    if kind == "eml":
        return _message(content, depth, max_bytes=max_bytes, max_pages=max_pages,
                        max_seconds=max_seconds, deadline=deadline)
    if kind == "html":
        limit = max_bytes or mime.TEXT_MAX_BYTES
        html = convert(decode_bytes(content[:limit], declared_charset(content_type)))
        if len(content) > limit or html.truncated:
            why = reason(Code.FIRST_BYTES_ONLY, bytes=limit)
            return Reading(f"{normalize_for_model(html.text)}\n{_cut(why)}", (why,))
        return Reading(normalize_for_model(html.text))
    if kind == "pdf":
        return _pdf(content, max_bytes=max_bytes or PDF_MAX_BYTES, max_pages=max_pages,
                    max_seconds=max_seconds, deadline=deadline)
    if kind == "xlsx":
        return _workbook(content, max_bytes=max_bytes or PDF_MAX_BYTES,
                         max_seconds=max_seconds, deadline=deadline)
    return Reading("")


def _workbook(content: bytes, *, max_bytes: int, max_seconds: float,
              deadline: float | None) -> Reading:
    """A workbook's sheets as text; like a PDF, one over ``max_bytes`` is not read."""
    if len(content) > max_bytes:
        why = reason(Code.SHEET_TOO_LARGE, bytes=len(content), limit=max_bytes)
        return Reading(_cut(why), (why,))
    read = read_workbook(content, max_seconds=max_seconds, deadline=deadline)
    text = normalize_for_model(read.text)
    if read.problem:
        return Reading(f"{text}\n{_cut(read.problem)}".strip(), (read.problem,),
                       read.cpu_seconds)
    return Reading(text, (), read.cpu_seconds)


def _pdf(content: bytes, *, max_bytes: int, max_pages: int, max_seconds: float,
         deadline: float | None) -> Reading:
    """The text of a PDF's first pages. A PDF cannot be read in part, so one over
    ``max_bytes`` is not read at all; a damaged or slow one yields the pages read
    before the damage or the deadline."""
    if len(content) > max_bytes:
        why = reason(Code.PDF_TOO_LARGE, bytes=len(content), limit=max_bytes)
        return Reading(_cut(why), (why,))
    read = read_pages(content, max_pages=max_pages, max_seconds=max_seconds, deadline=deadline)
    pages = {"pages": len(read.pages), **({} if read.total is None else {"total": read.total})}
    why = ({**read.problem, **pages} if read.problem
           else reason(Code.PDF_PAGE_LIMIT, pages=max_pages, total=read.total)
           if (read.total or 0) > max_pages else {})
    text = normalize_for_model("\n\n".join(p.strip() for p in read.pages if p.strip()))
    if why:
        return Reading(f"{text}\n{_cut(why)}".strip(), (why,), read.cpu_seconds)
    return Reading(text, (), read.cpu_seconds)


def _message(content: bytes, depth: int, **bounds) -> Reading:
    """An attached message's text; what its own attachments left unread is its own."""
    unread: list[dict] = []
    spent = [0.0]

    def read(att: mime.ParsedAttachment) -> str:
        reading = read_attachment(att.content, att.declared_type, att.filename,
                                  depth=depth + 1, **bounds)
        unread.extend(inside(att.filename, why) for why in reading.unread)
        spent[0] += reading.cpu_seconds
        return reading.text

    if depth >= mime.MAX_MESSAGE_DEPTH:
        unread.append(reason(Code.MESSAGE_TOO_DEEP, depth=depth))
    elif len(content) > mime.TEXT_MAX_BYTES:
        unread.append(reason(Code.MESSAGE_FIRST_BYTES, bytes=mime.TEXT_MAX_BYTES))
    text = mime.message_text(content, depth, read)
    return Reading(text, tuple(unread), spent[0])


# The text's own note of a cut, in the words the model and the rules have always read
# there (staff read the reason, in their language, through ``triage.labels``).
_NOTES = {
    Code.FIRST_BYTES_ONLY: "only the first {bytes} bytes",
    Code.PDF_TOO_LARGE: "a PDF of {bytes} bytes is over the {limit} byte limit; not read",
    Code.PDF_PAGE_LIMIT: "read {pages}{of} pages",
    Code.PDF_NO_TIME: "no time was left to read it",
    Code.PDF_READER_UNAVAILABLE: "no reader process could start ({error})",
    Code.PDF_TIMED_OUT: "its reading took over {seconds:g} s and was stopped",
    Code.PDF_ENCRYPTED: "it is encrypted",
    Code.PDF_DAMAGED: "it is damaged ({error})",
    Code.PDF_READER_STOPPED: "its reader stopped (a limit of memory or CPU)",
    Code.SHEET_TOO_LARGE: "a workbook of {bytes} bytes is over the {limit} byte limit; not read",
    Code.SHEET_UNPACKS_TOO_LARGE: "it unpacks to {bytes} bytes, over the {limit} byte limit; "
                                  "not read",
    Code.SHEET_ROWS_CUT: "read {rows} rows or {cells} cells",
    Code.SHEET_CHARS_CUT: "read its first {chars} characters",
}


def _cut(why: dict) -> str:
    of = "" if why.get("total") is None else f" of {why['total']}"
    note = _NOTES[why["code"]].format(**why, of=of)
    if why["code"] not in (Code.PDF_PAGE_LIMIT, Code.PDF_TOO_LARGE) and "pages" in why:
        note += f"; read {why['pages']}{of} pages"
    return f"[... text cut: {note} ...]"
