"""The text of an attachment, for the rules and the model. Pure: no Django.

Plain text, CSV (cells kept apart by `` | ``), HTML (the visible text), attached
messages (``message/rfc822``, or a ``.eml`` sent as anything: headers, body and their
own attachments, ``mime.MAX_MESSAGE_DEPTH`` messages deep) and PDF through pypdf,
bounded in bytes, pages and time. A file that is not what it claims to be (an
executable named ``.txt``) and every other type give ''. When a bound cuts the text,
a last line says so, so a reader knows the rest was not read.

The web request reads only the cheap kinds at parse time (``ParsedAttachment.text``);
the worker reads everything here, PDFs from the stored file.
"""

from __future__ import annotations

import io
import time

from pypdf import PdfReader

from triage import mime
from triage.doctext import declared_charset, decode_bytes, text_kind
from triage.htmltext import convert
from triage.sanitize import normalize_for_model

PDF_MAX_BYTES = 10 * 1024 * 1024
PDF_MAX_PAGES = 20
PDF_MAX_SECONDS = 2.0  # checked between pages


def attachment_text(content: bytes, content_type: str, filename: str, *,
                    max_bytes: int | None = None, max_pages: int = PDF_MAX_PAGES,
                    max_seconds: float = PDF_MAX_SECONDS, depth: int = 0) -> str:
    """The text a person would read in this attachment, or '' for a kind without
    text. ``content_type`` is the declared type (a ``charset`` parameter is used);
    ``max_bytes`` defaults to 2 MB for text kinds and 10 MB for a PDF; ``depth`` is
    how many attached messages this one is inside."""
    kind = text_kind(content, content_type, filename)
    if kind in ("text", "csv"):
        return mime.cheap_text(content, content_type, filename, depth=depth,
                               max_bytes=max_bytes or mime.TEXT_MAX_BYTES)
    if kind == "eml":
        def read(att: mime.ParsedAttachment) -> str:
            return attachment_text(att.content, att.declared_type, att.filename,
                                   max_bytes=max_bytes, max_pages=max_pages,
                                   max_seconds=max_seconds, depth=depth + 1)
        return mime.message_text(content, depth, read)
    if kind == "html":
        limit = max_bytes or mime.TEXT_MAX_BYTES
        html = convert(decode_bytes(content[:limit], declared_charset(content_type)))
        cut = len(content) > limit or html.truncated
        return normalize_for_model(html.text) + (f"\n{_cut(f'first {limit} bytes')}" if cut
                                                 else "")
    if kind == "pdf":
        return pdf_text(content, max_bytes=max_bytes or PDF_MAX_BYTES, max_pages=max_pages,
                        max_seconds=max_seconds)
    return ""


def pdf_text(content: bytes, *, max_bytes: int = PDF_MAX_BYTES,
             max_pages: int = PDF_MAX_PAGES, max_seconds: float = PDF_MAX_SECONDS) -> str:
    """The text of a PDF's first pages. A PDF cannot be read in part, so one over
    ``max_bytes`` is not read at all; a damaged one yields the pages read before the
    damage."""
    if len(content) > max_bytes:
        return _cut(f"a PDF of {len(content)} bytes is over the {max_bytes} byte limit; "
                    f"not read")
    started = time.monotonic()
    pages: list[str] = []
    note = ""
    try:
        reader = PdfReader(io.BytesIO(content), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            return _cut("the PDF is encrypted; not read")
        total = len(reader.pages)
        for number, page in enumerate(reader.pages):
            if number >= max_pages:
                note = f"read {max_pages} of {total} pages"
                break
            if time.monotonic() - started > max_seconds:
                note = f"read {number} of {total} pages before the {max_seconds:g} s limit"
                break
            pages.append(page.extract_text() or "")
    except Exception as exc:  # noqa: BLE001 - a malformed PDF is data, not a crash
        note = f"the PDF is damaged ({type(exc).__name__}); read {len(pages)} pages"
    text = normalize_for_model("\n\n".join(p.strip() for p in pages if p.strip()))
    return f"{text}\n{_cut(note)}".strip() if note else text


def _cut(why: str) -> str:
    return f"[... text cut: {why} ...]"
