"""Tickets: claims staff review a draft version, then approve, reject or correct it."""

from __future__ import annotations

from django.contrib import admin
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from triage import formats, forms, labels
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
    fields = ["version", "source", "changed_by", "shown_changes", "created_at"]
    readonly_fields = fields

    @admin.display(description=_("changes"))
    def shown_changes(self, obj: TicketVersion) -> str:
        return esc(", ".join(
            f"{labels.field(k)}: {claim_value(k, v[0], {}) if v[0] is not None else '-'} → "
            f"{claim_value(k, v[1], {}) if v[1] is not None else '-'}"
            for k, v in obj.changes.items())) or "-"


@admin.register(Ticket)
class TicketAdmin(ListSearch, WorkAdmin, ReadOnlyAdmin):
    work_kind = "ticket"
    list_display = ["email_subject", "state", "version", "claiming_party", "exposure",
                    "arbitration_number", "created_at", "shown_assignee"]
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
    readonly_fields = ["shown_email", "state", "version", "claim_table", "checklist_table",
                       "last_corrected_by", "decided_by", "decided_at", "decided_version",
                       "arbitration_number", "shown_rejection_reason"]
    fields = readonly_fields
    object_actions = {
        "approve": ObjectAction(forms.VersionForm, CLAIMS, tickets.ticket_approve),
        "reject": ObjectAction(forms.RejectForm, CLAIMS, tickets.ticket_reject),
        "correct": ObjectAction(forms.CorrectionForm, CLAIMS, tickets.ticket_correct),
        **work_actions("ticket"),
    }

    email_subject = staticmethod(email_subject)
    shown_email = staticmethod(shown_email)

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
            (esc(r.get("question")), _answer(r.get("answer")),
             formats.number(r["confidence"]) if isinstance(r.get("confidence"), int | float)
             else str(r.get("confidence")), esc(cut_at_word(r.get("quote") or "")))
            for r in rows]})

    @admin.display(description=_("rejection reason"))
    def shown_rejection_reason(self, obj: Ticket) -> str:
        return esc(labels.written(obj.rejection_reason)) or "-"


def _answer(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return labels.yes_no(value)
    return {"yes": labels.yes_no(True), "no": labels.yes_no(False)}.get(str(value).lower(),
                                                                         str(value))
