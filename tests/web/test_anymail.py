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
                 token: str = "tok-1",  # noqa: S107 - a Mailgun event token
                 mail: str = "01-contamination-claim-ica.eml", **fields):
    ts = str(int(time.time()) if timestamp is None else timestamp)
    signature = hmac.new(key.encode(), f"{ts}{token}".encode(), hashlib.sha256).hexdigest()
    raw = (MAIL / mail).read_text()
    return client.post("/webhooks/anymail/mailgun/inbound_mime/", data={
        "body-mime": raw, "timestamp": ts, "token": token, "signature": signature,
        "sender": "li.wei@jiangsu-mills.example.cn", "recipient": "claims@cottontrade.example.com",
        **fields,
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
    assert response.status_code == 401
    assert "incorrect signature" in response.json()["error"]
    assert InboundEmail.objects.count() == 0


def test_replayed_old_mailgun_post_is_refused(client, mailgun):
    response = mailgun_post(client, timestamp=int(time.time()) - 3600)
    assert response.status_code == 401
    assert "outside the window" in response.json()["error"]
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
    assert response.status_code == 401
    assert "basic auth" in response.json()["error"]
    assert InboundEmail.objects.count() == 0


# --- Every door fails closed ----------------------------------------------------------

POSTMARK_AUTH = "Basic " + base64.b64encode(b"pm-user:pm-pass").decode()


@pytest.fixture
def postmark(settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": "pm-user:pm-pass"}


def postmark_post(client, payload: bytes | dict | None = None, **extra):
    return client.post("/webhooks/anymail/postmark/inbound/",
                       data=_postmark_payload() if payload is None else payload,
                       content_type="application/json", HTTP_AUTHORIZATION=POSTMARK_AUTH,
                       **extra)


def test_mailgun_without_a_signing_key_is_a_503_and_an_empty_key_forges_nothing(
        client, settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "MAILGUN_WEBHOOK_SIGNING_KEY": "",
                        "WEBHOOK_SECRET": None}
    response = mailgun_post(client, key="")  # signed with b"", as anymail would verify
    assert response.status_code == 503
    assert "MAILGUN_WEBHOOK_SIGNING_KEY" in response.json()["error"]
    assert InboundEmail.objects.count() == 0

    settings.ANYMAIL = {**settings.ANYMAIL, "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}
    assert mailgun_post(client, token="tok-fresh").status_code == 200
    assert InboundEmail.objects.get().provider_event_id == "tok-fresh"


def test_postmark_without_a_webhook_secret_is_a_503(client, settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": None}
    response = client.post("/webhooks/anymail/postmark/inbound/", data=_postmark_payload(),
                           content_type="application/json")
    assert response.status_code == 503
    assert "ANYMAIL_WEBHOOK_SECRET" in response.json()["error"]
    assert InboundEmail.objects.count() == 0

    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": "pm-user:pm-pass"}
    assert postmark_post(client).status_code == 200
    assert InboundEmail.objects.count() == 1


def test_reused_mailgun_token_is_refused_and_a_fresh_one_is_stored(client, mailgun):
    assert mailgun_post(client, token="tok-once").status_code == 200
    # Mailgun signs only timestamp + token: a captured signature fits any body.
    replay = mailgun_post(client, token="tok-once", mail="04-freight-invoice.eml")
    assert replay.status_code == 406  # Mailgun does not retry a 406
    assert "token already used" in replay.json()["error"]
    assert InboundEmail.objects.count() == 1

    fresh = mailgun_post(client, token="tok-next", mail="04-freight-invoice.eml")
    assert fresh.status_code == 200
    assert InboundEmail.objects.count() == 2


def test_reused_mailgun_token_of_a_duplicate_is_refused_too(client, mailgun):
    assert mailgun_post(client, token="tok-a").status_code == 200
    assert mailgun_post(client, token="tok-b").json()["duplicate"] is True
    assert mailgun_post(client, token="tok-b", mail="04-freight-invoice.eml").status_code == 406
    assert InboundEmail.objects.count() == 1


def test_mailgun_tokens_are_kept_in_the_database_for_their_window_only(client, mailgun,
                                                                      settings):
    from triage.models import WebhookToken

    settings.TRIAGE_WEBHOOK_TOLERANCE_S = 300
    now = int(time.time())
    assert mailgun_post(client, token="tok-old", timestamp=now - 290).status_code == 200
    token = WebhookToken.objects.get(token="tok-old")
    assert token.provider == "mailgun"
    assert abs(token.expires_at.timestamp() - (now + 10)) < 2
    # Once its timestamp is outside the window the row can go: that request is refused
    # as stale anyway. The next claim prunes it.
    WebhookToken.objects.filter(pk=token.pk).update(
        expires_at=token.expires_at.replace(year=2000))
    assert mailgun_post(client, token="tok-new", mail="04-freight-invoice.eml").status_code == 200
    assert list(WebhookToken.objects.values_list("token", flat=True)) == ["tok-new"]


@pytest.mark.parametrize("fields,reason", [
    ({"token": "tök-ñ"}, "token"),
    ({"timestamp": "١٧٠٠٠٠٠٠٠٠"}, "timestamp"),
    ({"signature": "é" * 64}, "signature"),
])
def test_malformed_mailgun_security_fields_are_a_401(client, mailgun, fields, reason):
    response = client.post("/webhooks/anymail/mailgun/inbound_mime/", data={
        "body-mime": (MAIL / "01-contamination-claim-ica.eml").read_text(),
        "timestamp": str(int(time.time())), "token": "tok-1", "signature": "0" * 64,
        **fields})
    assert response.status_code == 401
    assert reason in response.json()["error"]
    assert InboundEmail.objects.count() == 0


def test_oversized_mailgun_post_is_a_413_before_anything_is_read(client, mailgun, settings):
    settings.TRIAGE_MAX_EMAIL_BYTES = 4096
    big = mailgun_post(client, token="tok-big", **{"padding": "x" * 8192})
    assert big.status_code == 413
    assert "4096 bytes" in big.json()["error"]
    # Refused on its Content-Length: a forged signature is not even looked at.
    forged = mailgun_post(client, key="attacker", token="tok-f", **{"padding": "x" * 8192})
    assert forged.status_code == 413
    assert InboundEmail.objects.count() == 0
    assert mailgun_post(client, token="tok-small").status_code == 200
    assert InboundEmail.objects.count() == 1


def test_oversized_postmark_post_is_a_413(client, postmark, settings):
    settings.TRIAGE_MAX_EMAIL_BYTES = 4096
    payload = {**_postmark_payload(), "TextBody": "x" * 8192}
    response = postmark_post(client, payload)
    assert response.status_code == 413
    assert InboundEmail.objects.count() == 0
    assert postmark_post(client).status_code == 200


@pytest.mark.parametrize("payload,reason", [
    (b"[" * 100_000, "nested"),
    (b'{"MessageID": ' + b"9" * 5000 + b"}", "number"),
    (b"{not json", "not valid JSON"),
    (b'["a list"]', "Postmark"),
])
def test_malformed_postmark_json_is_a_400(client, postmark, payload, reason):
    response = postmark_post(client, payload)
    assert response.status_code == 400
    assert reason in response.json()["error"]
    assert InboundEmail.objects.count() == 0
    assert postmark_post(client).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_one_token_posted_at_once_by_two_processes_is_stored_once(mailgun):
    """Two web processes share only the database: its unique constraint decides."""
    import threading

    from django.db import connection
    from django.test import Client

    answers: list[int] = []
    start = threading.Barrier(2)

    def deliver(mail: str) -> None:
        try:
            start.wait()
            answers.append(mailgun_post(Client(), token="tok-race", mail=mail).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=deliver, args=(m,))
               for m in ("01-contamination-claim-ica.eml", "04-freight-invoice.eml")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [200, 406]
    assert InboundEmail.objects.count() == 1


@pytest.mark.parametrize("fields,reason", [
    ({"attachment-count": "1", "content-id-map": "[" * 5000},
     "content-id-map is not valid JSON (nested deeper than 32 levels)"),
    ({"attachment-count": "1", "content-id-map": '{"a": 1' + "9" * 5000 + "}"},
     "content-id-map is not valid JSON (a number is too large)"),
    ({"attachment-count": "1", "content-id-map": '{"<a@b>": 1}'}, "content-id-map must map"),
    ({"attachment-count": "x"}, "attachment-count is not a number"),
    ({"message-headers": '[["X-A", 5]]'}, "a header's name and value must be strings"),
    ({"message-headers": '[["X-A: b", "c"]]'}, "'X-A: b' is not a header field name"),
    ({"message-headers": '{"From": "a@b"}'}, "message-headers must be a list"),
    ({"event": "delivered"}, "tracking"),
])
def test_malformed_parsed_mailgun_post_is_a_400(client, mailgun, fields, reason):
    ts = str(int(time.time()))
    signature = hmac.new(SIGNING_KEY.encode(), f"{ts}tok-p".encode(), hashlib.sha256)
    form = {"timestamp": ts, "token": "tok-p", "signature": signature.hexdigest(),
            "body-plain": "12 containers loaded.",
            "message-headers": '[["From", "ops@santos-agency.example.com.br"], '
                               '["Subject", "Shipping notice"]]'}
    response = client.post("/webhooks/anymail/mailgun/inbound/", data={**form, **fields})
    assert response.status_code == 400
    assert reason in response.json()["error"]
    assert InboundEmail.objects.count() == 0
    # Refused before its token was claimed: Mailgun's corrected retry is stored.
    assert client.post("/webhooks/anymail/mailgun/inbound/", data=form).status_code == 200
    assert InboundEmail.objects.get().subject == "Shipping notice"


def test_a_deeply_nested_mailgun_message_is_stored_flagged_not_a_500(client, mailgun):
    # The raw MIME Mailgun posted is what we store and parse: anymail's own parse and
    # re-serialisation of a 1,200-deep multipart would recurse past Python's limit.
    nested = "".join(f'Content-Type: multipart/mixed; boundary="b{i}"\n\n--b{i}\n'
                     for i in range(1200))
    raw = ("From: qa@mill.example.com\nTo: claims@cottontrade.example.com\n"
           "Subject: Claim CT-9, lot 4\nMessage-ID: <deep-1200@mill.example.com>\n"
           "MIME-Version: 1.0\n" + nested + "Content-Type: text/plain\n\nLot 4: honeydew.\n")
    ts = str(int(time.time()))
    signature = hmac.new(SIGNING_KEY.encode(), f"{ts}tok-deep".encode(),
                         hashlib.sha256).hexdigest()
    response = client.post("/webhooks/anymail/mailgun/inbound_mime/", data={
        "body-mime": raw, "timestamp": ts, "token": "tok-deep", "signature": signature})
    assert response.status_code == 200, response.content
    email = InboundEmail.objects.get()
    assert email.subject == "Claim CT-9, lot 4" and email.flags.get("too_deep")
    # ...and an ordinary message still goes through the same door, envelope and all
    assert mailgun_post(client, token="tok-2").status_code == 200
    stored = InboundEmail.objects.exclude(pk=email.pk).get()
    assert stored.envelope_sender == "li.wei@jiangsu-mills.example.cn"
    assert stored.provider_event_id == "tok-2" and "polypropylene strands" in stored.text_body
