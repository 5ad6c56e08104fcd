"""Benchmark: what one post costs a web worker at every inbound door, for every hostile
shape the door can carry (header floods under the caps, a 2 MB body, the quadratic
``<style>``, deep HTML, 1,900 attachments, 5 MB) and an ordinary claim.

Migrates a scratch database and runs ``lab.bench.doors_client`` in a child process on
production settings: the whole request through Django's handler, parsing and ingestion
included, each post rolled back. Prints the process CPU time of each post and its cost
per megabyte of the post.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from lab.bench.doors_client import MAILGUN_KEY, SECRET
from lab.bench.machine import machine_line
from lab.harness import PRODUCT_SETTINGS
from lab.scratchdb import scratch_database, server_params, url

ROOT = Path(__file__).resolve().parents[3]


class Command(BaseCommand):
    help = "CPU time of one post at every inbound door, for every hostile shape."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--repeat", type=int, default=3, help="posts per shape (best)")

    def handle(self, *args, **opts) -> None:
        params = server_params()
        with scratch_database(params, "triage_bench_doors") as name:
            env = {**os.environ, "DJANGO_SETTINGS_MODULE": PRODUCT_SETTINGS,
                   "DATABASE_URL": url(params, name), "LOG_LEVEL": "ERROR",
                   "ALLOWED_HOSTS": "testserver", "SECURE_HTTPS": "false", "DEBUG": "false",
                   "TRIAGE_WEBHOOK_SECRET": SECRET, "MAILGUN_WEBHOOK_SIGNING_KEY": MAILGUN_KEY,
                   "ANYMAIL_WEBHOOK_SECRET": "bench:doors", "TRIAGE_LLM_PROVIDER": "offline"}
            subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT,
                           env=env, check=True)
            result = subprocess.run(
                [sys.executable, "-m", "lab.bench.doors_client", str(opts["repeat"])],
                cwd=ROOT, env=env, check=True, capture_output=True, text=True)
        rows = json.loads(result.stdout.strip().splitlines()[-1])
        self.stdout.write(f"\nOne post at each inbound door: process CPU time through "
                          f"Django's handler, parsing and ingestion (rolled back), best of "
                          f"{opts['repeat']}\n{machine_line()}\n")
        header = (f"{'door':<18} {'shape':<41} {'KB':>7} {'status':>6} {'CPU s':>7} "
                  f"{'s/MB':>6}")
        self.stdout.write(header)
        self.stdout.write("-" * len(header))
        worst = 0.0
        for door, shape, nbytes, status, cpu in rows:
            per_mb = cpu / max(nbytes / 1e6, 1e-9)
            if nbytes >= 1e6:
                worst = max(worst, per_mb)
            self.stdout.write(f"{door:<18} {shape:<41} {nbytes / 1000:>7.0f} {status:>6} "
                              f"{cpu:>7.3f} {per_mb:>6.2f}")
        slowest = max(rows, key=lambda row: row[4])
        self.stdout.write(f"\nslowest post: {slowest[0]}, {slowest[1]}: {slowest[4]:.3f} s; "
                          f"posts of 1 MB or more: at most {worst:.2f} s a MB")
