"""Month and weekday words (EN/PT/ES), the reading limits, the ``Deadline`` record, and
``parse_date``: one written date, as a model or a form gives it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime

_MONTHS = {
    "jan": 1, "january": 1, "janeiro": 1, "feb": 2, "february": 2, "fev": 2, "fevereiro": 2,
    "mar": 3, "march": 3, "março": 3, "marco": 3, "apr": 4, "april": 4, "abr": 4, "abril": 4,
    "may": 5, "mai": 5, "maio": 5, "jun": 6, "june": 6, "junho": 6, "jul": 7, "july": 7,
    "julho": 7, "aug": 8, "august": 8, "ago": 8, "agosto": 8, "sep": 9, "sept": 9,
    "september": 9, "set": 9, "setembro": 9, "oct": 10, "october": 10, "out": 10,
    "outubro": 10, "nov": 11, "november": 11, "novembro": 11, "dec": 12, "december": 12,
    "dez": 12, "dezembro": 12,
    # Spanish
    "ene": 1, "enero": 1, "febrero": 2, "marzo": 3, "mayo": 5, "junio": 6, "julio": 7,
    "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "dic": 12,
    "diciembre": 12,
}
# The language dateparser should try first for a month word that is not English.
_MONTH_LANG = {
    **dict.fromkeys(["janeiro", "fev", "fevereiro", "março", "marco", "mai", "maio", "junho",
                     "julho", "setembro", "out", "outubro", "novembro", "dez", "dezembro",
                     "set"], "pt"),
    **dict.fromkeys(["ene", "enero", "febrero", "marzo", "mayo", "junio", "julio",
                     "septiembre", "setiembre", "octubre", "noviembre", "dic", "diciembre",
                     "abr", "abril", "ago", "agosto"], "es"),
}

# Weekday words -> (Monday=0, language). Abbreviations only count in front of a date.
_WEEKDAYS = {
    "monday": (0, "en"), "tuesday": (1, "en"), "wednesday": (2, "en"), "thursday": (3, "en"),
    "friday": (4, "en"), "saturday": (5, "en"), "sunday": (6, "en"),
    "segunda": (0, "pt"), "terça": (1, "pt"), "terca": (1, "pt"), "quarta": (2, "pt"),
    "quinta": (3, "pt"), "sexta": (4, "pt"), "sábado": (5, "pt"), "sabado": (5, "pt"),
    "domingo": (6, "pt"),
    "lunes": (0, "es"), "martes": (1, "es"), "miércoles": (2, "es"), "miercoles": (2, "es"),
    "jueves": (3, "es"), "viernes": (4, "es"),
}
_WEEKDAY_ABBR = ["mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
                 "seg", "ter", "qua", "qui", "sex", "sáb", "sab", "dom", "lun", "mié", "mie",
                 "jue", "vie"]

MAX_CANDIDATES = 50   # date phrases parsed per email
MAX_PHRASE = 60       # characters of a date phrase handed to a parser


@dataclass(frozen=True)
class Deadline:
    when: date
    quote: str                 # the words it was read from
    ambiguous: bool = False    # a numeric date where DD/MM and MM/DD both parse (earlier taken)


# --- parse_date: one written date, as a model or a form gives it ------------------------

def parse_date(value: object, *, day_first: bool = True) -> date | None:
    """Any reasonable written date -> ``date``; anything else -> None, never raises.
    Numeric dates are day-first (Brazil, Europe) unless the first number cannot be a
    day or ``day_first`` is False."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    s = str(value).strip().lower().rstrip(".")
    if not s or len(s) > 60:
        return None
    try:
        return date.fromisoformat(s[:10])
    except ValueError:
        pass
    m = re.fullmatch(r"(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{2,4})", s)
    if m:
        a, b, y = (int(x) for x in m.groups())
        y = y + 2000 if y < 100 else y
        d, mo = (a, b) if (day_first or b > 12) and a <= 31 else (b, a)
        if mo > 12:
            d, mo = mo, d
        return _safe_date(y, mo, d)
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th|º)?(?:\s+de)?\s+([a-zç]+)(?:\s+de)?,?\s+(\d{4})",
                     s)
    if m and m.group(2) in _MONTHS:
        return _safe_date(int(m.group(3)), _MONTHS[m.group(2)], int(m.group(1)))
    m = re.fullmatch(r"([a-zç]+)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})", s)
    if m and m.group(1) in _MONTHS:
        return _safe_date(int(m.group(3)), _MONTHS[m.group(1)], int(m.group(2)))
    return None


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        result = date(y, m, d)
    except ValueError:
        return None
    return result if 1990 <= result.year <= 2100 else None
