"""One command to a running console: migrate, create users, load the sample emails,
start a real Celery worker (with beat) and serve the admin on localhost.

What a new operator needs is printed last, once the server answers: the URL, the users
and their passwords (also in ``data/demo-credentials.txt``, 0600), and a one-line
command that posts a signed sample email to the running webhook. The demo's webhook
secret is generated once into ``data/demo_webhook_secret`` (0600) unless
``TRIAGE_WEBHOOK_SECRET`` is set."""

from __future__ import annotations

import os
import secrets
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand

from config.env import secret_key_file
from triage import mime
from triage.models import InboundEmail, Provider, Status
from triage.roles import demo_users
from triage.routes import Code, reason
from triage.services.ingestion import email_ingest
from triage.services.status import email_transition
from triage.services.triage import email_triage

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


class Command(BaseCommand):
    help = ("Run the demo: admin on http://127.0.0.1:8000/ (--addr 127.0.0.1:PORT) with "
            "sample emails triaged.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--addr", default="127.0.0.1:8000", help="host:port to serve on")
        parser.add_argument("--no-serve", action="store_true",
                            help="set up and triage in this process, then exit")

    def handle(self, *args, **options) -> None:
        self._clear_metrics()
        secret_file = self._webhook_secret()
        # Forwards and desk notifications in data/outbox/ link back to this console.
        if not settings.TRIAGE_CONSOLE_URL:
            os.environ["TRIAGE_CONSOLE_URL"] = f"http://{options['addr']}"
            settings.TRIAGE_CONSOLE_URL = os.environ["TRIAGE_CONSOLE_URL"]
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        users = self._users()
        loaded = self._load_samples()
        self.stdout.write(self.style.SUCCESS(
            f"Loaded {loaded['new']} new sample emails ({loaded['duplicate']} already there)."))
        self.stdout.write(f"LLM provider: {settings.TRIAGE_LLM_PROVIDER}"
                          + ("  (OFFLINE: rule-based, simulated, no model is called)"
                             if settings.TRIAGE_LLM_PROVIDER == "offline" else ""))
        self.stdout.write(f"Broker: {settings.CELERY_BROKER_URL}   Database: "
                          f"{settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}")
        credentials = self._save_credentials(users, options["addr"])
        if options["no_serve"]:
            self._triage_inline()
            self._summary(options["addr"], users, credentials, secret_file, serving=False)
            return
        self._serve(options["addr"], users, credentials, secret_file)

    def _clear_metrics(self) -> None:
        """Counters start at zero with each demo (a deployment wipes the folder too).
        This process's own files stay: it has them open already."""
        folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
        if folder:
            for path in Path(folder).glob("*.db"):
                if not path.stem.endswith(f"_{os.getpid()}"):
                    path.unlink(missing_ok=True)

    def _webhook_secret(self) -> Path | None:
        """The demo's own secret, unless the operator set one; the server and the
        worker read it from the file (``TRIAGE_WEBHOOK_SECRET_FILE``)."""
        if os.environ.get("TRIAGE_WEBHOOK_SECRET") or os.environ.get(
                "TRIAGE_WEBHOOK_SECRET_FILE"):
            return None
        path = Path(settings.DATA_DIR) / "demo_webhook_secret"
        secret = secret_key_file(path)
        os.environ["TRIAGE_WEBHOOK_SECRET_FILE"] = str(path)
        settings.TRIAGE_WEBHOOK_SECRETS = [secret]
        return path

    def _save_credentials(self, users: list[tuple[str, str, str]], addr: str) -> Path:
        path = Path(settings.DATA_DIR) / "demo-credentials.txt"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.fchmod(fd, 0o600)  # an older file keeps its mode through O_CREAT
        with os.fdopen(fd, "w") as handle:
            handle.write(f"# triage demo at http://{addr}/ (new passwords on every run)\n")
            for username, password, role in users:
                handle.write(f"{role}\t{username}\t{password}\n")
        return path

    def _summary(self, addr: str, users: list[tuple[str, str, str]], credentials: Path,
                 secret_file: Path | None, *, serving: bool) -> None:
        url = f"http://{addr}/"
        python = os.path.relpath(sys.executable) if sys.executable.startswith(
            os.getcwd()) else sys.executable
        prefix = f"TRIAGE_WEBHOOK_SECRET_FILE={shlex.quote(str(secret_file))} " \
            if secret_file else ""
        out = self.stdout
        out.write("\n" + "=" * 72)
        out.write(self.style.SUCCESS(f"Triage demo {'is running at' if serving else 'set up for'}"
                                     f" {url}"))
        out.write(f"Log in with (also saved to {credentials}, mode 0600):")
        for username, password, role in users:
            out.write(f"  {role:<14} {username:<10} {password}")
        out.write("Post a signed sample email (--lang pt, en or es) from another terminal:")
        out.write(f"  {prefix}{shlex.quote(python)} manage.py send_sample --lang pt "
                  f"--url {url}webhooks/inbound/")
        out.write(f"Readiness: {url}readyz/   Metrics (this host only): {url}metrics")
        if serving:
            out.write("Stop with Ctrl-C.")
        out.write("=" * 72)

    def _users(self) -> list[tuple[str, str, str]]:
        """Fresh random passwords on every run, printed once: no published default."""
        User = get_user_model()
        created = []
        password = secrets.token_urlsafe(9)
        user, _ = User.objects.get_or_create(username="admin",
                                             defaults={"email": "admin@localhost"})
        user.is_staff = user.is_superuser = True
        user.set_password(password)
        user.save()
        created.append(("admin", password, "Superuser"))
        created += demo_users()
        return created

    def _load_samples(self) -> dict[str, int]:
        counts = {"new": 0, "duplicate": 0}
        for path in sorted(SAMPLES.glob("*.eml")):
            raw = path.read_bytes()
            parsed = mime.parse_bytes(raw)
            # Demo only: each sample "arrives" at its Date header, so the deadlines it
            # states read as they were written.
            result = email_ingest(parsed, raw=raw, raw_format="rfc822",
                                  provider=Provider.IMPORT, received_at=parsed.date)
            counts["duplicate" if result.duplicate else "new"] += 1
        return counts

    def _triage_inline(self) -> None:
        """Triage what is waiting in this process (no worker): the same service the
        worker calls."""
        waiting = InboundEmail.objects.filter(status__in=[Status.RECEIVED, Status.QUEUED])
        for email_id, status in waiting.values_list("pk", "status"):
            if status == Status.RECEIVED:
                email_transition(email_id, old=Status.RECEIVED, new=Status.QUEUED,
                                 reasons=[reason(Code.DEMO_INLINE)])
            route = email_triage(email_id)
            self.stdout.write(f"  email {email_id}: {route}")

    def _serve(self, addr: str, users: list[tuple[str, str, str]], credentials: Path,
               secret_file: Path | None) -> None:
        """Worker and web server as child processes, so the summary can come after
        their start-up output; request lines stay quiet (TRIAGE_LOG_REQUESTS)."""
        schedule = Path(settings.DATA_DIR) / "celerybeat-schedule"
        env = os.environ.copy()
        children = [
            subprocess.Popen([sys.executable, "-m", "celery", "-A", "config", "--quiet",
                              "worker", "--beat", "--schedule", str(schedule),
                              "--concurrency", "2", "--loglevel", "INFO"], env=env),
            subprocess.Popen([sys.executable, str(Path(settings.BASE_DIR) / "manage.py"),
                              "runserver", addr, "--noreload"], env=env),
        ]

        def stop(signum, frame):
            raise SystemExit(0)  # run the finally below: never leave a child behind

        signal.signal(signal.SIGTERM, stop)
        try:
            if self._wait_for_port(addr, children):
                self._wait_for_samples()
                self._summary(addr, users, credentials, secret_file, serving=True)
            while all(child.poll() is None for child in children):
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        finally:
            for child in children:
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
            for child in children:
                try:
                    child.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    child.kill()

    def _wait_for_samples(self, timeout: float = 45) -> None:
        """Let the worker triage the samples first, so its lines come before ours."""
        deadline = time.monotonic() + timeout
        waiting = InboundEmail.objects.filter(
            status__in=[Status.RECEIVED, Status.QUEUED, Status.PROCESSING])
        while waiting.exists() and time.monotonic() < deadline:
            time.sleep(0.5)
        time.sleep(0.5)

    def _wait_for_port(self, addr: str, children: list[subprocess.Popen]) -> bool:
        host, _, port = addr.rpartition(":")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if any(child.poll() is not None for child in children):
                self.stderr.write("the demo's worker or web server stopped; see above")
                return False
            try:
                with socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)),
                                              timeout=1):
                    time.sleep(0.5)  # let the worker's start-up lines come first
                    return True
            except OSError:
                time.sleep(0.2)
        return False
