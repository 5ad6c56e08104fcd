"""Benchmark: signed webhook ingestion through gunicorn into PostgreSQL.

Creates a scratch database, migrates it, starts gunicorn on 127.0.0.1, and sends
signed JSON deliveries from client processes with keep-alive connections: first N
new emails, then the same N again (duplicates). Prints requests per second and
latency percentiles from this one run.
"""

from __future__ import annotations

import http.client
import multiprocessing
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from lab.bench.machine import machine_line
from lab.harness import PRODUCT_SETTINGS, free_port
from lab.loadgen import percentiles, send_batch
from lab.scratchdb import scratch_database, server_params, url

ROOT = Path(__file__).resolve().parents[3]
SECRET = "bench-secret"  # noqa: S105 - the scratch server's own webhook secret


class Command(BaseCommand):
    help = "Measure signed webhook ingestion (gunicorn + PostgreSQL): new and duplicate."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--requests", type=int, default=3000)
        parser.add_argument("--clients", type=int, default=8, help="concurrent connections")
        parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
        parser.add_argument("--threads", type=int, default=4, help="threads per worker")

    def handle(self, *args, **opts) -> None:
        params = server_params()
        with scratch_database(params, "triage_bench") as bench_db:
            rows = self._run(opts, url(params, bench_db))
        self._print(rows, opts)

    def _run(self, opts, database_url: str) -> list[dict]:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": PRODUCT_SETTINGS,
               "DATABASE_URL": database_url,
               "TRIAGE_WEBHOOK_SECRET": SECRET, "LOG_LEVEL": "WARNING", "DEBUG": "false",
               "SECURE_HTTPS": "false", "DB_CONN_MAX_AGE": "600"}
        server = None
        try:
            subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                           check=True)
            port = free_port()
            server = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}",
                 "--workers", str(opts["workers"]), "--threads", str(opts["threads"]),
                 "--worker-class", "gthread", "--keep-alive", "30", "--log-level", "warning"],
                cwd=ROOT, env=env)
            self._wait_ready(port)
            n, clients = opts["requests"], opts["clients"]
            run_id = uuid.uuid4().hex[:8]
            # Warm every connection, worker thread and broker connection first.
            self._phase("warm-up", port, clients * 20, clients, run_id + "w", expect=202)
            rows = [self._phase("new", port, n, clients, run_id, expect=202),
                    self._phase("duplicate", port, n, clients, run_id, expect=200)]
        finally:
            if server:
                server.terminate()
                server.wait(timeout=30)
        return rows

    def _print(self, rows: list[dict], opts) -> None:
        clients = opts["clients"]
        broker = "Redis" if settings.REDIS_URL else "filesystem broker"
        self.stdout.write(
            f"\nWebhook ingestion, gunicorn {opts['workers']}x{opts['threads']} gthread, "
            f"PostgreSQL, enqueue to {broker}, {clients} keep-alive clients, "
            f"{os.cpu_count()} CPUs (client and server share them), load average "
            f"{os.getloadavg()[0]:.2f}, database connections: "
            f"{'psycopg pool' if settings.TRIAGE_DB_POOL_MAX else 'CONN_MAX_AGE'}\n"
            f"{machine_line()}\n")
        header = f"{'phase':<10} {'requests':>8} {'ok':>6} {'req/s':>8} {'p50 ms':>8} " \
                 f"{'p99 ms':>8} {'max ms':>8} {'> 100 ms':>8}"
        self.stdout.write(header)
        self.stdout.write("-" * len(header))
        for r in rows:
            self.stdout.write(f"{r['phase']:<10} {r['n']:>8} {r['ok']:>6} {r['rps']:>8.0f} "
                              f"{r['p50']:>8.1f} {r['p99']:>8.1f} {r['max']:>8.1f} "
                              f"{r['over_100ms']:>7.2f}%")

    def _wait_ready(self, port: int) -> None:
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                conn.request("GET", "/healthz/")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                time.sleep(0.2)
        raise CommandError("gunicorn did not start")

    def _phase(self, name: str, port: int, n: int, clients: int, run_id: str,
               expect: int) -> dict:
        chunks = [list(range(i, n, clients)) for i in range(clients)]
        started = time.perf_counter()
        with multiprocessing.get_context("spawn").Pool(clients) as pool:
            parts = pool.map(send_batch, [(port, c, run_id, SECRET) for c in chunks])
        elapsed = time.perf_counter() - started
        results = [r for part in parts for r in part]
        ok = sum(1 for _, status, _ in results if status == expect)
        return {"phase": name, "n": len(results), "ok": ok, "rps": len(results) / elapsed,
                **percentiles([t for t, _, _ in results])}
