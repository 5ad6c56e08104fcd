"""Presentation and permissions only. Everything a sender or a model wrote goes
through ``format_html``/autoescape with invisible characters made visible."""

from __future__ import annotations

import json

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html

from triage.models import (
    Attachment,
    ChainCall,
    EmailEvent,
    Escalation,
    Forward,
    InboundEmail,
    Notification,
    Ticket,
    TriageRun,
)
from triage.sanitize import escape_for_display, escape_invisible
from triage.webhooks import json_to_eml

admin.site.site_header = "Triage console"
admin.site.site_title = "Triage"
admin.site.index_title = "Inbound email triage"


class ReadOnlyAdmin(admin.ModelAdmin):
    """Nobody edits what arrived or what was decided; changes go through services."""

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


def provider_badge(provider: str) -> str:
    if provider == "offline":
        return format_html('<span class="triage-offline" title="{}">OFFLINE</span>',
                           "Decided by the rule-based offline provider (simulated, no LLM)")
    return provider or "-"


class FlagFilter(admin.SimpleListFilter):
    title = "flags"
    parameter_name = "flag"

    def lookups(self, request, model_admin):
        return [("hidden_content", "Hidden HTML content"),
                ("invisible_characters", "Invisible characters"),
                ("automated", "Automated mail")]

    def queryset(self, request, queryset):
        if self.value() == "automated":
            return queryset.exclude(automated="")
        if self.value() in ("hidden_content", "invisible_characters"):
            return queryset.filter(flags__has_key=self.value())
        return queryset


class EventInline(ReadOnlyInline):
    model = EmailEvent
    fields = ["created_at", "kind", "old_status", "new_status", "shown_reason", "actor"]
    readonly_fields = fields
    show_change_link = False

    @admin.display(description="reason")
    def shown_reason(self, obj: EmailEvent) -> str:
        return escape_invisible(obj.reason)


class AttachmentInline(ReadOnlyInline):
    model = Attachment
    fields = ["shown_filename", "content_type", "declared_type", "size", "stored"]
    readonly_fields = fields
    show_change_link = False

    @admin.display(description="filename")
    def shown_filename(self, obj: Attachment) -> str:
        return escape_invisible(obj.filename)


class RunInline(ReadOnlyInline):
    model = TriageRun
    fields = ["attempt", "started_at", "status", "route", "provider", "model_name", "llm_calls",
              "input_tokens", "output_tokens", "duration_ms"]
    readonly_fields = fields


@admin.register(InboundEmail)
class InboundEmailAdmin(ReadOnlyAdmin):
    list_display = ["received_at", "shown_sender", "shown_subject", "status", "route",
                    "department", "exposure_usd", "deadline", "provider_shown", "flag_icons"]
    list_filter = ["status", "current_run__route", "current_run__department",
                   "current_run__provider", FlagFilter, "provider", "received_at"]
    search_fields = ["from_address", "subject", "message_id"]
    list_select_related = ["current_run"]
    show_full_result_count = False
    date_hierarchy = "received_at"
    inlines = [AttachmentInline, RunInline, EventInline]
    exclude = ["raw_message", "text_body", "html_body", "subject", "from_header", "dedupe_key"]
    readonly_fields = ["shown_subject", "shown_from", "from_address", "to", "cc",
                       "message_id", "in_reply_to", "reply_to_email", "status",
                       "status_reason", "received_at", "ingested_at", "provider",
                       "provider_event_id", "raw_format", "raw_size", "automated", "flags",
                       "shown_body", "download_raw", "decision_summary"]

    def get_urls(self):
        return [
            path("<int:pk>/raw/", self.admin_site.admin_view(self.raw_view),
                 name="triage_inboundemail_raw"),
            *super().get_urls(),
        ]

    def raw_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        if not self.has_view_permission(request):
            return HttpResponse(status=403)
        email = get_object_or_404(InboundEmail, pk=pk)
        raw = bytes(email.raw_message)
        if email.raw_format == "json" and request.GET.get("as") != "json":
            raw = json_to_eml(raw)  # the JSON delivery as a message; ?as=json for verbatim
            name, ctype = f"email-{email.pk}.eml", "message/rfc822"
        elif email.raw_format == "json":
            name, ctype = f"email-{email.pk}.json", "application/json"
        else:
            name, ctype = f"email-{email.pk}.eml", "message/rfc822"
        response = HttpResponse(raw, content_type=ctype)
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response

    @admin.display(description="sender", ordering="from_address")
    def shown_sender(self, obj: InboundEmail) -> str:
        return escape_invisible(obj.from_address)

    @admin.display(description="subject")
    def shown_subject(self, obj: InboundEmail) -> str:
        return escape_invisible(obj.subject)

    @admin.display(description="from")
    def shown_from(self, obj: InboundEmail) -> str:
        return escape_invisible(obj.from_header)

    @admin.display(description="route", ordering="current_run__route")
    def route(self, obj: InboundEmail) -> str:
        return obj.current_run.route if obj.current_run else "-"

    @admin.display(description="department")
    def department(self, obj: InboundEmail) -> str:
        return obj.current_run.department if obj.current_run else "-"

    @admin.display(description="exposure USD", ordering="current_run__exposure_usd")
    def exposure_usd(self, obj: InboundEmail):
        run = obj.current_run
        return f"{run.exposure_usd:,.0f}" if run and run.exposure_usd is not None else "-"

    @admin.display(description="deadline", ordering="current_run__response_deadline")
    def deadline(self, obj: InboundEmail):
        run = obj.current_run
        return run.response_deadline if run and run.response_deadline else "-"

    @admin.display(description="decided by")
    def provider_shown(self, obj: InboundEmail) -> str:
        return provider_badge(obj.current_run.provider) if obj.current_run else "-"

    @admin.display(description="flags")
    def flag_icons(self, obj: InboundEmail) -> str:
        names = [k for k in ("hidden_content", "invisible_characters") if k in obj.flags]
        if obj.automated:
            names.append("automated")
        return ", ".join(names) or "-"

    @admin.display(description="normalised text (what the chains read)")
    def shown_body(self, obj: InboundEmail) -> str:
        return format_html('<pre class="triage-body">{}</pre>', escape_for_display(obj.text_body))

    @admin.display(description="raw message")
    def download_raw(self, obj: InboundEmail) -> str:
        url = reverse("admin:triage_inboundemail_raw", args=[obj.pk])
        return format_html('<a href="{}">Download ({} bytes, {})</a>', url, obj.raw_size,
                           obj.raw_format)

    @admin.display(description="decision")
    def decision_summary(self, obj: InboundEmail) -> str:
        run = obj.current_run
        if run is None:
            return "-"
        return format_html('<pre class="triage-body">{}</pre>', escape_for_display(
            json.dumps(run.decision, indent=2, ensure_ascii=False)))


class ChainCallInline(ReadOnlyInline):
    model = ChainCall
    fields = ["chain", "provider", "model_name", "prompt_version", "input_tokens",
              "output_tokens", "latency_ms", "shown_output", "shown_error"]
    readonly_fields = fields
    show_change_link = False

    @admin.display(description="output")
    def shown_output(self, obj: ChainCall) -> str:
        return format_html('<pre class="triage-body">{}</pre>', escape_for_display(
            json.dumps(obj.output, indent=1, ensure_ascii=False)))

    @admin.display(description="error")
    def shown_error(self, obj: ChainCall) -> str:
        return escape_invisible(obj.error)


@admin.register(TriageRun)
class TriageRunAdmin(ReadOnlyAdmin):
    list_display = ["email", "attempt", "started_at", "status", "route", "department",
                    "escalation_required", "backstop_overrode", "provider_shown", "llm_calls"]
    list_filter = ["status", "route", "provider", "backstop_overrode"]
    list_select_related = ["email"]
    inlines = [ChainCallInline]
    exclude = ["decision"]

    @admin.display(description="provider")
    def provider_shown(self, obj: TriageRun) -> str:
        return provider_badge(obj.provider)


@admin.register(Escalation)
class EscalationAdmin(ReadOnlyAdmin):
    list_display = ["email", "state", "exposure_usd", "response_deadline", "created_at",
                    "model_triggers", "backstop_triggers"]
    list_filter = ["state"]
    list_select_related = ["email"]


@admin.register(Ticket)
class TicketAdmin(ReadOnlyAdmin):
    list_display = ["email", "state", "version", "created_at"]
    list_filter = ["state"]
    list_select_related = ["email"]


@admin.register(Forward)
class ForwardAdmin(ReadOnlyAdmin):
    list_display = ["email", "department", "to_address", "created_at"]
    list_filter = ["department"]
    list_select_related = ["email"]


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin):
    list_display = ["key", "kind", "state", "attempts", "created_at", "sent_at"]
    list_filter = ["kind", "state"]


@admin.register(EmailEvent)
class EmailEventAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "email", "kind", "old_status", "new_status", "actor"]
    list_filter = ["kind", "new_status"]
    list_select_related = ["email", "actor"]
