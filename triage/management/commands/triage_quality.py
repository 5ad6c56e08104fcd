"""Print the decision-quality table of a period: per source, per extraction field, per
route and by week (``triage.selectors.quality_report``, what the console's quality page
shows). Counts only: no email's words."""

from __future__ import annotations

import json
from datetime import date

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from triage.selectors import quality_report, quality_window

DEFAULT_DAYS = 30


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value * 100:.1f}%"


class Command(BaseCommand):
    help = ("Decision quality from what staff did: per source (the model, each backstop "
            "trigger, each review signal) fired, confirmed, overturned, precision and "
            "misses; per field how often a correction changed it; per route how often "
            "staff changed it; by week.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--since", help=f"first day, YYYY-MM-DD (default: {DEFAULT_DAYS} "
                                            "days ago); the period ends today")
        parser.add_argument("--json", action="store_true", help="the table as JSON")

    def handle(self, *args, **opts) -> None:
        since, until = quality_window(DEFAULT_DAYS)
        if opts["since"]:
            try:
                since = date.fromisoformat(opts["since"])
            except ValueError as exc:
                raise CommandError("--since takes YYYY-MM-DD") from exc
            if since > timezone.localdate():
                raise CommandError("--since is in the future")
        report = quality_report(since, until)
        report.pop("cells")
        if opts["json"]:
            self.stdout.write(json.dumps(report, indent=2))
            return
        self._print(report)

    def _print(self, r: dict) -> None:
        w = self.stdout.write
        d = r["decisions"]
        w(f"Decision quality {r['since']} to {r['until']}: {d['decided']} decisions, "
          f"{d['judged']} judged by staff, {d['overturned']} overturned "
          f"({_pct(d['share_overturned'])}), {d['missed']} misses\n")
        w(f"  {'source':<48} {'fired':>6} {'confirmed':>9} {'overturned':>10} {'open':>5} "
          f"{'precision':>9} {'missed':>6}")
        for s in r["sources"]:
            name = s["source"] + (" (any)" if s["group"] else "")
            w(f"  {name:<48} {s['fired']:>6} {s['confirmed']:>9} {s['overturned']:>10} "
              f"{s['open']:>5} {_pct(s['precision']):>9} {s['missed']:>6}")
        w(f"\n  {'field':<48} {'corrected':>9} {'of drafts':>9} {'rate':>7}")
        for f in r["fields"]:
            w(f"  {f['field']:<48} {f['corrected']:>9} {f['finished']:>9} {_pct(f['rate']):>7}")
        w(f"\n  {'route':<48} {'decided':>7} {'judged':>6} {'changed':>7} {'share':>7}")
        for x in r["routes"]:
            w(f"  {x['route']:<48} {x['decided']:>7} {x['judged']:>6} {x['changed']:>7} "
              f"{_pct(x['share']):>7}")
        w(f"\n  {'week of':<48} {'decided':>7} {'judged':>6} {'overturned':>10} "
          f"{'precision':>9}")
        for x in r["weeks"]:
            w(f"  {x['week']:<48} {x['decided']:>7} {x['judged']:>6} {x['overturned']:>10} "
              f"{_pct(x['precision']):>9}")
