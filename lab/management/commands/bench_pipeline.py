"""Benchmark: the triage pipeline against the scripted Gemini-compatible server with
a fixed latency per call (the checklist answered in the extraction call: 2 rounds, 3
calls per claim), with tokens per chain. Beside each measured latency, what the same
calls would take one at a time: the sum of their own latencies in this run (DERIVED,
not a second run: the product has no sequential switch to measure).

Real HTTP through ``langchain-google-genai``; the answers come from the offline rules
and the tokens are the server's estimate, about four characters each (the server is
SIMULATED). Figures are from this one run.
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

import triage
from lab.bench.machine import machine_line
from lab.loadgen import percentiles
from lab.scripted_gemini import Script, ScriptedGemini
from triage import mime
from triage.decision import Config, EmailInput, build_model, model_spec, run_chains

SAMPLES = Path(triage.__file__).resolve().parent / "samples"  # the demo's sample mail


class Command(BaseCommand):
    help = "Measure LLM calls, rounds, latency and tokens per email (scripted server)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--emails", type=int, default=24)
        parser.add_argument("--latency-ms", type=int, default=300)

    def handle(self, *args, **opts) -> None:
        emails = self._emails(opts["emails"])
        with ScriptedGemini(Script(latency_s=opts["latency_ms"] / 1000)) as server:
            settings.TRIAGE_LLM_PROVIDER = "gemini"
            settings.TRIAGE_GEMINI_API_KEY = settings.TRIAGE_GEMINI_API_KEY or "bench-key"
            settings.TRIAGE_GEMINI_BASE_URL = server.url
            spec = model_spec()
            model = build_model(spec)
            measured = [self._measure("2 rounds (product)", emails, model, spec,
                                      Config.from_settings())]
        self._print(opts, emails, measured)

    def _emails(self, n: int) -> list[EmailInput]:
        base = []
        for path in sorted(SAMPLES.glob("*.eml")):
            parsed = mime.parse_bytes(path.read_bytes())
            if parsed.automated:
                continue
            base.append(EmailInput.from_parsed(parsed))
        return [base[i % len(base)] for i in range(n)]

    def _measure(self, mode, emails, model, spec, config) -> tuple[list[dict], dict]:
        results = {"claim": [], "non-claim": []}
        per_chain: dict[str, list[int]] = defaultdict(list)
        # Warm the client's connections and schema caches: steady state is measured.
        for email in emails[:3]:
            run_chains(email, model=model, spec=spec, config=config)
        for email in emails:
            started = time.perf_counter()
            decision = run_chains(email, model=model, spec=spec, config=config)
            elapsed = time.perf_counter() - started
            kind = "claim" if decision.is_claim else "non-claim"
            results[kind].append((elapsed, decision))
            for call in decision.calls:
                per_chain[call.chain].append(call.input_tokens)
        rows = []
        for kind, items in results.items():
            if not items:
                continue
            seconds = [t for t, _ in items]
            pct = percentiles(seconds)
            rows.append({
                "mode": mode, "kind": kind, "n": len(items),
                "calls": statistics.mean(len(d.calls) for _, d in items),
                "max_calls": max(len(d.calls) for _, d in items),
                "rounds": max(d.rounds for _, d in items),
                "p50": pct["p50"] / 1000, "p95": pct["p95"] / 1000,
                # The same calls one at a time: the sum of their latencies (derived).
                "serial_p50": statistics.median(sum(c.latency_ms for c in d.calls) / 1000
                                                for _, d in items),
                "tokens_in": statistics.mean(d.input_tokens for _, d in items),
                "tokens_out": statistics.mean(d.output_tokens for _, d in items),
                "per_min": 60 / statistics.mean(seconds),
            })
        chains = {chain: (statistics.mean(tokens), sum(tokens) / len(emails))
                  for chain, tokens in per_chain.items()}
        return rows, chains

    def _print(self, opts, emails, measured) -> None:
        w = self.stdout.write
        w(f"\nPipeline on {len(emails)} emails (samples, cycled), scripted Gemini-compatible "
          f"server at {opts['latency_ms']} ms per call (SIMULATED model, real HTTP client; "
          f"after 3 warm-up emails; serial: the same calls one at a time, the sum of their "
          f"latencies (DERIVED); tokens: the server's estimate, ~4 characters "
          f"each)\n{machine_line()}\n")
        header = (f"{'mode':<20} {'kind':<10} {'emails':>6} {'calls/email':>11} "
                  f"{'max calls':>9} {'rounds':>6} {'p50 s':>6} {'p95 s':>6} "
                  f"{'serial p50 s':>12} "
                  f"{'in tok':>7} {'out tok':>7} {'emails/min/slot':>15}")
        w(header)
        w("-" * len(header))
        for rows, _ in measured:
            for r in rows:
                w(f"{r['mode']:<20} {r['kind']:<10} {r['n']:>6} {r['calls']:>11.2f} "
                  f"{r['max_calls']:>9} {r['rounds']:>6} {r['p50']:>6.2f} {r['p95']:>6.2f} "
                  f"{r['serial_p50']:>12.2f} "
                  f"{r['tokens_in']:>7.0f} {r['tokens_out']:>7.0f} {r['per_min']:>15.1f}")
        w("\nInput tokens per chain: per call, and per email of the whole run")
        header = f"{'mode':<20} {'chain':<15} {'per call':>9} {'per email':>10}"
        w(header)
        w("-" * len(header))
        for (rows, chains) in measured:
            mode = rows[0]["mode"]
            for chain in ("classification", "extraction", "escalation"):
                if chain in chains:
                    per_call, per_email = chains[chain]
                    w(f"{mode:<20} {chain:<15} {per_call:>9.0f} {per_email:>10.0f}")
            w(f"{mode:<20} {'all':<15} {'':>9} {sum(e for _, e in chains.values()):>10.0f}")
