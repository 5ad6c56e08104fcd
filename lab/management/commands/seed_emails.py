"""Seed a big mailbox for performance work: N emails with realistic bodies (a few KB,
Portuguese or English: ``lab.bench.mailbox``, SIMULATED), a decided run each, the
escalations and ticket drafts their routes open (some tickets approved, with a number),
and notes and replies on a few; bulk-inserted (no pipeline, no broker). Labelled
provider "offline".

On PostgreSQL the search indexes of the email table are dropped while seeding and built
after (one build is much faster than a million inserts into a GIN index); the trigger
that writes each email's words runs on every insert, as on ingestion, in ``--jobs``
processes at once. Each email is inserted with its run (the same id), in one write."""

from __future__ import annotations

import argparse
import hashlib
import random
import subprocess
import sys
from contextlib import contextmanager
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.utils import timezone

from lab.bench.mailbox import Pool
from triage.models import (
    Escalation,
    InboundEmail,
    Note,
    Reply,
    RunStatus,
    Status,
    Ticket,
    TriageRun,
)
from triage.routes import Department, Route

ROOT = Path(__file__).resolve().parents[3]
# The email table's search indexes, rebuilt after seeding.
EMAIL_INDEXES = ("triage_email_search", "triage_email_subject_trgm", "triage_email_sender_trgm")
NOTE_EVERY, REPLY_EVERY, HTML_EVERY, ATTACHMENT_EVERY = 20, 33, 4, 10


class Command(BaseCommand):
    help = "Insert N synthetic triaged emails with bodies (for the changelist benchmark)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--count", type=int, default=100_000)
        parser.add_argument("--batch", type=int, default=2_000)
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--jobs", type=int, default=2,
                            help="processes inserting at once (the database computes each "
                                 "email's words: that is most of the time)")
        parser.add_argument("--part", type=int, nargs=2, metavar=("FIRST", "END"),
                            help=argparse.SUPPRESS)  # one process's ids, from --jobs

    def handle(self, *args, **opts) -> None:
        staff, _ = get_user_model().objects.get_or_create(
            username="seed-desk", defaults={"is_staff": True})
        if opts["part"]:
            _seed_range(opts["seed"], staff.pk, *opts["part"], opts["batch"])
            return
        first = max(_next_id(InboundEmail), _next_id(TriageRun))
        count, jobs = opts["count"], max(1, opts["jobs"])
        step = -(-count // jobs)
        parts = [(start, min(start + step, first + count))
                 for start in range(first, first + count, step)]
        with _indexes_paused(EMAIL_INDEXES):
            if len(parts) == 1:
                _seed_range(opts["seed"], staff.pk, *parts[0], opts["batch"])
            else:
                children = [subprocess.Popen(
                    [sys.executable, "manage.py", "seed_emails", "--part", str(a), str(b),
                     "--seed", str(opts["seed"]), "--batch", str(opts["batch"])],
                    cwd=ROOT) for a, b in parts]
                if any(child.wait() for child in children):
                    raise CommandError("a seeding process failed")
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                for table in ("inboundemail", "triagerun"):
                    sql = f"SELECT setval(pg_get_serial_sequence('triage_{table}', 'id'), " \
                          f"(SELECT max(id) FROM triage_{table}))"  # noqa: S608 - our names
                    cursor.execute(sql)
                # As autovacuum leaves a table in use: hint bits set, the visibility map
                # written, statistics current (a first read would write every page).
                for table in ("inboundemail", "triagerun", "escalation", "ticket", "note",
                              "reply"):
                    cursor.execute(f"VACUUM (ANALYZE) triage_{table}")
        self.stdout.write(f"seeded {count} emails")


def _next_id(model) -> int:
    return (model.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1


def _seed_range(seed: int, staff_id: int, start: int, end: int, batch: int) -> None:
    """Emails ``start`` to ``end - 1``, their runs with the same ids (so each email is
    inserted with its current run: no second write of every row)."""
    rng = random.Random(seed * 1_000_003 + start)
    pool = Pool(rng)
    now = timezone.now()
    for first in range(start, end, batch):
        with transaction.atomic():
            _batch(rng, pool, now, staff_id, range(first, min(first + batch, end)))


def _batch(rng: random.Random, pool: Pool, now, staff_id: int, numbers: range) -> None:
    emails, runs = [], []
    for i in numbers:
        mail = pool.mail(i)
        route = rng.choice(list(Route))
        received = now - timedelta(minutes=rng.randint(0, 60 * 24 * 365))
        amount = Decimal(rng.choice([0, 4_000, 12_400, 71_850, 180_000]))
        emails.append(InboundEmail(
            pk=i, current_run_id=i, provider="import", dedupe_basis="message_id",
            dedupe_key=hashlib.sha256(f"seed:{i}".encode()).hexdigest(),
            message_id=f"seed-{i}@mill{i % 300}.example.com",
            from_address=mail.from_address, from_header=mail.from_header,
            subject=mail.subject, text_body=mail.body,
            html_text=mail.body if i % HTML_EVERY == 0 else "",
            attachment_text=f"fatura-{i}.pdf\nFatura {i}: frete e armazenagem, lote "
                            f"{mail.lot}" if i % ATTACHMENT_EVERY == 0 else "",
            received_at=received, content_hash="0" * 64, raw_message=b"",
            raw_format="rfc822", raw_size=len(mail.body), status=Status(route),
            status_changed_at=received, triage_attempts=1,
            flags={"hidden_content": ["div: x"]} if i % 97 == 0 else {}))
        runs.append(TriageRun(
            pk=i, email_id=i, attempt=1, status=RunStatus.DONE, provider="offline",
            model_name="offline-rules-v1", route=route,
            department=rng.choice(list(Department)) if route == Route.FORWARDED else "",
            is_claim=route in (Route.ESCALATED, Route.TICKET),
            escalation_required=route == Route.ESCALATED, exposure_usd=amount or None,
            response_deadline=(received + timedelta(days=rng.randint(1, 30))).date(),
            contract_reference=mail.contract, lot_reference=mail.lot))
    # The email's current run and the run's email point at each other: PostgreSQL
    # checks Django's foreign keys at commit.
    InboundEmail.objects.bulk_create(emails)
    TriageRun.objects.bulk_create(runs)
    _work(rng, staff_id, emails, runs)


def _work(rng: random.Random, staff_id: int, emails: list, runs: list) -> None:
    """What routes open and staff write: escalations, tickets (every third one
    approved, with its number), notes and replies."""
    escalations, tickets, notes, replies = [], [], [], []
    for email, run in zip(emails, runs, strict=True):
        if run.route == Route.ESCALATED:
            escalations.append(Escalation(
                email=email, run=run, exposure_usd=run.exposure_usd,
                response_deadline=run.response_deadline,
                state=rng.choice(list(Escalation.State)),
                resolution_note="Settled with the mill" if email.pk % 5 == 0 else ""))
        elif run.route == Route.TICKET:
            approved = email.pk % 3 == 0
            tickets.append(Ticket(
                email=email, run=run, state="approved" if approved else "draft",
                data={"claim": {"claiming_party": email.from_header.split("(")[-1]
                                .split(")")[0]}},
                arbitration_number=f"ARB-2026-{email.pk:06d}" if approved else None))
        if email.pk % NOTE_EVERY == 0:
            notes.append(Note(email=email, author_id=staff_id,
                              body=f"Liguei para o remetente sobre o lote "
                                   f"{run.lot_reference}; aguardamos o laudo."))
        if email.pk % REPLY_EVERY == 0:
            replies.append(Reply(
                email=email, author_id=staff_id, to_address=email.from_address,
                subject=f"Re: {email.subject}", body="Recebemos sua mensagem e "
                "responderemos em até dois dias úteis.", state="sent",
                message_id=f"<reply-{email.pk}@triage.example>"))
    Escalation.objects.bulk_create(escalations)
    Ticket.objects.bulk_create(tickets)
    Note.objects.bulk_create(notes)
    Reply.objects.bulk_create(replies)


@contextmanager
def _indexes_paused(names: tuple[str, ...]):
    """Drop these indexes (PostgreSQL), then build them again as they were."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY(%s)",
                       [list(names)])
        kept = cursor.fetchall()
        for name, _ in kept:
            cursor.execute(f"DROP INDEX IF EXISTS {name}")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SET maintenance_work_mem = '256MB'")
            for _, definition in kept:
                cursor.execute(definition)
