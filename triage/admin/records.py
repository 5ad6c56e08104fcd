"""What happened, read-only for everyone: runs and their chain calls, forwards,
notifications, and the audit trail."""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from triage import labels
from triage.admin.base import EstimatedCountPaginator, ReadOnlyAdmin, ReadOnlyInline
from triage.admin.display import (
    call_error,
    email_number,
    esc,
    pretty_json,
    provider_badge,
    target_words,
)
from triage.models import ChainCall, EmailEvent, Forward, Notification, TriageRun


class ChainCallInline(ReadOnlyInline):
    model = ChainCall
    fields = ["chain", "provider", "model_name", "prompt_version", "input_tokens",
              "output_tokens", "latency_ms", "shown_output", "shown_error"]
    readonly_fields = fields

    @admin.display(description=_("output"))
    def shown_output(self, obj: ChainCall) -> str:
        return pretty_json(obj.output)

    @admin.display(description=_("error"))
    def shown_error(self, obj: ChainCall) -> str:
        return call_error(obj.error, obj.run.errors, obj.chain)


@admin.register(TriageRun)
class TriageRunAdmin(ReadOnlyAdmin):
    list_display = ["email_id", "attempt", "started_at", "status", "shown_route",
                    "shown_department",
                    "escalation_required", "backstop_overrode", "provider_shown", "llm_calls"]
    list_filter = ["status", "route", "provider", "backstop_overrode"]
    inlines = [ChainCallInline]
    exclude = ["decision"]
    readonly_fields = ["decision_json"]

    @admin.display(description=_("provider"))
    def provider_shown(self, obj: TriageRun) -> str:
        return provider_badge(obj.provider)

    @admin.display(description=_("route"), ordering="route")
    def shown_route(self, obj: TriageRun) -> str:
        return labels.route(obj.route)

    @admin.display(description=_("department"), ordering="department")
    def shown_department(self, obj: TriageRun) -> str:
        return labels.department(obj.department)

    @admin.display(description=_("decision"))
    def decision_json(self, obj: TriageRun) -> str:
        return pretty_json(obj.decision)


@admin.register(Forward)
class ForwardAdmin(ReadOnlyAdmin):
    list_display = ["email_number", "shown_department", "to_address", "created_at"]
    list_filter = ["department"]
    email_number = staticmethod(email_number)

    @admin.display(description=_("department"), ordering="department")
    def shown_department(self, obj: Forward) -> str:
        return labels.department(obj.department)


class NotificationKindFilter(admin.SimpleListFilter):
    title, parameter_name = _("kind"), "kind"

    def lookups(self, request, model_admin):
        return [(k, v) for k, v in labels.NOTIFICATION_KINDS.items()]

    def queryset(self, request, queryset):
        return queryset.filter(kind=self.value()) if self.value() else queryset


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin):
    list_display = ["email_number", "shown_kind", "state", "attempts", "created_at",
                    "sent_at"]
    list_filter = [NotificationKindFilter, "state"]
    email_number = staticmethod(email_number)

    @admin.display(description=_("kind"), ordering="kind")
    def shown_kind(self, obj: Notification) -> str:
        return labels.word(labels.NOTIFICATION_KINDS, obj.kind)


class EventKindFilter(admin.SimpleListFilter):
    """The audit's kinds in words (a fixed list: no DISTINCT over the whole trail)."""

    title, parameter_name = _("action"), "kind"

    def lookups(self, request, model_admin):
        return sorted(((k, str(v)) for k, v in labels.EVENTS.items()), key=lambda kv: kv[1])

    def queryset(self, request, queryset):
        return queryset.filter(kind=self.value()) if self.value() else queryset


@admin.register(EmailEvent)
class AuditAdmin(ReadOnlyAdmin):
    """The audit trail: read-only for everyone, superusers included."""

    list_display = ["created_at", "email_number", "shown_kind", "shown_target", "actor",
                    "shown_old", "shown_new", "version", "shown_reason"]
    list_filter = [EventKindFilter]
    email_number = staticmethod(email_number)
    list_select_related = ["actor"]
    search_fields = ["=email__id", "target", "actor__username"]
    show_full_result_count = False
    paginator = EstimatedCountPaginator

    @admin.display(description=_("reason"))
    def shown_reason(self, obj: EmailEvent) -> str:
        """The system's reasons in the reader's language, a person's words as written."""
        return esc(" · ".join(x for x in [labels.reasons(obj.reasons), obj.reason] if x))

    @admin.display(description=_("target"), ordering="target")
    def shown_target(self, obj: EmailEvent) -> str:
        return esc(target_words(obj.target))

    @admin.display(description=_("action"), ordering="kind")
    def shown_kind(self, obj: EmailEvent) -> str:
        return labels.event(obj.kind)

    @admin.display(description=_("old status"))
    def shown_old(self, obj: EmailEvent) -> str:
        return labels.status(obj.old_status)

    @admin.display(description=_("new status"))
    def shown_new(self, obj: EmailEvent) -> str:
        return labels.status(obj.new_status)
