"""Inbound emails: the list the triagers work from, and the page that says why."""

from __future__ import annotations

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from triage import formats, forms, labels
from triage.admin import email_panels, evidence, states
from triage.admin.attachments import AttachmentInline, AttachmentViews
from triage.admin.base import EstimatedCountPaginator, ObjectAction, ReadOnlyAdmin, on_changelist
from triage.admin.claims import claim_table
from triage.admin.display import (
    deadline_badge,
    esc,
    marked_words,
    pre,
    provider_badge,
    short_datetime,
    truncated,
)
from triage.admin.email_actions import replay, retriage
from triage.admin.exports import export_csv, export_json
from triage.admin.filters import (
    FLAG_KEYS,
    FLAGS,
    DeadlineFilter,
    DecidedByFilter,
    DepartmentFilter,
    ExposureFilter,
    FlagFilter,
    RouteFilter,
)
from triage.admin.quality import QualityFigureFilter
from triage.admin.search import EmailSearch
from triage.admin.work import (
    AssigneeFilter,
    ClaimantFilter,
    WorkAdmin,
    related_items,
    take_selected,
    work_actions,
)
from triage.jsonmail import json_to_eml
from triage.models import InboundEmail, Status
from triage.services import privacy
from triage.services.emails import email_decide_manually

# What the list's columns read (``get_queryset``).
LIST_COLUMNS = ["received_at", "from_address", "subject", "status", "flags", "automated",
                "assignee__username", "current_run__route", "current_run__department",
                "current_run__exposure_usd", "current_run__response_deadline",
                "current_run__provider",
                # The status followed through to its item (``states.email_state``).
                "escalation__state", "escalation__resolution_requested_by",
                "escalation__dismissal_requested_by", "ticket__state",
                "ticket__arbitration_number"]


@admin.register(InboundEmail)
class InboundEmailAdmin(EmailSearch, AttachmentViews, WorkAdmin, ReadOnlyAdmin):
    work_kind = "email"
    list_display = ["shown_received", "shown_sender", "list_subject", "shown_status",
                    "route_department",
                    "exposure_usd", "deadline", "provider_shown", "flag_icons",
                    "shown_assignee"]
    list_filter = ["status", RouteFilter, DepartmentFilter, ExposureFilter, DeadlineFilter,
                   DecidedByFilter, FlagFilter, ("received_at", admin.DateFieldListFilter),
                   "provider", AssigneeFilter, ClaimantFilter, QualityFigureFilter]
    # What the search box reads (``triage.search.fields.EMAIL`` says how).
    search_fields = ["subject", "from_header", "text_body", "html_text", "attachment_text",
                     "from_address", "message_id", "current_run__contract_reference",
                     "current_run__lot_reference", "ticket__arbitration_number"]
    list_select_related = ["current_run", "assignee", "escalation", "ticket"]
    list_display_links = ["list_subject"]
    list_per_page = 50
    show_full_result_count = False
    paginator = EstimatedCountPaginator
    ordering = ["-received_at"]
    inlines = [AttachmentInline]
    actions = [retriage, replay, export_csv, export_json, take_selected]
    object_actions = {
        "decide": ObjectAction(forms.DecideForm, "triage.decide_manually",
                               email_decide_manually),
        **work_actions("email"),
    }
    change_form_template = "admin/triage/inboundemail/change_form.html"
    fieldsets = [
        (None, {"fields": ["shown_subject", "shown_from", "shown_status", "shown_status_reason",
                           "received_at", "decided_by", "related_items"]}),
        (_("Decision"), {"fields": ["decision_panel", "extracted_fields"]}),
        (_("Message"), {"fields": ["flag_details", "shown_body", "download_raw", "addresses",
                                "message_id", "in_reply_to", "reply_to_email", "replies_list",
                                "provider", "provider_event_id", "raw_size",
                                "shown_automated"]}),
        (_("Triage runs"), {"fields": ["runs_panel"]}),
        (_("Timeline"), {"fields": ["timeline"]}),
    ]
    readonly_fields = [f for _, opts in fieldsets for f in opts["fields"]]

    def get_urls(self):
        view = self.admin_site.admin_view
        return [path("<int:pk>/raw/", view(self.raw_view), name="triage_inboundemail_raw"),
                path("<int:pk>/attachments/<int:attachment_id>/", view(self.attachment_view),
                     name="triage_inboundemail_attachment"),
                path("<int:pk>/attachments/<int:attachment_id>/preview/",
                     view(self.attachment_preview_view),
                     name="triage_inboundemail_attachment_preview"),
                *super().get_urls()]

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if on_changelist(request, self):
            # The list reads these columns only: a run's decision and an email's
            # addresses and reasons are JSON to decode on every row otherwise.
            return queryset.only(*LIST_COLUMNS)
        return queryset.defer("raw_message", "html_body", "html_text", "text_body")

    def evidence_card(self, obj: InboundEmail) -> dict:
        return evidence.card(obj)

    def action_context(self, obj: InboundEmail) -> dict | None:
        if obj.status not in (Status.NEEDS_REVIEW, Status.FAILED):
            return None
        return {"decide_form": forms.DecideForm()}

    # -- changelist actions --

    def has_retriage_permission(self, request) -> bool:
        return request.user.has_perm("triage.retriage_email")

    def has_export_permission(self, request) -> bool:
        return request.user.has_perm("triage.export_decisions")

    # -- views --

    def raw_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        if not self.has_view_permission(request):
            raise PermissionDenied
        email = get_object_or_404(InboundEmail, pk=pk)
        raw = bytes(email.raw_message)
        if not raw:
            raise Http404("the raw message was removed by retention")
        privacy.email_opened(email.pk, request.user, what="raw")
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

    # -- columns --

    related_items = staticmethod(related_items)

    @admin.display(description=_("received"), ordering="received_at")
    def shown_received(self, obj: InboundEmail) -> str:
        """The day in the list, the local time with its zone on hover."""
        return format_html('<span title="{}">{}</span>', short_datetime(obj.received_at),
                           formats.day(timezone.localdate(obj.received_at)))

    @admin.display(description=_("sender"), ordering="from_address")
    def shown_sender(self, obj: InboundEmail) -> str:
        return truncated(obj.from_address, 18)

    @admin.display(description=_("subject"))
    def list_subject(self, obj: InboundEmail) -> str:
        """The changelist's one link; truncated there, the full text on hover. In a
        search, the words that matched are marked."""
        subject = getattr(obj, "search_subject", None)
        if subject is None:
            return truncated(obj.subject, 60)
        return marked_words(subject, 60)

    @admin.display(description=_("subject"))
    def shown_subject(self, obj: InboundEmail) -> str:
        return esc(obj.subject)

    @admin.display(description=_("status"), ordering="status")
    def shown_status(self, obj: InboundEmail) -> str:
        """The status followed through to its escalation's or ticket's own state."""
        return states.email_state(obj)

    @admin.display(description=_("status reason"))
    def shown_status_reason(self, obj: InboundEmail) -> str:
        """The system's reasons in the reader's language, then a person's words as
        written."""
        return esc(" · ".join(x for x in [labels.reasons(obj.status_reasons),
                                          obj.status_note] if x)) or "-"

    @admin.display(description=_("not triaged"))
    def shown_automated(self, obj: InboundEmail) -> str:
        return esc(labels.automated(obj.automated, obj.from_address))

    @admin.display(description=_("from"))
    def shown_from(self, obj: InboundEmail) -> str:
        return esc(obj.from_header)

    @admin.display(description=_("route (department)"), ordering="current_run__route")
    def route_department(self, obj: InboundEmail) -> str:
        """One column for both, so the list fits a 1440 px screen."""
        run = obj.current_run
        if not run:
            return "-"
        if not run.department:
            return labels.route(run.route)
        return f"{labels.route(run.route)} ({labels.department(run.department)})"

    @admin.display(description=_("exposure USD"), ordering="current_run__exposure_usd")
    def exposure_usd(self, obj: InboundEmail) -> str:
        run = obj.current_run
        return formats.money(run.exposure_usd, "USD") if run else "-"

    @admin.display(description=_("deadline"), ordering="current_run__response_deadline")
    def deadline(self, obj: InboundEmail):
        run = obj.current_run
        if not (run and run.response_deadline):
            return "-"
        return deadline_badge(run.response_deadline, waiting=states.is_waiting(obj))

    @admin.display(description=_("decided by"))
    def provider_shown(self, obj: InboundEmail) -> str:
        return provider_badge(obj.current_run.provider) if obj.current_run else "-"

    @admin.display(description=_("decided by"))
    def decided_by(self, obj: InboundEmail) -> str:
        run = obj.current_run
        if not run:
            return "-"
        return format_html("{} {}", provider_badge(run.provider), esc(run.model_name))

    @admin.display(description=_("flags"))
    def flag_icons(self, obj: InboundEmail) -> str:
        names = [str(FLAGS[k]) for k in FLAG_KEYS if k in obj.flags]
        if obj.automated:
            names.append(gettext("not triaged"))
        return truncated(", ".join(names), 12) or "-"

    # -- detail panels: tables are templates; the text a sender or a model wrote is
    # esc()'d here and autoescaped there; times are local, to the minute, with the zone --

    flag_details = staticmethod(email_panels.flag_details)
    decision_panel = staticmethod(email_panels.decision_panel)
    runs_panel = staticmethod(email_panels.runs_panel)
    timeline = staticmethod(email_panels.timeline)

    @admin.display(description=_("addresses"))
    def addresses(self, obj: InboundEmail) -> str:
        return pre(f"{gettext('to')}: {', '.join(obj.to)}\ncc: {', '.join(obj.cc)}\n"
                   f"{gettext('envelope')}: {obj.envelope_sender} -> "
                   f"{', '.join(obj.envelope_recipients)}")

    @admin.display(description=_("normalised text (what the chains read)"))
    def shown_body(self, obj: InboundEmail) -> str:
        return pre(obj.text_body)

    @admin.display(description=_("raw message"))
    def download_raw(self, obj: InboundEmail) -> str:
        url = reverse("admin:triage_inboundemail_raw", args=[obj.pk])
        return format_html('<a href="{}">{}</a> ({})', url, gettext("Download .eml"),
                           gettext("%(size)s bytes as received, %(format)s") % {
                               "size": formats.amount(obj.raw_size, 0),
                               "format": obj.raw_format})

    @admin.display(description=_("replies"))
    def replies_list(self, obj: InboundEmail) -> str:
        replies = list(obj.replies.only("pk", "subject", "received_at"))
        if not replies:
            return "-"
        return format_html_join(
            "", '<div><a href="{}">#{} {}</a> ({})</div>',
            ((reverse("admin:triage_inboundemail_change", args=[r.pk]), r.pk, esc(r.subject),
              formats.when(r.received_at)) for r in replies))

    @admin.display(description=_("extracted fields and the quotes that support them"))
    def extracted_fields(self, obj: InboundEmail) -> str:
        run = obj.current_run
        claim = ((run.decision or {}).get("claim") if run else None) or {}
        if not claim:
            return "-"
        return claim_table(claim, obj.text_body)
