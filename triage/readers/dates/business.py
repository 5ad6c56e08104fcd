"""Business days: Monday to Friday, less the holidays passed in.

Pure: the holidays are data (``settings.TRIAGE_HOLIDAYS``, built from the ``holidays``
library at start-up and handed down in the backstop's ``Policy``), never looked up here.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import date, timedelta

NO_HOLIDAYS: frozenset[date] = frozenset()


def _weekdays_before(ordinal: int) -> int:
    """Mondays-to-Fridays with ordinal in [1, ordinal): ordinal 1 (0001-01-01) is a Monday."""
    weeks, rest = divmod(ordinal - 1, 7)
    return 5 * weeks + min(rest, 5)


def _is_business_day(day: date, holidays: Collection[date]) -> bool:
    return day.weekday() < 5 and day not in holidays


def add_business_days(start: date, days: int, holidays: Collection[date] = NO_HOLIDAYS) -> date:
    """The date ``days`` business days after ``start`` (``start`` itself if days <= 0)."""
    if days <= 0:
        return start
    # From a weekend, counting starts as from the Friday before.
    current = start - timedelta(days=max(0, start.weekday() - 4))
    weeks, rest = divmod(days, 5)
    end = current + timedelta(weeks=weeks)
    # The weekday holidays skipped on the way are days to add on top.
    rest += sum(1 for h in holidays if current < h <= end and h.weekday() < 5)
    current = end
    while rest:
        current += timedelta(days=1)
        if _is_business_day(current, holidays):
            rest -= 1
    return current


def business_days_between(start: date, end: date,
                          holidays: Collection[date] = NO_HOLIDAYS) -> int:
    """Business days after ``start`` up to and including ``end`` (negative if past:
    minus the business days from ``end`` up to but excluding ``start``)."""
    s, e = start.toordinal(), end.toordinal()
    if e <= s:
        skipped = sum(1 for h in holidays if end <= h < start and h.weekday() < 5)
        return -(_weekdays_before(s) - _weekdays_before(e) - skipped)
    skipped = sum(1 for h in holidays if start < h <= end and h.weekday() < 5)
    return _weekdays_before(e + 1) - _weekdays_before(s + 1) - skipped
