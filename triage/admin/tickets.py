"""Tickets: claims staff review a draft version, then approve, reject or correct it."""

from __future__ import annotations

from django.contrib import admin
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from triage import formats, forms, labels
from triage.admin import evidence, states
from triage.admin.base import ObjectAction, ReadOnlyAdmin, ReadOnlyInline, list_queryset
from triage.admin.claims import claim_table
from triage.admin.display import claim_value, cut_at_word, email_subject, esc, shown_email
from triage.admin.search import ListSearch
from triage.admin.work import (
    AssigneeFilter,
    AwaitingApprovalFilter,
    WorkAdmin,
    take_selected,
    work_actions,
)
from triage.models import Ticket, TicketVersion
from triage.search import fields
from triage.services import tickets

CLAIMS = "triage.approve_ticket"


class TicketVersionInline(ReadOnlyInline):
    model = TicketVersion
    fields = ["version", "shown_source", "changed_by", "shown_changes", "created_at"]
    readonly_fields = fields

    @admin.display(description=_("source"))
    def shown_source(self, obj: TicketVersion) -> str:
        return labels.word(labels.VERSION_SOURCES, obj.source)

    @admin.display(description=_("changes"))
    def shown_changes(self, obj: TicketVersion) -> str:
        return esc(", ".join(
            f"{labels.field(k)}: {claim_value(k, v[0], {}) if v[0] is not None else '-'} → "
            f"{claim_value(k, v[1], {}) if v[1] is not None else '-'}"
            for k, v in obj.changes.items())) or "-"


@admin.register(Ticket)
class TicketAdmin(ListSearch, WorkAdmin, ReadOnlyAdmin):
    work_kind = "ticket"
    list_display = ["email_subject", "shown_state", "version", "claiming_party", "exposure",
                    "shown_deadline", "time_left", "arbitration_number", "created_at",
                    "shown_assignee"]
    list_filter = ["state", AwaitingApprovalFilter, AssigneeFilter]
    list_select_related = ["email", "assignee"]
    # The email's sender, words and references, the ticket number, the claiming party,
    # the rejection reason and the owner (``triage.search.fields``).
    search_fields = ["email__subject", "email__text_body", "email__from_address",
                     "arbitration_number", "rejection_reason", "assignee__username"]
    search_lookups = fields.TICKET
    inlines = [TicketVersionInline]
    change_form_template = "admin/triage/ticket/change_form.html"
    actions = [take_selected]
    # The claim and its checklist come first on the page, before the actions
    # (``change_view``); the rest is the record.
    readonly_fields = ["shown_email", "shown_state", "version", "last_corrected_by",
                       "decided_by", "decided_at", "decided_version", "arbitration_number",
                       "shown_rejection_reason"]
    fields = readonly_fields
    object_actions = {
        "approve": ObjectAction(forms.VersionForm, CLAIMS, tickets.ticket_approve),
        "reject": ObjectAction(forms.RejectForm, CLAIMS, tickets.ticket_reject),
        "correct": ObjectAction(forms.CorrectionForm, CLAIMS, tickets.ticket_correct),
        **work_actions("ticket"),
    }

    email_subject = staticmethod(email_subject)
    shown_email = staticmethod(shown_email)

    def evidence_card(self, obj: Ticket) -> dict:
        return evidence.card(obj.email, item=obj, claim=obj.data.get("claim") or {})

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = dict(extra_context or {})
        obj = self.get_object(request, object_id)
        if obj is not None:
            extra["ticket_claim"] = self.claim_table(obj)
            checklist = self.checklist_table(obj)
            extra["ticket_checklist"] = "" if checklist == "-" else checklist
        return super().change_view(request, object_id, form_url, extra)

    @admin.display(description=_("state"), ordering="state")
    def shown_state(self, obj: Ticket) -> str:
        return states.ticket_state(obj)

    @admin.display(description=_("response deadline"))
    def shown_deadline(self, obj: Ticket) -> str:
        return formats.day((obj.data.get("claim") or {}).get("response_deadline"))

    @admin.display(description=_("time left"))
    def time_left(self, obj: Ticket) -> str:
        deadline = evidence.claim_deadline(obj.data.get("claim") or {})
        words, css = states.time_left(deadline, waiting=states.is_waiting(obj))
        if deadline is None:
            return words
        return format_html('<span class="triage-time-left {}">{}</span>', css, words)

    def get_queryset(self, request):
        return list_queryset(request, self, super().get_queryset(request))

    def action_context(self, obj: Ticket) -> dict | None:
        if obj.state != Ticket.State.DRAFT:
            return None
        claim = obj.data.get("claim") or {}
        initial = {f: claim.get(f) for f in tickets.EDITABLE_FIELDS}
        return {
            "seen_version": obj.version,
            "correction_form": forms.CorrectionForm(
                initial={**initial, "seen_version": obj.version}),
            "reject_form": forms.RejectForm(initial={"seen_version": obj.version}),
        }

    @admin.display(description=_("claiming party"))
    def claiming_party(self, obj: Ticket) -> str:
        return esc((obj.data.get("claim") or {}).get("claiming_party") or "-")

    @admin.display(description=_("exposure"))
    def exposure(self, obj: Ticket) -> str:
        claim = obj.data.get("claim") or {}
        return esc(formats.money(claim.get("exposure_amount"), claim.get("exposure_currency")))

    @admin.display(description=_("claim (this version)"))
    def claim_table(self, obj: Ticket) -> str:
        return claim_table(obj.data.get("claim") or {}, obj.email.text_body)

    @admin.display(description=_("qualification checklist"))
    def checklist_table(self, obj: Ticket) -> str:
        rows = obj.data.get("checklist") or []
        if not rows:
            return "-"
        return render_to_string("admin/triage/ticket/checklist.html", {"rows": [
            (esc(labels.checklist_question(r.get("question"))), _answer(r.get("answer")),
             formats.number(r["confidence"]) if isinstance(r.get("confidence"), int | float)
             else str(r.get("confidence")), esc(cut_at_word(r.get("quote") or "")))
            for r in rows]})

    @admin.display(description=_("rejection reason"))
    def shown_rejection_reason(self, obj: Ticket) -> str:
        return esc(labels.written(obj.rejection_reason)) or "-"


def _answer(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return labels.yes_no(value)
    return str(labels.CHECKLIST_ANSWERS.get(str(value).lower(), value))
