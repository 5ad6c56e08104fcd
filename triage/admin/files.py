"""Files staff open from the console: an attachment as a download, or an image or PDF
as a preview in a sandboxed frame. Nothing a sender sent is ever rendered as a page of
ours: a download is ``application/octet-stream`` with ``Content-Disposition:
attachment``; a preview is served only for the types below, under the type we sniffed
from the bytes (never the one the sender declared), with a CSP that sandboxes it."""

from __future__ import annotations

import unicodedata

from django.http import FileResponse

from triage.models import Attachment

PREVIEWABLE = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp",
                         "application/pdf"})
# The preview document: no script, no network, no forms; it may be framed by our pages
# only. (Image viewers style themselves inline, inside the sandbox.)
PREVIEW_CSP = ("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; "
               "object-src 'self'; sandbox; frame-ancestors 'self'; base-uri 'none'; "
               "form-action 'none'")
_UNSAFE = set('"\\/<>:|?*;%')


def safe_filename(name: str, fallback: str) -> str:
    """The last path part, without control, format (bidi, zero-width) or reserved
    characters, no leading dots, at most 150 characters; ``fallback`` if nothing is left.
    Django's content_disposition_header then writes it per RFC 6266 (filename*=UTF-8'')."""
    name = unicodedata.normalize("NFKC", name or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(c for c in name if unicodedata.category(c)[0] != "C" and c not in _UNSAFE)
    name = name.strip(" .")[:150].strip(" .")
    return name or fallback


def is_previewable(attachment: Attachment) -> bool:
    return attachment.stored and attachment.content_type in PREVIEWABLE


def attachment_response(attachment: Attachment, *, preview: bool) -> FileResponse:
    name = safe_filename(attachment.filename, f"attachment-{attachment.pk}")
    preview = preview and is_previewable(attachment)
    response = FileResponse(
        attachment.file.open("rb"), as_attachment=not preview, filename=name,
        content_type=attachment.content_type if preview else "application/octet-stream")
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "private, no-store"
    if preview:
        response["Content-Security-Policy"] = PREVIEW_CSP
        response["X-Frame-Options"] = "SAMEORIGIN"
    return response
