"""Duplicates are one sender's message delivered again, never another sender's."""

from __future__ import annotations

import hashlib
import importlib
import json

import pytest
from django.apps import apps

from triage import mime
from triage.models import InboundEmail
from triage.services.ingestion import dedupe_key, email_ingest

pytestmark = pytest.mark.django_db

MID = "<contract-BR-2026-114@mill.example.cn>"


def delivery(sender: str, text: str, *, message_id: str | None = MID) -> bytes:
    return json.dumps({"message_id": message_id, "from": sender, "subject": "Contract BR-114",
                       "text": text, "to": ["claims@cottontrade.example.com"]}).encode()


def test_another_senders_mail_with_the_same_message_id_does_not_preempt_it(post_signed):
    squatter = post_signed(delivery("mallory@evil.example", "registered first"))
    real = post_signed(delivery("Li Wei <li.wei@mill.example.cn>", "the real claim"))
    assert (squatter.status_code, real.status_code) == (202, 202)
    assert real.json()["duplicate"] is False
    stored = InboundEmail.objects.get(pk=real.json()["id"])
    assert stored.text_body == "the real claim"
    # The same sender sending it again is still one email.
    again = post_signed(delivery("li.wei@mill.example.cn", "retried by the sender's tool"))
    assert (again.status_code, again.json()["id"]) == (200, stored.pk)
    assert InboundEmail.objects.count() == 2


def test_without_message_id_the_content_hash_still_decides(post_signed):
    first = post_signed(delivery("li.wei@mill.example.cn", "same", message_id=None))
    second = post_signed(delivery("li.wei@mill.example.cn", "same", message_id=None))
    other = post_signed(delivery("mallory@evil.example", "same", message_id=None))
    assert [r.status_code for r in (first, second, other)] == [202, 200, 202]


def test_the_envelope_sender_is_the_sender_when_there_is_one():
    parsed = mime.parse_bytes(b"From: li.wei@mill.example.cn\r\nMessage-ID: " + MID.encode()
                              + b"\r\nSubject: x\r\n\r\nbody\r\n")
    first = email_ingest(parsed, raw=b"x", raw_format="rfc822", provider="mailgun",
                         provider_event_id="t1", envelope_sender="bounce@mill.example.cn")
    spoofed = email_ingest(parsed, raw=b"x", raw_format="rfc822", provider="mailgun",
                           provider_event_id="t2", envelope_sender="mallory@evil.example")
    assert not first.duplicate and not spoofed.duplicate
    assert InboundEmail.objects.count() == 2


def test_migration_rekeys_stored_message_ids_so_redeliveries_stay_duplicates(post_signed):
    migration = importlib.import_module("triage.migrations.0006_dedupe_by_sender")
    first = post_signed(delivery("li.wei@mill.example.cn", "stored before the upgrade"))
    email = InboundEmail.objects.get(pk=first.json()["id"])
    untouched = InboundEmail.objects.get(pk=post_signed(
        delivery("li.wei@mill.example.cn", "no Message-ID", message_id=None)).json()["id"])
    hash_key = untouched.dedupe_key
    # What 0005 stored: the Message-ID alone.
    old_key = hashlib.sha256(f"mid:{email.message_id}".encode()).hexdigest()
    InboundEmail.objects.filter(pk=email.pk).update(dedupe_key=old_key)

    migration.rekey_message_ids(apps, None)

    email.refresh_from_db()
    untouched.refresh_from_db()
    parsed = mime.parse_fields(**_fields("li.wei@mill.example.cn"))
    assert email.dedupe_key == dedupe_key(
        parsed, provider="webhook", provider_event_id="", sender="li.wei@mill.example.cn",
        content_hash=parsed.content_hash("li.wei@mill.example.cn"))[0]
    assert untouched.dedupe_key == hash_key
    again = post_signed(delivery("li.wei@mill.example.cn", "redelivered after the upgrade"))
    assert (again.status_code, again.json()["id"]) == (200, email.pk)


def _fields(sender: str) -> dict:
    from triage.jsonmail import parse_json

    return parse_json(delivery(sender, "x"))
