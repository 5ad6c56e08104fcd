"""Seed a big mailbox for performance work: N emails with a decided run each,
bulk-inserted (no pipeline, no broker). Labelled provider "offline"."""

from __future__ import annotations

import hashlib
import random
from datetime import timedelta
from decimal import Decimal

from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.utils import timezone

from triage.models import InboundEmail, RunStatus, Status, TriageRun
from triage.routes import Department, Route


class Command(BaseCommand):
    help = "Insert N synthetic triaged emails (for the changelist benchmark)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--count", type=int, default=100_000)
        parser.add_argument("--batch", type=int, default=5_000)
        parser.add_argument("--seed", type=int, default=7)

    def handle(self, *args, **opts) -> None:
        rng = random.Random(opts["seed"])
        now = timezone.now()
        start = InboundEmail.objects.count()
        made = 0
        while made < opts["count"]:
            n = min(opts["batch"], opts["count"] - made)
            with transaction.atomic():
                emails = []
                for i in range(start + made, start + made + n):
                    route = rng.choice(list(Route))
                    received = now - timedelta(minutes=rng.randint(0, 60 * 24 * 365))
                    body = f"Contract CT-{i % 9000}, lot {i % 700}: seeded message {i}."
                    emails.append(InboundEmail(
                        provider="import", dedupe_basis="message_id",
                        dedupe_key=hashlib.sha256(f"seed:{i}".encode()).hexdigest(),
                        message_id=f"seed-{i}@mill{i % 300}.example.com",
                        from_address=f"qa{i % 500}@mill{i % 300}.example.com",
                        from_header=f"QA <qa{i % 500}@mill{i % 300}.example.com>",
                        subject=f"{route.title()} notice {i} for contract CT-{i % 9000}",
                        text_body=body, received_at=received, content_hash="0" * 64,
                        raw_message=body.encode(), raw_format="rfc822", raw_size=len(body),
                        status=Status(route), status_changed_at=received, triage_attempts=1,
                        flags={"hidden_content": ["div: x"]} if i % 97 == 0 else {},
                    ))
                InboundEmail.objects.bulk_create(emails)
                runs = []
                for email in emails:
                    route = Route(email.status)
                    amount = Decimal(rng.choice([0, 4_000, 12_400, 71_850, 180_000]))
                    runs.append(TriageRun(
                        email=email, attempt=1, status=RunStatus.DONE, provider="offline",
                        model_name="offline-rules-v1", route=route,
                        department=rng.choice(list(Department)) if route == Route.FORWARDED else "",
                        is_claim=route in (Route.ESCALATED, Route.TICKET),
                        escalation_required=route == Route.ESCALATED,
                        exposure_usd=amount or None,
                        response_deadline=(email.received_at + timedelta(days=rng.randint(1, 30))
                                           ).date(),
                        contract_reference=f"CT-{email.pk % 9000}",
                        lot_reference=str(email.pk % 700),
                    ))
                TriageRun.objects.bulk_create(runs)
                for email, run in zip(emails, runs, strict=True):
                    email.current_run_id = run.pk
                InboundEmail.objects.bulk_update(emails, ["current_run"], batch_size=1000)
            made += n
            self.stdout.write(f"seeded {made}/{opts['count']}")
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE triage_inboundemail; ANALYZE triage_triagerun")
