"""ESP inbound through django-anymail, feeding the same ingestion service."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time

import pytest

from tests.factories import MAIL
from triage.models import InboundEmail

pytestmark = pytest.mark.django_db

SIGNING_KEY = "mailgun-signing-key"


@pytest.fixture
def mailgun(settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY,
                        "WEBHOOK_SECRET": None}


def mailgun_post(client, *, key: str = SIGNING_KEY, timestamp: int | None = None,
                 token: str = "tok-1"):  # noqa: S107 - a Mailgun event token
    ts = str(int(time.time()) if timestamp is None else timestamp)
    signature = hmac.new(key.encode(), f"{ts}{token}".encode(), hashlib.sha256).hexdigest()
    raw = (MAIL / "01-contamination-claim-ica.eml").read_text()
    return client.post("/webhooks/anymail/mailgun/inbound_mime/", data={
        "body-mime": raw, "timestamp": ts, "token": token, "signature": signature,
        "sender": "li.wei@jiangsu-mills.example.cn", "recipient": "claims@cottontrade.example.com",
    })


def test_signed_mailgun_inbound_is_stored(client, mailgun):
    response = mailgun_post(client)
    assert response.status_code == 200
    email = InboundEmail.objects.get()
    assert email.provider == "mailgun"
    assert email.provider_event_id == "tok-1"
    assert email.message_id == "claim-0142-88a@jiangsu-mills.example.cn"
    assert email.envelope_sender == "li.wei@jiangsu-mills.example.cn"
    assert email.envelope_recipients == ["claims@cottontrade.example.com"]
    assert "polypropylene strands" in email.text_body


def test_forged_mailgun_post_is_refused(client, mailgun):
    response = mailgun_post(client, key="attacker-guess")
    assert response.status_code == 400
    assert InboundEmail.objects.count() == 0


def test_replayed_old_mailgun_post_is_refused(client, mailgun):
    response = mailgun_post(client, timestamp=int(time.time()) - 3600)
    assert response.status_code == 400
    assert InboundEmail.objects.count() == 0


def test_mailgun_redelivery_is_one_email(client, mailgun):
    assert mailgun_post(client, token="tok-a").status_code == 200
    assert mailgun_post(client, token="tok-b").status_code == 200
    assert InboundEmail.objects.count() == 1


def _postmark_payload() -> dict:
    return {
        "FromFull": {"Email": "ops@santos-agency.example.com.br", "Name": "Santos Agency"},
        "ToFull": [{"Email": "logistics@cottontrade.example.com", "Name": ""}],
        "Subject": "Shipping notice - vessel MSC Aurora",
        "MessageID": "pm-1234",
        "TextBody": "12 containers loaded on vessel MSC Aurora.",
        "Headers": [{"Name": "Message-ID", "Value": "<sn-pm@santos-agency.example.com.br>"}],
        "Date": "Thu, 19 Nov 2026 16:45:00 -0300",
    }


def test_postmark_with_basic_auth_is_stored(client, settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": "pm-user:pm-pass"}
    auth = "Basic " + base64.b64encode(b"pm-user:pm-pass").decode()
    response = client.post("/webhooks/anymail/postmark/inbound/", data=_postmark_payload(),
                           content_type="application/json", HTTP_AUTHORIZATION=auth)
    assert response.status_code == 200
    email = InboundEmail.objects.get()
    assert (email.provider, email.provider_event_id) == ("postmark", "pm-1234")
    assert email.message_id == "sn-pm@santos-agency.example.com.br"
    assert email.text_body == "12 containers loaded on vessel MSC Aurora."


def test_postmark_without_credentials_is_refused(client, settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": "pm-user:pm-pass"}
    response = client.post("/webhooks/anymail/postmark/inbound/", data=_postmark_payload(),
                           content_type="application/json")
    assert response.status_code == 400
    assert InboundEmail.objects.count() == 0
