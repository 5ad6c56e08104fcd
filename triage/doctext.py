"""The bytes of a file as text: what a file really is, its charset, CSV tables. Pure.

Shared by ``mime`` (which reads plain, CSV and attached messages while the sender
waits) and ``attachments`` (which reads every kind, PDFs included, for the worker).
"""

from __future__ import annotations

import csv
import io

_SIGNATURES = [
    (b"%PDF-", "application/pdf"), (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"), (b"GIF87a", "image/gif"), (b"GIF89a", "image/gif"),
    (b"PK\x03\x04", "application/zip"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "application/x-ole-storage"),
    (b"MZ", "application/x-msdownload"), (b"\x7fELF", "application/x-executable"),
    (b"Rar!", "application/vnd.rar"), (b"\x1f\x8b", "application/gzip"),
]
_OOXML = ("application/vnd.openxmlformats-officedocument.",)
XLSX_TYPES = ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
               "application/vnd.ms-excel.sheet.macroenabled.12")
_KINDS = {"text/plain": "text", "text/csv": "csv", "text/tab-separated-values": "csv",
          "text/html": "html", "message/rfc822": "eml", "application/pdf": "pdf",
          "txt": "text", "csv": "csv", "tsv": "csv", "htm": "html", "html": "html",
          "eml": "eml", "pdf": "pdf", **dict.fromkeys(XLSX_TYPES, "xlsx"),
          "xlsx": "xlsx", "xlsm": "xlsx"}
_TEXT_BYTES = bytes([*range(9, 14), 27, *range(32, 256)])
_BOM_UTF16 = (b"\xff\xfe", b"\xfe\xff")


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


def text_kind(content: bytes, content_type: str, filename: str) -> str:
    """What text a file holds, by its declared type or else its extension, checked
    against the bytes: text, csv, html, eml, pdf, xlsx (a workbook, which is a ZIP), or
    '' (binary or any other type)."""
    kind = declared_kind(content_type, filename)
    if kind == "pdf" or content.startswith(b"%PDF-"):
        return "pdf" if b"%PDF-" in content[:1024] else ""
    if kind == "xlsx":
        return kind if content.startswith(b"PK\x03\x04") else ""
    head = content[:4096]
    if any(head.startswith(magic) for magic, _ in _SIGNATURES):
        return ""
    return kind if head.startswith(_BOM_UTF16) or not head.translate(None, _TEXT_BYTES) else ""


def may_hold_text(declared_type: str, filename: str, sniffed_type: str) -> bool:
    """Whether ``text_kind`` can find text in a file, from what is known without its
    bytes: a text kind by declared type or extension, or bytes already sniffed as PDF.
    Lets the worker skip reading stored images and archives."""
    return bool(declared_kind(declared_type, filename)) or sniffed_type == "application/pdf"


def declared_kind(content_type: str, filename: str) -> str:
    """The text kind a file claims by its declared type, else its extension."""
    base = content_type.split(";")[0].strip().lower()
    extension = filename.rpartition(".")[2].lower() if "." in filename else ""
    return _KINDS.get(base) or _KINDS.get(extension, "")


def declared_charset(content_type: str) -> str:
    return content_type.lower().partition("charset=")[2].split(";")[0].strip(' "\'')


def decode_strict(data: bytes, charset: str) -> str | None:
    """The declared charset, else UTF-8, else windows-1252; None if all three fail."""
    for candidate in dict.fromkeys((charset.lower(), "utf-8", "windows-1252")):
        try:
            return data.decode(candidate)
        except (LookupError, UnicodeDecodeError):
            continue
    return None


def decode_bytes(data: bytes, charset: str = "") -> str:
    """As ``decode_strict``, a byte-order mark first and never failing."""
    if data.startswith(_BOM_UTF16):
        return data.decode("utf-16", "replace")
    if data.startswith(b"\xef\xbb\xbf"):
        data, charset = data[3:], "utf-8"
    text = decode_strict(data, charset)
    return data.decode("utf-8", "replace") if text is None else text


def csv_table(text: str) -> str:
    """CSV rows with cells separated by ' | ', the delimiter guessed from the first line
    (Brazilian exports use ';'). A malformed file is returned as it is."""
    first = text.split("\n", 1)[0][:10000]
    delimiter = max(",;\t|", key=first.count)
    try:
        rows = csv.reader(io.StringIO(text), delimiter=delimiter)
        return "\n".join(" | ".join(cell.strip() for cell in row) for row in rows)
    except csv.Error:
        return text
