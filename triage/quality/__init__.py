"""Decision quality measured from what staff did (pure): ``outcomes`` reads each
decision's verdict from the audit rows, ``table`` adds them up for a period, ``chart``
draws the weekly trend. ``triage.selectors.quality_report`` feeds them from the
database, for the console's quality page, ``manage.py triage_quality`` and the
``/metrics`` gauges alike."""

from triage.quality.chart import week_bars
from triage.quality.outcomes import KINDS, Event, Outcome, Run, outcomes
from triage.quality.table import quality_table

__all__ = ["KINDS", "Event", "Outcome", "Run", "outcomes", "quality_table", "week_bars"]
