"""Store an inbound message exactly once, then queue it for triage after commit."""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.utils import timezone

from triage import metrics
from triage.automated import is_bounce
from triage.decision import Config
from triage.mime import ParsedEmail
from triage.models import Attachment, InboundEmail, Reply, Status, WebhookToken
from triage.readers.signals import sender_lookalikes
from triage.routes import Code, reason
from triage.services.audit import audit_event, audit_write_many
from triage.services.correspondents import correspondent_count
from triage.services.queue import email_publish_on_commit
from triage.services.threads import email_find_parent
from triage.signing import verify_outbound

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class IngestResult:
    email_id: int
    status: str
    duplicate: bool


@dataclass(frozen=True)
class OneTimeToken:
    """A signed ESP token that may be used once, remembered until ``expires_at``."""

    value: str
    expires_at: datetime


class TokenReused(Exception):
    """The delivery's one-time token was used before: a replay, nothing stored."""


def dedupe_key(parsed: ParsedEmail, *, provider: str, provider_event_id: str,
               sender: str, content_hash: str) -> tuple[str, str]:
    """(sha256 key, basis). A Message-ID is the sender's: anyone can write any
    Message-ID, so alone it would let one sender pre-empt another's message. An event
    id is per provider; a message with neither is the same message when the same
    sender sent the same content. (Migration 0006 re-keys stored rows the same way.)
    ``content_hash`` is ``parsed.content_hash(sender)``: the caller computes it once, and
    stores it too."""
    if parsed.message_id:
        basis, value = "message_id", f"mid:{sender.lower()}:{parsed.message_id}"
    elif provider_event_id:
        basis, value = "event_id", f"evt:{provider}:{provider_event_id}"
    else:
        basis, value = "content", f"hash:{sender.lower()}:{content_hash}"
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest(), basis


def _proven_automated(parsed: ParsedEmail) -> tuple[dict, str]:
    """(why it is not triaged, a reason, or {}; what it claimed but could not prove, or '').
    Anyone can write our notification header or build a delivery report: only a
    message that carries our tag for its own Message-ID, or a bounce that returns one
    (tagged, or a reply we sent), is ours; the rest is triaged like any other mail."""
    claimed = parsed.automated
    secret = settings.SECRET_KEY
    if claimed.get("code") == Code.OWN_NOTIFICATION:
        if verify_outbound(secret, parsed.notification_tag, parsed.message_id):
            return claimed, ""
        return {}, "says it is our notification, but its tag does not verify: triaged"
    if is_bounce(claimed):
        if any(tag and verify_outbound(secret, tag, mid) for mid, tag in parsed.returned):
            return claimed, ""
        ids = [f"<{mid}>" for mid, _ in parsed.returned]
        if ids and Reply.objects.filter(message_id__in=ids).exists():
            return claimed, ""
        return {}, "a delivery report that returns no mail of ours: triaged"
    return claimed, ""


def email_ingest(
    parsed: ParsedEmail,
    *,
    raw: bytes,
    raw_format: str,
    provider: str,
    provider_event_id: str = "",
    envelope_sender: str = "",
    envelope_recipients: list[str] | None = None,
    received_at: datetime | None = None,
    token: OneTimeToken | None = None,
) -> IngestResult:
    """Store ``parsed`` unless it is already stored. The row, its attachments and its
    events commit together; the triage task is published only after commit. Call it
    outside a transaction (it owns one), so the publish happens before it returns.

    ``token``: claimed in the same transaction, so a delivery that fails leaves its
    token unused for the ESP's retry; TokenReused when it was claimed before."""
    sender = (envelope_sender or parsed.from_address or "").lower()
    content_hash = parsed.content_hash(sender)
    key, basis = dedupe_key(parsed, provider=provider, provider_event_id=provider_event_id,
                            sender=sender, content_hash=content_hash)
    now = timezone.now()
    # Not triaged: only what would loop or is nobody's message, our own notifications
    # and bounces (mime.detect_automated), mail from our own addresses, and a plain
    # out-of-office reply (no claim, amount, deadline or bank details: mime reads it).
    # Other machine-sent mail (an ERP's claim, an auto-reply that says something) is
    # triaged like any other; flags["automated_hint"] tells staff why it looks automated.
    own = set(settings.TRIAGE_OWN_ADDRESSES)
    from_us = own & ({sender, parsed.from_address.lower()} - {""})
    automated, unproven = _proven_automated(parsed)
    automated = automated or (reason(Code.OWN_ADDRESS) if from_us else {})
    if unproven:
        parsed.flags.setdefault("automated_hint", unproven)
    _sender_flags(parsed, envelope_sender)
    # Stored as queued with the publish on commit: one transaction per email. If the
    # publish fails the row drops back to received for the sweeper.
    status = Status.IGNORED if automated else Status.QUEUED
    try:
        with transaction.atomic():
            if token is not None:
                _token_claim(provider, token, now)
            existing = _find(key)
            if existing:
                metrics.email_ingested(provider, duplicate=True)
                return existing
            email = InboundEmail.objects.create(
                provider=provider,
                provider_event_id=provider_event_id[:255],
                dedupe_key=key,
                dedupe_basis=basis,
                message_id=parsed.message_id,
                in_reply_to=parsed.in_reply_to,
                references=parsed.references,
                reply_to_email=email_find_parent(parsed),
                envelope_sender=envelope_sender[:320],
                envelope_recipients=list(envelope_recipients or []),
                from_header=parsed.from_header,
                from_address=parsed.from_address[:320],
                to=parsed.to,
                cc=parsed.cc,
                subject=parsed.subject,
                text_body=parsed.text_body,
                html_body=parsed.html_body,
                html_text=parsed.html_text,
                received_at=received_at or now,
                date_header=parsed.date,
                content_hash=content_hash,
                raw_message=raw,
                raw_format=raw_format,
                raw_size=len(raw),
                flags=parsed.flags,
                automated=automated.get("code", ""),
                status=status,
                status_changed_at=now,
                status_reasons=[automated] if automated else [],
            )
            _store_attachments(email, parsed)
            if not is_bounce(automated):  # a mail server's, not a correspondent's
                correspondent_count(email.from_address, email.flags, email.received_at)
            audit_write_many([
                audit_event(email.pk, "received", new_status=Status.RECEIVED,
                            reasons=[reason(Code.RECEIVED_VIA, provider=provider)],
                            data={"dedupe_basis": basis, "size": len(raw)}),
                audit_event(email.pk, "status", old_status=Status.RECEIVED, new_status=status,
                            reasons=[automated or reason(Code.NEW_EMAIL)]),
            ])
    except IntegrityError:
        # A concurrent delivery of the same message won the insert (and rolled back
        # our token claim: claim it again, or the token could carry another body).
        existing = _find(key)
        if existing is None:
            raise
        if token is not None:
            with transaction.atomic():
                _token_claim(provider, token, now)
        metrics.email_ingested(provider, duplicate=True)
        return existing

    log.info("ingested email %s via %s from %s", email.pk, provider, sender)
    metrics.email_ingested(provider, duplicate=False)
    if automated:
        return IngestResult(email.pk, status, duplicate=False)
    if not email_publish_on_commit(email.pk):
        status = Status.RECEIVED
    return IngestResult(email.pk, status, duplicate=False)


def _sender_flags(parsed: ParsedEmail, envelope_sender: str) -> None:
    """What staff should see about who the mail says it is from: a Reply-To that is not
    the From (the worker reads it too), and domains passing for ours or a
    counterpart's or a correspondent's (the same reading the decision makes, as a flag
    on the page; a look-alike From is counted as such: ``triage.correspondents``)."""
    if parsed.reply_to and parsed.reply_to.lower() != parsed.from_address.lower():
        parsed.flags["reply_to"] = parsed.reply_to[:320]
    fakes = sender_lookalikes([parsed.from_address, parsed.reply_to, envelope_sender],
                              Config.from_settings().senders_known)
    if fakes:
        parsed.flags["lookalike_sender"] = [
            {"domain": f.domain, "resembles": f.resembles, "how": f.how} for f in fakes]


def _find(key: str) -> IngestResult | None:
    row = InboundEmail.objects.filter(dedupe_key=key).values_list("pk", "status").first()
    return IngestResult(row[0], row[1], duplicate=True) if row else None


def _token_claim(provider: str, token: OneTimeToken, now: datetime) -> None:
    """Remember the token, or TokenReused. The unique constraint decides, so two web
    processes racing with one token cannot both win. Expired rows go first: the table
    holds one window of deliveries."""
    WebhookToken.objects.filter(expires_at__lt=now).delete()
    try:
        with transaction.atomic():
            WebhookToken.objects.create(provider=provider, token=token.value,
                                        expires_at=token.expires_at)
    except IntegrityError as exc:
        raise TokenReused(f"{provider} token already used: a replayed request") from exc


def _store_attachments(email: InboundEmail, parsed: ParsedEmail) -> None:
    cap = settings.TRIAGE_MAX_ATTACHMENT_BYTES
    for att in parsed.attachments:
        row = Attachment(
            email=email, filename=att.filename, declared_type=att.declared_type[:255],
            content_type=att.sniffed_type, size=att.size, sha256=att.sha256,
        )
        if att.size <= cap:
            # Content-addressed: the same file in many emails is stored once.
            storage = Attachment._meta.get_field("file").storage
            name = f"{att.sha256[:2]}/{att.sha256}"
            if storage.exists(name):
                row.file.name = name
            else:
                row.file.save(att.filename, ContentFile(att.content), save=False)
            row.stored = True
        row.save()

