"""Amounts whose currency is written apart from the number, as ERP systems and
spreadsheets write them:

* a table whose header names the currency ("claim_usd", "Valor (R$)", "Amount EUR"), one
  number per row, or whose header has a currency column beside an amount column
  ("Amount | Currency" over "415,000.00 | CNY");
* a notice whose labelled lines give the amount and the currency apart ("Amount
  415,000.00" and, a few lines away, "Currency CNY"; "Betrag: 415.000,00" / "Währung:
  EUR", "Montant : 415 000,00" / "Devise : EUR", "金额：415,000.00" / "币种：CNY");
* a sheet whose heading names its currency once ("As of 30.04.2027 | Currency: USD"),
  its rows ending in their amounts.

Cells are what a CSV attachment or an HTML table becomes in the rules' text (joined
with `` | ``), or columns aligned with a tab or two or more spaces. One pass over the
lines; every line is read by bounded patterns."""

from __future__ import annotations

import re
from bisect import bisect_right
from decimal import Decimal

from triage.readers.money.currency import _SYMBOLS, _code, _is_name, _name
from triage.readers.money.figures import parse_number

_MAX_CELLS = 40
# Cells: " | " between them, else a tab or two or more spaces (aligned columns).
_PIPE = " | "
_ALIGNED_SEP = re.compile(r"\t+ *| {2,}\t*")
# A currency inside a header cell: a code or name as a word, or a symbol.
_HEADER_CURRENCY = re.compile(
    r"(?<![^\W\d])(?:(?P<code>[a-z]{3})|(?P<name>reais|d[oó]lares|dollars|euros))(?![^\W\d])"
    r"|(?P<sym>us\$|r\$|[$€£])",
    re.IGNORECASE,
)
_NUMBER_CELL = re.compile(r"\s*[0-9][0-9.,' \u00a0\u202f]{0,30}\s*")
# The label of a currency column or line, in the languages of our mail.
_CURRENCY_LABEL = re.compile(
    r"(?<![^\W\d_])(?:currency|curr|ccy|cur|moeda|moneda|divisa|w[äa]hrung|devise|monnaie"
    r"|valuta|para\s+birimi|d[öo]viz(?:\s+cinsi)?|lo[ạa]i\s+ti[ềe]n(?:\s+t[ệe])?"
    r"|ti[ềe]n\s+t[ệe]|đơn\s+v[ịi]\s+ti[ềe]n)(?![^\W\d_])|币种|币别|货币|幣種|幣別|貨幣",
    re.IGNORECASE,
)
# The label of an amount column or line.
_AMOUNT_LABEL = re.compile(
    r"(?<![^\W\d_])(?:amount|amt|total|value|sum|balance|claim(?:ed)?|valor|montante"
    r"|monto|importe|total|betrag|forderungsbetrag|gesamtbetrag|summe|wert|forderung"
    r"|montant|somme|valeur|importo|totale|somma|valore|tutar[ıi]?|toplam|bedel[i]?"
    r"|s[ốo]\s+ti[ềe]n|t[ổo]ng(?:\s+c[ộo]ng)?|gi[áa]\s+tr[ịi])(?![^\W\d_])"
    r"|金额|金額|总额|總額|合计|合計|总计|總計|索赔额",
    re.IGNORECASE,
)
# ...unless it counts goods, not money ("Total bales 415", "Gesamtmenge").
_QUANTITY_LABEL = re.compile(
    r"(?<![^\W\d_])(?:bales?|ballen|balles?|balya\w*|fardos?|pacas?|kiện|lots?|lotes?"
    r"|containers?|kgs?|kilos?|tons?|tonnes?|weight|gewicht|poids|peso|quantity|qty|menge"
    r"|gesamtmenge|quantit[éà]|cantidad|quantidade|miktar\w*|adet|s[ốo]\s+l[ượu]ng)"
    r"(?![^\W\d_])|数量|重量|件数|包数",
    re.IGNORECASE,
)
# A labelled line: a short label, then a separator, then its value alone on the line.
_LABELLED_LINE = re.compile(
    r"[ \t>*•-]{0,6}(?P<label>[^\d\n|:=：]{1,40}?)\s{0,3}(?:[:=：|]|\t| )[ \t|]{0,6}"
    r"(?P<value>[^\s|]{1,14}(?:[ \u00a0\u202f][0-9]{3}){0,4}(?:,[0-9]{1,2})?)"
    r"[ \t|]{0,6}"
)
# How far (in lines) an amount line looks for its currency line, before or after it.
_LINE_REACH = 6
# ...or, in a block of lines with no blank line (a sheet), its currency line above it.
_BLOCK_REACH = 40


def _header_currency(cell: str) -> str | None:
    for m in _HEADER_CURRENCY.finditer(cell.replace("_", " ")):
        if m.group("sym"):
            return {"us$": "USD", "r$": "BRL", "$": "USD", "€": "EUR", "£": "GBP"}[
                m.group("sym").lower()]
        currency = _code(m.group("code")) if m.group("code") else _name(m.group("name"))
        if currency:
            return currency
    return None


def _currency_value(cell: str) -> str | None:
    """The currency a cell or a line's value names by itself ("CNY", "EUR", "€", "美元")."""
    cell = cell.strip()
    if not cell:
        return None
    if cell.lower() in _SYMBOLS:
        return _SYMBOLS[cell.lower()]
    if len(cell) == 3 and cell.isascii() and cell.isalpha():
        return _code(cell.upper())
    return _name(cell) if _is_name(cell) else None


def _cells(line: str) -> list[tuple[int, str]]:
    """(offset in the line, text) of each cell; one cell when the line has no columns."""
    if _PIPE in line:
        out, at = [], 0
        for cell in line.split(_PIPE)[:_MAX_CELLS]:
            out.append((at, cell))
            at += len(cell) + len(_PIPE)
        return out
    out, at = [], 0
    for m in _ALIGNED_SEP.finditer(line):
        if m.start() > at:
            out.append((at, line[at:m.start()]))
        at = m.end()
        if len(out) >= _MAX_CELLS:
            return out
    if at < len(line):
        out.append((at, line[at:]))
    return out


def _tab_cells(line: str) -> list[tuple[int, str]]:
    """(offset, text) of each cell between single tabs, empty ones kept: a sheet's row
    as the workbook reader writes it ("Subtotal\t\t\t\t\t68736.6" is six cells)."""
    out, at = [], 0
    for cell in line.split("\t")[:_MAX_CELLS]:
        out.append((at, cell))
        at += len(cell) + 1
    return out


# A header naming a rate's currency, not an amount's: "Allowance USD/lb", "EUR per ton",
# "rate_usd_per_bale", "Unit price (USD)" (not "Amount USD @ contract rate").
_RATE_HEADER = re.compile(r"(?:/|\bper\s+|\bpor\s+)\s*(?:lbs?|kgs?|kilo\w*|mt|tons?|tonnes?|"
                          r"t|bales?|fardos?|units?|pounds?|libras?|days?|dias?|containers?)\b"
                          r"|\A\s*(?:unit\s+price|pre[çc]o\s+unit[áa]rio|precio\s+unitario)\b",
                          re.IGNORECASE)


def _number(cell: str) -> Decimal | None:
    if not _NUMBER_CELL.fullmatch(cell):
        return None
    value = parse_number(cell)
    return value if value is not None and value > 0 else None


def _table_amounts(text: str) -> list[tuple[int, int, Decimal, str | None]]:
    """(start, end, amount, currency) of each number in a column the header names the
    currency of (in the header cell, or in a currency column of each row), for as long
    as the rows keep the header's number of cells."""
    found: list[tuple[int, int, Decimal, str | None]] = []
    columns: dict[int, str] = {}   # column: its currency, from the header
    amount_columns: list[int] = []  # columns of amounts whose currency is in a row cell
    currency_column = -1
    width = tabs = 0  # the header's cells; its cells between single tabs, when the same
    pos = 0
    for line in text.split("\n"):
        start, pos = pos, pos + len(line) + 1
        cells = _cells(line)
        if tabs and line.count("\t") + 1 == tabs:
            cells = _tab_cells(line)  # a sheet's row with empty cells keeps its columns
        elif len(cells) < 2:
            columns, amount_columns, currency_column, width, tabs = {}, [], -1, 0, 0
            continue
        if width and len(cells) == width:
            row_currency = _currency_value(cells[currency_column][1]) \
                if currency_column >= 0 else None
            for i, (at, cell) in enumerate(cells):
                currency = columns.get(i) or (row_currency if i in amount_columns else None)
                if currency is None:
                    continue
                value = _number(cell)
                if value is not None:
                    lead = len(cell) - len(cell.lstrip())
                    found.append((start + at + lead, start + at + len(cell.rstrip()), value,
                                  currency))
            continue
        columns = {i: c for i, (_, cell) in enumerate(cells)
                   if (c := _header_currency(cell))
                   and not _RATE_HEADER.search(cell.replace("_", " "))}
        currency_column = next((i for i, (_, cell) in enumerate(cells)
                                if _CURRENCY_LABEL.fullmatch(cell.strip())), -1)
        amount_columns = [i for i, (_, cell) in enumerate(cells)
                          if i not in columns and i != currency_column
                          and _AMOUNT_LABEL.search(cell) and not _QUANTITY_LABEL.search(cell)
                          ] if currency_column >= 0 else []
        width = len(cells) if columns or amount_columns else 0
        tabs = width if width and [c for _, c in _tab_cells(line)] == [c for _, c in cells] \
            else 0
    return found


def _blank_between(blank: list[int], above: int, below: int) -> bool:
    i = bisect_right(blank, above)
    return i < len(blank) and blank[i] < below


# A sheet's totals row adds debits and credits together: no one item of it.
_TOTALS_CELL = re.compile(r"\s*(?:totals?|grand\s+total|sum|summe|gesamt\w*|totais|totales"
                          r"|total\s+geral|totaux|totali|toplam|t[ổo]ng\s+c[ộo]ng|合计|总计)\s*",
                          re.IGNORECASE)
_DATE_CELL = re.compile(r"\s*\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\s*")


def _row_total(cell: str) -> Decimal | None:
    """A row's last cell as an amount: a number, not a date."""
    return None if _DATE_CELL.fullmatch(cell) else _number(cell)


def _labelled_amounts(text: str) -> list[tuple[int, int, Decimal, str | None]]:
    """(start, end, amount, currency) of each amount line ("Amount 415,000.00") with a
    currency line ("Currency CNY") within ``_LINE_REACH`` lines of it, or above it in
    its block of lines (a sheet naming its currency once in its heading, within
    ``_BLOCK_REACH`` lines, no blank line between). A sheet's row of three or more cells
    ending in a number is an amount line too (its totals row is not)."""
    amounts: list[tuple[int, int, int, Decimal]] = []  # (line number, start, end, value)
    currencies: list[tuple[int, str]] = []  # (line number, currency)
    blank: list[int] = []  # the numbers of blank lines (a block ends at one)
    rows: list[tuple[int, int, int, Decimal]] = []  # a sheet's rows' last cells
    pos = 0
    for number, line in enumerate(text.split("\n")):
        start, pos = pos, pos + len(line) + 1
        if not line.strip():
            blank.append(number)
            continue
        cells = _cells(line)
        if len(cells) >= 3 and (value := _row_total(cells[-1][1])) is not None and not any(
                _TOTALS_CELL.fullmatch(c) for _, c in cells):
            # A sheet's row ending in its amount ("27.04.2027 | DN-CRS-0427 | Weight
            # shortage claim ... | 71479.2"): in the sheet's currency, if it names one.
            at, cell = cells[-1]
            lead = len(cell) - len(cell.lstrip())
            rows.append((number, start + at + lead, start + at + len(cell.rstrip()), value))
        if len(line) > 80:
            continue  # a sentence, not a field
        m = _LABELLED_LINE.fullmatch(line)
        if not m:
            # A sheet's heading line with a currency cell: "As of 30.04.2027 | Currency: USD".
            for _, cell in cells[1:]:
                c = _LABELLED_LINE.fullmatch(cell.strip())
                if c and _CURRENCY_LABEL.search(c.group("label")) and \
                        (currency := _currency_value(c.group("value"))):
                    currencies.append((number, currency))
            continue
        label, value = m.group("label"), m.group("value")
        if _CURRENCY_LABEL.search(label):
            currency = _currency_value(value)
            if currency:
                currencies.append((number, currency))
        elif _AMOUNT_LABEL.search(label) and not _QUANTITY_LABEL.search(label):
            amount = _number(value)
            if amount is not None:
                amounts.append((number, start + m.start("value"), start + m.end("value"),
                                amount))
    found = []
    j = 0
    labelled = {a[1] for a in amounts}
    amounts += [r for r in rows if r[1] not in labelled]
    amounts.sort()
    for number, start, end, value in amounts:
        while j + 1 < len(currencies) and currencies[j + 1][0] <= number:
            j += 1
        near = [c for c in currencies[j:j + 2] if abs(c[0] - number) <= _LINE_REACH]
        if near:
            found.append((start, end, value, min(near, key=lambda c: abs(c[0] - number))[1]))
        elif (j < len(currencies) and currencies[j][0] < number <= currencies[j][0] + _BLOCK_REACH
              and not _blank_between(blank, currencies[j][0], number)):
            # A sheet names its currency once, in its heading: the block's lines (no blank
            # line between) are in it.
            found.append((start, end, value, currencies[j][1]))
    return found
