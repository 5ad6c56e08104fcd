"""Run the triage pipeline on one message, synchronously, and print the decision.
Nothing is stored; no side effect runs. The text output says the reasons in the active
language; ``--json`` prints them as stored (codes, parameters and quotes)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from triage import labels, mime
from triage.decision import Config, EmailInput, build_model, model_spec, run_chains
from triage.sanitize import escape_invisible


class Command(BaseCommand):
    help = "Triage one message (an .eml file or plain text) and print the decision."

    def add_arguments(self, parser) -> None:
        source = parser.add_mutually_exclusive_group(required=True)
        source.add_argument("--file", type=Path, help="an RFC 822 .eml file ('-' for stdin)")
        source.add_argument("--text", help="the body of a message, as plain text")
        parser.add_argument("--subject", default="", help="subject, with --text")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args, **options) -> None:
        email = self._load(options)
        spec = model_spec()
        decision = run_chains(email, model=build_model(spec), spec=spec,
                                config=Config.from_settings())
        result = {"message_id": email.message_id or None, **decision.summary()}
        if options["json"]:
            self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False, default=str))
            return
        self._print(result)

    def _load(self, options) -> EmailInput:
        if options["text"] is not None:
            # Normalised the way the JSON webhook normalises a message given as fields.
            parsed = mime.parse_fields(
                message_id="", from_header="", to=[], cc=[], subject=options["subject"],
                text=options["text"], html="", date=None, in_reply_to="", attachments=[])
            return EmailInput.from_parsed(parsed, received_at=timezone.now())
        path: Path = options["file"]
        try:
            raw = sys.stdin.buffer.read() if str(path) == "-" else path.read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc}") from exc
        return EmailInput.from_parsed(mime.parse_bytes(raw))

    def _print(self, r: dict) -> None:
        w = self.stdout.write
        llm_info = r["llm"]
        w(f"route:       {r['route']}")
        w(f"claim:       {r['is_claim']}   department: {r['department']}")
        esc = r["escalation"]
        w(f"escalation:  {esc['required']}")
        model = ", ".join(map(labels.model_trigger, esc["model_triggers"]))
        w(f"  model:     {escape_invisible(model) or '-'}")
        w(f"  backstop:  {escape_invisible(labels.reasons(esc['backstop_triggers'])) or '-'}")
        w(f"review:      {escape_invisible(labels.reasons(r['review_signals'])) or '-'}")
        if r["claim"]:
            c = r["claim"]
            w(f"exposure:    {c['exposure_amount']} {c['exposure_currency']} "
              f"(USD {c['exposure_usd']})   deadline: {c['response_deadline']}")
            if c.get("unsupported"):
                w(f"unsupported: {', '.join(c['unsupported'])} (the model's quote is not in "
                  f"the email)")
        w(f"provider:    {llm_info['provider']} ({llm_info['model']}), {llm_info['calls']} "
          f"calls in {llm_info['rounds']} rounds, tokens {llm_info['input_tokens']}/"
          f"{llm_info['output_tokens']}")
        for error in r["errors"]:
            w(self.style.WARNING(f"error:       {escape_invisible(labels.reason(error))}"))
