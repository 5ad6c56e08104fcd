"""Load run: signed ingestion at a fixed rate against the private real stack, workers
triaging against the scripted model (SIMULATED, 300 ms per call). Reports accepted/s,
webhook latency, queue depth over time, triage throughput and losses; several rates
find the knee."""

from __future__ import annotations

import os
import threading
import time
import uuid

from django.conf import settings
from django.core.management.base import BaseCommand

from lab.bench.machine import machine_line
from lab.harness import Stack
from lab.loadgen import percentiles
from lab.scratchdb import server_params


class Command(BaseCommand):
    help = "Sustained signed ingestion at fixed rates; report latency, queue depth, throughput."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--rates", default="5", help="emails per second, comma-separated")
        parser.add_argument("--duration", type=int, default=300, help="seconds per rate")
        parser.add_argument("--drain-timeout", type=int, default=600)
        parser.add_argument("--concurrency", type=int, default=None,
                            help="emails in flight per worker (default: the product's "
                                 "TRIAGE_WORKER_CONCURRENCY)")

    def handle(self, *args, **opts) -> None:
        pg = server_params()
        rates = [float(r) for r in opts["rates"].split(",")]
        results = []
        with Stack(pg, concurrency=opts["concurrency"]) as stack:
            self.pool = (f"{stack.workers} Celery workers x "
                         f"{opts['concurrency'] or settings.CELERY_WORKER_CONCURRENCY} "
                         f"{settings.CELERY_WORKER_POOL}")
            for rate in rates:
                stack.reset()
                self.stderr.write(f"rate {rate}/s for {opts['duration']} s ...")
                results.append(self._run(stack, rate, opts["duration"], opts["drain_timeout"]))
        self._print(results, opts["duration"])

    def _run(self, stack: Stack, rate: float, duration: int, drain_timeout: int) -> dict:
        n = int(rate * duration)
        samples: list[tuple[float, int, int]] = []
        stop = threading.Event()
        t0 = time.time()

        def sample():
            while not stop.is_set():
                with stack.conn() as c:
                    waiting, done = c.execute(
                        "SELECT count(*) FILTER (WHERE status IN ('received','queued',"
                        "'processing')), count(*) FILTER (WHERE status NOT IN ('received',"
                        "'queued','processing')) FROM triage_inboundemail").fetchone()
                samples.append((time.time() - t0, waiting, done))
                stop.wait(5)

        sampler = threading.Thread(target=sample)
        sampler.start()
        clients = max(2, min(8, int(rate // 10) + 2))
        responses = stack.ingest(n, run_id=uuid.uuid4().hex[:8], seconds=duration,
                                 clients=clients)
        ingest_s = time.time() - t0
        drained = stack.settle(drain_timeout)
        stop.set()
        sampler.join()
        inv = stack.invariants(responses, expected_unique=n)
        during = [s for s in samples if s[0] <= ingest_s]
        done_at_end = during[-1][2] if during else 0
        return {
            "rate": rate, "sent": n, "accepted": inv["accepted"], "lost": inv["lost"],
            "unanswered": inv["unanswered"], "accepted_per_s": inv["accepted"] / ingest_s,
            **percentiles([t for t, _, _ in responses]),
            "triaged_per_min": 60 * done_at_end / ingest_s if ingest_s else 0,
            "max_queue": max((w for _, w, _ in samples), default=0),
            "queue_at_end": during[-1][1] if during else 0,
            "drain_s": drained, "samples": samples,
        }

    def _print(self, results: list[dict], duration: int) -> None:
        w = self.stdout.write
        w(f"\nLoad run: {duration} s per rate, signed JSON through gunicorn (3x4), {self.pool}, "
          f"scripted model at 300 ms per call (SIMULATED), PostgreSQL, private Redis, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at the end\n"
          f"{machine_line()}\n")
        head = (f"{'rate/s':>6} {'sent':>6} {'accepted/s':>10} {'p50 ms':>7} {'p99 ms':>7} "
                f"{'triaged/min':>11} {'max queue':>9} {'queue at end':>12} {'drain s':>8} "
                f"{'lost':>5} {'unanswered':>10}")
        w(head)
        w("-" * len(head))
        for r in results:
            drain = f"{r['drain_s']:.0f}" if r["drain_s"] is not None else "TIMEOUT"
            w(f"{r['rate']:>6.0f} {r['sent']:>6} {r['accepted_per_s']:>10.1f} {r['p50']:>7.1f} "
              f"{r['p99']:>7.1f} {r['triaged_per_min']:>11.0f} {r['max_queue']:>9} "
              f"{r['queue_at_end']:>12} {drain:>8} {r['lost']:>5} {r['unanswered']:>10}")
        for r in results:
            series = ", ".join(f"{t:.0f}s:{q}" for t, q, _ in r["samples"][::max(
                1, len(r["samples"]) // 12)])
            w(f"  queue depth at {r['rate']:.0f}/s: {series}")
