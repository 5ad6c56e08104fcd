"""ESP inbound through django-anymail: ``/webhooks/anymail/mailgun/inbound[_mime]/`` and
``/webhooks/anymail/postmark/inbound/``, closed like the signed webhook
(``triage.webhooks``) and feeding the same ingestion service. They answer as it does,
with these differences: 200 for new and duplicate alike (Mailgun retries anything but
200 and 406), 401 for a failed signature or basic auth, 406 for a Mailgun token used
before (a replay; Mailgun does not retry a 406), 503 while
``MAILGUN_WEBHOOK_SIGNING_KEY`` or ``ANYMAIL_WEBHOOK_SECRET`` (Postmark) is unset.
"""

from __future__ import annotations

import json
import logging
import time
from datetime import UTC, datetime
from email.utils import unquote
from io import BytesIO

from anymail.exceptions import (
    AnymailWebhookValidationFailure,
)
from anymail.webhooks.mailgun import MailgunInboundWebhookView
from anymail.webhooks.postmark import PostmarkInboundWebhookView
from django.conf import settings
from django.core.exceptions import TooManyFilesSent
from django.http import HttpRequest, JsonResponse, QueryDict
from django.http.multipartparser import MultiPartParser
from django.urls import path, re_path

from triage import espfields, metrics, mime
from triage.jsonmail import BadRequest, load_json
from triage.mimewrite import BadField, Written
from triage.models import Provider
from triage.services.ingestion import OneTimeToken, TokenReused, email_ingest
from triage.signing import check_mailgun_fields
from triage.webhooks import answer, parse_rfc822, refuse, too_large

log = logging.getLogger(__name__)

# Headers an ESP may post as fields (Mailgun's ``message-headers``, Postmark's
# ``Headers``), counted before anymail builds a message of them: it spends ~100 us on
# each, so 100,000 of them took 20-28 s. Real mail carries tens; a long relay chain
# a few hundred.
MAX_ESP_HEADERS = 1000
# ... and their bytes, with the From, To, Cc and Subject fields. Anymail builds the
# message with ``email.policy.default``, which parses each header word by word and
# folds it again: 5-8 s a megabyte of short words or addresses, faster than linearly
# past ~64 KiB in one header (999 headers of one-letter words: 6 s a MB; one 2 MB
# Subject: 75 s). Real mail's whole header is a few KiB, a few tens with long relay and
# signature chains; a bigger one still arrives through the raw-MIME routes, which our
# own bounded parser reads (``mimeheaders``: 256 KiB a header block).
MAX_ESP_HEADER_BYTES = 64 * 1024


class _EspDoor:
    """Anymail's inbound view, closed like the signed webhook: 503 while its secret is
    unset (anymail would check Mailgun's HMAC against an empty key, and leave Postmark
    open with a warning), the size limit before anything is read, an answer with a
    reason for every refusal, and one service call per event. Anymail's signal is not
    used: a receiver cannot answer a status, and a replay must be refused, not 500."""

    provider: str
    content_types: frozenset[str]
    warn_if_no_basic_auth = False  # unset auth is refused with a 503, not warned about

    def missing_secret(self) -> str:
        raise NotImplementedError

    def one_time_token(self, request: HttpRequest) -> OneTimeToken | None:
        return None

    def raw_mime(self, request: HttpRequest) -> bytes | None:
        """The raw message, when the ESP posted one."""
        return None

    def envelope(self, request: HttpRequest) -> dict:
        return {"provider_event_id": "", "envelope_sender": "", "envelope_recipients": []}

    def posted_headers(self, request: HttpRequest) -> tuple[int, int]:
        """(how many headers, how many bytes of header fields) the ESP posted, the
        address and subject fields included (BadRequest if unreadable)."""
        raise NotImplementedError

    def post(self, request: HttpRequest, *args, **kwargs) -> JsonResponse:
        missing = self.missing_secret()
        if missing:
            return refuse(503, f"webhook disabled: {missing} is not configured")
        refusal = too_large(request)
        if refusal:
            return refusal
        if request.content_type.lower() not in self.content_types:
            return refuse(415, f"Content-Type must be {' or '.join(sorted(self.content_types))}")
        _ = request.body  # read and kept (within the limit): a field can be read again as bytes
        try:
            self.run_validators(request)
        except TooManyFilesSent:
            return refuse(400, f"more than {settings.DATA_UPLOAD_MAX_NUMBER_FILES} files: post "
                               f"the message as raw MIME")
        except AnymailWebhookValidationFailure as exc:
            log.warning("%s webhook refused: %s", self.esp_name, exc)
            return refuse(401, str(exc))
        try:
            raw = self.raw_mime(request)
            if raw is not None:
                # The message as the ESP received it: stored and parsed by our own
                # bounded parser, never by anymail's (which recurses on a deeply
                # nested message and re-serialises what it parsed).
                parsed, envelope = parse_rfc822(raw), self.envelope(request)
            else:
                written, envelope = self.message_from_fields(request)
                # Stored whole; parsed without the attachments past the cap, which the
                # parser would only count (it is told how many).
                raw = written.raw
                parsed = mime.parse_bytes(written.for_parser, past_cap=written.past_cap)
            result = email_ingest(parsed, raw=raw, raw_format="rfc822", provider=self.provider,
                                  token=self.one_time_token(request), **envelope)
        except BadRequest as exc:
            return refuse(400, str(exc))
        except TokenReused as exc:
            log.warning("%s webhook refused: %s", self.esp_name, exc)
            return refuse(406, str(exc))
        return answer(result, new=200)

    def message_from_fields(self, request: HttpRequest) -> tuple[Written, dict]:
        """(the ESP's parsed fields written as one RFC 5322 message, every header as
        posted and every attachment's bytes kept, with its parser's copy; its
        envelope)."""
        count, size = self.posted_headers(request)
        if count > MAX_ESP_HEADERS:
            raise BadRequest(f"{count} headers: a message carries at most {MAX_ESP_HEADERS}")
        if size > MAX_ESP_HEADER_BYTES:
            raise BadRequest(f"{size} bytes of header fields: a message posted as fields "
                             f"carries at most {MAX_ESP_HEADER_BYTES} (post it as raw MIME)")
        try:
            return self.write_fields(request), self.envelope(request)
        except BadField as exc:
            raise BadRequest(f"not a {self.esp_name} inbound payload: {exc}") from exc

    def write_fields(self, request: HttpRequest) -> Written:
        """The message the posted fields describe (``mimewrite``), or BadRequest."""
        raise NotImplementedError


class MailgunInboundView(_EspDoor, MailgunInboundWebhookView):
    """Anymail checks Mailgun's HMAC of timestamp + token. We first refuse malformed
    fields and stale timestamps, and remember each token until its timestamp leaves
    the window: the signature does not cover the body, so a token used twice is a
    replay with whatever body the replayer chose."""

    provider = Provider.MAILGUN
    content_types = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})

    def missing_secret(self) -> str:
        return "" if self.webhook_signing_key else "MAILGUN_WEBHOOK_SIGNING_KEY"

    def validate_request(self, request: HttpRequest) -> None:
        # Anymail runs every validate_request in the MRO, this one first.
        problem = check_mailgun_fields(
            request.POST.get("timestamp", ""), request.POST.get("token", ""),
            request.POST.get("signature", ""), now=time.time(),
            tolerance_s=settings.TRIAGE_WEBHOOK_TOLERANCE_S)
        if problem:
            raise AnymailWebhookValidationFailure(problem)

    def one_time_token(self, request: HttpRequest) -> OneTimeToken:
        expires = int(request.POST["timestamp"]) + settings.TRIAGE_WEBHOOK_TOLERANCE_S
        return OneTimeToken(request.POST["token"], datetime.fromtimestamp(expires, UTC))

    def raw_mime(self, request: HttpRequest) -> bytes | None:
        # The inbound_mime route posts the whole message as "body-mime". Django reads
        # form fields as UTF-8, replacing other bytes; read again as Latin-1, every
        # byte of the message survives (8-bit headers, binary parts).
        if "body-mime" not in request.POST:  # an empty one is a message of nothing: refused
            return None
        body = BytesIO(request.body)
        if request.content_type.lower() == "multipart/form-data":
            fields, _ = MultiPartParser(request.META, body, request.upload_handlers,
                                        "iso-8859-1").parse()
        else:
            fields = QueryDict(request.body, encoding="iso-8859-1")
        return fields["body-mime"].encode("iso-8859-1")

    def envelope(self, request: HttpRequest) -> dict:
        recipient = request.POST.get("recipient", "")
        return {"provider_event_id": request.POST.get("token", ""),
                "envelope_sender": request.POST.get("sender", ""),
                "envelope_recipients": [recipient] if recipient else []}

    def posted_headers(self, request: HttpRequest) -> tuple[int, int]:
        # Every header anymail builds comes from this one field (From, To, Subject too).
        field = request.POST.get("message-headers", "[]").encode()
        headers = load_json(field)
        return len(headers) if isinstance(headers, list) else 0, len(field)

    def write_fields(self, request: HttpRequest) -> Written:
        return espfields.mailgun_message(request.POST, request.FILES)

# The payload's fields anymail makes headers of (``PostmarkInboundWebhookView``).
_POSTMARK_HEADER_FIELDS = ("Headers", "FromFull", "ToFull", "CcFull", "BccFull", "Subject",
                           "Date", "ReplyTo")


class PostmarkInboundView(_EspDoor, PostmarkInboundWebhookView):
    """Postmark signs nothing: basic auth (``ANYMAIL_WEBHOOK_SECRET``) is the only lock.
    With ``RawEmail`` (the "include raw email content" option) that is the message."""

    provider = Provider.POSTMARK
    content_types = frozenset({"application/json"})

    def missing_secret(self) -> str:
        return "" if any(self.basic_auth or ()) else "ANYMAIL_WEBHOOK_SECRET"

    def payload(self, request: HttpRequest) -> dict:
        if not hasattr(request, "_postmark_payload"):
            payload = load_json(request.body)
            if not isinstance(payload, dict):
                raise BadRequest("not a Postmark inbound payload: expected a JSON object")
            if payload.get("RecordType", "Inbound") != "Inbound":
                raise BadRequest(f"not a Postmark inbound payload: a "
                                 f"{str(payload['RecordType'])[:40]} event")
            request._postmark_payload = payload
        return request._postmark_payload

    def raw_mime(self, request: HttpRequest) -> bytes | None:
        raw = self.payload(request).get("RawEmail")
        if raw is None:
            return None
        if not isinstance(raw, str) or not raw:
            raise BadRequest("not a Postmark inbound payload: RawEmail must be a message")
        return raw.encode("utf-8")  # load_json let no lone surrogate through

    def envelope(self, request: HttpRequest) -> dict:
        # As anymail reads it: Postmark puts the envelope sender first, as Return-Path.
        payload = self.payload(request)
        headers = payload.get("Headers") or [{}]
        first = headers[0] if isinstance(headers, list) and isinstance(headers[0], dict) else {}
        sender = first.get("Value") if str(first.get("Name", "")).lower() == "return-path" else ""
        recipient = payload.get("OriginalRecipient")
        return {"provider_event_id": str(payload.get("MessageID") or ""),
                "envelope_sender": unquote(sender) if isinstance(sender, str) else "",
                "envelope_recipients": [recipient] if isinstance(recipient, str) and recipient
                else []}

    def posted_headers(self, request: HttpRequest) -> tuple[int, int]:
        payload = self.payload(request)
        headers = payload.get("Headers") or []
        fields = json.dumps([payload.get(name) for name in _POSTMARK_HEADER_FIELDS],
                            ensure_ascii=False).encode()
        return len(headers) if isinstance(headers, list) else 0, len(fields)

    def write_fields(self, request: HttpRequest) -> Written:
        return espfields.postmark_message(self.payload(request))

anymail_urlpatterns = [
    re_path(r"^mailgun/inbound(_mime)?/$",
            metrics.door(Provider.MAILGUN)(MailgunInboundView.as_view()),
            name="mailgun_inbound_webhook"),
    path("postmark/inbound/", metrics.door(Provider.POSTMARK)(PostmarkInboundView.as_view()),
         name="postmark_inbound_webhook"),
]
