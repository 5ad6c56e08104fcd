"""Tickets: claims staff review a draft version, then approve, reject or correct it."""

from __future__ import annotations

from django.contrib import admin
from django.template.loader import render_to_string

from triage import forms
from triage.admin.base import ObjectAction, ReadOnlyAdmin, ReadOnlyInline
from triage.admin.claims import claim_table
from triage.admin.display import cut_at_word, email_subject, esc, shown_email
from triage.admin.work import (
    AssigneeFilter,
    AwaitingApprovalFilter,
    WorkAdmin,
    take_selected,
    work_actions,
)
from triage.models import Ticket, TicketVersion
from triage.services import review

CLAIMS = "triage.approve_ticket"


class TicketVersionInline(ReadOnlyInline):
    model = TicketVersion
    fields = ["version", "source", "changed_by", "shown_changes", "created_at"]
    readonly_fields = fields

    @admin.display(description="changes")
    def shown_changes(self, obj: TicketVersion) -> str:
        return esc(", ".join(f"{k}: {v[0]!r} -> {v[1]!r}" for k, v in obj.changes.items())) or "-"


@admin.register(Ticket)
class TicketAdmin(WorkAdmin, ReadOnlyAdmin):
    work_kind = "ticket"
    list_display = ["email_subject", "state", "version", "claiming_party", "exposure",
                    "arbitration_number", "created_at", "shown_assignee"]
    list_filter = ["state", AwaitingApprovalFilter, AssigneeFilter]
    list_select_related = ["email", "assignee"]
    inlines = [TicketVersionInline]
    change_form_template = "admin/triage/ticket/change_form.html"
    actions = [take_selected]
    readonly_fields = ["shown_email", "state", "version", "claim_table", "checklist_table",
                       "last_corrected_by", "decided_by", "decided_at", "decided_version",
                       "arbitration_number", "shown_rejection_reason"]
    fields = readonly_fields
    object_actions = {
        "approve": ObjectAction(forms.VersionForm, CLAIMS, review.ticket_approve),
        "reject": ObjectAction(forms.RejectForm, CLAIMS, review.ticket_reject),
        "correct": ObjectAction(forms.CorrectionForm, CLAIMS, review.ticket_correct,
                                context_name="correction_form"),
        **work_actions("ticket"),
    }

    email_subject = staticmethod(email_subject)
    shown_email = staticmethod(shown_email)

    def action_context(self, obj: Ticket) -> dict | None:
        if obj.state != Ticket.State.DRAFT:
            return None
        claim = obj.data.get("claim") or {}
        initial = {f: claim.get(f) for f in review.EDITABLE_FIELDS}
        return {
            "seen_version": obj.version,
            "correction_form": forms.CorrectionForm(
                initial={**initial, "seen_version": obj.version}),
            "reject_form": forms.RejectForm(initial={"seen_version": obj.version}),
        }

    @admin.display(description="claiming party")
    def claiming_party(self, obj: Ticket) -> str:
        return esc((obj.data.get("claim") or {}).get("claiming_party") or "-")

    @admin.display(description="exposure")
    def exposure(self, obj: Ticket) -> str:
        claim = obj.data.get("claim") or {}
        if claim.get("exposure_amount") is None:
            return "-"
        return esc(f"{claim['exposure_amount']:,.2f} {claim.get('exposure_currency') or ''}")

    @admin.display(description="claim (this version)")
    def claim_table(self, obj: Ticket) -> str:
        return claim_table(obj.data.get("claim") or {}, obj.email.text_body)

    @admin.display(description="qualification checklist")
    def checklist_table(self, obj: Ticket) -> str:
        rows = obj.data.get("checklist") or []
        if not rows:
            return "-"
        # Text, as the console has always shown it (no localised numbers).
        return render_to_string("admin/triage/ticket/checklist.html", {"rows": [
            (esc(r.get("question")), str(r.get("answer")), str(r.get("confidence")),
             esc(cut_at_word(r.get("quote") or ""))) for r in rows]})

    @admin.display(description="rejection reason")
    def shown_rejection_reason(self, obj: Ticket) -> str:
        return esc(obj.rejection_reason) or "-"
