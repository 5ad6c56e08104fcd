"""Benchmark: the triage pipeline against the scripted Gemini-compatible server with
a fixed latency per call, next to a one-call-at-a-time baseline of the same chains.

Real HTTP through ``langchain-google-genai``; the answers come from the offline rules
(the server is SIMULATED). Figures are from this one run.
"""

from __future__ import annotations

import dataclasses
import statistics
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

import triage
from lab.loadgen import percentiles
from lab.scripted_gemini import Script, ScriptedGemini
from triage import mime, pipeline
from triage.chains import llm
from triage.chains.untrusted import EmailInput

SAMPLES = Path(triage.__file__).resolve().parent / "samples"  # the demo's sample mail


class Command(BaseCommand):
    help = "Measure LLM calls, rounds and latency per email (scripted server, fixed latency)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--emails", type=int, default=24)
        parser.add_argument("--latency-ms", type=int, default=300)

    def handle(self, *args, **opts) -> None:
        emails = self._emails(opts["emails"])
        with ScriptedGemini(Script(latency_s=opts["latency_ms"] / 1000)) as server:
            settings.TRIAGE_LLM_PROVIDER = "gemini"
            settings.TRIAGE_GEMINI_API_KEY = settings.TRIAGE_GEMINI_API_KEY or "bench-key"
            settings.TRIAGE_GEMINI_BASE_URL = server.url
            spec = llm.model_spec()
            model = llm.build_model(spec)
            config = pipeline.Config.from_settings()
            rows = [
                self._measure("pipeline", emails, model, spec, config),
                self._measure("sequential baseline", emails, model, spec,
                              dataclasses.replace(config, concurrent=False)),
            ]
        self.stdout.write(
            f"\nPipeline on {len(emails)} emails (samples, cycled), scripted Gemini-compatible "
            f"server at {opts['latency_ms']} ms per call (SIMULATED model, real HTTP client)\n")
        header = (f"{'mode':<20} {'kind':<10} {'emails':>6} {'calls/email':>11} "
                  f"{'max calls':>9} {'rounds':>6} {'p50 s':>6} {'p95 s':>6} "
                  f"{'emails/min/worker':>17}")
        self.stdout.write(header)
        self.stdout.write("-" * len(header))
        for mode_rows in rows:
            for r in mode_rows:
                self.stdout.write(
                    f"{r['mode']:<20} {r['kind']:<10} {r['n']:>6} {r['calls']:>11.2f} "
                    f"{r['max_calls']:>9} {r['rounds']:>6} {r['p50']:>6.2f} {r['p95']:>6.2f} "
                    f"{r['per_min']:>17.1f}")

    def _emails(self, n: int) -> list[EmailInput]:
        base = []
        for path in sorted(SAMPLES.glob("*.eml")):
            parsed = mime.parse_bytes(path.read_bytes())
            if parsed.automated:
                continue
            base.append(EmailInput.from_parsed(parsed))
        return [base[i % len(base)] for i in range(n)]

    def _measure(self, mode, emails, model, spec, config) -> list[dict]:
        results = {"claim": [], "non-claim": []}
        for email in emails:
            started = time.perf_counter()
            decision = pipeline.run(email, model=model, spec=spec, config=config)
            elapsed = time.perf_counter() - started
            kind = "claim" if decision.is_claim else "non-claim"
            results[kind].append((elapsed, len(decision.calls), decision.rounds))
        rows = []
        for kind, items in results.items():
            if not items:
                continue
            seconds = [t for t, _, _ in items]
            pct = percentiles(seconds)
            rows.append({
                "mode": mode, "kind": kind, "n": len(items),
                "calls": statistics.mean(c for _, c, _ in items),
                "max_calls": max(c for _, c, _ in items),
                "rounds": max(r for _, _, r in items),
                "p50": pct["p50"] / 1000, "p95": pct["p95"] / 1000,
                "per_min": 60 / statistics.mean(seconds),
            })
        return rows
