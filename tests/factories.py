"""Helpers tests share: where test data lives, users in a role, mail ingested and
triaged in-process. Fixtures stay in ``conftest.py``; plain functions live here."""

from __future__ import annotations

import time
from pathlib import Path

from django.contrib.auth.models import Group, User

from triage import mime
from triage.models import InboundEmail
from triage.services.ingestion import email_ingest
from triage.services.triage import email_triage

ROOT = Path(__file__).resolve().parent.parent
# The tests' own mail (a copy of the demo's samples when they were written, kept
# apart so the demo can change without moving the tests' ground).
MAIL = Path(__file__).resolve().parent / "data" / "mail"
ARTIFACTS = ROOT / "artifacts"


def make_user(username: str, group: str | None = None, *, superuser: bool = False):
    user = User.objects.create_user(username, f"{username}@example.com", "pw-" + username,
                                    is_staff=True, is_superuser=superuser)
    if group:
        user.groups.add(Group.objects.get(name=group))
    return User.objects.get(pk=user.pk)  # fresh permission cache


def wait_for(predicate, *, timeout: float = 30, interval: float = 0.2, message: str = ""):
    deadline = time.time() + timeout
    while time.time() < deadline:
        result = predicate()
        if result:
            return result
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {message or predicate}")


def triaged_sample(name: str):
    """Ingest a sample and triage it in-process with the offline provider."""
    return triaged_raw((MAIL / name).read_bytes())


# A freight invoice asking for new bank details: the rules send it to a person.
BANK_CHANGE = (
    b"From: Oceanic Freight <billing@oceanic-freight.example.com>\r\n"
    b"To: finance@cottontrade.example.com\r\nSubject: Freight invoice OF-5521\r\n"
    b"Date: Mon, 16 Nov 2026 09:00:00 +0000\r\n"
    b"Message-ID: <of-5521@oceanic-freight.example.com>\r\n"
    b"\r\nPlease find invoice OF-5521 for ocean freight, USD 8,740.00.\r\n"
    b"Please note our bank details have changed: kindly remit to IBAN GB33BUKB20201555555555.\r\n"
)


def triaged_raw(raw: bytes):
    """Ingest raw message bytes and triage them in-process (offline provider)."""
    parsed = mime.parse_bytes(raw)
    # The sample "arrives" at its Date header, so its deadlines read as written.
    result = email_ingest(parsed, raw=raw, raw_format="rfc822", provider="import",
                          received_at=parsed.date)
    email_triage(result.email_id, task_id=f"t-{result.email_id}")
    return InboundEmail.objects.get(pk=result.email_id)


def login(client, user):
    client.force_login(user)
    return client


def messages_of(response) -> list[str]:
    """The admin's flash messages on a response, as text."""
    return [str(m) for m in response.context["messages"]] if response.context else []
