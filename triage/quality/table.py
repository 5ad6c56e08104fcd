"""The quality table of a period, from the decisions' outcomes (pure): per source,
fired, confirmed, overturned, open, precision and the misses attributed to it; per
extraction field, how often staff corrected it; per route, how often staff changed
it; by week, the same in a line. Each figure keeps the emails behind it (``cells``), so
a page can link it to the list of those emails.

Precision is confirmed / (confirmed + overturned): of the decisions staff have judged,
the share they kept. None when nothing was judged.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta

from triage.quality.outcomes import CONFIRMED, OPEN, OVERTURNED, Outcome
from triage.routes import MANUAL_ROUTES

MEASURES = ("fired", "confirmed", "overturned", "open", "missed")
# A decision counts once in its group whatever number of its codes fired.
GROUPS = ("backstop", "signal")


class Counter:
    """One row's figures: how many decisions each measure counts, and the emails behind
    them (an email re-triaged in the period has more than one decision)."""

    def __init__(self) -> None:
        self.ids: dict[str, set[int]] = {}
        self._n: dict[str, int] = {}

    def add(self, measure: str, email_id: int) -> None:
        self.ids.setdefault(measure, set()).add(email_id)
        self._n[measure] = self._n.get(measure, 0) + 1

    def n(self, measure: str) -> int:
        return self._n.get(measure, 0)


def ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def _week(day: date) -> date:
    return day - timedelta(days=day.weekday())


def quality_table(found: Iterable[Outcome], *, since: date, until: date,
                  fields: Iterable[str]) -> dict:
    """The table of the decisions made from ``since`` to ``until`` (local days, both
    included); ``fields``: the extraction fields staff may correct, in their order."""
    sources: dict[str, Counter] = {}
    routes = {str(r): Counter() for r in MANUAL_ROUTES}
    weeks: dict[date, Counter] = {}
    week = _week(since)
    while week <= until:
        weeks[week] = Counter()
        week += timedelta(days=7)
    field_names = list(fields)
    drafts = Counter()
    corrected = {name: Counter() for name in field_names}
    decisions = Counter()
    for o in found:
        run = o.run
        if not since <= run.day <= until:
            continue
        email = run.email_id
        judged = o.verdict != OPEN
        decisions.add("decided", email)
        week_row = weeks[_week(run.day)]
        week_row.add("decided", email)
        if judged:
            decisions.add("judged", email)
            week_row.add("judged", email)
            week_row.add(o.verdict, email)
            if o.verdict == OVERTURNED:
                decisions.add("overturned", email)
        if o.missed:
            decisions.add("missed", email)
            week_row.add("missed", email)
        if run.route in routes:
            routes[run.route].add("decided", email)
            if judged:
                routes[run.route].add("judged", email)
                if o.verdict == OVERTURNED:
                    routes[run.route].add("changed", email)
        names = set(o.sources) | set(o.missed)
        names |= {g for g in GROUPS for s in names if s.startswith(g + ":")}
        for name in names:
            row = sources.setdefault(name, Counter())
            fired = name in o.sources or any(s.startswith(name + ":") for s in o.sources)
            if fired:
                row.add("fired", email)
                row.add(o.verdict, email)
            if name in o.missed or any(s.startswith(name + ":") for s in o.missed):
                row.add("missed", email)
        if o.draft_finished:
            drafts.add("finished", email)
            for name in o.fields:
                corrected.setdefault(name, Counter()).add("corrected", email)
                if name not in field_names:
                    field_names.append(name)
    return _shape(sources, routes, weeks, drafts, corrected, field_names, decisions,
                  since=since, until=until)


def _order(name: str) -> tuple:
    kind, _, code = name.partition(":")
    return ({"model": 0, "backstop": 1, "signal": 2}.get(kind, 3), code != "", code)


def _shape(sources, routes, weeks, drafts, corrected, field_names, decisions, *, since,
           until) -> dict:
    cells: dict[str, set[int]] = {}

    def keep(key: str, counter: Counter, measure: str) -> int:
        cells[key] = counter.ids.get(measure, set())
        return counter.n(measure)

    source_rows = []
    for name in sorted(sources, key=_order):
        row = sources[name]
        counts = {m: keep(f"source:{name}:{m}", row, m) for m in MEASURES}
        source_rows.append({
            "source": name, "group": name in GROUPS, **counts,
            "precision": ratio(counts["confirmed"], counts["confirmed"] + counts["overturned"]),
        })
    finished = keep("field:*:finished", drafts, "finished")
    field_rows = [{"field": name, "corrected": keep(f"field:{name}:corrected",
                                                    corrected.get(name, Counter()), "corrected"),
                   "finished": finished} for name in field_names]
    for row in field_rows:
        row["rate"] = ratio(row["corrected"], finished)
    route_rows = []
    for route, row in routes.items():
        counts = {m: keep(f"route:{route}:{m}", row, m) for m in ("decided", "judged", "changed")}
        route_rows.append({"route": route, **counts,
                           "share": ratio(counts["changed"], counts["judged"])})
    week_rows = []
    for start, row in weeks.items():
        counts = {m: keep(f"week:{start.isoformat()}:{m}", row, m)
                  for m in ("decided", "judged", CONFIRMED, OVERTURNED, "missed")}
        week_rows.append({"week": start.isoformat(), **counts,
                          "precision": ratio(counts[CONFIRMED], counts["judged"])})
    totals = {m: keep(f"decisions:{m}", decisions, m)
              for m in ("decided", "judged", "overturned", "missed")}
    totals["share_overturned"] = ratio(totals["overturned"], totals["judged"])
    return {"since": since.isoformat(), "until": until.isoformat(), "decisions": totals,
            "sources": source_rows, "fields": field_rows, "routes": route_rows,
            "weeks": week_rows, "cells": cells}
