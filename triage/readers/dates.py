"""Written dates, response deadlines and business days."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

_MONTHS = {
    "jan": 1, "january": 1, "janeiro": 1, "feb": 2, "february": 2, "fev": 2, "fevereiro": 2,
    "mar": 3, "march": 3, "março": 3, "marco": 3, "apr": 4, "april": 4, "abr": 4, "abril": 4,
    "may": 5, "mai": 5, "maio": 5, "jun": 6, "june": 6, "junho": 6, "jul": 7, "july": 7,
    "julho": 7, "aug": 8, "august": 8, "ago": 8, "agosto": 8, "sep": 9, "sept": 9,
    "september": 9, "set": 9, "setembro": 9, "oct": 10, "october": 10, "out": 10,
    "outubro": 10, "nov": 11, "november": 11, "novembro": 11, "dec": 12, "december": 12,
    "dez": 12, "dezembro": 12,
}


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


_DATE_PATTERN = (r"(\d{4}-\d{2}-\d{2}|\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4}|"
               r"\d{1,2}(?:st|nd|rd|th|º)?(?:\s+de)?\s+[A-Za-zç]+(?:\s+de)?,?\s+\d{4}|"
               r"[A-Za-z]+\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4})")
_DEADLINE_ABS = re.compile(
    r"\b(?:by|before|until|no later than|deadline(?: is| of)?|respond by|reply by|até|ate|"
    r"prazo(?: até| final| de resposta)?|antes de|data limite)\b[:\s]*(?:o dia\s|the\s)?"
    + _DATE_PATTERN, re.I)
_DEADLINE_REL = re.compile(
    r"\b(?:within|in the next|next|dentro de|em|no prazo de|nas próximas|nos próximos)\s+"
    r"(\d{1,3}|one|two|three|four|five|seven|ten|um|uma|dois|duas|três|tres|cinco|sete|dez)"
    r"\s+(hours?|horas?|business days?|working days?|dias úteis|dias uteis|days?|dias?)", re.I)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "ten": 10,
                 "um": 1, "uma": 1, "dois": 2, "duas": 2, "três": 3, "tres": 3, "cinco": 5,
                 "sete": 7, "dez": 10}


def response_deadline(text: str, received: date) -> tuple[date | None, str | None]:
    m = _DEADLINE_ABS.search(text)
    if m:
        found = parse_date(m.group(1))
        if found:
            return found, m.group(0).strip()
    m = _DEADLINE_REL.search(text)
    if m:
        n_raw = m.group(1).lower()
        n = int(n_raw) if n_raw.isdigit() else _NUMBER_WORDS.get(n_raw, 0)
        unit = m.group(2).lower()
        if unit.startswith("hor") or unit.startswith("hour"):
            return received + timedelta(days=max(1, -(-n // 24))), m.group(0).strip()
        if "business" in unit or "working" in unit or "úteis" in unit or "uteis" in unit:
            return add_business_days(received, n), m.group(0).strip()
        return received + timedelta(days=n), m.group(0).strip()
    return None, None


def add_business_days(start: date, days: int) -> date:
    current = start
    added = 0
    while added < days:
        current += timedelta(days=1)
        if current.weekday() < 5:
            added += 1
    return current


def business_days_between(start: date, end: date) -> int:
    """Business days after ``start`` up to and including ``end`` (negative if past)."""
    if end <= start:
        return -sum(1 for i in range((start - end).days)
                    if (end + timedelta(days=i)).weekday() < 5)
    return sum(1 for i in range(1, (end - start).days + 1)
               if (start + timedelta(days=i)).weekday() < 5)
