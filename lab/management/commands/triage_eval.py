"""Evaluate the pipeline on the labelled set, or replay stored mail (dry run), or
export staff's corrections as a labelled set (``--export-corrections DIR``).

``--replay`` is the product's ``triage.replay.replay`` (the admin's replay action uses
the same function); this lab command only prints it."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from lab.corrections import export_corrections
from lab.evaluation import FIELDS, run_eval
from triage.decision import model_spec
from triage.models import InboundEmail
from triage.replay import replay
from triage.sanitize import escape_invisible

DEFAULT_SET = Path(__file__).resolve().parents[2] / "data" / "eval"
THRESHOLD_KEYS = {"route": "route_accuracy", "recall": "escalation_recall",
                  "hold": "hold_rate", "bank_change": "bank_change_recall",
                  "precision": "escalation_precision",
                  "high_exposure_recall": "high_exposure_recall",
                  "department": "department_accuracy"}


class Command(BaseCommand):
    help = ("Run the labelled evaluation set through the pipeline and print accuracy, "
            "or --replay stored emails with the current prompts and model.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", nargs="?", type=Path, default=DEFAULT_SET)
        parser.add_argument("--provider", choices=["offline", "gemini"])
        parser.add_argument("--json", action="store_true")
        parser.add_argument("--compromised", action="store_true",
                            help="answer every chain with a fully persuaded model (SIMULATED "
                                 "through the scripted Gemini server)")
        parser.add_argument("--oracle", action="store_true",
                            help="answer every chain with the case's own label (SIMULATED "
                                 "through the scripted Gemini server): a model that is right "
                                 "about every email, so every wrong route is the rules' own")
        parser.add_argument("--fail-under", action="append", default=[], metavar="KEY=VALUE",
                            help=f"exit 1 below a floor; keys: {', '.join(THRESHOLD_KEYS)}")
        parser.add_argument("--replay", action="store_true",
                            help="re-run stored emails; change nothing")
        parser.add_argument("--export-corrections", type=Path, metavar="DIR",
                            help="write the emails whose decision staff overturned or whose "
                                 "draft they corrected (since --since, default 30 days) as "
                                 ".eml files with a labels.json (the label: what staff "
                                 "decided), pseudonymised; then run triage_eval DIR")
        parser.add_argument("--since", help="with --replay: received on or after YYYY-MM-DD; "
                                            "with --export-corrections: decided on or after")
        parser.add_argument("--limit", type=int, default=100)

    def handle(self, *args, **opts) -> None:
        if opts["provider"]:
            settings.TRIAGE_LLM_PROVIDER = opts["provider"]
        floors = self._floors(opts["fail_under"])
        if opts["replay"]:
            return self._replay(opts)
        if opts["export_corrections"]:
            return self._export(opts)
        if opts["compromised"] and opts["oracle"]:
            raise CommandError("--compromised and --oracle exclude each other")
        if not (opts["path"] / "labels.json").exists():
            raise CommandError(f"{opts['path']} has no labels.json")
        summary, results = run_eval(opts["path"],
                                    threshold_usd=settings.TRIAGE_ESCALATION_THRESHOLD_USD,
                                    rates=settings.TRIAGE_USD_RATES,
                                    compromised=opts["compromised"], oracle=opts["oracle"])
        failures = [f"{key} {summary[THRESHOLD_KEYS[key]]} < {floor}"
                    for key, floor in floors.items()
                    if summary[THRESHOLD_KEYS[key]] is not None
                    and summary[THRESHOLD_KEYS[key]] < floor]
        if opts["json"]:
            self.stdout.write(json.dumps({
                "summary": summary, "failures": failures,
                "cases": [{"case": r.case_id, "expected": {k: v for k, v in r.expected.items()
                                                           if v is not None},
                           "got": {k: r.got[k] for k in ("route", "escalate", "department")}}
                          for r in results],
                "mismatches": [{"case": r.case_id, "decided_by": r.decided_by,
                                "field": f, "expected": e, "got": g}
                               for r in results for f, e, g in r.mismatches],
            }, indent=2, default=str))
        else:
            self._print(summary, results)
            for failure in failures:
                self.stderr.write(self.style.ERROR(f"below floor: {failure}"))
        if failures:
            raise SystemExit(1)

    def _floors(self, items: list[str]) -> dict[str, float]:
        floors = {}
        for item in items:
            key, _, value = item.partition("=")
            if key not in THRESHOLD_KEYS:
                raise CommandError(f"unknown --fail-under key {key!r}")
            try:
                floors[key] = float(value)
            except ValueError as exc:
                raise CommandError(f"--fail-under {item}: not a number") from exc
        return floors

    def _print(self, s: dict, results) -> None:
        w = self.stdout.write
        label = "OFFLINE rule-based provider (simulated)" if s["provider"] == "offline" \
            else f"{s['provider']} {s['model']}"
        if s["compromised"]:
            label = "a COMPROMISED model (simulated: scripted to answer 'routine' everywhere)"
        if s["oracle"]:
            label = ("an ORACLE model (simulated: scripted to answer each case with its own "
                     "label; every wrong route is the rules')")
        w(f"Evaluation: {s['cases']} labelled emails, provider {label}\n")

        def pct(v):
            return "n/a" if v is None else f"{v * 100:.1f}%"

        rows = [("route accuracy", pct(s["route_accuracy"])),
                ("department accuracy (forwarded)", pct(s["department_accuracy"])),
                ("escalation recall", pct(s["escalation_recall"])),
                ("escalation precision", pct(s["escalation_precision"])),
                ("false-escalation rate", pct(s["false_escalation_rate"])),
                (f"recall at exposure >= threshold ({s['high_exposure_cases']} cases)",
                 pct(s["high_exposure_recall"])),
                (f"false escalations on routine mail ({s['routine_cases']} cases)",
                 pct(s["routine_false_escalation_rate"])),
                (f"routine mail sent to a person ({s['routine_cases']} cases)",
                 pct(s["routine_false_hold_rate"])),
                (f"claims kept as tickets ({s['ticket_cases']} cases)",
                 pct(s["ticket_kept_rate"])),
                (f"bank-change recall ({s['bank_change_cases']} cases)",
                 pct(s["bank_change_recall"])),
                (f"held: desk or a person ({s['must_reach_a_person_cases']} cases)",
                 pct(s["hold_rate"]))]
        rows += [(f"route accuracy, {group}", pct(value))
                 for group, value in s["route_accuracy_by_group"].items()]
        for name in FIELDS:
            f = s["fields"][name]
            rows.append((f"{name} ({'within 1%' if name == 'exposure_amount' else 'exact'})",
                         f"{pct(f['accuracy'])} of {f['labelled']}"))
        for name, f in s["faithfulness"].items():
            rows.append((f"{name}: quote in the email", f"{pct(f['faithfulness'])} of "
                         f"{f['found'] + f['not_found']} quoted ({f['no_quote']} unquoted)"))
        rows += [("LLM calls per email", f"{s['llm_calls_per_email']:.2f}"),
                 ("tokens per email in/out", f"{s['input_tokens_per_email']:.0f}/"
                                             f"{s['output_tokens_per_email']:.0f}"),
                 ("latency p50 / max", f"{s['latency_p50_s']:.3f} s / {s['latency_max_s']:.3f} s")]
        for name, value in rows:
            w(f"  {name:<48} {value}")
        mismatches = [(r, f, e, g) for r in results for f, e, g in r.mismatches]
        w(f"\nMismatches ({len(mismatches)}):")
        w(f"  {'case':<6} {'kind':<13} {'decided by':<15} {'field':<19} {'expected':<24} got")
        for r, f, e, g in mismatches:
            w(f"  {r.case_id:<6} {r.kind:<13} {r.decided_by:<15} {f:<19} "
              f"{escape_invisible(str(e))[:24]:<24} {escape_invisible(str(g))[:40]}")

    def _since(self, opts) -> datetime | None:
        if not opts["since"]:
            return None
        try:
            return datetime.fromisoformat(opts["since"])
        except ValueError as exc:
            raise CommandError("--since takes YYYY-MM-DD") from exc

    def _export(self, opts) -> None:
        today = timezone.localdate()
        since = self._since(opts)
        since = since.date() if since else today - timedelta(days=29)
        done = export_corrections(opts["export_corrections"], since=since, until=today)
        self.stdout.write(f"{done['cases']} corrected emails written to "
                          f"{opts['export_corrections']} (pseudonymised; {done['erased']} "
                          f"erased left out). Measure on them: manage.py triage_eval "
                          f"{opts['export_corrections']}")

    def _replay(self, opts) -> None:
        emails = InboundEmail.objects.exclude(current_run=None).select_related("current_run")
        since = self._since(opts)
        if since:
            emails = emails.filter(received_at__date__gte=since.date())
        emails = list(emails.order_by("-received_at")[:opts["limit"]])
        spec = model_spec()
        rows = replay(emails, spec=spec)
        if opts["json"]:
            self.stdout.write(json.dumps(rows, indent=2, default=str))
            return
        changed = [r for r in rows if r["changed"]]
        self.stdout.write(f"Replay of {len(rows)} stored emails with provider {spec.provider} "
                          f"({spec.model_name}); nothing stored was changed.")
        counts = {k: sum(k in r["changed"] for r in rows) for k in ("route", "escalate",
                                                                      "exposure_usd")}
        self.stdout.write(f"would change: {len(changed)} emails (route {counts['route']}, "
                          f"escalation {counts['escalate']}, exposure {counts['exposure_usd']})")
        for r in changed:
            self.stdout.write(
                f"  #{r['email_id']} {escape_invisible(r['subject'])[:50]:<50} "
                + "; ".join(f"{k}: {r['stored'][k]} -> {r['now'][k]}" for k in r["changed"]))
