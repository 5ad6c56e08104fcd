"""HTTP in: authenticate, validate, then one service call. Nothing here decides.

``POST /webhooks/inbound/`` contract (other tools depend on it):

* ``X-Triage-Timestamp: <unix seconds>`` and
  ``X-Triage-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>``;
  several secrets may be configured at once (rotation).
* body: JSON (``application/json``) or a raw message (``message/rfc822``). A JSON
  ``received_at`` is the sender's stated time, stored and shown as the ``Date:``; the
  receipt time is this server's clock, and deadlines count from it.
* 202 new, 200 duplicate, 400 malformed, 401 unauthenticated, 413 too large,
  415 other content types, 503 no secret configured.

The ESP doors (``triage.esp``) answer the same way, with the differences they list.
Every door refuses a request whose Content-Length exceeds ``TRIAGE_MAX_EMAIL_BYTES``
(413) before reading it; ``too_large``, ``refuse``, ``answer`` and ``parse_rfc822`` are
what they share.
"""

from __future__ import annotations

import logging
import re
import time

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from triage import metrics, mime
from triage.jsonmail import BadRequest, parse_json
from triage.models import Provider
from triage.services.ingestion import IngestResult, email_ingest
from triage.signing import verify_signature

log = logging.getLogger(__name__)

_CONTENT_LENGTH = re.compile(r"[0-9]{1,19}")


def refuse(status: int, reason: str) -> JsonResponse:
    return JsonResponse({"error": reason}, status=status)


def too_large(request: HttpRequest) -> JsonResponse | None:
    """Every door, before anything reads or parses the body: the declared length.
    (WSGI reads no more than Content-Length, so the declaration bounds the body.)"""
    limit = settings.TRIAGE_MAX_EMAIL_BYTES
    declared = request.META.get("CONTENT_LENGTH") or "0"
    if not _CONTENT_LENGTH.fullmatch(declared):
        return refuse(400, "invalid Content-Length")
    if int(declared) > limit:
        return refuse(413, f"message larger than {limit} bytes")
    return None


@metrics.door(Provider.WEBHOOK)
@csrf_exempt
@require_POST
def inbound(request: HttpRequest) -> JsonResponse:
    secrets = settings.TRIAGE_WEBHOOK_SECRETS
    if not secrets:
        return refuse(503, "webhook disabled: TRIAGE_WEBHOOK_SECRET is not configured")
    refusal = too_large(request)
    if refusal:
        return refusal
    body = request.body
    if len(body) > settings.TRIAGE_MAX_EMAIL_BYTES:  # a server that ignored the length
        return refuse(413, f"message larger than {settings.TRIAGE_MAX_EMAIL_BYTES} bytes")

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
        return refuse(401, problem)

    content_type = request.content_type.lower()
    try:
        if content_type == "application/json":
            parsed, raw_format = mime.parse_fields(**parse_json(body)), "json"
        elif content_type == "message/rfc822":
            parsed, raw_format = parse_rfc822(body), "rfc822"
        else:
            return refuse(415, "Content-Type must be application/json or message/rfc822")
    except BadRequest as exc:
        return refuse(400, str(exc))

    # Received now, by our clock: a sender's stated time is its Date, and deadlines
    # count from receipt.
    result = email_ingest(parsed, raw=body, raw_format=raw_format, provider=Provider.WEBHOOK)
    return answer(result)


def answer(result: IngestResult, *, new: int = 202) -> JsonResponse:
    return JsonResponse(
        {"id": result.email_id, "status": result.status, "duplicate": result.duplicate},
        status=200 if result.duplicate else new,
    )


def parse_rfc822(body: bytes) -> mime.ParsedEmail:
    parsed = mime.parse_bytes(body)
    if not mime.looks_like_message(parsed):
        raise BadRequest("not an RFC 5322 message: no From, Message-ID or Subject header")
    return parsed
