"""Escalations: the trading desk's queue, and its three actions."""

from __future__ import annotations

from functools import partial

from django.conf import settings
from django.contrib import admin
from django.db.models import Case, F, IntegerField, Value, When
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from triage import formats, forms, labels
from triage.admin import evidence, states
from triage.admin.base import ObjectAction, ReadOnlyAdmin, list_queryset
from triage.admin.display import (
    email_subject,
    esc,
    pre,
    short_datetime,
    shown_email,
    truncated,
)
from triage.admin.search import ListSearch
from triage.admin.work import (
    AssigneeFilter,
    SecondDeskFilter,
    WorkAdmin,
    take_selected,
    work_actions,
)
from triage.models import Escalation
from triage.search import fields
from triage.services import escalations

DESK = "triage.resolve_escalation"


@admin.register(Escalation)
class EscalationAdmin(ListSearch, WorkAdmin, ReadOnlyAdmin):
    work_kind = "escalation"
    list_display = ["email_subject", "shown_state", "list_exposure", "shown_deadline",
                    "time_left", "list_model_triggers", "list_backstop_triggers",
                    "list_created", "shown_assignee"]
    list_filter = ["state", SecondDeskFilter, AssigneeFilter]
    list_select_related = ["email", "assignee", "run", "resolution_requested_by",
                           "dismissal_requested_by"]
    # The email's sender, words and references, and the desk's own texts and owner
    # (``triage.search.fields``).
    search_fields = ["email__subject", "email__text_body", "email__from_address", "note",
                     "resolution_note", "dismissal_reason", "assignee__username"]
    search_lookups = fields.ESCALATION
    change_form_template = "admin/triage/escalation/change_form.html"
    actions = [take_selected, "acknowledge_selected"]
    readonly_fields = ["shown_email", "shown_state", "shown_assignee", "shown_exposure",
                       "shown_deadline", "time_left",
                       "shown_model_triggers", "shown_backstop_triggers", "shown_body",
                       "created_at",
                       "acknowledged_by", "acknowledged_at", "closed_by", "closed_at",
                       "dismissal_requested_by", "shown_dismissal_reason",
                       "resolution_requested_by", "shown_resolution_note", "reopen_count"]
    fields = readonly_fields
    object_actions = {
        "acknowledge": ObjectAction(forms.NoteForm, DESK, escalations.escalation_acknowledge),
        "resolve": ObjectAction(forms.RequiredNoteForm, DESK, escalations.escalation_resolve),
        "dismiss": ObjectAction(forms.DismissForm, DESK, escalations.escalation_dismiss),
        "confirm_resolution": ObjectAction(forms.ActionForm, DESK, partial(
            escalations.escalation_confirm, what="resolution")),
        "confirm_dismissal": ObjectAction(forms.ActionForm, DESK, partial(
            escalations.escalation_confirm, what="dismissal")),
        **work_actions("escalation"),
    }

    email_subject = staticmethod(email_subject)
    shown_email = staticmethod(shown_email)

    def get_queryset(self, request):
        # Pending first, then least time left (no deadline last), then oldest: the desk
        # works the queue from the top.
        rank = Case(When(state="pending", then=Value(0)),
                    When(state="acknowledged", then=Value(1)), default=Value(2),
                    output_field=IntegerField())
        queryset = list_queryset(request, self, super().get_queryset(request),
                                 also=("run__decision",))
        return queryset.annotate(rank=rank).order_by(
            "rank", F("response_deadline").asc(nulls_last=True), "created_at")

    @admin.action(description=_("Acknowledge the selected escalations"),
                  permissions=["work"])
    def acknowledge_selected(self, request, queryset) -> None:
        done = sum(escalations.escalation_acknowledge(pk, request.user).changed
                   for pk in queryset.values_list("pk", flat=True)[:500])
        self.message_user(request, ngettext("%(n)d escalation acknowledged.",
                                            "%(n)d escalations acknowledged.", done) % {"n": done})

    def action_context(self, obj: Escalation) -> dict | None:
        if obj.state not in (Escalation.State.PENDING, Escalation.State.ACKNOWLEDGED):
            return None
        request = states.second_desk_request(obj)
        return {"can_acknowledge": obj.state == Escalation.State.PENDING,
                "closing_request": request and {
                    "what": request[0], "who": request[1].get_username(),
                    "note": labels.written(obj.resolution_note if request[0] == "resolution"
                                           else obj.dismissal_reason)}}

    def evidence_card(self, obj: Escalation) -> dict:
        return evidence.card(obj.email, item=obj)

    @admin.display(description=_("state"), ordering="state")
    def shown_state(self, obj: Escalation) -> str:
        return states.escalation_state(obj)

    @admin.display(description=_("time left"), ordering="response_deadline")
    def time_left(self, obj: Escalation) -> str:
        words, css = states.time_left(obj.response_deadline, waiting=states.is_waiting(obj))
        if not obj.response_deadline:
            return words
        return format_html('<span class="triage-time-left {}">{}</span>', css, words)

    @admin.display(description=_("the email (normalised text)"))
    def shown_body(self, obj: Escalation) -> str:
        return pre(obj.email.text_body)

    @admin.display(description=_("exposure USD"), ordering="exposure_usd")
    def list_exposure(self, obj: Escalation) -> str:
        """Short for the list: the USD figure, the stated amount and rate on hover."""
        return format_html('<span title="{}">{}</span>', self.shown_exposure(obj),
                           formats.money(obj.exposure_usd, "USD"))

    @admin.display(description=_("exposure (as the sender wrote it, the rate, USD)"),
                   ordering="exposure_usd")
    def shown_exposure(self, obj: Escalation) -> str:
        """The USD figure next to the amount as stated and the rate used."""
        return esc(labels.exposure(obj.exposure_usd, obj.run.exposure_amount,
                                   obj.run.exposure_currency, settings.TRIAGE_USD_RATES))

    @admin.display(description=_("response deadline"), ordering="response_deadline")
    def shown_deadline(self, obj: Escalation) -> str:
        return formats.day(obj.response_deadline)

    @admin.display(description=_("model triggers"))
    def shown_model_triggers(self, obj: Escalation) -> str:
        return esc(", ".join(map(labels.model_trigger, obj.model_triggers))) or "-"

    @admin.display(description=_("backstop triggers"))
    def shown_backstop_triggers(self, obj: Escalation) -> str:
        return esc(labels.reasons(obj.backstop_triggers)) or "-"

    @admin.display(description=_("raised"), ordering="created_at")
    def list_created(self, obj: Escalation) -> str:
        return short_datetime(obj.created_at)

    @admin.display(description=_("model triggers"))
    def list_model_triggers(self, obj: Escalation) -> str:
        return truncated(", ".join(map(labels.model_trigger, obj.model_triggers)), 50) or "-"

    @admin.display(description=_("backstop triggers"))
    def list_backstop_triggers(self, obj: Escalation) -> str:
        return truncated(labels.reasons(obj.backstop_triggers), 50) or "-"

    @admin.display(description=_("dismissal reason"))
    def shown_dismissal_reason(self, obj: Escalation) -> str:
        return esc(labels.written(obj.dismissal_reason)) or "-"

    @admin.display(description=_("resolution note (as requested)"))
    def shown_resolution_note(self, obj: Escalation) -> str:
        return esc(labels.written(obj.resolution_note)) or "-"
