"""Benchmark: the inbound-email changelist with a big mailbox on PostgreSQL.

Seeds N emails into a scratch database (unless --database-url points at one you
seeded) and measures the server time of the changelist through Django's request
handling, with the number of queries, for several page sizes and a filtered page.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import psycopg
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

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
        import json

        db = settings.DATABASES["default"]
        if db["ENGINE"] != "django.db.backends.postgresql":
            raise CommandError("set DATABASE_URL to a PostgreSQL server (see README)")
        name = f"triage_bench_admin_{uuid.uuid4().hex[:6]}"
        admin = dict(host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432,
                     user=db["USER"] or None, password=db["PASSWORD"] or None,
                     dbname="postgres", autocommit=True)
        with psycopg.connect(**admin) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
               "DATABASE_URL": f"postgres://{auth}@{admin['host']}:{admin['port']}/{name}",
               "LOG_LEVEL": "WARNING", "ALLOWED_HOSTS": "testserver", "SECURE_HTTPS": "false",
               "DEBUG": "true"}
        try:
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
            rows = json.loads(result.stdout.strip().splitlines()[-1])
        finally:
            if not opts["keep"]:
                with psycopg.connect(**admin) as conn:
                    conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.stdout.write(f"\nInbound-email changelist, {opts['count']:,} emails in PostgreSQL "
                          f"(seeded in {seeded:.0f} s), server time through Django's handler, "
                          f"median of {opts['repeat']} requests\n")
        header = f"{'page':<18} {'per page':>8} {'median ms':>9} {'max ms':>7} {'queries':>7}"
        self.stdout.write(header)
        self.stdout.write("-" * len(header))
        for label, per_page, median, worst, queries in rows:
            self.stdout.write(f"{label:<18} {per_page:>8} {median:>9.1f} {worst:>7.1f} "
                              f"{queries:>7}")
