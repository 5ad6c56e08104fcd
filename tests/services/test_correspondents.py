"""The mailbox's correspondents: every stored email's From domain is counted in the
email's own transaction, and a domain that has written to us is known to the look-alike
reading, unless its own mail was read as a look-alike: the fraudster's second mail is
flagged like its first. Free mail and our own domain are never correspondents; an
erased email stops counting, and a domain no stored email has is forgotten."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection

from tests.factories import triaged_raw
from triage import mime
from triage.correspondents import correspondent_domain, known_correspondents, was_flagged
from triage.decision import Config
from triage.models import CorrespondentDomain, InboundEmail
from triage.services import privacy, queue, retention
from triage.services.ingestion import email_ingest

OURS = "serradomar-algodao.com.br"
REAL = "rupganj-spinning.example.com"
FAKE = "rupganj-spinnlng.example.com"
ARRIVED = datetime(2027, 1, 11, 9, 0, tzinfo=UTC)
ROUTINE = "Please find our freight invoice OF-5521 for USD 8,740.00 attached."


@pytest.fixture(autouse=True)
def ours(settings):
    settings.TRIAGE_OWN_ADDRESSES = [f"compras@{OURS}"]
    settings.TRIAGE_COUNTERPART_DOMAINS = []


def _raw(sender: str, n: int, *, reply_to: str = "", body: str = ROUTINE) -> bytes:
    head = f"Reply-To: {reply_to}\r\n" if reply_to else ""
    return (f"From: Accounts <{sender}>\r\n{head}To: compras@{OURS}\r\n"
            f"Subject: Invoice {n}\r\nDate: Mon, 11 Jan 2027 09:00:00 +0000\r\n"
            f"Message-ID: <{n}@mail.example>\r\n\r\n{body}\r\n").encode()


def ingest(sender: str, n: int, *, received_at: datetime = ARRIVED, **kwargs) -> InboundEmail:
    raw = _raw(sender, n, **kwargs)
    result = email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822",
                          provider="import", received_at=received_at)
    return InboundEmail.objects.get(pk=result.email_id)


def row(domain: str) -> tuple:
    return CorrespondentDomain.objects.filter(domain=domain).values_list(
        "emails", "flagged", "first_seen", "last_seen").first()


# --- the rules ---------------------------------------------------------------------------

@pytest.mark.parametrize("address,domain", [
    ("ap@Rupganj-Spinning.Example.com", REAL),
    ("ap@mail.rupganj-spinning.example.com.", "mail.rupganj-spinning.example.com"),
    (f"maria@{OURS}", ""), (f"x@filial.{OURS}", ""),  # ours, and under ours
    ("joao.silva@gmail.com", ""), ("li@qq.com", ""), ("x@163.com", ""),  # free mail
    ("someone@yahoo.com.br", ""), ("a@eu.hotmail.com", ""),
    ("nobody", ""), ("root@localhost", ""),
])
def test_a_correspondent_is_an_organisations_domain_not_ours_nor_free_mail(address, domain):
    assert correspondent_domain(address, (OURS,)) == domain


def test_only_a_lookalike_from_counts_against_its_domain():
    flags = {"lookalike_sender": [{"domain": FAKE, "resembles": REAL, "how": "typo"}]}
    assert was_flagged(FAKE, flags)
    assert not was_flagged(REAL, flags)  # a real From beside a look-alike Reply-To
    assert not was_flagged(FAKE, {}) and not was_flagged(FAKE, None)
    # The flag shows a punycode domain as read; the table keeps it as written.
    assert was_flagged("xn--ctton-trading-i7k.com", {"lookalike_sender": [
        {"domain": "cоtton-trading.com"}]})


# --- written by ingestion, in the email's transaction ------------------------------------

@pytest.mark.django_db
def test_ingestion_counts_each_stored_email_once_with_its_first_and_last_day():
    ingest(f"ap@{REAL}", 1)
    ingest(f"ap@{REAL}", 2, received_at=ARRIVED + timedelta(days=3))
    ingest(f"ap@{REAL}", 2)  # the same message again: a duplicate, not counted
    ingest(f"Other.Person@{REAL.upper()}", 3, received_at=ARRIVED - timedelta(days=9))
    assert row(REAL) == (3, 0, ARRIVED - timedelta(days=9), ARRIVED + timedelta(days=3))
    assert known_correspondents() == (REAL,)


@pytest.mark.django_db
def test_free_mail_and_our_own_are_never_correspondents():
    ingest("joao.silva@gmail.com", 1)
    ingest(f"notificacoes@{OURS}", 2)
    assert not CorrespondentDomain.objects.exists()
    # Rows written before a domain was configured as ours, or by the migration: not read.
    CorrespondentDomain.objects.create(domain="hotmail.com", emails=4, first_seen=ARRIVED,
                                       last_seen=ARRIVED)
    CorrespondentDomain.objects.create(domain=OURS, emails=4, first_seen=ARRIVED,
                                       last_seen=ARRIVED)
    assert known_correspondents() == ()
    # A look-alike of gmail.com is anyone's: nothing to pass for.
    assert "lookalike_sender" not in ingest("joao@gmai1.com", 4).flags


@pytest.mark.django_db
def test_a_lookalike_stays_unknown_however_often_it_writes():
    real = ingest(f"ap@{REAL}", 1)
    first = ingest(f"ap@{FAKE}", 2)
    second = ingest(f"ap@{FAKE}", 3, received_at=ARRIVED + timedelta(days=1))
    for fake in (first, second):
        assert fake.flags["lookalike_sender"] == [
            {"domain": FAKE, "resembles": REAL, "how": "typo"}]
    assert "lookalike_sender" not in real.flags
    assert (row(REAL)[:2], row(FAKE)[:2]) == ((1, 0), (2, 2))
    assert known_correspondents() == (REAL,)
    # The real one writing again is still itself.
    assert "lookalike_sender" not in ingest(f"ar@{REAL}", 4).flags


@pytest.mark.django_db
def test_a_forged_reply_to_does_not_make_the_real_domain_unknown():
    ingest(f"ap@{REAL}", 1)
    forged = ingest(f"ap@{REAL}", 2, reply_to=f"ap@{FAKE}")
    assert [f["domain"] for f in forged.flags["lookalike_sender"]] == [FAKE]
    assert row(REAL)[:2] == (2, 0) and known_correspondents() == (REAL,)


@pytest.mark.django_db(transaction=True)
def test_concurrent_first_mails_from_one_domain_both_count(monkeypatch):
    """Two deliveries from a new domain at once: the unique domain and ON CONFLICT
    decide, so neither fails and both count (PostgreSQL, real transactions)."""
    assert connection.vendor == "postgresql"
    monkeypatch.setattr(queue, "_publish", lambda pk: None)  # no broker here
    barrier, errors = threading.Barrier(4), []

    def deliver(n: int) -> None:
        try:
            barrier.wait(timeout=10)
            ingest(f"ap{n}@{REAL}", 100 + n)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=deliver, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert errors == []
    assert row(REAL)[:2] == (4, 0) and InboundEmail.objects.count() == 4


# --- read by the decision, through the service path -------------------------------------

@pytest.mark.django_db
def test_the_worker_reads_a_correspondents_lookalike_and_lets_the_real_one_through():
    assert triaged_raw(_raw(f"ap@{REAL}", 1)).current_run.route == "forwarded"
    fake = triaged_raw(_raw(f"ap@{FAKE}", 2))
    assert fake.current_run.route == "needs_review"
    assert fake.current_run.review_signals == [{
        "code": "lookalike_sender", "domain": FAKE, "known": REAL, "how": "typo"}]
    again = triaged_raw(_raw(f"billing@{FAKE}", 3))
    assert again.current_run.route == "needs_review"
    assert triaged_raw(_raw(f"ar@{REAL}", 4)).current_run.route == "forwarded"
    assert Config.from_settings().correspondents == (REAL,)
    assert Config.from_settings(history=False).correspondents == ()


# --- erasure -----------------------------------------------------------------------------

@pytest.mark.django_db
def test_erasure_uncounts_and_forgets_a_domain_no_stored_email_has():
    """A business's bare domain is kept while any stored email has it; a domain that
    only the erased person wrote from (their own) goes with the last of their mail."""
    for n, sender in enumerate((f"ana@{REAL}", f"ana@{REAL}", f"rui@{REAL}",
                                "joana@joana-ferraz.example.com")):
        triaged_raw(_raw(sender, n))
    ingest(f"ap@{FAKE}", 9)  # flagged, left queued
    privacy.sender_erase(f"ana@{REAL}", requested_by="titular", reason="verified")
    assert row(REAL)[:2] == (1, 0)
    privacy.sender_erase("joana@joana-ferraz.example.com", requested_by="titular",
                         reason="verified")
    assert row("joana-ferraz.example.com") is None
    # Retention's content stage uncounts the same way, the flagged count with it.
    for pk in InboundEmail.objects.exclude(from_address="").values_list("pk", flat=True):
        retention.email_remove(pk, "content", reasons=[])
    assert not CorrespondentDomain.objects.exists()
    # Removing an email's content twice counts it off once.
    assert not retention.email_remove(pk, "content", reasons=[])
