"""``manage.py triage_quality``: the quality table of a month of staff verdicts, as
the page shows it (one selector computes both)."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from tests.quality_month import EXPECTED_30_DAYS, escalated_by_correction, figures, month

pytestmark = pytest.mark.django_db


def _run(*args: str) -> str:
    out = StringIO()
    call_command("triage_quality", *args, stdout=out)
    return out.getvalue()


def test_the_json_table_counts_each_sources_verdicts(staff):
    e = month(staff)
    assert escalated_by_correction(e)
    report = json.loads(_run("--json"))
    got = figures(report)
    assert {k: got[k] for k in EXPECTED_30_DAYS} == EXPECTED_30_DAYS
    precision = {r["source"]: r["precision"] for r in report["sources"]}
    assert precision["model:offline"] == pytest.approx(5 / 9)
    assert precision["backstop"] == pytest.approx(1 / 3)
    fields = {f["field"]: (f["corrected"], f["finished"]) for f in report["fields"]}
    assert fields["lot_reference"] == (1, 3) and fields["exposure_amount"] == (1, 3)
    assert fields["claiming_party"] == (0, 3)
    routes = {r["route"]: (r["decided"], r["changed"]) for r in report["routes"]}
    assert routes == {"escalated": (4, 2), "ticket": (4, 2), "forwarded": (2, 1)}
    assert report["decisions"]["decided"] == 13  # the twelve, and the re-triage's run
    assert "cells" not in report  # counts only


def test_since_narrows_the_period_and_the_text_table_says_the_same(staff):
    month(staff)
    since = (timezone.localdate() - timezone.timedelta(days=6)).isoformat()
    report = json.loads(_run("--since", since, "--json"))
    assert figures(report)["model:offline"] == (3, 1, 2, 0, 1)
    text = _run("--since", since)
    assert "model:offline" in text and "33.3%" in text


def test_a_bad_date_is_refused(staff):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="YYYY-MM-DD"):
        _run("--since", "last week")
