"""Amounts in a table whose header names the currency ("claim_usd", "Valor (R$)",
"Amount EUR"), one number per row: what a CSV attachment or an HTML table becomes in
the rules' text (cells joined with `` | ``). One pass over the lines."""

from __future__ import annotations

import re
from decimal import Decimal

from triage.readers.money.currency import _code, _name
from triage.readers.money.figures import parse_number

_CELL_SEP = " | "
_MAX_CELLS = 40
# A currency inside a header cell: a code or name as a word, or a symbol.
_HEADER_CURRENCY = re.compile(
    r"(?<![^\W\d])(?:(?P<code>[a-z]{3})|(?P<name>reais|d[oó]lares|dollars|euros))(?![^\W\d])"
    r"|(?P<sym>us\$|r\$|[$€£])",
    re.IGNORECASE,
)
_NUMBER_CELL = re.compile(r"\s*[0-9][0-9.,' \u00a0]{0,30}\s*")


def _header_currency(cell: str) -> str | None:
    for m in _HEADER_CURRENCY.finditer(cell.replace("_", " ")):
        if m.group("sym"):
            return {"us$": "USD", "r$": "BRL", "$": "USD", "€": "EUR", "£": "GBP"}[
                m.group("sym").lower()]
        currency = _code(m.group("code")) if m.group("code") else _name(m.group("name"))
        if currency:
            return currency
    return None


def _table_amounts(text: str) -> list[tuple[int, int, Decimal, str | None]]:
    """(start, end, amount, currency) of each number under a currency-naming header
    cell, for as long as the rows keep the header's number of cells."""
    found: list[tuple[int, int, Decimal, str | None]] = []
    columns: dict[int, str] = {}
    width = 0
    pos = 0
    for line in text.split("\n"):
        start, pos = pos, pos + len(line) + 1
        if _CELL_SEP not in line:
            columns, width = {}, 0
            continue
        cells = line.split(_CELL_SEP)[:_MAX_CELLS]
        if columns and len(cells) == width:
            offset = start
            for i, cell in enumerate(cells):
                if i in columns and _NUMBER_CELL.fullmatch(cell):
                    value = parse_number(cell)
                    if value is not None and value > 0:
                        lead = len(cell) - len(cell.lstrip())
                        found.append((offset + lead, offset + len(cell.rstrip()), value,
                                      columns[i]))
                offset += len(cell) + len(_CELL_SEP)
            continue
        header = {i: c for i, cell in enumerate(cells) if (c := _header_currency(cell))}
        columns, width = (header, len(cells)) if header else ({}, 0)
    return found
