"""A private, real stack for reliability runs on this machine (loopback only).

Redis (its own ``redis-server`` on a spare port, so it can be stopped), a scratch
PostgreSQL database, gunicorn, two Celery workers, Celery beat and the scripted
Gemini-compatible server (SIMULATED model, fault-controllable). The invariants are
checked with plain SQL against the scratch database.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from lab import scratchdb
from lab.loadgen import send_batch

ROOT = Path(__file__).resolve().parent.parent
# What the lab starts (gunicorn, Celery workers and beat, migrations) is the product
# stack under test: it runs on production settings, never with the lab installed.
PRODUCT_SETTINGS = "config.settings"
SECRET = "reliability-secret"  # noqa: S105 - the scratch stack's own webhook secret
TERMINAL = ("escalated", "ticket", "forwarded", "needs_review", "failed", "ignored")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def mails_written(outbox: Path) -> int:
    """Messages Django's file backend wrote to ``outbox``. It names a file by the second
    and by the backend object's id(), and appends: two sends within one second in one
    process can share a file (a new backend at the freed one's address), so count the
    line of 79 dashes it writes after each message, not the files."""
    files = outbox.glob("*.log") if outbox.exists() else []
    return sum(f.read_bytes().split(b"\n").count(b"-" * 79) for f in files)


@dataclass
class Proc:
    name: str
    argv: list[str]
    env: dict
    log: Path
    popen: subprocess.Popen | None = None

    def start(self) -> None:
        handle = self.log.open("ab")
        # Own process group: a kill reaches the worker and its pool children.
        self.popen = subprocess.Popen(self.argv, cwd=ROOT, env=self.env, stdout=handle,
                                      stderr=subprocess.STDOUT, start_new_session=True)
        handle.close()

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 20) -> None:
        if self.popen and self.popen.poll() is None:
            try:
                os.killpg(self.popen.pid, sig)
                self.popen.wait(timeout=timeout)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.popen.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.popen.wait()


@dataclass
class Stack:
    pg: dict  # host, port, user, password
    latency_s: float = 0.3
    workers: int = 2
    # Threads per worker (the product's threads pool); None: the product's default.
    concurrency: int | None = None
    tmp: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="triage-rel-")))

    def __post_init__(self) -> None:
        self.db = scratchdb.new_name("triage_rel")
        self.redis_port, self.web_port, self.model_port = free_port(), free_port(), free_port()
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": PRODUCT_SETTINGS,
            "DATABASE_URL": scratchdb.url(self.pg, self.db),
            "REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0",
            "TRIAGE_DATA_DIR": str(self.tmp / "data"),
            "TRIAGE_WEBHOOK_SECRET": SECRET,
            "TRIAGE_LLM_PROVIDER": "gemini", "GOOGLE_API_KEY": "reliability",
            "TRIAGE_GEMINI_BASE_URL": f"http://127.0.0.1:{self.model_port}",
            "TRIAGE_LLM_TIMEOUT_S": "3", "TRIAGE_LLM_CLIENT_RETRIES": "1",
            "TRIAGE_MAX_RETRIES": "10", "TRIAGE_RETRY_BACKOFF_MAX_S": "8",
            "TRIAGE_SOFT_TIME_LIMIT_S": "25", "TRIAGE_HARD_TIME_LIMIT_S": "30",
            "TRIAGE_VISIBILITY_TIMEOUT_S": "70", "TRIAGE_STUCK_AFTER_S": "10",
            "TRIAGE_SWEEP_INTERVAL_S": "5", "LOG_LEVEL": "WARNING", "DEBUG": "false",
            "SECURE_HTTPS": "false", "DB_CONN_MAX_AGE": "60",
            "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        }
        if self.concurrency:
            self.env["TRIAGE_WORKER_CONCURRENCY"] = str(self.concurrency)
        py = sys.executable
        logs = self.tmp
        self.redis = Proc("redis", ["redis-server", "--port", str(self.redis_port), "--bind",
                                    "127.0.0.1", "--save", "", "--appendonly", "no"],
                          self.env, logs / "redis.log")
        self.model = Proc("model", [py, "-m", "lab.scripted_gemini", str(self.model_port),
                                    str(self.latency_s)], self.env, logs / "model.log")
        self.web = Proc("gunicorn", [py, "-m", "gunicorn", "config.wsgi", "-b",
                                     f"127.0.0.1:{self.web_port}", "--workers", "3",
                                     "--threads", "4", "--worker-class", "gthread",
                                     "--timeout", "60", "--log-level", "warning"],
                        self.env, logs / "gunicorn.log")
        self.worker_procs = [
            Proc(f"worker{i}", [py, "-m", "celery", "-A", "config", "worker", "-n",
                                f"w{i}@reliability", "--loglevel", "WARNING",
                                "--without-gossip", "--without-mingle"],
                 self.env, logs / f"worker{i}.log") for i in range(self.workers)]
        self.beat = Proc("beat", [py, "-m", "celery", "-A", "config", "beat", "--schedule",
                                  str(self.tmp / "beat-schedule"), "--loglevel", "WARNING"],
                         self.env, logs / "beat.log")

    # -- lifecycle --

    def admin_conn(self):
        return scratchdb.connect(self.pg)

    def conn(self):
        return scratchdb.connect(self.pg, self.db)

    def __enter__(self) -> Stack:
        scratchdb.create(self.pg, self.db)
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=self.env,
                       check=True)
        for proc in (self.redis, self.model, self.web, *self.worker_procs, self.beat):
            proc.start()
        self._wait(lambda: self._http_ok(f"http://127.0.0.1:{self.web_port}/healthz/"), 30,
                   "gunicorn")
        time.sleep(3)  # workers and beat connect
        return self

    def __exit__(self, *exc) -> None:
        for proc in (self.beat, *self.worker_procs, self.web, self.model, self.redis):
            proc.stop()
        scratchdb.drop(self.pg, self.db)
        shutil.rmtree(self.tmp, ignore_errors=True)

    @staticmethod
    def _http_ok(url: str) -> bool:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:  # noqa: S310 - loopback
                return r.status == 200
        except OSError:
            return False

    @staticmethod
    def _wait(check, timeout: float, what: str) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if check():
                return
            time.sleep(0.2)
        raise RuntimeError(f"{what} did not start")

    def reset(self) -> None:
        """Empty the triage tables between scenarios."""
        with self.conn() as c:
            c.execute("TRUNCATE triage_inboundemail, triage_emailevent, triage_attachment, "
                      "triage_triagerun, triage_chaincall, triage_escalation, triage_ticket, "
                      "triage_ticketversion, triage_forward, triage_notification CASCADE")
        shutil.rmtree(self.tmp / "data" / "outbox", ignore_errors=True)
        self.model_fault({})

    # -- faults --

    def model_fault(self, fault: dict) -> None:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.model_port}/_fault", data=json.dumps(fault).encode(),
            headers={"Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=5).read()  # noqa: S310 - loopback

    def terminate_db_connections(self) -> int:
        with self.admin_conn() as c:
            rows = c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                             "WHERE datname = %s AND pid <> pg_backend_pid()",
                             [self.db]).fetchall()
        return len(rows)

    # -- ingestion --

    def ingest(self, n: int, *, run_id: str, seconds: float, clients: int = 4,
               offset: int = 0) -> list[tuple[float, int, int | None]]:
        """Send ``n`` signed emails spread evenly over ``seconds``."""
        chunks = [list(range(offset + i, offset + n, clients)) for i in range(clients)]
        start_at = time.time() + 0.5
        interval = seconds / max(1, n / clients)
        with multiprocessing.get_context("spawn").Pool(clients) as pool:
            parts = pool.map(send_batch, [(self.web_port, c, run_id, SECRET, start_at, interval)
                                          for c in chunks])
        return [r for part in parts for r in part]

    # -- invariants --

    def settle(self, timeout: float) -> float | None:
        started = time.time()
        while time.time() - started < timeout:
            with self.conn() as c:
                open_ = c.execute("SELECT count(*) FROM triage_inboundemail WHERE NOT "
                                  "(status = ANY(%s))", [list(TERMINAL)]).fetchone()[0]
            if open_ == 0:
                return time.time() - started
            time.sleep(1)
        return None

    def invariants(self, responses, *, expected_unique: int) -> dict:
        accepted = {eid for _, status, eid in responses if status in (200, 202) and eid}
        with self.conn() as c:
            q = lambda sql, *a: c.execute(sql, a or None).fetchone()[0]  # noqa: E731
            rows = q("SELECT count(*) FROM triage_inboundemail")
            stored_ids = {r[0] for r in c.execute("SELECT id FROM triage_inboundemail")}
            terminal = q("SELECT count(*) FROM triage_inboundemail WHERE status = ANY(%s)",
                         list(TERMINAL))
            queued_with_reason = q("SELECT count(*) FROM triage_inboundemail WHERE status IN "
                                   "('received','queued') AND status_reasons::text <> '[]'")
            dup_decisions = q("SELECT count(*) FROM (SELECT email_id FROM triage_triagerun WHERE "
                              "status IN ('done','failed_closed') GROUP BY email_id "
                              "HAVING count(*) > 1) d")
            # Table names come from the fixed tuple below, never from input.
            dup_side = sum(q(f"SELECT count(*) FROM (SELECT email_id FROM {t} GROUP BY email_id "  # noqa: S608
                             "HAVING count(*) > 1) d")
                           for t in ("triage_escalation", "triage_ticket", "triage_forward"))
            notifications = q("SELECT count(*) FROM triage_notification")
            sent = q("SELECT count(*) FROM triage_notification WHERE state = 'sent'")
            max_attempts = q("SELECT coalesce(max(triage_attempts), 0) FROM triage_inboundemail")
            failed = q("SELECT count(*) FROM triage_inboundemail WHERE status = 'failed'")
        mails = mails_written(self.tmp / "data" / "outbox")
        return {
            "requests": len(responses),
            "unanswered": sum(1 for _, status, _ in responses if status == 0),
            "non_2xx": sum(1 for _, status, _ in responses if status not in (0, 200, 202)),
            "accepted": len(accepted),
            "rows": rows,
            "terminal": terminal,
            "requeued_with_reason": queued_with_reason,
            "lost": len(accepted - stored_ids),
            "duplicate_rows": rows - expected_unique if rows > expected_unique else 0,
            "duplicate_decisions": dup_decisions,
            "duplicate_side_effects": dup_side,
            "duplicate_notifications": max(0, mails - sent),
            "notifications": notifications,
            "failed": failed,
            "max_attempts": max_attempts,
        }
