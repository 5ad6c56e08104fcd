"""Removing personal data (LGPD): by retention (``purge_expired``, daily by beat) and
by a data subject's verified erasure request (``privacy.sender_erase``).

Three stages, each one transaction per email with its tombstone and its audit row:

* ``raw``: the message as received, its HTML and the attachment files;
* ``content``: bodies, subject, addresses, attachment names, the chains' outputs and
  the personal fields of the decision and the ticket (contract and lot references,
  amounts, deadlines, routes and every audit row stay);
* ``record``: the email itself, with its runs, decisions and audit rows; only the
  tombstones (no personal data) remain.

An email someone is still working on (not yet routed, a pending escalation, a draft
ticket) is not purged by retention: it waits for its decision.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from triage import routes
from triage.models import (
    Attachment,
    ChainCall,
    EmailEvent,
    Escalation,
    Forward,
    InboundEmail,
    Notification,
    Status,
    Ticket,
    TicketVersion,
    Tombstone,
    TriageRun,
)
from triage.services.audit import audit_write

log = logging.getLogger(__name__)

Stage = Tombstone.Stage
_UNDECIDED = (Status.RECEIVED, Status.QUEUED, Status.PROCESSING, Status.NEEDS_REVIEW,
              Status.FAILED)
RAW_FIELDS = ["raw_message", "html_body", "attachment files"]
CONTENT_FIELDS = ["subject", "text_body", "html_text", "from_header", "from_address", "to", "cc",
                  "envelope_sender", "envelope_recipients", "message_id", "in_reply_to",
                  "references", "flags", "attachment names", "chain outputs",
                  "decision personal fields", "ticket content", "notification content",
                  "audit before/after", "the email's words in reasons"]
# What of a decision survives the content stage: the objective facts, no one's words.
_DECISION_KEPT = ("route", "is_claim", "department", "claim_signal_override")
_CLAIM_KEPT = ("exposure_amount", "exposure_currency", "exposure_usd", "response_deadline",
               "contract_reference", "lot_reference", "claim_type")


def retention_days() -> dict[str, int]:
    return {Stage.RAW: settings.TRIAGE_RETAIN_RAW_DAYS,
            Stage.CONTENT: settings.TRIAGE_RETAIN_CONTENT_DAYS,
            Stage.RECORD: settings.TRIAGE_RETAIN_RECORDS_DAYS}


def expired(stage: str, *, now=None, limit: int = 500) -> list[int]:
    """Emails past ``stage``'s retention that it has not yet removed, oldest first;
    [] when the stage keeps forever (0 days)."""
    days = retention_days()[stage]
    if not days:
        return []
    now = now or timezone.now()
    done = Tombstone.objects.filter(stage=stage).values("email_id")
    return list(
        InboundEmail.objects.filter(received_at__lt=now - timedelta(days=days))
        .exclude(pk__in=done).exclude(_still_open()).order_by("received_at")
        .values_list("pk", flat=True)[:limit])


def _still_open() -> Q:
    return (Q(status__in=_UNDECIDED)
            | Q(escalation__state__in=[Escalation.State.PENDING,
                                       Escalation.State.ACKNOWLEDGED])
            | Q(ticket__state=Ticket.State.DRAFT))


def purge_expired(*, now=None, batch: int = 500, max_batches: int = 100) -> dict[str, int]:
    """Run every stage on whatever retention has expired. Bounded per call (the next
    day's run continues); safe to run twice at once (the unique tombstone decides)."""
    counts = {str(stage): 0 for stage in Stage}
    for stage in (Stage.RAW, Stage.CONTENT, Stage.RECORD):
        why = [routes.reason(routes.Code.RETENTION, stage=stage,
                             days=retention_days()[stage])]
        for _ in range(max_batches):
            ids = expired(stage, now=now, limit=batch)
            if not ids:
                break
            counts[stage] += sum(email_remove(pk, stage, reasons=why) for pk in ids)
            if len(ids) < batch:
                break
    if any(counts.values()):
        log.info("purge_expired removed %s", counts)
    return counts


def email_remove(email_id: int, stage: str, *, reasons: list[dict], note: str = "",
                 actor=None, requested_by: str = "") -> bool:
    """Remove one stage from one email, with its tombstone and audit row in one
    transaction (earlier stages too: a record is never deleted with its raw message
    still stored). False when that stage was already done. Why: ``reasons``
    (``routes.reason``) and ``note``, a person's words (an erasure request's)."""
    order = [Stage.RAW, Stage.CONTENT, Stage.RECORD]
    removed_any = False
    for step in order[:order.index(stage) + 1]:
        removed_any |= _remove_stage(email_id, step, reasons=reasons, note=note, actor=actor,
                                     requested_by=requested_by)
    return removed_any


def _remove_stage(email_id: int, stage: str, *, reasons: list[dict], note: str, actor,
                  requested_by: str) -> bool:
    with transaction.atomic():
        email = (InboundEmail.objects.select_for_update().filter(pk=email_id)
                 .only("pk", "received_at").first())
        if email is None or Tombstone.objects.filter(email_id=email_id, stage=stage).exists():
            return False
        removed = {Stage.RAW: _remove_raw, Stage.CONTENT: _remove_content,
                   Stage.RECORD: _remove_record}[stage](email_id)
        Tombstone.objects.create(email_id=email_id, stage=stage, received_at=email.received_at,
                                 removed=removed, reasons=reasons, reason=note[:2000],
                                 actor=actor, requested_by=requested_by[:200])
        if stage != Stage.RECORD:
            audit_write(email_id, f"{stage}_removed", actor=actor, reasons=reasons,
                        reason=note[:2000],
                        data={"removed": removed, "requested_by": requested_by[:200]})
    return True


def _remove_raw(email_id: int) -> list[str]:
    InboundEmail.objects.filter(pk=email_id).update(raw_message=b"", html_body="")
    names = list(Attachment.objects.filter(email_id=email_id, stored=True)
                 .values_list("file", flat=True))
    Attachment.objects.filter(email_id=email_id).update(stored=False, file="")
    transaction.on_commit(lambda: _delete_files(names))
    return [*RAW_FIELDS[:2], f"{len(names)} attachment file(s)"]


def _delete_files(names: Iterable[str]) -> None:
    """Content-addressed files are shared by every email that carried the same bytes:
    a file goes when no stored attachment still points at it."""
    storage = Attachment._meta.get_field("file").storage
    for name in set(names) - {""}:
        if not Attachment.objects.filter(file=name, stored=True).exists():
            try:
                storage.delete(name)
            except OSError as exc:
                log.warning("could not delete attachment file %s: %s", name, exc)


def _remove_content(email_id: int) -> list[str]:
    InboundEmail.objects.filter(pk=email_id).update(
        subject="", text_body="", html_body="", html_text="", from_header="", from_address="",
        to=[], cc=[], envelope_sender="", envelope_recipients=[], message_id="", in_reply_to="",
        references=[], flags={})
    Attachment.objects.filter(email_id=email_id).update(filename="")
    ChainCall.objects.filter(run__email_id=email_id).update(output=None)
    _remove_quotes(email_id)
    Ticket.objects.filter(email_id=email_id).update(data={"removed": "content"})
    TicketVersion.objects.filter(ticket__email_id=email_id).update(data={}, changes={})
    Notification.objects.filter(email_id=email_id).update(subject="", body="")
    EmailEvent.objects.filter(email_id=email_id).update(before=None, after=None)
    return list(CONTENT_FIELDS)


def _remove_quotes(email_id: int) -> None:
    """The email's words go from every reason stored about it; the codes and figures
    stay (``routes.without_quotes``)."""
    bare = routes.without_quotes
    for run in TriageRun.objects.filter(email_id=email_id).only(
            "pk", "decision", "backstop_triggers", "review_signals"):
        TriageRun.objects.filter(pk=run.pk).update(
            decision=_decision_facts(run.decision), backstop_triggers=bare(run.backstop_triggers),
            review_signals=bare(run.review_signals))
    for esc in Escalation.objects.filter(email_id=email_id).only("pk", "backstop_triggers"):
        Escalation.objects.filter(pk=esc.pk).update(backstop_triggers=bare(esc.backstop_triggers))
    for row in InboundEmail.objects.filter(pk=email_id).only("pk", "status_reasons"):
        InboundEmail.objects.filter(pk=row.pk).update(status_reasons=bare(row.status_reasons))
    for event in EmailEvent.objects.filter(email_id=email_id).exclude(reasons=[]).only(
            "pk", "reasons"):
        EmailEvent.objects.filter(pk=event.pk).update(reasons=bare(event.reasons))


def _decision_facts(decision: dict | None) -> dict:
    decision = decision or {}
    claim = decision.get("claim") or {}
    escalation = decision.get("escalation") or {}
    return {
        **{k: decision.get(k) for k in _DECISION_KEPT if k in decision},
        "escalation": {k: routes.without_quotes(escalation[k]) if k == "backstop_triggers"
                       else escalation.get(k) for k in
                       ("required", "model_required", "model_triggers", "backstop_triggers",
                        "backstop_overrode_model") if k in escalation},
        "claim": {k: claim.get(k) for k in _CLAIM_KEPT if k in claim} or None,
        "content_removed": True,
    }


def _remove_record(email_id: int) -> list[str]:
    # The runs are PROTECTed against deletion while an escalation or a ticket points
    # at them: those go first, then the email (its runs, calls and events cascade).
    Escalation.objects.filter(email_id=email_id).delete()
    Ticket.objects.filter(email_id=email_id).delete()
    Forward.objects.filter(email_id=email_id).delete()
    InboundEmail.objects.filter(pk=email_id).update(current_run=None)
    InboundEmail.objects.filter(reply_to_email_id=email_id).update(reply_to_email=None)
    InboundEmail.objects.filter(pk=email_id).delete()
    return ["email", "runs", "decisions", "escalation", "ticket", "forward",
            "notifications", "audit events"]
