"""Benchmark: the inbound-email changelist with a big mailbox on PostgreSQL.

Seeds N emails into a scratch database (unless --database-url points at one you
seeded) and measures the server time of the changelist through Django's request
handling, with the number of queries, for several page sizes and a filtered page.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from django.core.management.base import BaseCommand

from triage.scratchdb import scratch_database, server_params, url

ROOT = Path(__file__).resolve().parents[3]

MEASURE = r"""
import os, statistics, time, json, sys
import django
django.setup()
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from triage.admin import InboundEmailAdmin
user, _ = User.objects.get_or_create(username="bench", defaults={"is_staff": True,
                                                                  "is_superuser": True})
client = Client()
client.force_login(user)
out = []
for label, query, per_page in json.loads(sys.argv[1]):
    InboundEmailAdmin.list_per_page = per_page
    url = "/triage/inboundemail/" + query
    client.get(url)  # warm caches and the plan
    times, queries = [], 0
    for _ in range(int(sys.argv[2])):
        with CaptureQueriesContext(connection) as ctx:
            t = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - t) * 1000)
        assert response.status_code == 200, response.status_code
        queries = len(ctx.captured_queries)
    out.append([label, per_page, statistics.median(times), max(times), queries])
print(json.dumps(out))
"""

CASES = [
    ("unfiltered", "", 50),
    ("unfiltered", "", 100),
    ("unfiltered", "", 200),
    ("status=escalated", "?status__exact=escalated", 100),
    ("exposure >= 50k", "?exposure=high", 100),
    ("search contract", "?q=CT-4242", 100),
]


class Command(BaseCommand):
    help = "Time the inbound-email changelist with N emails in PostgreSQL."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--count", type=int, default=100_000)
        parser.add_argument("--repeat", type=int, default=5)
        parser.add_argument("--keep", action="store_true", help="keep the scratch database")

    def handle(self, *args, **opts) -> None:
        params = server_params()
        with scratch_database(params, "triage_bench_admin", keep=opts["keep"]) as name:
            seeded, rows = self._run(opts, url(params, name))
        self._print(opts, seeded, rows)

    def _run(self, opts, database_url: str) -> tuple[float, list]:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
               "DATABASE_URL": database_url, "LOG_LEVEL": "WARNING",
               "ALLOWED_HOSTS": "testserver", "SECURE_HTTPS": "false", "DEBUG": "true"}
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                       check=True)
        started = time.perf_counter()
        subprocess.run([sys.executable, "manage.py", "seed_emails", "--count",
                        str(opts["count"])], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)
        seeded = time.perf_counter() - started
        result = subprocess.run([sys.executable, "-c", MEASURE, json.dumps(CASES),
                                 str(opts["repeat"])], cwd=ROOT, env=env, check=True,
                                capture_output=True, text=True)
        return seeded, json.loads(result.stdout.strip().splitlines()[-1])

    def _print(self, opts, seeded: float, rows: list) -> None:
        self.stdout.write(f"\nInbound-email changelist, {opts['count']:,} emails in PostgreSQL "
                          f"(seeded in {seeded:.0f} s), server time through Django's handler, "
                          f"median of {opts['repeat']} requests\n")
        header = f"{'page':<18} {'per page':>8} {'median ms':>9} {'max ms':>7} {'queries':>7}"
        self.stdout.write(header)
        self.stdout.write("-" * len(header))
        for label, per_page, median, worst, queries in rows:
            self.stdout.write(f"{label:<18} {per_page:>8} {median:>9.1f} {worst:>7.1f} "
                              f"{queries:>7}")
