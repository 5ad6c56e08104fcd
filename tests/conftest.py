"""Shared setup. The suite runs on the real PostgreSQL and Redis (``make test`` points
it at them); a missing service stops the run with a clear message instead of
skipping tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.utils import translation

from config.settings_test import worker_redis_url
from lab.scripted_gemini import Script, ScriptedGemini
from tests.factories import ROOT, make_user, triaged_raw
from triage.correspondents import forget_known
from triage.signing import sign

# Under xdist `make test` sends each test file whole to one worker (--dist loadfile), in
# collection order (--no-loadscope-reorder), and the tests that start processes of their
# own (Celery workers, Chromium) are collected first. Each set is one file, so two sets
# of Celery workers never run at once, and their waiting overlaps with the other
# worker's CPU-bound tests instead of trailing at the end of the run. (Marks and
# --dist loadgroup would say it directly, but pytest-xdist 3.8 no longer groups on
# pytest 9.2: pytest-dev/pytest-xdist#1386.)
_HEAVY = ("worker", "browser")


def pytest_collection_modifyitems(config, items):
    if hasattr(config, "workerinput"):  # every xdist worker collects, and sorts alike
        items.sort(key=lambda item: not any(item.get_closest_marker(m) for m in _HEAVY))


def pytest_sessionstart(session):
    """Checked once, before any xdist worker starts (a worker cannot stop the run
    cleanly): the services of the run, and each worker's own Redis database."""
    config = session.config
    if hasattr(config, "workerinput"):
        return
    problems = []
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        problems.append("DATABASE_URL does not point at PostgreSQL")
    if not settings.REDIS_URL:
        problems.append("REDIS_URL is not set")
    else:
        workers = getattr(config.option, "numprocesses", None) or 0
        urls = [worker_redis_url(settings.REDIS_URL, f"gw{n}") for n in range(workers)]
        for url in urls or [settings.REDIS_URL]:
            try:
                redis.Redis.from_url(url, socket_connect_timeout=2).ping()
            except redis.RedisError as exc:
                problems.append(f"Redis at {url} is not reachable: {exc}")
    if problems:
        pytest.exit("The test suite needs PostgreSQL and Redis (run `make test`, which sets "
                    "them; `.ci/run` also starts them): " + "; ".join(problems), returncode=3)


@pytest.fixture(autouse=True)
def _language_of_the_settings():
    """Each test starts in the settings' language: a request in Portuguese leaves its
    language active in the thread (LocaleMiddleware never deactivates it), so a later
    test's English messages read Portuguese in whatever order the tests run."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _correspondents_read_afresh():
    """The known correspondents are cached per process for half a minute: each test
    reads its own database's (a rolled-back test's must not linger)."""
    forget_known()
    yield
    forget_known()


@pytest.fixture
def redis_broker():
    """The test broker database, emptied: leftovers of other tests never reach a
    worker started here."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    client.flushdb()
    yield client
    client.flushdb()


@pytest.fixture
def webhook_secret(settings):
    settings.TRIAGE_WEBHOOK_SECRETS = ["current-secret", "previous-secret"]
    return "current-secret"


@pytest.fixture
def post_signed(client, webhook_secret):
    def post(body: bytes, *, content_type: str = "application/json", secret: str | None = None,
             timestamp: int | None = None, signature: str | None = None, **extra):
        ts = int(time.time()) if timestamp is None else timestamp
        sig = signature if signature is not None else sign(secret or webhook_secret, ts, body)
        return client.post("/webhooks/inbound/", data=body, content_type=content_type,
                           HTTP_X_TRIAGE_TIMESTAMP=str(ts), HTTP_X_TRIAGE_SIGNATURE=sig, **extra)

    return post


@pytest.fixture
def gemini(settings):
    """The real langchain-google-genai client against a scripted local server."""
    with ScriptedGemini(Script()) as server:
        settings.TRIAGE_LLM_PROVIDER = "gemini"
        settings.TRIAGE_GEMINI_API_KEY = "test-key"
        settings.TRIAGE_GEMINI_BASE_URL = server.url
        settings.TRIAGE_LLM_TIMEOUT_S = 5
        settings.TRIAGE_LLM_CLIENT_RETRIES = 1
        yield server


@pytest.fixture
def called_routine(gemini):
    """A model that calls the mail routine: right on routine mail, persuaded on a claim."""
    from lab.scripted_gemini import Reply

    gemini.script.chains["classification"] = Reply(obj={
        "is_claim": False, "department": "commercial", "confidence": 0.9,
        "reason": "routine"})
    return gemini


def _database_url() -> str:
    db = settings.DATABASES["default"]
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


class WorkerProcess:
    def __init__(self, proc: subprocess.Popen, name: str, log: Path) -> None:
        self.proc, self.name, self.log = proc, name, log

    def children(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True,
                             text=True).stdout
        return [int(p) for p in out.split()]

    def stop(self, grace: float = 20) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def start_worker(redis_broker, tmp_path):
    """Start real ``celery worker`` processes on Redis against the test database."""
    started: list[WorkerProcess] = []
    opened = []

    def start(*, concurrency: int = 1, env: dict | None = None,
              pool: str = "prefork") -> WorkerProcess:
        name = f"w{len(started)}-{uuid.uuid4().hex[:6]}@test"
        log = tmp_path / f"{name}.log"
        log_file = log.open("wb")
        opened.append(log_file)
        environment = {
            **os.environ,
            "DATABASE_URL": _database_url(),
            "REDIS_URL": settings.REDIS_URL,
            "TRIAGE_DATA_DIR": str(tmp_path / "data"),
            "TRIAGE_LLM_PROVIDER": "offline",
            "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
            "TRIAGE_SOFT_TIME_LIMIT_S": "60",
            "TRIAGE_HARD_TIME_LIMIT_S": "90",
            # Celery reads "--pool prefork" as its default and lets the setting win.
            "TRIAGE_WORKER_POOL": pool,
            **(env or {}),
        }
        proc = subprocess.Popen(  # noqa: S603
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-n", name,
             "--concurrency", str(concurrency), "--pool", pool, "--loglevel", "INFO",
             "--without-gossip", "--without-mingle"],
            # Our LOGGING sends records to stderr (the sanitising handler), not to
            # --logfile, so the process output is the log.
            cwd=ROOT, env=environment, stdout=log_file, stderr=subprocess.STDOUT,
        )
        worker = WorkerProcess(proc, name, log)
        started.append(worker)
        deadline = time.time() + 60
        while time.time() < deadline:
            if log.exists() and "ready." in log.read_text(errors="replace"):
                return worker
            if proc.poll() is not None:
                break
            time.sleep(0.2)
        text = log.read_text(errors="replace") if log.exists() else ""
        raise RuntimeError(f"celery worker did not start:\n{text[-3000:]}")

    yield start
    # The test is over: a worker still waiting on a hung model has nothing left to
    # finish, so its warm shutdown gets a few seconds, not the twenty a run may need.
    for worker in started:
        worker.stop(grace=3)
    for handle in opened:
        handle.close()


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    """Admin pages render without a collectstatic manifest in tests."""
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}


@pytest.fixture
def staff_groups(db):
    """The staff groups, as the data migrations create them. A transactional test's
    flush removes rows the data migrations created, and under xdist such a test may
    have run on this worker before any other (`make test` sends them first)."""
    from django.contrib.auth.models import Group, Permission

    from triage import roles

    roles.ensure_groups(Group, Permission)


@pytest.fixture
def staff(staff_groups):
    from triage import roles

    return {
        "claims": make_user("claims1", roles.CLAIMS_STAFF),
        "claims2": make_user("claims2", roles.CLAIMS_STAFF),
        "desk": make_user("desk1", roles.TRADING_DESK),
        "desk2": make_user("desk2", roles.TRADING_DESK),
        "triager": make_user("triager1", roles.TRIAGE_ADMIN),
    }


@pytest.fixture
def working_day(staff):
    """The demo's samples triaged, and the day's first steps taken on them."""
    from triage.models import Escalation, Ticket
    from triage.services import escalations, notes, ownership, replies, tickets

    for sample in sorted((ROOT / "triage" / "samples").glob("*.eml")):
        triaged_raw(sample.read_bytes())
    desk, desk2, claims = staff["desk"], staff["desk2"], staff["claims"]
    first, *others = Escalation.objects.order_by("pk")
    escalations.escalation_acknowledge(first.pk, desk, "Ligando para a fiação.")
    escalations.escalation_resolve(first.pk, desk, "Acordo de desconto fechado.")
    ownership.assignee_take("escalation", others[0].pk, desk)
    ownership.assignee_hand_over("escalation", others[0].pk, desk, to=desk2, seen=desk.pk)
    draft, *more = Ticket.objects.order_by("pk")
    tickets.ticket_approve(draft.pk, claims, seen_version=1)
    replies.reply_send(draft.email_id, claims, subject="Re: reclamação",
                       body="Recebemos sua reclamação.")
    notes.note_add(more[0].email_id, claims, body="Pedir o laudo HVI.")
    return staff
