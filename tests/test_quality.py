"""The decision outcomes and the quality table, pure: staff's verdicts read from audit
rows in order, the figures they add up to, and a cost that grows with the runs, not
faster (a growth test, ``tests/growth.py``)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_escalation, make_forward, make_ticket
from tests.growth import assert_linear
from triage.quality import Event, Run, outcomes, quality_table, week_bars
from triage.quality.outcomes import CONFIRMED, OPEN, OVERTURNED
from triage.routes import Route
from triage.selectors import quality_report

DAY = date(2026, 11, 16)
FIELDS = ("claiming_party", "exposure_amount", "lot_reference")


def run(pk: int, route: str, *, email: int = 1, provider: str = "offline", **facts) -> Run:
    return Run(pk=pk, email_id=email, provider=provider, route=route,
               department=facts.pop("department", ""), day=facts.pop("day", DAY), **facts)


def routed(pk: int, email: int = 1, kind: str = "routed") -> Event:
    return Event(email, kind, pk)


def test_a_decision_superseded_by_a_retriage_waits_and_the_forward_that_stands_counts():
    runs = {1: run(1, Route.FORWARDED, department="finance"),
            2: run(2, Route.FORWARDED, department="finance")}
    first, second = outcomes([routed(1), routed(2)], runs)
    assert (first.verdict, second.verdict) == (OPEN, CONFIRMED)
    assert second.sources == ("model:offline",)


def test_a_forward_to_the_wrong_department_is_changed_but_not_a_miss():
    runs = {1: run(1, Route.FORWARDED, department="logistics"),
            2: run(2, Route.NEEDS_REVIEW, department="logistics", is_claim=False,
                   signals=("claim_called_routine",)),
            3: run(3, Route.FORWARDED, provider="manual", department="finance")}
    forward, review = outcomes([routed(1), routed(2), routed(3, kind="decided_manually")], runs)
    assert (forward.verdict, forward.missed) == (OVERTURNED, ())
    # The person did not do what the model said (logistics): the signal was right.
    assert review.verdict == CONFIRMED and review.sources == ("signal:claim_called_routine",)


def test_an_escalation_waiting_for_the_desk_has_no_verdict_and_a_failed_run_no_source():
    runs = {1: run(1, Route.ESCALATED, backstop=("deadline_within_limit",)),
            2: run(2, Route.NEEDS_REVIEW, email=2, is_claim=True, failed=True,
                   signals=("bank_change",))}
    escalated, failed = outcomes([routed(1), Event(1, "escalation_acknowledged"),
                                  routed(2, email=2)], runs)
    assert escalated.verdict == OPEN
    assert escalated.sources == ("backstop:deadline_within_limit", "model:offline")
    # A failure sends it to a person whatever the signals say: they chose nothing.
    assert failed.sources == ()


def test_a_rejected_draft_is_overturned_and_its_corrections_are_not_extraction_errors():
    runs = {1: run(1, Route.TICKET)}
    (ticket,) = outcomes([routed(1), Event(1, "ticket_corrected", fields=("lot_reference",)),
                          Event(1, "ticket_rejected")], runs)
    assert ticket.verdict == OVERTURNED and not ticket.draft_finished
    table = quality_table([ticket], since=DAY, until=DAY, fields=FIELDS)
    assert [f["corrected"] for f in table["fields"]] == [0, 0, 0]
    assert table["routes"][1] == {"route": "ticket", "decided": 1, "judged": 1, "changed": 1,
                                  "share": 1.0}


def test_a_run_from_before_the_period_is_not_judged_and_a_day_outside_is_not_counted():
    runs = {2: run(2, Route.TICKET, day=DAY - timedelta(days=40))}
    found = outcomes([routed(1), Event(1, "ticket_approved"), routed(2)], runs)
    assert len(found) == 1  # run 1 is not among the rows: nothing to judge
    table = quality_table(found, since=DAY - timedelta(days=7), until=DAY, fields=FIELDS)
    assert table["decisions"]["decided"] == 0 and table["sources"] == []


def test_the_weeks_cover_the_period_and_the_chart_scales_to_the_busiest():
    runs = {i: run(i, Route.FORWARDED, email=i, day=DAY + timedelta(days=i)) for i in range(10)}
    table = quality_table(outcomes([routed(i, email=i) for i in range(10)], runs),
                          since=DAY, until=DAY + timedelta(days=20), fields=FIELDS)
    assert [w["week"] for w in table["weeks"]] == ["2026-11-16", "2026-11-23", "2026-11-30"]
    assert [w["confirmed"] for w in table["weeks"]] == [7, 3, 0]
    chart = week_bars(table["weeks"])
    assert chart["top"] == 7
    heights = [float(b["confirmed_h"]) for b in chart["bars"]]
    assert heights[0] == pytest.approx(chart["axis_bottom"] - chart["axis_top"])
    assert heights[1] == pytest.approx(heights[0] * 3 / 7, abs=0.1) and heights[2] == 0


def _month_of_rows(n: int) -> tuple[list[Event], dict[int, Run]]:
    """``n`` emails, each decided and judged the way a month's mail is."""
    runs, events = {}, []
    for i in range(n):
        day = DAY - timedelta(days=i % 28)
        match i % 4:
            case 0:
                runs[i] = run(i, Route.ESCALATED, email=i, day=day, backstop=("exposure",))
                events += [routed(i, i), Event(i, "escalation_dismissed")]
            case 1:
                runs[i] = run(i, Route.TICKET, email=i, day=day)
                events += [routed(i, i), Event(i, "ticket_corrected", fields=("lot_reference",)),
                           Event(i, "ticket_approved")]
            case 2:
                runs[i] = run(i, Route.FORWARDED, email=i, day=day)
                events.append(routed(i, i))
            case _:
                runs[i] = run(i, Route.NEEDS_REVIEW, email=i, day=day, is_claim=False,
                              signals=("bank_change",))
                runs[n + i] = run(n + i, Route.FORWARDED, email=i, day=day, provider="manual")
                events += [routed(i, i), routed(n + i, i, kind="decided_manually")]
    return events, runs


def test_the_table_costs_linear_time_in_the_runs():
    def compute(rows):
        events, runs = rows
        quality_table(outcomes(events, runs), since=DAY - timedelta(days=30), until=DAY,
                      fields=FIELDS)

    assert_linear(_month_of_rows, compute, 2000, label="quality table")


@pytest.mark.django_db
def test_the_report_reads_the_database_in_the_same_queries_whatever_the_mail(staff):
    def queries() -> int:
        today = date.today()
        with CaptureQueriesContext(connection) as captured:
            quality_report(today - timedelta(days=30), today)
        return len(captured)

    make_escalation(), make_ticket(), make_forward()
    few = queries()
    for _ in range(3):
        make_escalation(), make_ticket(), make_forward()
    assert queries() == few
