"""Removing personal data (LGPD): by retention (``purge_expired``, daily by beat) and
by a data subject's verified erasure request (``privacy.sender_erase``).

Three stages, each one transaction per email with its tombstone and its audit row:

* ``raw``: the message as received, its HTML and the attachment files;
* ``content``: every personal datum of the email and of what staff did with it:
  bodies, subject, addresses, attachment names, the chains' outputs, the personal
  fields of the decision and the ticket, the quotes of the body in every stored reason
  (``scrub_reasons``), the replies' address, subject and text, notes, the escalation's
  and the ticket's free texts, notifications, the audit rows' free text and details,
  and the admin's log entries of the email, its escalation and its ticket. The rows
  stay, and what they count and decided (routes, statuses, codes, amounts, deadlines,
  contract and lot references, who did what and when); the sender's domain stops
  counting it, and is forgotten when no other stored email has it;
* ``record``: the email itself, with its runs, decisions and audit rows; only the
  tombstones (no personal data) remain.

An email someone is still working on (not yet routed, a pending escalation, a draft
ticket) is not purged by retention: it waits for its decision.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import Model, Q, QuerySet
from django.utils import timezone

from triage import routes
from triage.models import (
    Attachment,
    ChainCall,
    EmailEvent,
    Escalation,
    Forward,
    InboundEmail,
    Note,
    Notification,
    Reply,
    Status,
    Ticket,
    TicketVersion,
    Tombstone,
    TriageRun,
)
from triage.routes import ERASED, Trigger
from triage.services.audit import audit_write
from triage.services.correspondents import correspondent_uncount

log = logging.getLogger(__name__)

Stage = Tombstone.Stage
_UNDECIDED = (Status.RECEIVED, Status.QUEUED, Status.PROCESSING, Status.NEEDS_REVIEW,
              Status.FAILED)
RAW_FIELDS = ["raw_message", "html_body", "attachment files"]
CONTENT_FIELDS = ["subject", "text_body", "html_text", "attachment_text", "from_header",
                  "from_address", "to", "cc", "envelope_sender", "envelope_recipients",
                  "message_id", "in_reply_to", "references", "flags", "attachment names",
                  "chain outputs", "decision personal fields", "quotes in reasons",
                  "ticket content", "escalation and ticket texts", "notes", "replies",
                  "notification content", "audit free text and details", "admin log entries"]
# The audit rows of a removal or an export: the record that a request was honoured (who
# asked, why), kept with the tombstones.
_PRIVACY_EVENTS = ("raw_removed", "content_removed", "data_exported")
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
    # Its domain no longer counts this email; a domain no stored email has is forgotten.
    for sender, flags in InboundEmail.objects.filter(pk=email_id).values_list(
            "from_address", "flags"):
        correspondent_uncount(sender, flags)
    InboundEmail.objects.filter(pk=email_id).update(
        subject="", text_body="", html_body="", html_text="", attachment_text="",
        from_header="", from_address="",
        to=[], cc=[], envelope_sender="", envelope_recipients=[], message_id="", in_reply_to="",
        references=[], flags={})
    _scrub(InboundEmail.objects.filter(pk=email_id), status_reasons=scrub_reasons,
           status_note=scrub_reasons)
    Attachment.objects.filter(email_id=email_id).update(filename="")
    ChainCall.objects.filter(run__email_id=email_id).update(output=None)
    _scrub(ChainCall.objects.filter(run__email_id=email_id), error=scrub_reasons)
    _scrub(TriageRun.objects.filter(email_id=email_id), decision=_decision_facts,
           backstop_triggers=scrub_reasons, review_signals=scrub_reasons,
           model_triggers=scrub_triggers, errors=scrub_reasons)
    _scrub(Escalation.objects.filter(email_id=email_id), backstop_triggers=scrub_reasons,
           model_triggers=scrub_triggers, note=scrub_reasons, dismissal_reason=scrub_reasons,
           resolution_note=scrub_reasons)
    Ticket.objects.filter(email_id=email_id).update(data={"removed": "content"})
    _scrub(Ticket.objects.filter(email_id=email_id), rejection_reason=scrub_reasons)
    TicketVersion.objects.filter(ticket__email_id=email_id).update(data={}, changes={})
    Notification.objects.filter(email_id=email_id).update(subject="", body="")
    _scrub(Notification.objects.filter(email_id=email_id), last_error=scrub_reasons)
    # A reply stays a row (it was sent, when, from which template), its words go.
    Reply.objects.filter(email_id=email_id).update(to_address="", subject="", body=ERASED,
                                                   in_reply_to="", references=[])
    _scrub(Reply.objects.filter(email_id=email_id), error=scrub_reasons)
    _scrub(Note.objects.filter(email_id=email_id), body=scrub_reasons)
    _scrub(EmailEvent.objects.filter(email_id=email_id).exclude(kind__in=_PRIVACY_EVENTS),
           reason=scrub_reasons, reasons=scrub_reasons, before=scrub_reasons,
           after=scrub_reasons,
           data=scrub_reasons)
    _scrub_admin_log(email_id)
    return list(CONTENT_FIELDS)


def _scrub(rows: QuerySet, **scrubbers) -> None:
    """Each row's fields through their scrubber (an email has a few of each)."""
    for row in rows.values("pk", *scrubbers):
        rows.model.objects.filter(pk=row["pk"]).update(
            **{field: scrub(row[field]) for field, scrub in scrubbers.items()})


def _scrub_admin_log(email_id: int) -> None:
    """Django's own log of the admin's actions on the email, its escalation and its
    ticket: the object's name as it reads now (no subject), and no message (one said
    whom a reply went to; the history page shows an empty one as nothing)."""
    targets: list[Model] = [
        *InboundEmail.objects.filter(pk=email_id).only("pk", "subject"),
        *Escalation.objects.filter(email_id=email_id), *Ticket.objects.filter(email_id=email_id)]
    for obj in targets:
        LogEntry.objects.filter(
            content_type=ContentType.objects.get_for_model(obj), object_id=str(obj.pk),
        ).update(object_repr=str(obj).strip()[:200], change_message="")


def _decision_facts(decision: dict | None) -> dict:
    decision = decision or {}
    claim = decision.get("claim") or {}
    escalation = decision.get("escalation") or {}
    kept = {k: escalation.get(k) for k in ("required", "model_required",
                                           "backstop_overrode_model") if k in escalation}
    if "model_triggers" in escalation:
        kept["model_triggers"] = scrub_triggers(escalation["model_triggers"])
    if "backstop_triggers" in escalation:
        kept["backstop_triggers"] = scrub_reasons(escalation["backstop_triggers"])
    return {
        **{k: decision.get(k) for k in _DECISION_KEPT if k in decision},
        "escalation": kept,
        "claim": {k: claim.get(k) for k in _CLAIM_KEPT if k in claim} or None,
        "content_removed": True,
    }


# --- reasons without anyone's words ------------------------------------------------------

# A reason's params that are the sender's words, dropped whole.
# The email's words a reason carries as such (its quotes, the names of its parts, a
# sender's address): dropped, as ``routes.without_quotes`` drops them.
_QUOTES = frozenset({"quote", "quotes", "part", "address"})
# An exception's name (``PdfReadError``) is the library's word, not anyone's.
_EXCEPTION_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]{0,63}")
# Params that are words of someone's (an address, a name, a technical message quoting
# the model): replaced, whatever they look like.
_PERSONAL = frozenset({"text", "detail", "address", "sender", "to", "from", "contact",
                       "claiming_party", "name", "subject", "body", "note", "reason", "error",
                       "filename"})
# Params in our own vocabulary (codes, states, routes, who of the staff): kept when they
# read as one word of it.
_VOCABULARY = frozenset({"code", "codes", "state", "route", "department", "source", "chain",
                         "kind", "template", "stage", "trigger", "triggers", "claim_type",
                         "claim_types", "field", "currency", "dedupe_basis", "assignee",
                         "closed_by", "fields", "how", "provider"})
_WORD = re.compile(r"[a-z][a-z0-9_.-]{0,63}")
# Numbers as the reasons store them (Decimals as strings), dates, currency codes.
_FACT = re.compile(r"-?\d{1,18}(?:\.\d{1,6})?|\d{4}-\d\d-\d\d(?:[T ][\d:.]{5,15}"
                   r"(?:Z|[+-]\d\d:?\d\d)?)?|[A-Z]{3}")


def scrub_reasons(value: Any) -> Any:
    """A stored reason, a list of them, or an audit row's details, without anyone's
    words. Pure; both shapes:

    * a sentence (a string: what the rules and services write today, a person's note)
      becomes ``ERASED``;
    * a reason as data (``{"code": ..., "quote": ..., **params}``) loses its ``quote``
      and ``quotes``, keeps its code, its numbers, dates and currency codes and the
      words of our vocabulary, and has ``ERASED`` for any other text (a template that
      names the param still renders).
    """
    if isinstance(value, str):
        return ERASED if value else value
    if isinstance(value, list | tuple):
        return [scrub_reasons(item) for item in value]
    if isinstance(value, dict):
        return {key: _param(key, item) for key, item in value.items() if key not in _QUOTES}
    return value  # numbers, booleans, None


def scrub_triggers(value: Any) -> Any:
    """The model's triggers: its codes stay; anything else (a manual decision's
    reason) is a reason."""
    if not isinstance(value, list | tuple):
        return scrub_reasons(value)
    known = set(Trigger)
    # A manual decision's trigger is a reason dict (unhashable): only strings are codes.
    return [item if isinstance(item, str) and item in known else scrub_reasons(item)
            for item in value]


def _param(key: str, value: Any) -> Any:
    if isinstance(value, dict):
        return scrub_reasons(value)
    if isinstance(value, list | tuple):
        return [_param(key, item) for item in value]
    if isinstance(value, str) and value and not _kept(key, value):
        return ERASED
    return value


def _kept(key: str, value: str) -> bool:
    if key == "error" and _EXCEPTION_NAME.fullmatch(value):
        return True
    if key in _PERSONAL:
        return False
    return bool(_FACT.fullmatch(value)) or (key in _VOCABULARY
                                             and bool(_WORD.fullmatch(value)))


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
