"""Fault runs: ingest signed emails through the webhook while a fault happens, let
the system settle, check the invariants. Real services on this machine only."""

from __future__ import annotations

import json
import signal
import threading
import time
import uuid

from django.core.management.base import BaseCommand, CommandError

from lab.harness import Stack
from lab.scratchdb import server_params

INGEST_SECONDS = 10


def _scenarios(stack: Stack) -> dict[str, list[tuple[float, str, object]]]:
    worker = stack.worker_procs[0]
    return {
        "redis-restart": [(2, "stop Redis", stack.redis.stop),
                          (22, "start Redis", stack.redis.start)],
        "worker-sigkill": [(3, "SIGKILL worker 1", lambda: worker.stop(signal.SIGKILL)),
                           (8, "restart worker 1", worker.start)],
        "pg-terminate": [(t, "pg_terminate_backend", stack.terminate_db_connections)
                         for t in (2, 4, 6, 8, 11)],
        "model-429": [(1, "model answers 429 for 30 s",
                       lambda: stack.model_fault({"status": 429, "seconds": 30}))],
        "model-hang": [(1, "model hangs past the timeout for 30 s",
                        lambda: stack.model_fault({"hang_s": 4, "seconds": 30}))],
        "double-delivery": [],
    }


class Command(BaseCommand):
    help = "Run the fault scenarios against a private real stack and check the invariants."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--batch", type=int, default=200)
        parser.add_argument("--scenario", action="append", default=[])
        parser.add_argument("--settle-timeout", type=int, default=240)
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **opts) -> None:
        pg = server_params()
        rows = []
        with Stack(pg) as stack:
            scenarios = _scenarios(stack)
            names = opts["scenario"] or list(scenarios)
            unknown = set(names) - set(scenarios)
            if unknown:
                raise CommandError(f"unknown scenario(s): {', '.join(sorted(unknown))}")
            for name in names:
                self.stderr.write(f"scenario {name} ...")
                rows.append(self._run(stack, name, scenarios[name], opts))
        if opts["json"]:
            self.stdout.write(json.dumps(rows, indent=2))
        else:
            self._table(rows, opts["batch"])
        if not all(r["ok"] for r in rows):
            raise SystemExit(1)

    def _run(self, stack: Stack, name: str, actions, opts) -> dict:
        stack.reset()
        run_id = uuid.uuid4().hex[:8]
        t0 = time.time()
        log = []

        def inject():
            for at, what, call in actions:
                time.sleep(max(0, t0 + at - time.time()))
                result = call()
                count = f" ({result} connections)" if isinstance(result, int) else ""
                log.append(f"{time.time() - t0:.0f}s {what}{count}")

        injector = threading.Thread(target=inject)
        injector.start()
        n = opts["batch"]
        if name == "double-delivery":
            parts: list = [None, None]

            def deliver(i):
                parts[i] = stack.ingest(n, run_id=run_id, seconds=INGEST_SECONDS)

            threads = [threading.Thread(target=deliver, args=(i,)) for i in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            responses = parts[0] + parts[1]
        else:
            responses = stack.ingest(n, run_id=run_id, seconds=INGEST_SECONDS)
        injector.join()
        settled = stack.settle(opts["settle_timeout"])
        inv = stack.invariants(responses, expected_unique=n)
        duplicates = (inv["duplicate_rows"] + inv["duplicate_decisions"]
                      + inv["duplicate_side_effects"] + inv["duplicate_notifications"])
        ok = (settled is not None and inv["lost"] == 0 and duplicates == 0
              and inv["unanswered"] == 0 and inv["terminal"] == inv["rows"]
              and inv["max_attempts"] <= 12)
        return {"scenario": name, **inv, "duplicates": duplicates,
                "settle_s": None if settled is None else round(settled, 1),
                "faults": log, "ok": ok}

    def _table(self, rows: list[dict], batch: int) -> None:
        w = self.stdout.write
        w(f"\nFault runs: {batch} signed emails per scenario over {INGEST_SECONDS} s through "
          "gunicorn, 2 Celery workers + beat on a private Redis, PostgreSQL, scripted model "
          "at 300 ms per call (SIMULATED)\n")
        head = (f"{'scenario':<16} {'requests':>8} {'accepted':>8} {'non-2xx':>7} "
                f"{'unanswered':>10} {'terminal':>8} {'failed':>6} {'lost':>4} {'duplicates':>10} "
                f"{'max tries':>9} {'settle s':>8}  result")
        w(head)
        w("-" * len(head))
        for r in rows:
            w(f"{r['scenario']:<16} {r['requests']:>8} {r['accepted']:>8} {r['non_2xx']:>7} "
              f"{r['unanswered']:>10} {r['terminal']:>8} {r['failed']:>6} {r['lost']:>4} "
              f"{r['duplicates']:>10} {r['max_attempts']:>9} "
              f"{r['settle_s'] if r['settle_s'] is not None else 'TIMEOUT':>8}  "
              f"{'ok' if r['ok'] else 'FAILED'}")
        for r in rows:
            kinds = ", ".join(f"{k.removeprefix('duplicate_')} {r[k]}" for k in (
                "duplicate_rows", "duplicate_decisions", "duplicate_side_effects",
                "duplicate_notifications") if r[k])
            w(f"  {r['scenario']}: {'; '.join(r['faults']) or 'no fault injected'}"
              + (f" (duplicates: {kinds})" if kinds else ""))
