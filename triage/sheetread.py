"""A spreadsheet's text (XLSX, XLSM), read with openpyxl in the PDF reader's child process.

What a person sees in the file is what the rules and the model read: each sheet under
its name, one line per row, cells apart by a tab, a formula as the value the file holds
for it (``data_only``: the figure Excel or LibreOffice computed and saved, a ``SUM``'s
total), a number with the currency its cell format shows (``US$ 120000``).

A workbook is a ZIP of XML parts, so a small file can unpack to gigabytes, and openpyxl
reads the whole shared-strings table when it opens one; a sheet of one cell in row
1,048,576 is a million rows to a reader that fills the gaps. So, in this order:

* the ZIP's own directory (no part unpacked) must say the workbook unpacks to at most
  ``MAX_UNPACKED`` bytes (zipfile never unpacks a part past the size it declares);
* the child reads at most ``MAX_ROWS`` rows (empty ones count) and ``MAX_CELLS`` cells
  (the cells a row is filled up to count) and ``MAX_CHARS`` characters of text;
* the child runs under the CPU and memory limits and the deadline of ``pdfread``.

A workbook cut by any of them says why, and the email goes to a person.

Measured on a shared 2-core machine (openpyxl 3.1): a 2,000-row, 6-column sheet reads in
about 0.5 s in the child, its start included, and 10,000 rows (the row cap) in about 1.2 s,
inside the 1.5 s each attachment has (``attachments.PDF_MAX_SECONDS``).
ODS is not read: openpyxl does not read it, and odfpy builds the whole document in memory.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from dataclasses import dataclass, field

from triage.pdfread import run_reader
from triage.routes import Code, reason

MAX_UNPACKED = 20 * 1024 * 1024  # bytes the ZIP's parts unpack to, as its directory says
MAX_ROWS = 10_000
MAX_CELLS = 100_000
MAX_CHARS = 2_000_000
_BATCH_CHARS = 64 * 1024  # lines sent to the parent in batches, not one message a row

# The currency a number format shows: "[$US$-409]", "[$USD] ", a quoted "R$", a bare $ or €.
_FORMAT_CURRENCY = re.compile(r'\[\$([^\]\-]+)[^\]]*\]|"([^"]*)"|([$€£¥₹])')
_CURRENCY_TEXT = re.compile(r"[A-Z]{3}|[A-Z]{0,2}\$|[€£¥₹]")


@dataclass(frozen=True)
class SheetText:
    text: str
    problem: dict = field(default_factory=dict)  # why not all of it was read (a reason)
    cpu_seconds: float = 0.0  # what the reading cost its child


def read_workbook(content: bytes, *, max_seconds: float,
                  deadline: float | None = None) -> SheetText:
    """The text of an XLSX workbook, as far as the caps, ``max_seconds`` of its reader's
    CPU time and ``deadline`` (``time.monotonic``) allow."""
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        return SheetText("", reason(Code.PDF_DAMAGED, error=type(exc).__name__))
    if unpacked > MAX_UNPACKED:
        return SheetText("", reason(Code.SHEET_UNPACKS_TOO_LARGE, bytes=unpacked,
                                    limit=MAX_UNPACKED))
    lines: list[str] = []
    cut = []

    def receive(kind: str, value) -> None:
        if kind == "lines":
            lines.append(value)
        elif kind == "cut":
            cut.append(value)

    end = run_reader(_child, (content,), max_seconds=max_seconds, deadline=deadline,
                     receive=receive)
    return SheetText("\n".join(lines), end.problem or (cut[0] if cut else {}), end.cpu_seconds)


def _child(send, content: bytes) -> None:
    # Imported here: the fork server preloads this module, and a worker that never reads
    # a spreadsheet never pays for openpyxl.
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
        rows = cells = chars = 0
        batch: list[str] = []
        size = 0
        for sheet in book.worksheets:
            batch.append(f"--- sheet: {_clean(sheet.title)} ---")
            # The dimension a file declares is the sender's: without it, rows are filled
            # only up to their own last cell.
            sheet.reset_dimensions()
            for row in sheet.iter_rows():
                rows += 1
                cells += len(row)
                if rows > MAX_ROWS or cells > MAX_CELLS:
                    send.send(("cut", reason(Code.SHEET_ROWS_CUT, rows=MAX_ROWS,
                                             cells=MAX_CELLS)))
                    break
                line = "\t".join(_cell(c.value, c.number_format) for c in row).rstrip("\t")
                if not line:
                    continue
                chars += len(line) + 1
                if chars > MAX_CHARS:
                    send.send(("cut", reason(Code.SHEET_CHARS_CUT, chars=MAX_CHARS)))
                    break
                batch.append(line)
                size += len(line)
                if size > _BATCH_CHARS:
                    send.send(("lines", "\n".join(batch)))
                    batch, size = [], 0
            else:
                continue
            break
        if batch:
            send.send(("lines", "\n".join(batch)))
        book.close()
        send.send(("done", None))
    except Exception as exc:  # noqa: BLE001 - a malformed workbook is data, not a crash
        send.send(("problem", reason(Code.PDF_DAMAGED, error=type(exc).__name__)))


def _cell(value, number_format: str | None) -> str:
    """A cell as a person sees it, near enough for the readers: numbers without float
    noise, with the currency or percent sign their format shows; dates as ISO dates."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int | float):
        fmt = number_format or ""
        if "%" in fmt.replace('"%"', ""):
            return f"{_number(value * 100)}%"
        currency = _currency(fmt)
        if currency:
            sep = " " if currency[-1].isalpha() else ""
            return f"{currency}{sep}{_number(value)}"
        return _number(value)
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat(" ")
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return _clean(str(value))


def _number(value: int | float) -> str:
    if isinstance(value, int) or value.is_integer():
        return str(int(value))
    return f"{value:.6f}".rstrip("0").rstrip(".")


def _currency(number_format: str) -> str:
    for match in _FORMAT_CURRENCY.finditer(number_format):
        text = next(g for g in match.groups() if g is not None).strip()
        if _CURRENCY_TEXT.fullmatch(text):
            return text
    return ""


def _clean(text: str) -> str:
    """A cell's own tabs and line breaks would read as other cells and rows."""
    return " ".join(text.split())
