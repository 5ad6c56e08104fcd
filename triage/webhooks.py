"""HTTP in: authenticate, validate, then one service call. Nothing here decides.

``POST /webhooks/inbound/`` contract (other tools depend on it):

* ``X-Triage-Timestamp: <unix seconds>`` and
  ``X-Triage-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>``;
  several secrets may be configured at once (rotation).
* body: JSON (``application/json``) or a raw message (``message/rfc822``).
* 202 new, 200 duplicate, 400 malformed, 401 unauthenticated, 413 too large,
  415 other content types, 503 no secret configured.
"""

from __future__ import annotations

import logging
import time

from anymail.exceptions import AnymailWebhookValidationFailure
from anymail.signals import inbound as anymail_inbound
from anymail.webhooks.mailgun import MailgunInboundWebhookView
from anymail.webhooks.postmark import PostmarkInboundWebhookView
from django.conf import settings
from django.dispatch import receiver
from django.http import HttpRequest, JsonResponse
from django.urls import path, re_path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from triage import mime
from triage.jsonmail import BadRequest, parse_json
from triage.models import Provider
from triage.services.ingestion import IngestResult, email_ingest
from triage.signing import verify_signature

log = logging.getLogger(__name__)


def _error(status: int, reason: str) -> JsonResponse:
    return JsonResponse({"error": reason}, status=status)


@csrf_exempt
@require_POST
def inbound(request: HttpRequest) -> JsonResponse:
    secrets = settings.TRIAGE_WEBHOOK_SECRETS
    if not secrets:
        return _error(503, "webhook disabled: TRIAGE_WEBHOOK_SECRET is not configured")
    limit = settings.TRIAGE_MAX_EMAIL_BYTES
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return _error(400, "invalid Content-Length")
    if declared > limit:
        return _error(413, f"message larger than {limit} bytes")
    body = request.body
    if len(body) > limit:
        return _error(413, f"message larger than {limit} bytes")

    problem = verify_signature(
        secrets,
        request.headers.get("X-Triage-Timestamp", ""),
        body,
        request.headers.get("X-Triage-Signature", ""),
        now=time.time(),
        tolerance_s=settings.TRIAGE_WEBHOOK_TOLERANCE_S,
    )
    if problem:
        log.warning("webhook refused: %s", problem)
        return _error(401, problem)

    content_type = request.content_type.lower()
    try:
        if content_type == "application/json":
            fields, received_at = parse_json(body)
            parsed = mime.parse_fields(**fields)
            raw_format = "json"
        elif content_type == "message/rfc822":
            parsed, received_at = _parse_rfc822(body), None
            raw_format = "rfc822"
        else:
            return _error(415, "Content-Type must be application/json or message/rfc822")
    except BadRequest as exc:
        return _error(400, str(exc))

    result = email_ingest(parsed, raw=body, raw_format=raw_format, provider=Provider.WEBHOOK,
                          received_at=received_at)
    return _answer(result)


def _answer(result: IngestResult) -> JsonResponse:
    return JsonResponse(
        {"id": result.email_id, "status": result.status, "duplicate": result.duplicate},
        status=200 if result.duplicate else 202,
    )


def _parse_rfc822(body: bytes) -> mime.ParsedEmail:
    parsed = mime.parse_bytes(body)
    if not mime.looks_like_message(parsed):
        raise BadRequest("not an RFC 5322 message: no From, Message-ID or Subject header")
    return parsed


# --- ESP inbound through django-anymail ---------------------------------------------


class MailgunInboundView(MailgunInboundWebhookView):
    """Anymail checks Mailgun's HMAC; we also refuse stale timestamps, so a captured
    request cannot be replayed later (a replay inside the window is a duplicate
    event id and stores nothing new)."""

    def validate_request(self, request: HttpRequest) -> None:
        super().validate_request(request)
        try:
            ts = int(request.POST.get("timestamp", ""))
        except ValueError as exc:
            raise AnymailWebhookValidationFailure("Mailgun timestamp missing") from exc
        if abs(time.time() - ts) > settings.TRIAGE_WEBHOOK_TOLERANCE_S:
            raise AnymailWebhookValidationFailure("Mailgun timestamp outside the window")


anymail_urlpatterns = [
    re_path(r"^mailgun/inbound(_mime)?/$", MailgunInboundView.as_view(),
            name="mailgun_inbound_webhook"),
    path("postmark/inbound/", PostmarkInboundWebhookView.as_view(),
         name="postmark_inbound_webhook"),
]


@receiver(anymail_inbound, dispatch_uid="triage.anymail_inbound")
def _anymail_inbound(sender, event, esp_name: str, **kwargs) -> None:
    message = event.message
    raw = message.as_bytes()
    parsed = mime.parse_bytes(raw)
    provider = esp_name.lower()
    if provider not in Provider.values:
        raise ValueError(f"unsupported ESP {esp_name}")
    email_ingest(
        parsed, raw=raw, raw_format="rfc822", provider=provider,
        provider_event_id=event.event_id or "",
        envelope_sender=getattr(message, "envelope_sender", None) or "",
        envelope_recipients=[r for r in [getattr(message, "envelope_recipient", None)] if r],
    )
