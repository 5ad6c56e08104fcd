"""Escalations: the trading desk's queue, and its three actions."""

from __future__ import annotations

from django.conf import settings
from django.contrib import admin
from django.db.models import Case, IntegerField, Value, When
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from triage import formats, forms, labels
from triage.admin.base import ObjectAction, ReadOnlyAdmin
from triage.admin.display import email_subject, esc, shown_email
from triage.models import Escalation
from triage.selectors import business_days_left
from triage.services import review

DESK = "triage.resolve_escalation"


@admin.register(Escalation)
class EscalationAdmin(ReadOnlyAdmin):
    list_display = ["email_subject", "state", "shown_exposure", "shown_deadline", "time_left",
                    "shown_model_triggers", "shown_backstop_triggers", "created_at"]
    list_filter = ["state"]
    list_select_related = ["email", "run"]
    change_form_template = "admin/triage/escalation/change_form.html"
    readonly_fields = ["shown_email", "state", "shown_exposure", "shown_deadline", "time_left",
                       "shown_model_triggers", "shown_backstop_triggers", "created_at",
                       "acknowledged_by", "acknowledged_at", "closed_by", "closed_at",
                       "shown_note", "dismissal_requested_by", "shown_dismissal_reason",
                       "resolution_requested_by", "shown_resolution_note", "reopen_count"]
    fields = readonly_fields
    object_actions = {
        "acknowledge": ObjectAction(forms.NoteForm, DESK, review.escalation_acknowledge),
        "resolve": ObjectAction(forms.RequiredNoteForm, DESK, review.escalation_resolve),
        "dismiss": ObjectAction(forms.DismissForm, DESK, review.escalation_dismiss),
    }

    email_subject = staticmethod(email_subject)
    shown_email = staticmethod(shown_email)

    def get_queryset(self, request):
        # Pending first, oldest first: the desk works the queue from the top.
        rank = Case(When(state="pending", then=Value(0)),
                    When(state="acknowledged", then=Value(1)), default=Value(2),
                    output_field=IntegerField())
        return super().get_queryset(request).annotate(rank=rank).order_by("rank", "created_at")

    def action_context(self, obj: Escalation) -> dict | None:
        if obj.state not in (Escalation.State.PENDING, Escalation.State.ACKNOWLEDGED):
            return None
        return {"can_acknowledge": obj.state == Escalation.State.PENDING}

    @admin.display(description=_("time left"))
    def time_left(self, obj: Escalation) -> str:
        days = business_days_left(obj.response_deadline)
        if days is None:
            return gettext("no deadline stated")
        if days < 0:
            return gettext("OVERDUE")
        return ngettext("%(days)s business day", "%(days)s business days", days) % {
            "days": days}

    @admin.display(description=_("exposure"), ordering="exposure_usd")
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
        return esc(labels.sentences(obj.backstop_triggers)) or "-"

    @admin.display(description=_("note"))
    def shown_note(self, obj: Escalation) -> str:
        return esc(obj.note) or "-"

    @admin.display(description=_("dismissal reason"))
    def shown_dismissal_reason(self, obj: Escalation) -> str:
        return esc(obj.dismissal_reason) or "-"

    @admin.display(description=_("resolution note (awaiting a second desk member)"))
    def shown_resolution_note(self, obj: Escalation) -> str:
        return esc(obj.resolution_note) or "-"
