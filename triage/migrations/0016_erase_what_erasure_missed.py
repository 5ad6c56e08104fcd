"""Emails erased before an erasure covered what staff did with them (issue 25, finding 7)
lose those words now: every email with a ``content`` tombstone (an erasure request or
retention's content stage) goes through today's content scrub again.

Before 83c4b14 the content stage emptied the email's own fields, its chains' outputs,
its decision's personal fields, ticket and notification texts, and left the rest: the
replies' address, subject and text, notes, the escalation's and the ticket's free
texts, a manual decision's reason, the quotes of the body in every stored reason, the
runs' and calls' errors, the audit rows' free text and details, and Django's admin log
("Reply sent to <address>", the subject in the object's name). This migration removes
them as ``triage.services.retention._remove_content`` does today, and keeps every row,
code, figure, state and date, and another email's rows (a shared attachment file is not
touched: the content stage never deletes files). The email's own fields are emptied
again too (already empty for most; the attachments' text column came later).

An email whose records stage has run is gone with its replies and notes (they
cascade), but Django's admin log is no foreign key: its entries for an email, an
escalation or a ticket that no longer exists lose their message, and an email's its
subject (its name becomes ``#<id>``). Escalations and tickets never had personal data in
their names. Only retention's records stage deletes those rows, so an entry without its
object is one of a removed email.

The scrub is a frozen copy of ``retention.scrub_reasons``, ``scrub_triggers`` and
``_decision_facts`` as of this migration, with the marker and the trigger codes as
strings: a migration must mean the same when the service's vocabulary changes later.
It is idempotent: rows already scrubbed (emails erased since 83c4b14) come out the
same and are not written. Not reversible (nothing kept to restore); going back is a
no-op.
"""

import re

from django.db import migrations
from django.db.models import CharField, Q, Subquery, Value
from django.db.models.functions import Cast, Concat

BATCH = 1000
ERASED = "content removed"
TRIGGERS = frozenset({"high_exposure", "arbitration_or_legal", "contamination",
                      "tight_deadline", "contract_cancellation", "other"})
# The audit rows of a removal or an export: the record that a request was honoured.
PRIVACY_EVENTS = ("raw_removed", "content_removed", "data_exported")
DECISION_KEPT = ("route", "is_claim", "department", "claim_signal_override")
CLAIM_KEPT = ("exposure_amount", "exposure_currency", "exposure_usd", "response_deadline",
              "contract_reference", "lot_reference", "claim_type")
QUOTES = frozenset({"quote", "quotes", "part", "address"})
EXCEPTION_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]{0,63}")
PERSONAL = frozenset({"text", "detail", "address", "sender", "to", "from", "contact",
                      "claiming_party", "name", "subject", "body", "note", "reason", "error",
                      "filename"})
VOCABULARY = frozenset({"code", "codes", "state", "route", "department", "source", "chain",
                        "kind", "template", "stage", "trigger", "triggers", "claim_type",
                        "claim_types", "field", "currency", "dedupe_basis", "assignee",
                        "closed_by", "fields", "how", "provider"})
WORD = re.compile(r"[a-z][a-z0-9_.-]{0,63}")
FACT = re.compile(r"-?\d{1,18}(?:\.\d{1,6})?|\d{4}-\d\d-\d\d(?:[T ][\d:.]{5,15}"
                  r"(?:Z|[+-]\d\d:?\d\d)?)?|[A-Z]{3}")


# --- the scrub, frozen (retention.py as of this migration) --------------------------------

def scrub_reasons(value):
    if isinstance(value, str):
        return ERASED if value else value
    if isinstance(value, list | tuple):
        return [scrub_reasons(item) for item in value]
    if isinstance(value, dict):
        return {key: _param(key, item) for key, item in value.items() if key not in QUOTES}
    return value


def scrub_triggers(value):
    if not isinstance(value, list | tuple):
        return scrub_reasons(value)
    return [item if isinstance(item, str) and item in TRIGGERS else scrub_reasons(item)
            for item in value]


def _param(key, value):
    if isinstance(value, dict):
        return scrub_reasons(value)
    if isinstance(value, list | tuple):
        return [_param(key, item) for item in value]
    if isinstance(value, str) and value and not _kept(key, value):
        return ERASED
    return value


def _kept(key, value):
    if key == "error" and EXCEPTION_NAME.fullmatch(value):
        return True
    if key in PERSONAL:
        return False
    return bool(FACT.fullmatch(value)) or (key in VOCABULARY and bool(WORD.fullmatch(value)))


def decision_facts(decision):
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
        **{k: decision.get(k) for k in DECISION_KEPT if k in decision},
        "escalation": kept,
        "claim": {k: claim.get(k) for k in CLAIM_KEPT if k in claim} or None,
        "content_removed": True,
    }


# --- applied to the rows of every erased email -------------------------------------------

def _scrub(rows, **scrubbers):
    """Each row's fields through their scrubber, written in batches, only when changed."""
    model, fields, batch = rows.model, list(scrubbers), []
    for row in rows.only("pk", *fields).order_by("pk").iterator(chunk_size=BATCH):
        changed = False
        for field, scrub in scrubbers.items():
            value = getattr(row, field)
            new = scrub(value)
            if new != value:
                setattr(row, field, new)
                changed = True
        if changed:
            batch.append(row)
        if len(batch) >= BATCH:
            model.objects.bulk_update(batch, fields)
            batch = []
    if batch:
        model.objects.bulk_update(batch, fields)


def forward(apps, schema_editor):
    get = apps.get_model
    InboundEmail, Tombstone = get("triage", "InboundEmail"), get("triage", "Tombstone")
    erased = Subquery(Tombstone.objects.filter(stage="content").values("email_id"))
    emails = InboundEmail.objects.filter(pk__in=erased)
    of_erased = {"email_id__in": erased}

    emails.update(subject="", text_body="", html_body="", html_text="", attachment_text="",
                  from_header="", from_address="", to=[], cc=[], envelope_sender="",
                  envelope_recipients=[], message_id="", in_reply_to="", references=[],
                  flags={})
    _scrub(emails, status_reasons=scrub_reasons, status_note=scrub_reasons)
    get("triage", "Attachment").objects.filter(**of_erased).update(filename="")
    ChainCall = get("triage", "ChainCall")
    ChainCall.objects.filter(run__email_id__in=erased).update(output=None)
    _scrub(ChainCall.objects.filter(run__email_id__in=erased), error=scrub_reasons)
    _scrub(get("triage", "TriageRun").objects.filter(**of_erased), decision=decision_facts,
           backstop_triggers=scrub_reasons, review_signals=scrub_reasons,
           model_triggers=scrub_triggers, errors=scrub_reasons)
    _scrub(get("triage", "Escalation").objects.filter(**of_erased),
           backstop_triggers=scrub_reasons, model_triggers=scrub_triggers,
           note=scrub_reasons, dismissal_reason=scrub_reasons, resolution_note=scrub_reasons)
    Ticket = get("triage", "Ticket")
    Ticket.objects.filter(**of_erased).update(data={"removed": "content"})
    _scrub(Ticket.objects.filter(**of_erased), rejection_reason=scrub_reasons)
    get("triage", "TicketVersion").objects.filter(ticket__email_id__in=erased).update(
        data={}, changes={})
    Notification = get("triage", "Notification")
    Notification.objects.filter(**of_erased).update(subject="", body="")
    _scrub(Notification.objects.filter(**of_erased), last_error=scrub_reasons)
    Reply = get("triage", "Reply")
    Reply.objects.filter(**of_erased).update(to_address="", subject="", body=ERASED,
                                             in_reply_to="", references=[])
    _scrub(Reply.objects.filter(**of_erased), error=scrub_reasons)
    _scrub(get("triage", "Note").objects.filter(**of_erased), body=scrub_reasons)
    _scrub(get("triage", "EmailEvent").objects.filter(**of_erased)
           .exclude(kind__in=PRIVACY_EVENTS),
           reason=scrub_reasons, reasons=scrub_reasons, before=scrub_reasons,
           after=scrub_reasons, data=scrub_reasons)
    _admin_log(apps, erased)


def _admin_log(apps, erased):
    """Django's log of the admin's actions on an erased email, its escalation and its
    ticket, and on those of an email already deleted: no message, and an email's name
    without its subject."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    LogEntry = apps.get_model("admin", "LogEntry")
    types = dict(ContentType.objects.filter(
        app_label="triage", model__in=["inboundemail", "escalation", "ticket"])
        .values_list("model", "pk"))
    for name, model, of_erased in (("inboundemail", "InboundEmail", {"pk__in": erased}),
                                   ("escalation", "Escalation", {"email_id__in": erased}),
                                   ("ticket", "Ticket", {"email_id__in": erased})):
        if name not in types:
            continue  # Django has not listed the model yet: nothing was logged about it
        rows = apps.get_model("triage", model).objects
        as_text = rows.annotate(text_id=Cast("pk", CharField())).values("text_id")
        entries = LogEntry.objects.filter(content_type_id=types[name])
        # The entries of an erased email's objects, and of objects deleted since.
        targets = entries.filter(Q(object_id__in=as_text.filter(**of_erased))
                                 | ~Q(object_id__in=as_text))
        if name == "inboundemail":
            # The name as the email reads now, its subject empty.
            targets.update(change_message="", object_repr=Concat(Value("#"), "object_id",
                                                           output_field=CharField()))
        else:
            targets.exclude(change_message="").update(change_message="")


class Migration(migrations.Migration):

    dependencies = [
        ("triage", "0015_search_fulltext"),
        ("admin", "0003_logentry_add_action_flag_choices"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.RunPython(forward, migrations.RunPython.noop),
    ]
