"""Translated names of the models and their fields, as the admin shows them.

Set when the admin starts instead of in each model's definition: a ``verbose_name`` in
a field's definition is part of its migration state, and these are words for staff, not
schema. The admin reads ``field.verbose_name``, migrations read what the model declared
(``tests/admin/test_names.py`` checks that ``makemigrations --check`` stays clean).
"""

from __future__ import annotations

from django.apps import apps
from django.utils.translation import gettext_lazy as _

MODELS = {
    "inboundemail": (_("inbound email"), _("inbound emails")),
    "attachment": (_("attachment"), _("attachments")),
    "emailevent": (_("audit event"), _("audit events")),
    "triagerun": (_("triage run"), _("triage runs")),
    "chaincall": (_("chain call"), _("chain calls")),
    "escalation": (_("escalation"), _("escalations")),
    "ticket": (_("ticket"), _("tickets")),
    "ticketversion": (_("ticket version"), _("ticket versions")),
    "forward": (_("forward"), _("forwards")),
    "notification": (_("notification"), _("notifications")),
    "note": (_("note"), _("notes")),
    "reply": (_("reply"), _("replies")),
}

FIELDS = {
    "provider": _("provider"), "provider_event_id": _("provider event id"),
    "message_id": _("Message-ID"), "in_reply_to": _("in reply to"),
    "reply_to_email": _("reply to email"), "from_header": _("From"),
    "from_address": _("sender"), "subject": _("subject"), "received_at": _("received at"),
    "date_header": _("Date header"), "raw_size": _("raw size"), "automated": _("automated"),
    "status": _("status"), "status_reasons": _("status reason"),
    "status_note": _("status note"), "reasons": _("reasons"), "email": _("email"),
    "backstop_triggers": _("backstop triggers"), "model_triggers": _("model triggers"),
    "kind": _("action"), "target": _("target"), "old_status": _("old status"),
    "new_status": _("new status"), "version": _("version"), "reason": _("reason"),
    "actor": _("who"), "created_at": _("created at"), "filename": _("filename"),
    "declared_type": _("declared type"), "content_type": _("content type"),
    "size": _("size"), "stored": _("stored"), "attempt": _("attempt"),
    "model_name": _("model"), "started_at": _("started at"),
    "finished_at": _("finished at"), "route": _("route"), "department": _("department"),
    "is_claim": _("claim"), "escalation_required": _("escalation required"),
    "backstop_overrode": _("backstop overrode"), "exposure_usd": _("exposure (USD)"),
    "response_deadline": _("response deadline"), "llm_calls": _("LLM calls"),
    "run": _("run"), "chain": _("chain"), "prompt_version": _("prompt version"),
    "input_tokens": _("input tokens"), "output_tokens": _("output tokens"),
    "latency_ms": _("latency (ms)"), "state": _("state"),
    "acknowledged_by": _("acknowledged by"), "acknowledged_at": _("acknowledged at"),
    "closed_by": _("closed by"), "closed_at": _("closed at"), "note": _("note"),
    "dismissal_requested_by": _("dismissal requested by"),
    "resolution_requested_by": _("resolution requested by"),
    "reopen_count": _("times re-opened"), "last_corrected_by": _("last corrected by"),
    "decided_by": _("decided by"), "decided_at": _("decided at"),
    "decided_version": _("decided version"), "arbitration_number": _("arbitration number"),
    "changed_by": _("changed by"), "source": _("source"), "to_address": _("to"),
    "key": _("key"), "attempts": _("attempts"), "sent_at": _("sent at"),
    "assignee": _("assigned to"),
    "author": _("author"), "template": _("template"),
    "attachment_text": _("attachment text"),
}

HELP = {
    ("inboundemail", "date_header"): _("The sender's Date: header, for display"),
    ("triagerun", "backstop_overrode"): _("The backstop escalated what the model did not"),
    ("attachment", "content_type"): _("Sniffed from the bytes"),
    ("attachment", "stored"): _("False when over the size cap"),
    ("ticketversion", "source"): _("pipeline or correction"),
    ("inboundemail", "attachment_text"): _("The attachments' text as the last triage read "
                                           "it, for search"),
}


def apply() -> None:
    for model in apps.get_app_config("triage").get_models():
        meta = model._meta
        if meta.model_name in MODELS:
            meta.verbose_name, meta.verbose_name_plural = MODELS[meta.model_name]
        for f in meta.get_fields():
            if f.concrete and f.name in FIELDS:
                f.verbose_name = FIELDS[f.name]
            if (meta.model_name, f.name) in HELP:
                f.help_text = HELP[meta.model_name, f.name]
