"""Ingestion (``triage.services.ingestion``) on its own, below the web doors: the
message is stored first, exactly once per sender and Message-ID, as received, and its
triage is published only once the row is committed. The doors' own checks (size,
signatures, tokens over HTTP) are tested in ``tests/web``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from tests.factories import MAIL, SHORTFALL
from triage import mime
from triage.models import Attachment, EmailEvent, InboundEmail, Status, WebhookToken
from triage.routes import Code
from triage.services import ingestion, queue
from triage.services.ingestion import OneTimeToken, TokenReused, email_ingest

pytestmark = pytest.mark.django_db
RAW = (MAIL / SHORTFALL).read_bytes()
ARRIVED = datetime(2026, 11, 18, 6, 5, tzinfo=UTC)


@pytest.fixture
def published(monkeypatch) -> list[int]:
    sent: list[int] = []
    monkeypatch.setattr(queue, "_publish", sent.append)
    return sent


def ingest(raw: bytes = RAW, **kwargs) -> ingestion.IngestResult:
    return email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822",
                        **{"provider": "import", "received_at": ARRIVED, **kwargs})


def _message(sender: str, *, message_id: str = "<m-1@mill.example>", body: str = "x") -> bytes:
    mid = f"Message-ID: {message_id}\r\n" if message_id else ""
    return (f"From: {sender}\r\nTo: claims@cottontrade.example.com\r\nSubject: Lot 7\r\n{mid}"
            f"\r\n{body}\r\n").encode()


def test_it_stores_the_message_as_received(published, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        result = ingest(envelope_sender="Bounce@Anatolia-Spin.example.com.tr",
                        envelope_recipients=["claims@cottontrade.example.com"])
    email = InboundEmail.objects.get(pk=result.email_id)
    assert (result.status, result.duplicate, email.status) == (Status.QUEUED, False, "queued")
    assert bytes(email.raw_message) == RAW and email.raw_size == len(RAW)
    assert (email.provider, email.raw_format, email.dedupe_basis) == (
        "import", "rfc822", "message_id")
    assert email.subject == "Weight shortfall claim - contract TR-2026-031, lot 5520"
    assert email.from_address == "purchasing@anatolia-spin.example.com.tr"
    assert email.envelope_sender == "Bounce@Anatolia-Spin.example.com.tr"
    assert email.envelope_recipients == ["claims@cottontrade.example.com"]
    assert "44,910 kg" in email.text_body and email.message_id
    # Deadlines count from when we received it; the sender's Date: is kept for display.
    assert email.received_at == ARRIVED and email.date_header is not None
    assert list(email.events.values_list("kind", "old_status", "new_status")) == [
        ("received", "", "received"), ("status", "received", "queued")]
    assert published == [email.pk]


def test_the_triage_is_published_only_after_the_row_commits(
        published, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as waiting:
        result = ingest()
        assert published == []  # a worker must find the row when the task arrives
    assert len(waiting) == 1
    waiting[0]()
    assert published == [result.email_id]

    with django_capture_on_commit_callbacks() as rolled_back:
        with pytest.raises(RuntimeError), transaction.atomic():
            other = ingest(_message("li.wei@mill.example.cn"))
            raise RuntimeError("the caller's transaction fails")
    assert rolled_back == [] and not InboundEmail.objects.filter(pk=other.email_id).exists()


def test_the_same_sender_and_message_id_is_one_email(published,
                                                     django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        # The envelope sender is the sender; an address's case is no one's choice.
        first = ingest(_message("Li.Wei@Mill.example.cn", body="the claim"),
                       envelope_sender="Li.Wei@Mill.example.cn")
        again = ingest(_message("li.wei@mill.example.cn", body="sent again, edited"),
                       envelope_sender="li.wei@mill.example.cn")
        other = ingest(_message("mallory@evil.example", body="the same Message-ID"))
    assert (again.email_id, again.duplicate, again.status) == (first.email_id, True, "queued")
    assert not other.duplicate and other.email_id != first.email_id
    assert InboundEmail.objects.get(pk=first.email_id).text_body == "the claim"
    assert EmailEvent.objects.filter(email_id=first.email_id).count() == 2  # nothing new
    assert published == [first.email_id, other.email_id]  # the duplicate is not re-run


def test_without_a_message_id_the_providers_event_id_is_the_key(published):
    first = ingest(_message("a@mill.example", message_id=""), provider="mailgun",
                   provider_event_id="evt-1")
    edited = ingest(_message("a@mill.example", message_id="", body="changed"),
                    provider="mailgun", provider_event_id="evt-1")
    elsewhere = ingest(_message("a@mill.example", message_id=""), provider="postmark",
                       provider_event_id="evt-1")
    assert InboundEmail.objects.get(pk=first.email_id).dedupe_basis == "event_id"
    assert edited.duplicate and edited.email_id == first.email_id
    assert not elsewhere.duplicate


def test_an_attachment_over_the_cap_is_listed_not_stored(settings, published):
    settings.TRIAGE_MAX_ATTACHMENT_BYTES = 10
    parsed = mime.parse_fields(
        message_id="<att@mill.example>", from_header="qa@mill.example", to=[], cc=[],
        subject="Survey", text="attached", html="", date=None, in_reply_to="",
        attachments=[("small.txt", "text/plain", b"37 bales"),
                     ("big.csv", "text/csv", b"mic,str\n" * 10)])
    result = email_ingest(parsed, raw=b"{}", raw_format="json", provider="webhook")
    rows = {a.filename: a for a in Attachment.objects.filter(email_id=result.email_id)}
    assert rows["small.txt"].stored and rows["small.txt"].file.read() == b"37 bales"
    big = rows["big.csv"]
    assert (big.stored, big.file.name, big.size) == (False, "", 80) and big.sha256


def test_mail_from_our_own_address_is_stored_but_never_triaged(settings, published):
    settings.TRIAGE_OWN_ADDRESSES = ["claims@cottontrade.example.com"]
    result = ingest(_message("Claims@CottonTrade.example.com"))
    email = InboundEmail.objects.get(pk=result.email_id)
    assert (result.status, email.status) == (Status.IGNORED, "ignored")
    assert email.status_reasons == [{"code": Code.OWN_ADDRESS}]
    assert email.automated == Code.OWN_ADDRESS
    assert published == []


def test_a_one_time_token_is_claimed_with_the_row_and_only_then(monkeypatch, published):
    token = OneTimeToken("tok-1", timezone.now() + timedelta(minutes=5))

    def disk_full(email, parsed):
        raise OSError("no space left on device")

    monkeypatch.setattr(ingestion, "_store_attachments", disk_full)
    with pytest.raises(OSError):
        ingest(token=token)
    # The failed delivery left its token unused: the provider's retry may use it.
    assert not WebhookToken.objects.exists() and not InboundEmail.objects.exists()
    monkeypatch.undo()
    monkeypatch.setattr(queue, "_publish", published.append)
    assert not ingest(token=token).duplicate
    with pytest.raises(TokenReused):
        ingest(_message("li.wei@mill.example.cn"), token=token)
    assert InboundEmail.objects.count() == 1
