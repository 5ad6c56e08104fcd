"""Benchmark: the inbound-email changelist with a big mailbox on PostgreSQL.

Seeds N emails into a scratch database (``seed_emails``; ``--keep`` keeps it) and
measures the server time of the changelist through Django's request
handling, with the number of queries, for several page sizes and a filtered page
(``lab.bench.admin_client``, in a child process on production settings).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from lab.bench.machine import machine_line
from lab.harness import PRODUCT_SETTINGS
from lab.scratchdb import connect, scratch_database, server_params, url

ROOT = Path(__file__).resolve().parents[3]

CASES = [
    ("unfiltered", "", 50),
    ("unfiltered", "", 100),
    ("unfiltered", "", 200),
    ("status=escalated", "?status__exact=escalated", 100),
    ("exposure >= 50k", "?exposure=high", 100),
    ("search contract", "?q=CT-4242", 100),
    ("search sender", "?q=qa123%40mill", 100),
    ("search message-id", "?q=seed-4242%40mill42.example.com", 100),
    ("search two terms", "?q=ticket+CT-424", 100),
    ("search broad word", "?q=ticket", 100),
]


class Command(BaseCommand):
    help = "Time the inbound-email changelist with N emails in PostgreSQL."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--count", type=int, default=100_000)
        parser.add_argument("--repeat", type=int, default=5)
        parser.add_argument("--keep", action="store_true", help="keep the scratch database")
        parser.add_argument("--reuse", metavar="DBNAME",
                            help="measure a database a --keep run left (no seeding): a "
                                 "1,000,000-email mailbox takes long to seed")

    def handle(self, *args, **opts) -> None:
        params = server_params()
        if opts["reuse"]:
            seeded, rows = self._run(opts, url(params, opts["reuse"]), seed=False)
            opts["count"] = self._count(params, opts["reuse"])
        else:
            with scratch_database(params, "triage_bench_admin", keep=opts["keep"]) as name:
                if opts["keep"]:
                    self.stderr.write(f"scratch database kept: {name}")
                seeded, rows = self._run(opts, url(params, name))
        self._print(opts, seeded, rows)

    @staticmethod
    def _count(params: dict, name: str) -> int:
        with connect(params, name) as conn:
            return conn.execute("SELECT count(*) FROM triage_inboundemail").fetchone()[0]

    def _run(self, opts, database_url: str, *, seed: bool = True) -> tuple[float, list]:
        # The changelist is measured on production settings; only seeding needs the lab.
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": PRODUCT_SETTINGS,
               "DATABASE_URL": database_url, "LOG_LEVEL": "WARNING",
               "ALLOWED_HOSTS": "testserver", "SECURE_HTTPS": "false", "DEBUG": "true"}
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                       check=True)
        started = time.perf_counter()
        if seed:
            subprocess.run([sys.executable, "manage.py", "seed_emails", "--count",
                            str(opts["count"])], cwd=ROOT, check=True,
                           stdout=subprocess.DEVNULL,
                           env={**env, "DJANGO_SETTINGS_MODULE": settings.SETTINGS_MODULE})
        seeded = time.perf_counter() - started
        result = subprocess.run([sys.executable, "-m", "lab.bench.admin_client",
                                 json.dumps(CASES), str(opts["repeat"])], cwd=ROOT, env=env,
                                check=True, capture_output=True, text=True)
        return seeded, json.loads(result.stdout.strip().splitlines()[-1])

    def _print(self, opts, seeded: float, rows: list) -> None:
        seeding = f"seeded in {seeded:.0f} s" if not opts["reuse"] else f"reused {opts['reuse']}"
        self.stdout.write(f"\nInbound-email changelist, {opts['count']:,} emails in PostgreSQL "
                          f"({seeding}), server time through Django's handler, "
                          f"median of {opts['repeat']} requests\n{machine_line()}\n")
        header = f"{'page':<18} {'per page':>8} {'median ms':>9} {'max ms':>7} {'queries':>7}"
        self.stdout.write(header)
        self.stdout.write("-" * len(header))
        for label, per_page, median, worst, queries in rows:
            self.stdout.write(f"{label:<18} {per_page:>8} {median:>9.1f} {worst:>7.1f} "
                              f"{queries:>7}")
