import json
from pathlib import Path

from django.core.management.base import BaseCommand

from lab.redteam import MODES, as_dicts, run_all
from triage.sanitize import escape_invisible

DEFAULT = Path(__file__).resolve().parents[2] / "data" / "redteam"


class Command(BaseCommand):
    help = ("Run the red-team cases with the offline provider and with a compromised "
            "(scripted, fully persuaded) model; print which defence held.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
        parser.add_argument("--mode", choices=[*MODES, "both"], default="both")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **opts) -> None:
        modes = MODES if opts["mode"] == "both" else (opts["mode"],)
        outcomes = run_all(opts["path"], modes)
        if opts["json"]:
            self.stdout.write(json.dumps(as_dicts(outcomes), indent=2))
        else:
            w = self.stdout.write
            w(f"{'case':<5} {'attack':<46} {'mode':<11} {'route':<12} {'defence':<13} outcome")
            for o in outcomes:
                w(f"{o.case:<5} {o.attack[:46]:<46} {o.mode:<11} {o.route:<12} {o.defence:<13} "
                  f"{o.status}" + (f"  ({escape_invisible(o.detail)[:90]})" if o.detail else ""))
            failed = [o for o in outcomes if o.status == "FAILED"]
            model = [o for o in outcomes if o.defence == "model"]
            w(f"\n{len(outcomes)} runs: {len(outcomes) - len(failed) - len(model)} held, "
              f"{len(failed)} FAILED, {len(model)} model-dependent (reported, not asserted)")
        if any(o.status == "FAILED" for o in outcomes):
            raise SystemExit(1)
