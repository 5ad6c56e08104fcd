"""A data subject's requests (LGPD art. 18) and who opened what.

* ``sender_export``: everything held about one sender, as JSON-ready data;
* ``sender_erase``: a verified erasure request: the raw and content stages of
  ``retention`` on every email from that sender, now: every personal datum of the
  email and of what staff did with it goes, the rows that count and decide stay;
* ``email_opened``: the audit row for a person who opened a raw message or an
  attachment (the admin's download and preview views call it).

Each request is a ``DataRequest`` row written in the same transaction as its audit
rows. The address is matched on the stored sender and envelope sender, ignoring case.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Any

from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import Q

from triage import routes
from triage.models import (
    DataRequest,
    Escalation,
    InboundEmail,
    Status,
    Ticket,
    TicketVersion,
    Tombstone,
)
from triage.services import retention
from triage.services.audit import audit_write

# A run in flight would write the content back after an erasure: those wait.
_IN_FLIGHT = (Status.QUEUED, Status.PROCESSING)


class RequestRefused(ValueError):
    """The request is incomplete (no address, no requester, no reason)."""


def subject_hash(address: str) -> str:
    """Keyed hash of an address, so a request is provable without keeping it."""
    return hmac.new(settings.SECRET_KEY.encode(), address.strip().lower().encode(),
                    hashlib.sha256).hexdigest()


def _emails_of(address: str):
    address = address.strip()
    if not address or "@" not in address:
        raise RequestRefused("an email address is required")
    return InboundEmail.objects.filter(Q(from_address__iexact=address)
                                       | Q(envelope_sender__iexact=address)).order_by("pk")


def _check(requested_by: str, reason: str) -> None:
    if not requested_by.strip() or not reason.strip():
        raise RequestRefused("--requested-by and --reason are required: who asked, and "
                             "how the request was verified")


def sender_export(address: str, *, requested_by: str, reason: str,
                  actor=None) -> dict[str, Any]:
    """Everything held about the sender's emails: what an erasure would remove (the
    replies, notes, escalation and ticket texts, notifications, audit rows and the
    admin's log of them) and what it keeps."""
    _check(requested_by, reason)
    emails = list(_emails_of(address).prefetch_related(
        "attachments", "runs__calls", "events", "notifications", "sent_replies", "notes"))
    data = {"subject": address.strip().lower(), "emails": [_export_email(e) for e in emails]}
    with transaction.atomic():
        request = DataRequest.objects.create(
            kind=DataRequest.Kind.EXPORT, subject_hash=subject_hash(address),
            requested_by=requested_by[:200], reason=reason, actor=actor,
            email_ids=[e.pk for e in emails])
        for email in emails:
            audit_write(email.pk, "data_exported", actor=actor, target=f"request:{request.pk}",
                        reasons=[routes.reason(routes.Code.REQUESTED_BY,
                                               by=requested_by[:200])])
    data["request_id"] = request.pk
    return data


def _export_email(email: InboundEmail) -> dict[str, Any]:
    def related(name: str) -> dict | None:
        obj = getattr(email, name, None)  # a missing one-to-one is an AttributeError
        if obj is None:
            return None
        return {f.name: _plain(getattr(obj, f.attname)) for f in obj._meta.concrete_fields}

    fields = {f.name: _plain(getattr(email, f.attname))
              for f in email._meta.concrete_fields if f.name != "raw_message"}
    fields["raw_message_base64"] = base64.b64encode(bytes(email.raw_message)).decode()
    return {
        **fields,
        "attachments": [{"id": a.pk, "filename": a.filename, "content_type": a.content_type,
                         "size": a.size, "sha256": a.sha256, "stored": a.stored}
                        for a in email.attachments.all()],
        "runs": [{"attempt": r.attempt, "route": r.route, "provider": r.provider,
                  "decision": r.decision, "calls": [
                      {"chain": c.chain, "output": c.output} for c in r.calls.all()]}
                 for r in email.runs.all()],
        "escalation": related("escalation"),
        "ticket": related("ticket"),
        "ticket_versions": [{"version": v.version, "at": v.created_at.isoformat(),
                             "source": v.source, "data": v.data, "changes": v.changes}
                            for v in TicketVersion.objects.filter(ticket__email_id=email.pk)],
        "forward": related("forward"),
        "replies": [{"at": r.created_at.isoformat(), "to": r.to_address, "subject": r.subject,
                     "body": r.body, "template": r.template, "state": r.state,
                     "sent_at": _plain(r.sent_at), "error": r.error}
                    for r in email.sent_replies.all()],
        "notes": [{"at": n.created_at.isoformat(), "on": n.target or f"email:{email.pk}",
                   "text": n.body} for n in email.notes.all()],
        "notifications": [{"kind": n.kind, "at": n.created_at.isoformat(),
                           "recipients": n.recipients, "subject": n.subject, "body": n.body,
                           "state": n.state} for n in email.notifications.all()],
        "events": [{"kind": e.kind, "at": e.created_at.isoformat(), "target": e.target,
                    "old_status": e.old_status, "new_status": e.new_status,
                    "reasons": e.reasons, "reason": e.reason, "before": e.before,
                    "after": e.after, "data": e.data}
                   for e in email.events.all()],
        "admin_log": _admin_log(email),
        "removed": list(Tombstone.objects.filter(email_id=email.pk)
                        .values_list("stage", flat=True)),
    }


def _admin_log(email: InboundEmail) -> list[dict[str, Any]]:
    """Django's log of the admin's actions on the email, its escalation and its ticket."""
    targets = [email, *Escalation.objects.filter(email_id=email.pk),
               *Ticket.objects.filter(email_id=email.pk)]
    entries = Q()
    for obj in targets:
        entries |= Q(content_type=ContentType.objects.get_for_model(obj), object_id=str(obj.pk))
    return [{"at": e.action_time.isoformat(), "object": e.object_repr,
             "message": e.change_message}
            for e in LogEntry.objects.filter(entries).order_by("action_time", "pk")]


def _plain(value: Any) -> Any:
    if isinstance(value, bytes | memoryview):
        return base64.b64encode(bytes(value)).decode()
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if isinstance(value, int | float | str | bool | list | dict) or value is None:
        return value
    return str(value)


def sender_erase(address: str, *, requested_by: str, reason: str,
                 actor=None) -> dict[str, Any]:
    """Remove the raw message and every personal datum of every email from ``address``
    and of what staff did with it (``retention``'s content stage); the rows that carry
    decisions and counts stay, with tombstones. Emails being triaged right now are left
    out and listed: run the request again once they are done."""
    _check(requested_by, reason)
    emails = list(_emails_of(address).values_list("pk", "status"))
    waiting = [pk for pk, status in emails if status in _IN_FLIGHT]
    erased = [pk for pk, status in emails if status not in _IN_FLIGHT]
    request = DataRequest.objects.create(
        kind=DataRequest.Kind.ERASE, subject_hash=subject_hash(address),
        requested_by=requested_by[:200], reason=reason, actor=actor, email_ids=erased)
    why = [routes.reason(routes.Code.ERASURE_REQUEST, request=request.pk)]
    for pk in erased:
        retention.email_remove(pk, Tombstone.Stage.CONTENT, reasons=why, note=reason,
                               actor=actor, requested_by=requested_by)
    return {"request_id": request.pk, "erased": erased, "in_flight": waiting}


def email_opened(email_id: int, user, *, what: str, target: str = "",
                 data: dict | None = None) -> None:
    """Who opened a raw message (``raw``) or an attachment (``attachment``)."""
    with transaction.atomic():
        audit_write(email_id, f"{what}_opened", actor=user, target=target, data=data or {})
