"""One command to a running console: migrate, create users, load the sample emails,
start a real Celery worker (with beat) and serve the admin on localhost."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand

from triage import mime
from triage.models import InboundEmail, Provider, Status
from triage.roles import demo_users
from triage.services.ingestion import email_ingest
from triage.services.status import email_transition
from triage.services.triage import email_triage

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


class Command(BaseCommand):
    help = "Run the demo: admin on http://127.0.0.1:8000/ with sample emails triaged."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--addr", default="127.0.0.1:8000")
        parser.add_argument("--no-serve", action="store_true",
                            help="set up and triage in this process, then exit")

    def handle(self, *args, **options) -> None:
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
        self.stdout.write(f"\nLog in at http://{options['addr']}/ with:")
        for username, password, role in users:
            self.stdout.write(f"  {role:<14} {username:<10} {password}")
        self.stdout.write("")
        if options["no_serve"]:
            self._triage_inline()
            return
        self._serve(options["addr"])

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
                                 reason="demo: triaged inline")
            route = email_triage(email_id)
            self.stdout.write(f"  email {email_id}: {route}")

    def _serve(self, addr: str) -> None:
        schedule = Path(settings.DATA_DIR) / "celerybeat-schedule"
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--beat",
             "--schedule", str(schedule), "--concurrency", "2", "--loglevel", "INFO"],
            env=os.environ.copy(),
        )
        self.stdout.write(f"Celery worker started (pid {worker.pid}); serving the admin.")

        def stop(signum, frame):
            raise SystemExit(0)  # run the finally below: never leave the worker behind

        signal.signal(signal.SIGTERM, stop)
        try:
            call_command("runserver", addr, use_reloader=False)
        finally:
            worker.send_signal(signal.SIGTERM)
            try:
                worker.wait(timeout=15)
            except subprocess.TimeoutExpired:
                worker.kill()
