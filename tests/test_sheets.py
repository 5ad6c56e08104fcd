"""Spreadsheets are read: what a person sees in an XLSX reaches the rules and the model,
and a workbook built to be expensive is cut cheaply and sends the email to a person."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import UTC, datetime

import openpyxl

from tests.growth import assert_costs_less
from tests.test_attachments import eml
from triage import mime, sheetread
from triage.attachments import read_attachment
from triage.chains import llm
from triage.decision import Config, EmailInput, run_chains

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
SHEET = "xl/worksheets/sheet1.xml"


def workbook(sheets: dict[str, list[list]], *, formats: dict[str, str] | None = None,
             cached: dict[str, str] | None = None) -> bytes:
    """An XLSX written by openpyxl. openpyxl saves a formula without its value (only a
    spreadsheet program computes one), so ``cached`` writes the value Excel would have
    saved into the first sheet's XML: {cell: value}."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    first = book.worksheets[0]
    for ref, fmt in (formats or {}).items():
        first[ref].number_format = fmt
    out = io.BytesIO()
    book.save(out)
    if not cached:
        return out.getvalue()
    xml = part(out.getvalue(), SHEET)
    for ref, value in cached.items():
        head, sep, tail = xml.partition(f'<c r="{ref}"'.encode())
        assert sep, ref
        cell, end, rest = tail.partition(b"</c>")
        assert b"<v></v>" in cell or b"<v />" in cell
        cell = cell.replace(b"<v></v>", f"<v>{value}</v>".encode()).replace(
            b"<v />", f"<v>{value}</v>".encode())
        xml = head + sep + cell + end + rest
    return rewrite(out.getvalue(), {SHEET: xml})


def part(content: bytes, name: str) -> bytes:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return archive.read(name)


def rewrite(content: bytes, parts: dict[str, bytes]) -> bytes:
    """The same workbook with some parts replaced or added."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(content)) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        for info in src.infolist():
            if info.filename not in parts:
                dst.writestr(info.filename, src.read(info))
        for name, body in parts.items():
            dst.writestr(name, body)
    return out.getvalue()


def claim_book(*, with_cached_total: bool = True) -> bytes:
    rows = [["Lot", "Bales", "Claim per lot"],
            ["7731", 120, 61_500], ["7732", 118, 60_250.5], ["7733", 121, 63_749.5],
            ["Total claimed", None, "=SUM(C2:C4)"]]
    return workbook({"Claim": rows}, formats={"C5": '"US$" #,##0.00'},
                    cached={"C5": "185500"} if with_cached_total else None)


def test_a_workbook_reads_as_named_sheets_rows_and_cells_with_the_saved_total():
    book = workbook({"Claim": [["Lot", "Bales", "Claim per lot"], ["7731", 120, 61_500],
                               ["7732", 118, 60_250.5], ["7733", 121, 63_749.5],
                               ["Total claimed", None, "=SUM(C2:C4)"]],
                     "Notes": [["Surveyor", "SGS Santos"], [], ["Share", 0.25]]},
                    formats={"C5": '"US$" #,##0.00'}, cached={"C5": "185500"})
    reading = read_attachment(book, XLSX, "claim.xlsx")
    assert reading.unread == ()
    assert reading.text == ("--- sheet: Claim ---\nLot\tBales\tClaim per lot\n7731\t120\t61500\n"
                            "7732\t118\t60250.5\n7733\t121\t63749.5\n"
                            "Total claimed\t\tUS$185500\n"
                            "--- sheet: Notes ---\nSurveyor\tSGS Santos\nShare\t0.25")
    # Without the value a spreadsheet program saves, the total is not there to read.
    unsaved = read_attachment(claim_book(with_cached_total=False), XLSX, "claim.xlsx")
    assert unsaved.text.endswith("Total claimed")


def test_a_workbook_is_known_by_its_bytes_not_its_name():
    book = claim_book()
    assert read_attachment(book, "application/octet-stream", "claim.xlsx").text
    assert "US$185500" in read_attachment(book, XLSX, "unnamed").text
    # A file that only says it is a workbook: nothing read, nothing to run.
    assert read_attachment(b"MZ\x90\x00 not a workbook", XLSX, "claim.xlsx").text == ""
    damaged = read_attachment(b"PK\x03\x04" + b"\x00" * 200, XLSX, "claim.xlsx")
    assert damaged.unread and damaged.unread[0]["code"] == "pdf_damaged"


def _decide(subject: str, body: str, book: bytes):
    raw = eml(subject, body, attach=[(book, XLSX, "claim.xlsx")])
    email = EmailInput.from_parsed(mime.parse_bytes(raw),
                                   received_at=datetime(2026, 11, 30, 9, 0, tzinfo=UTC))
    spec = llm.model_spec()
    return run_chains(email, model=llm.build_model(spec), spec=spec,
                      config=Config.from_settings(history=False))


def test_a_claim_whose_amount_is_only_in_a_spreadsheet_total_reaches_the_desk_or_a_person():
    body = ("Lots 7731 to 7733 under contract CT-2026-0142 were found with plastic "
            "contamination at the mill. We hereby lodge our claim; the amounts per lot and "
            "the total claimed are in the attached spreadsheet.")
    decision = _decide("Claim lots 7731-7733", body, claim_book())
    assert decision.route in ("escalated", "needs_review")
    shown = json.dumps(decision.backstop_triggers + decision.review_signals)
    assert "185500" in shown or decision.exposure_usd == 185500


def test_an_ordinary_price_list_workbook_stays_routine():
    prices = workbook({"Prices": [["Origin", "Grade", "Price (US cents/lb)"],
                                  ["Brazil", "M 1-1/8", 78.5], ["Brazil", "SLM 1-3/32", 76.25],
                                  ["USA", "31-3-36", 80]]})
    decision = _decide("Weekly price list", "Dear buyer, please find our price list for next "
                       "week's shipments attached. Best regards, Commercial team", prices)
    assert decision.route == "forwarded"
    assert decision.department == "commercial"


def test_a_workbook_cut_by_a_cap_sends_the_email_to_a_person():
    gap = rewrite(claim_book(), {SHEET: _sheet_xml('<row r="900000"><c r="A900000" t="n">'
                                                   '<v>1</v></c></row>')})
    decision = _decide("Weekly price list", "Dear buyer, please find our price list for next "
                       "week's shipments attached.", gap)
    assert decision.route == "needs_review"
    assert decision.review_signals[0]["code"] == "parts_unread"
    [part] = decision.review_signals[0]["parts"]
    assert (part["code"], part["rows"]) == ("sheet_rows_cut", sheetread.MAX_ROWS)


def _sheet_xml(rows: str) -> bytes:
    return ('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.'
            'openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
            f'{rows}</sheetData></worksheet>').encode()


def _no_reader(*args, **kwargs):
    raise AssertionError("a reader process was started")


def test_a_zip_bomb_is_cut_at_the_directory_without_unpacking(monkeypatch):
    """The ZIP's directory says what its parts unpack to; past MAX_UNPACKED nothing is
    unpacked, so a 4 times larger bomb costs about the same CPU (unpacking it would
    cost 4 times more)."""
    def bomb(megabytes: int) -> bytes:
        filler = f'<row r="1"><c r="A1" t="inlineStr"><is><t>{" " * 1024}</t></is></c></row>'
        return rewrite(claim_book(), {SHEET: _sheet_xml(filler * (megabytes * 1024))})

    small, large, fine = bomb(24), bomb(96), bomb(1)
    assert len(large) < 1_000_000
    # Under the limit the same kind of file is read.
    assert read_attachment(fine, XLSX, "claim.xlsx").unread == ()
    monkeypatch.setattr(sheetread, "run_reader", _no_reader)
    reading = read_attachment(large, XLSX, "claim.xlsx")
    assert reading.unread[0]["code"] == "sheet_unpacks_too_large"
    assert reading.unread[0]["limit"] == sheetread.MAX_UNPACKED

    def run(content):
        return read_attachment(content, XLSX, "claim.xlsx")

    assert_costs_less(run, small, large, 2.5, floor=0.002)


def test_a_huge_shared_strings_table_is_cut_before_openpyxl_loads_it(monkeypatch):
    """openpyxl loads the whole shared-strings table when it opens a workbook, even
    read-only: a table past MAX_UNPACKED is never opened."""
    def table(count: int) -> bytes:
        strings = "".join(f"<si><t>string number {i:09d}</t></si>" for i in range(count))
        return rewrite(claim_book(), {"xl/sharedStrings.xml": (
            '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.'
            f'org/spreadsheetml/2006/main" count="{count}" uniqueCount="{count}">{strings}'
            '</sst>').encode()})

    small, large = table(600_000), table(2_400_000)
    monkeypatch.setattr(sheetread, "run_reader", _no_reader)
    reading = read_attachment(large, XLSX, "claim.xlsx")
    assert reading.unread[0]["code"] == "sheet_unpacks_too_large"

    def run(content):
        return read_attachment(content, XLSX, "claim.xlsx")

    # Only the ZIP's directory is read: four times the table, far less than four times
    # the cost (reading the table grows with it).
    assert_costs_less(run, small, large, 2.5, floor=0.002)


class _Send:
    """The child's pipe, for reading a workbook in this process to count its CPU."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, object]] = []

    def send(self, message: tuple[str, object]) -> None:
        self.sent.append(message)


def test_a_million_empty_rows_stop_at_the_row_cap_in_constant_cpu():
    """One cell in row N is N rows to a reader that fills the gaps; rows count toward
    MAX_ROWS whether empty or not, so row 1,600,000 costs what row 200,000 does."""
    def gap(row: int) -> bytes:
        return rewrite(claim_book(), {SHEET: _sheet_xml(
            f'<row r="{row}"><c r="A{row}" t="n"><v>1</v></c></row>')})

    reading = read_attachment(gap(1_000_000), XLSX, "claim.xlsx")
    assert reading.unread == ({"code": "sheet_rows_cut", "rows": sheetread.MAX_ROWS,
                               "cells": sheetread.MAX_CELLS},)

    def run(content):
        send = _Send()
        sheetread._child(send, content)
        assert ("cut", reading.unread[0]) in send.sent
        return send

    assert_costs_less(run, gap(200_000), gap(1_600_000), 2.5)


def test_wide_rows_stop_at_the_cell_cap():
    """A cell in the last column fills its row to 16,384 cells: cells count, filled
    ones too, so a sheet of such rows stops at MAX_CELLS, and 8 times more of them cost
    no more."""
    def wide(rows: int) -> bytes:
        cells = "".join(f'<row r="{r}"><c r="XFD{r}" t="n"><v>{r}</v></c></row>'
                        for r in range(1, rows + 1))
        return rewrite(claim_book(), {SHEET: _sheet_xml(cells)})

    reading = read_attachment(wide(200), XLSX, "claim.xlsx", max_seconds=10)
    assert reading.unread == ({"code": "sheet_rows_cut", "rows": sheetread.MAX_ROWS,
                               "cells": sheetread.MAX_CELLS},)

    def run(content):
        send = _Send()
        sheetread._child(send, content)
        return send

    assert_costs_less(run, wide(100), wide(800), 2.5)
