"""Benchmark: the console's lists and every kind of search with a big mailbox on
PostgreSQL.

Seeds N emails with realistic bodies into a scratch database (``seed_emails``;
``--keep`` keeps it) and measures the server time of each page through Django's
request handling, p50 and p95, split into the time of its SQL and the rest (the page's
own work, mostly rendering the rows), with the number of queries and of results
(``lab.bench.admin_client``, in a child process on production settings); then the
size of each table and index search reads.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote_plus

from django.conf import settings
from django.core.management.base import BaseCommand

from lab.bench.machine import machine_line
from lab.bench.mailbox import VESSELS
from lab.harness import PRODUCT_SETTINGS
from lab.scratchdb import connect, scratch_database, server_params, url

ROOT = Path(__file__).resolve().parents[3]


def _q(text: str, extra: str = "") -> str:
    return f"?q={quote_plus(text)}{extra}"


# (label, list, query string, page size). The seeded words' spread is in
# lab/bench/mailbox.py: a vessel's name is in about one email in 1,700, a bank change in
# about one in 70, a common word in a third or more; li64@fiacaonordeste.com.br sent one
# in 8,000; contract CT-2026-4242 is in one in 9,000.
CASES = [
    ("unfiltered", "inboundemail", "", 100),
    ("unfiltered", "inboundemail", "", 200),
    ("status=escalated", "inboundemail", "?status__exact=escalated", 100),
    ("exposure >= 50k", "inboundemail", "?exposure=high", 100),
    ("assigned to me", "inboundemail", "?assignee=mine", 100),
    ("word, rare", "inboundemail", _q(VESSELS[100]), 100),
    ("word, common", "inboundemail", _q("lona"), 100),
    ("phrase", "inboundemail", _q('"mudamos de banco"'), 100),
    ("accent-free word", "inboundemail", _q("contaminacao"), 100),
    ("stemmed word", "inboundemail", _q("reclamações"), 100),
    ("display name", "inboundemail", _q("Li Wei"), 100),
    ("sender address", "inboundemail", _q("li64@fiacaonordeste.com.br"), 100),
    ("message-id", "inboundemail", _q("seed-4242@mill42.example.com"), 100),
    ("contract", "inboundemail", _q("CT-2026-4242"), 100),
    ("fragment", "inboundemail", _q("4242"), 100),
    ("ticket number", "inboundemail", "{ticket}", 100),
    ("two terms", "inboundemail", _q("contaminação CT-2026-4242"), 100),
    ("word + filter", "inboundemail", _q("pagamento", "&status__exact=escalated"), 100),
    ("rare word + filter", "inboundemail", _q(VESSELS[100], "&exposure=high"), 100),
    ("no match", "inboundemail", _q("xylophone"), 100),
    ("escalations", "escalation", "", 100),
    ("escalations: name", "escalation", _q("Li Wei"), 100),
    ("tickets: number", "ticket", "{ticket}", 100),
    ("notes: word", "note", _q("laudo"), 100),
    ("replies: address", "reply", _q("fiacaonordeste"), 100),
]

SIZES = """
SELECT c.relname, pg_total_relation_size(c.oid), pg_relation_size(c.oid)
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')
  AND (c.relname IN ('triage_inboundemail', 'triage_triagerun', 'triage_ticket',
                     'triage_escalation', 'triage_note', 'triage_reply')
       OR c.relname LIKE '%%trgm' OR c.relname LIKE '%%words' OR c.relname LIKE '%%upper'
       OR c.relname = 'triage_email_search')
ORDER BY c.relkind DESC, pg_relation_size(c.oid) DESC
"""


class Command(BaseCommand):
    help = "Time the console's lists and searches with N emails in PostgreSQL."

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
            name = opts["reuse"]
            seeded, rows = self._run(opts, url(params, name), seed=False)
            opts["count"] = self._count(params, name)
            self._print(opts, seeded, rows, self._sizes(params, name))
            return
        with scratch_database(params, "triage_bench_admin", keep=opts["keep"]) as name:
            if opts["keep"]:
                self.stderr.write(f"scratch database kept: {name}")
            seeded, rows = self._run(opts, url(params, name))
            self._print(opts, seeded, rows, self._sizes(params, name))

    @staticmethod
    def _count(params: dict, name: str) -> int:
        with connect(params, name) as conn:
            return conn.execute("SELECT count(*) FROM triage_inboundemail").fetchone()[0]

    @staticmethod
    def _sizes(params: dict, name: str) -> list[tuple]:
        with connect(params, name) as conn:
            rows = conn.execute(SIZES).fetchall()
            vectors = conn.execute("SELECT sum(pg_column_size(search_vector)), "
                                   "sum(pg_column_size(text_body)) "
                                   "FROM triage_inboundemail").fetchone()
        return [*rows, ("search_vector (column)", vectors[0] or 0, vectors[0] or 0),
                ("text_body (column)", vectors[1] or 0, vectors[1] or 0)]

    def _cases(self, database_url: str) -> list[list]:
        params = server_params()
        name = database_url.rsplit("/", 1)[1]
        with connect(params, name) as conn:
            row = conn.execute("SELECT arbitration_number FROM triage_ticket WHERE "
                               "arbitration_number IS NOT NULL ORDER BY id DESC LIMIT 1"
                               ).fetchone()
        ticket = _q(row[0] if row else "ARB-2026-000000")
        return [[label, model, query.replace("{ticket}", ticket), per_page]
                for label, model, query, per_page in CASES]

    def _run(self, opts, database_url: str, *, seed: bool = True) -> tuple[float, list]:
        # The pages are measured on production settings; only seeding needs the lab.
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
                                 json.dumps(self._cases(database_url)), str(opts["repeat"])],
                                cwd=ROOT, env=env, check=True, capture_output=True, text=True)
        return seeded, json.loads(result.stdout.strip().splitlines()[-1])

    def _print(self, opts, seeded: float, rows: list, sizes: list) -> None:
        seeding = f"seeded in {seeded:.0f} s" if not opts["reuse"] else f"reused {opts['reuse']}"
        self.stdout.write(f"\nThe console's lists, {opts['count']:,} emails in PostgreSQL "
                          f"({seeding}), server time through Django's handler, "
                          f"{opts['repeat']} requests each\n{machine_line()}\n")
        header = (f"{'page':<20} {'list':<12} {'rows':>4} {'p50 ms':>7} {'p95 ms':>7} "
                  f"{'sql p50':>7} {'page p50':>8} {'queries':>7} {'results':>8}")
        self.stdout.write(header)
        self.stdout.write("-" * len(header))
        for row in rows:
            page = [t - s for t, s in zip(row["total"], row["sql"], strict=True)]
            self.stdout.write(
                f"{row['label']:<20} {row['model'][:12]:<12}"
                f" {row['per_page']:>4} {_p(row['total'], 50):>7.1f} {_p(row['total'], 95):>7.1f}"
                f" {_p(row['sql'], 50):>7.1f} {_p(page, 50):>8.1f} {row['queries']:>7}"
                f" {row['results']:>8,}")
        self.stdout.write(f"\n{'table, index or column':<34} {'size MB':>9} "
                          f"{'(alone) MB':>10}")
        for name, total, alone in sizes:
            self.stdout.write(f"{name:<34} {total / 2**20:>9.1f} {alone / 2**20:>10.1f}")


def _p(values: list[float], q: int) -> float:
    """The q-th percentile (nearest rank; with few requests p95 is the slowest)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, -(-q * len(ordered) // 100) - 1))]

