"""Business days: weekends only; holidays are another matter."""

from __future__ import annotations

from datetime import date, timedelta

# --- business days (weekends only; holidays are another matter) -----------------------

def _weekdays_before(ordinal: int) -> int:
    """Mondays-to-Fridays with ordinal in [1, ordinal): ordinal 1 (0001-01-01) is a Monday."""
    weeks, rest = divmod(ordinal - 1, 7)
    return 5 * weeks + min(rest, 5)


def add_business_days(start: date, days: int) -> date:
    """The date ``days`` business days after ``start`` (``start`` itself if days <= 0)."""
    if days <= 0:
        return start
    # From a weekend, counting starts as from the Friday before.
    current = start - timedelta(days=max(0, start.weekday() - 4))
    weeks, rest = divmod(days, 5)
    current += timedelta(weeks=weeks)
    while rest:
        current += timedelta(days=1)
        if current.weekday() < 5:
            rest -= 1
    return current


def business_days_between(start: date, end: date) -> int:
    """Business days after ``start`` up to and including ``end`` (negative if past:
    minus the business days from ``end`` up to but excluding ``start``)."""
    s, e = start.toordinal(), end.toordinal()
    if e <= s:
        return -(_weekdays_before(s) - _weekdays_before(e))
    return _weekdays_before(e + 1) - _weekdays_before(s + 1)
