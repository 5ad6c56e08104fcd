"""Presentation and permissions only: every change goes through ``triage.services``.

Everything a sender or a model wrote reaches a page through ``format_html`` or
autoescape, with invisible characters made visible (``escape_invisible``); nothing is
marked safe.
"""

from __future__ import annotations

import csv
import json
from datetime import date

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Case, IntegerField, Value, When
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.functional import cached_property
from django.utils.html import format_html, format_html_join
from django.views.decorators.http import require_POST

from triage import forms
from triage.chains import llm
from triage.jsonmail import json_to_eml
from triage.models import (
    Attachment,
    ChainCall,
    EmailEvent,
    Escalation,
    Forward,
    InboundEmail,
    Notification,
    Status,
    Ticket,
    TicketVersion,
    TriageRun,
)
from triage.readers.dates import business_days_between
from triage.replay import replay
from triage.sanitize import escape_for_display, escape_invisible
from triage.selectors import EXPORT_FIELDS, decision_rows, estimated_count
from triage.services import review

esc = escape_invisible  # the one rule for a sender's or a model's text on a page


def pre(value: object) -> str:
    return format_html('<pre class="triage-body">{}</pre>', escape_for_display(value))


def pretty_json(value: object) -> str:
    return pre(json.dumps(value, indent=2, ensure_ascii=False, default=str))


def provider_badge(provider: str) -> str:
    if provider == "offline":
        return format_html('<span class="triage-offline" title="{}">OFFLINE</span>',
                           "Decided by the rule-based offline provider (simulated, no LLM)")
    if provider == "manual":
        return format_html('<span class="triage-manual">MANUAL</span>')
    return provider or "-"


class ReadOnlyAdmin(admin.ModelAdmin):
    """Nobody edits what arrived or what was decided; changes go through services."""

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def _back(self, obj) -> HttpResponseRedirect:
        meta = obj._meta
        return HttpResponseRedirect(
            reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk]))

    def _perform(self, request: HttpRequest, obj, perm: str, call) -> HttpResponseRedirect:
        """Run a service call for a POSTed form: permission is checked here and again
        in the service; refusals become messages, nothing half-done."""
        if not request.user.has_perm(f"triage.{perm}"):
            raise PermissionDenied
        try:
            outcome = call()
        except review.ReviewError as exc:
            self.message_user(request, str(exc), messages.ERROR)
        else:
            level = messages.SUCCESS if outcome.changed else messages.WARNING
            self.message_user(request, outcome.message, level)
            if outcome.changed:
                self.log_change(request, obj, outcome.message)
        return self._back(obj)

    def _form_errors(self, request: HttpRequest, form, obj) -> HttpResponseRedirect:
        errors = "; ".join(f"{field}: {', '.join(errs)}" for field, errs in form.errors.items())
        self.message_user(request, f"Not done: {errors}", messages.ERROR)
        return self._back(obj)


def email_subject(obj) -> str:
    """For lists: plain text, so the row links to the object itself."""
    return f"#{obj.email_id} {esc(obj.email.subject)}"


email_subject.short_description = "email"


@admin.display(description="email")
def shown_email(obj) -> str:
    """For detail pages: a link to the email the escalation or ticket came from."""
    url = reverse("admin:triage_inboundemail_change", args=[obj.email_id])
    return format_html('<a href="{}">#{} {}</a>', url, obj.email_id, esc(obj.email.subject))


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


# --- Changelist helpers ---------------------------------------------------------------


class EstimatedCountPaginator(Paginator):
    """The unfiltered page of a big mailbox counts with PostgreSQL's estimate."""

    @cached_property
    def count(self) -> int:
        query = self.object_list.query
        if not query.where and not query.distinct:
            estimate = estimated_count(self.object_list.model)
            if estimate is not None and estimate > 10_000:
                return estimate
        return super().count


class FixedChoicesFilter(admin.SimpleListFilter):
    """A filter on a related column with known values: no DISTINCT query to build it."""

    field = ""
    options: list[tuple[str, str]] = []

    def lookups(self, request, model_admin):
        return self.options

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(**{self.field: self.value()})
        return queryset


class RouteFilter(FixedChoicesFilter):
    title, parameter_name, field = "route", "route", "current_run__route"
    options = [("escalated", "Escalated"), ("ticket", "Ticket"), ("forwarded", "Forwarded"),
               ("needs_review", "Needs review")]


class DepartmentFilter(FixedChoicesFilter):
    title, parameter_name, field = "department", "department", "current_run__department"
    options = forms.DEPARTMENTS


class DecidedByFilter(FixedChoicesFilter):
    title, parameter_name, field = "decided by", "decided_by", "current_run__provider"
    options = [("gemini", "Gemini"), ("offline", "Offline provider (simulated)"),
               ("manual", "Staff (manual)")]


class ExposureFilter(admin.SimpleListFilter):
    title, parameter_name = "exposure (USD)", "exposure"

    def lookups(self, request, model_admin):
        return [("high", ">= 50,000"), ("low", "< 50,000"), ("none", "not stated")]

    def queryset(self, request, queryset):
        match self.value():
            case "high":
                return queryset.filter(current_run__exposure_usd__gte=50_000)
            case "low":
                return queryset.filter(current_run__exposure_usd__lt=50_000)
            case "none":
                return queryset.filter(current_run__exposure_usd__isnull=True)
        return queryset


class DeadlineFilter(admin.SimpleListFilter):
    title, parameter_name = "response deadline", "deadline"

    def lookups(self, request, model_admin):
        return [("past", "Past"), ("week", "Within 7 days"), ("later", "Later"),
                ("none", "None")]

    def queryset(self, request, queryset):
        today = date.today()
        field = "current_run__response_deadline"
        match self.value():
            case "past":
                return queryset.filter(**{f"{field}__lt": today})
            case "week":
                return queryset.filter(**{f"{field}__gte": today,
                                          f"{field}__lte": date.fromordinal(today.toordinal() + 7)})
            case "later":
                return queryset.filter(**{f"{field}__gt": date.fromordinal(today.toordinal() + 7)})
            case "none":
                return queryset.filter(**{f"{field}__isnull": True})
        return queryset


class FlagFilter(admin.SimpleListFilter):
    title, parameter_name = "flags", "flag"

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


# --- Inbound emails -----------------------------------------------------------------------


class AttachmentInline(ReadOnlyInline):
    model = Attachment
    fields = ["shown_filename", "content_type", "declared_type", "size", "stored"]
    readonly_fields = fields

    @admin.display(description="filename")
    def shown_filename(self, obj: Attachment) -> str:
        return esc(obj.filename)


@admin.register(InboundEmail)
class InboundEmailAdmin(ReadOnlyAdmin):
    list_display = ["received_at", "shown_sender", "shown_subject", "status", "route",
                    "department", "exposure_usd", "deadline", "provider_shown", "flag_icons"]
    list_filter = ["status", RouteFilter, DepartmentFilter, ExposureFilter, DeadlineFilter,
                   DecidedByFilter, FlagFilter, ("received_at", admin.DateFieldListFilter),
                   "provider"]
    search_fields = ["from_address", "subject", "=message_id",
                     "=current_run__contract_reference", "=current_run__lot_reference"]
    list_select_related = ["current_run"]
    list_per_page = 50
    show_full_result_count = False
    paginator = EstimatedCountPaginator
    ordering = ["-received_at"]
    inlines = [AttachmentInline]
    actions = ["retriage", "replay", "export_csv", "export_json"]
    change_form_template = "admin/triage/inboundemail/change_form.html"
    fieldsets = [
        (None, {"fields": ["shown_subject", "shown_from", "status", "status_reason",
                           "received_at", "decided_by"]}),
        ("Decision", {"fields": ["decision_panel", "extracted_fields"]}),
        ("Message", {"fields": ["flag_details", "shown_body", "download_raw", "addresses",
                                "message_id", "in_reply_to", "reply_to_email", "replies_list",
                                "provider", "provider_event_id", "raw_size", "automated"]}),
        ("Triage runs", {"fields": ["runs_panel"]}),
        ("Timeline", {"fields": ["timeline"]}),
    ]
    readonly_fields = [f for _, opts in fieldsets for f in opts["fields"]]

    def get_urls(self):
        return [
            path("<int:pk>/raw/", self.admin_site.admin_view(self.raw_view),
                 name="triage_inboundemail_raw"),
            path("<int:pk>/decide/", self.admin_site.admin_view(self.decide_view),
                 name="triage_inboundemail_decide"),
            *super().get_urls(),
        ]

    def get_queryset(self, request):
        return super().get_queryset(request).defer("raw_message", "html_body", "text_body")

    # -- actions --

    def has_retriage_permission(self, request) -> bool:
        return request.user.has_perm("triage.retriage_email")

    def has_export_permission(self, request) -> bool:
        return request.user.has_perm("triage.export_decisions")

    @admin.action(description="Re-triage selected emails (new run, old runs kept)",
                  permissions=["retriage"])
    def retriage(self, request, queryset) -> None:
        queued = 0
        for email in queryset.select_related(None).only("pk", "subject"):
            outcome = review.email_retriage(email.pk, request.user)
            queued += outcome.changed
            if outcome.changed:
                self.log_change(request, email, outcome.message)
        self.message_user(request, f"{queued} email(s) queued for re-triage; "
                                   f"{queryset.count() - queued} were not in a final state.")

    @admin.action(description="Replay with the current prompts and model (dry run)",
                  permissions=["retriage"])
    def replay(self, request, queryset) -> TemplateResponse:
        emails = list(queryset.exclude(current_run=None).select_related("current_run")[:200])
        spec = llm.model_spec()
        rows = replay(emails, spec=spec)
        for row in rows:
            row["subject"] = esc(row["subject"])
        return TemplateResponse(request, "admin/triage/replay.html", {
            **self.admin_site.each_context(request), "title": "Replay (dry run)",
            "rows": rows, "changed": sum(bool(r["changed"]) for r in rows), "spec": spec,
        })

    @admin.action(description="Export decisions as CSV", permissions=["export"])
    def export_csv(self, request, queryset) -> StreamingHttpResponse:
        class Echo:
            def write(self, value: str) -> str:
                return value

        writer = csv.DictWriter(Echo(), fieldnames=EXPORT_FIELDS)

        def rows():
            yield writer.writeheader() or ",".join(EXPORT_FIELDS) + "\r\n"
            for row in decision_rows(queryset):
                yield writer.writerow({k: _csv_safe(v) for k, v in row.items()})

        response = StreamingHttpResponse(rows(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="triage-decisions.csv"'
        return response

    @admin.action(description="Export decisions as JSON", permissions=["export"])
    def export_json(self, request, queryset) -> HttpResponse:
        response = HttpResponse(json.dumps(list(decision_rows(queryset)), ensure_ascii=False,
                                           indent=1), content_type="application/json")
        response["Content-Disposition"] = 'attachment; filename="triage-decisions.json"'
        return response

    # -- views --

    def raw_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        if not self.has_view_permission(request):
            raise PermissionDenied
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

    def decide_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        email = get_object_or_404(InboundEmail, pk=pk)
        if request.method != "POST":
            return self._back(email)
        form = forms.DecideForm(request.POST)
        if not request.user.has_perm("triage.decide_manually"):
            raise PermissionDenied
        if not form.is_valid():
            return self._form_errors(request, form, email)
        data = form.cleaned_data
        return self._perform(request, email, "decide_manually", lambda: (
            review.email_decide_manually(email.pk, request.user, route=data["route"],
                                         department=data["department"], reason=data["reason"])))

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = dict(extra_context or {})
        email = self.get_object(request, object_id)
        if email and email.status in (Status.NEEDS_REVIEW, Status.FAILED) and \
                request.user.has_perm("triage.decide_manually"):
            extra["decide_form"] = forms.DecideForm()
            extra["decide_url"] = reverse("admin:triage_inboundemail_decide", args=[email.pk])
        return super().change_view(request, object_id, form_url, extra)

    # -- columns --

    @admin.display(description="sender", ordering="from_address")
    def shown_sender(self, obj: InboundEmail) -> str:
        return esc(obj.from_address)

    @admin.display(description="subject")
    def shown_subject(self, obj: InboundEmail) -> str:
        return esc(obj.subject)

    @admin.display(description="from")
    def shown_from(self, obj: InboundEmail) -> str:
        return esc(obj.from_header)

    @admin.display(description="route", ordering="current_run__route")
    def route(self, obj: InboundEmail) -> str:
        return obj.current_run.route if obj.current_run else "-"

    @admin.display(description="department")
    def department(self, obj: InboundEmail) -> str:
        return obj.current_run.department if obj.current_run and obj.current_run.department \
            else "-"

    @admin.display(description="exposure USD", ordering="current_run__exposure_usd")
    def exposure_usd(self, obj: InboundEmail) -> str:
        run = obj.current_run
        return f"{run.exposure_usd:,.0f}" if run and run.exposure_usd is not None else "-"

    @admin.display(description="deadline", ordering="current_run__response_deadline")
    def deadline(self, obj: InboundEmail):
        run = obj.current_run
        return run.response_deadline if run and run.response_deadline else "-"

    @admin.display(description="decided by")
    def provider_shown(self, obj: InboundEmail) -> str:
        return provider_badge(obj.current_run.provider) if obj.current_run else "-"

    @admin.display(description="decided by")
    def decided_by(self, obj: InboundEmail) -> str:
        run = obj.current_run
        if not run:
            return "-"
        return format_html("{} {}", provider_badge(run.provider), esc(run.model_name))

    @admin.display(description="flags")
    def flag_icons(self, obj: InboundEmail) -> str:
        names = [k for k in ("hidden_content", "invisible_characters") if k in obj.flags]
        if obj.automated:
            names.append("automated")
        return ", ".join(names) or "-"

    # -- detail panels --

    @admin.display(description="flags")
    def flag_details(self, obj: InboundEmail) -> str:
        return pretty_json(obj.flags) if obj.flags else "-"

    @admin.display(description="addresses")
    def addresses(self, obj: InboundEmail) -> str:
        return pre(f"to: {', '.join(obj.to)}\ncc: {', '.join(obj.cc)}\n"
                   f"envelope: {obj.envelope_sender} -> {', '.join(obj.envelope_recipients)}")

    @admin.display(description="normalised text (what the chains read)")
    def shown_body(self, obj: InboundEmail) -> str:
        return pre(obj.text_body)

    @admin.display(description="raw message")
    def download_raw(self, obj: InboundEmail) -> str:
        url = reverse("admin:triage_inboundemail_raw", args=[obj.pk])
        return format_html('<a href="{}">Download .eml</a> ({} bytes as received, {})', url,
                           obj.raw_size, obj.raw_format)

    @admin.display(description="replies")
    def replies_list(self, obj: InboundEmail) -> str:
        replies = list(obj.replies.only("pk", "subject", "received_at"))
        if not replies:
            return "-"
        return format_html_join(
            "", '<div><a href="{}">#{} {}</a> ({})</div>',
            ((reverse("admin:triage_inboundemail_change", args=[r.pk]), r.pk, esc(r.subject),
              r.received_at) for r in replies))

    @admin.display(description="decision")
    def decision_panel(self, obj: InboundEmail) -> str:
        run = obj.current_run
        if run is None:
            return "not triaged yet"
        d = run.decision or {}
        escalation = d.get("escalation") or {}
        rows = [
            ("route", run.route or "-"),
            ("decided by", f"{run.provider} ({run.model_name})"),
            ("claim", d.get("is_claim")),
            ("department", run.department or "-"),
            ("why (classification)", (d.get("classification") or {}).get("reason", "-")),
            ("escalation", run.escalation_required),
            ("model triggers", ", ".join(run.model_triggers) or "-"),
            ("model reasoning", escalation.get("model_reasoning") or "-"),
            ("backstop triggers", "; ".join(run.backstop_triggers) or "-"),
            ("backstop overrode the model", run.backstop_overrode),
            ("errors", "; ".join(run.errors) or "-"),
        ]
        return format_html('<table class="triage-kv">{}</table>', format_html_join(
            "", "<tr><th>{}</th><td>{}</td></tr>", ((k, esc(v)) for k, v in rows)))

    @admin.display(description="extracted fields and the quotes that support them")
    def extracted_fields(self, obj: InboundEmail) -> str:
        run = obj.current_run
        claim = ((run.decision or {}).get("claim") if run else None) or {}
        if not claim:
            return "-"
        quotes: dict[str, list[str]] = {}
        for q in claim.get("quotes") or []:
            quotes.setdefault(q.get("field", ""), []).append(q.get("quote", ""))
        rows = []
        for field, value in claim.items():
            if field == "quotes" or value in (None, "", [], {}):
                continue
            if field == "hvi":
                for name, hv in value.items():
                    if hv is not None:
                        rows.append((f"hvi.{name}", hv, " / ".join(quotes.get(f"hvi.{name}", []))))
                continue
            shown = ", ".join(map(str, value)) if isinstance(value, list) else value
            rows.append((field, shown, " / ".join(quotes.get(field, []))))
        return format_html(
            '<table class="triage-kv"><tr><th>field</th><th>value</th><th>quote</th></tr>{}'
            "</table>",
            format_html_join("", "<tr><th>{}</th><td>{}</td><td><q>{}</q></td></tr>",
                             ((f, esc(v), esc(q)) for f, v, q in rows)))

    @admin.display(description="runs")
    def runs_panel(self, obj: InboundEmail) -> str:
        runs = list(obj.runs.prefetch_related("calls").order_by("-attempt"))
        if not runs:
            return "-"
        blocks = []
        for run in runs:
            calls = format_html_join(
                "", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}/{}</td><td>{} ms</td>"
                    "<td>{}</td><td>{}</td></tr>",
                ((c.chain, f"{c.provider} {c.model_name}", c.prompt_version, c.input_tokens,
                  c.output_tokens, c.latency_ms, esc(c.error) or "-",
                  pretty_json(c.output) if c.output is not None else "-") for c in run.calls.all()))
            blocks.append(format_html(
                '<div class="triage-run"><strong>Run {}</strong> {} &middot; {} &middot; route {} '
                "&middot; {} calls &middot; {} ms {}"
                '<table class="triage-calls"><tr><th>chain</th><th>model</th><th>prompt</th>'
                "<th>tokens in/out</th><th>latency</th><th>error</th><th>output</th></tr>{}"
                "</table></div>",
                run.attempt, run.started_at, run.get_status_display(), run.route or "-",
                run.llm_calls, run.duration_ms or 0, provider_badge(run.provider), calls))
        return format_html_join("", "{}", ((b,) for b in blocks))

    @admin.display(description="events")
    def timeline(self, obj: InboundEmail) -> str:
        events = obj.events.select_related("actor")
        return format_html(
            '<table class="triage-kv"><tr><th>when</th><th>what</th><th>who</th><th>status</th>'
            "<th>details</th></tr>{}</table>",
            format_html_join(
                "", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                ((e.created_at, e.kind, e.actor.get_username() if e.actor else "system",
                  f"{e.old_status} -> {e.new_status}" if e.new_status else "",
                  esc(" ".join(x for x in [e.target, e.reason,
                                           json.dumps(e.after) if e.after else ""] if x)))
                 for e in events)))


def _csv_safe(value: object) -> object:
    """Spreadsheet formula injection: a cell a sender wrote never starts a formula."""
    if isinstance(value, list):
        value = "; ".join(map(str, value))
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


# --- Escalations (trading desk) -------------------------------------------------------------


@admin.register(Escalation)
class EscalationAdmin(ReadOnlyAdmin):
    list_display = ["email_subject", "state", "exposure_usd", "response_deadline", "time_left",
                    "shown_model_triggers", "shown_backstop_triggers", "created_at"]
    list_filter = ["state"]
    list_select_related = ["email"]
    change_form_template = "admin/triage/escalation/change_form.html"
    readonly_fields = ["shown_email", "state", "exposure_usd", "response_deadline", "time_left",
                       "shown_model_triggers", "shown_backstop_triggers", "created_at",
                       "acknowledged_by", "acknowledged_at", "closed_by", "closed_at",
                       "shown_note", "dismissal_requested_by", "shown_dismissal_reason"]
    fields = readonly_fields

    email_subject = staticmethod(email_subject)
    shown_email = staticmethod(shown_email)

    def get_queryset(self, request):
        # Pending first, oldest first: the desk works the queue from the top.
        rank = Case(When(state="pending", then=Value(0)),
                    When(state="acknowledged", then=Value(1)), default=Value(2),
                    output_field=IntegerField())
        return super().get_queryset(request).annotate(rank=rank).order_by("rank", "created_at")

    def get_urls(self):
        return [path("<int:pk>/act/<str:action>/", self.admin_site.admin_view(
            require_POST(self.act_view)), name="triage_escalation_act"), *super().get_urls()]

    def act_view(self, request: HttpRequest, pk: int, action: str) -> HttpResponse:
        escalation = get_object_or_404(Escalation, pk=pk)
        form_class = forms.NoteForm if action == "acknowledge" else forms.RequiredNoteForm
        form = form_class(request.POST)
        if not request.user.has_perm("triage.resolve_escalation"):
            raise PermissionDenied
        if not form.is_valid():
            return self._form_errors(request, form, escalation)
        note = form.cleaned_data["note"]
        calls = {
            "acknowledge": lambda: review.escalation_acknowledge(pk, request.user, note),
            "resolve": lambda: review.escalation_resolve(pk, request.user, note),
            "dismiss": lambda: review.escalation_dismiss(pk, request.user, note),
        }
        if action not in calls:
            raise PermissionDenied
        return self._perform(request, escalation, "resolve_escalation", calls[action])

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = dict(extra_context or {})
        escalation = self.get_object(request, object_id)
        if escalation and request.user.has_perm("triage.resolve_escalation") and \
                escalation.state in (Escalation.State.PENDING, Escalation.State.ACKNOWLEDGED):
            extra["act_urls"] = {a: reverse("admin:triage_escalation_act", args=[escalation.pk, a])
                                 for a in ("acknowledge", "resolve", "dismiss")}
            extra["can_acknowledge"] = escalation.state == Escalation.State.PENDING
        return super().change_view(request, object_id, form_url, extra)


    @admin.display(description="time left")
    def time_left(self, obj: Escalation) -> str:
        if not obj.response_deadline:
            return "no deadline stated"
        days = business_days_between(date.today(), obj.response_deadline)
        return "OVERDUE" if days < 0 else f"{days} business day(s)"

    @admin.display(description="model triggers")
    def shown_model_triggers(self, obj: Escalation) -> str:
        return esc(", ".join(obj.model_triggers)) or "-"

    @admin.display(description="backstop triggers")
    def shown_backstop_triggers(self, obj: Escalation) -> str:
        return esc("; ".join(obj.backstop_triggers)) or "-"

    @admin.display(description="note")
    def shown_note(self, obj: Escalation) -> str:
        return esc(obj.note) or "-"

    @admin.display(description="dismissal reason")
    def shown_dismissal_reason(self, obj: Escalation) -> str:
        return esc(obj.dismissal_reason) or "-"


# --- Tickets (claims staff) ----------------------------------------------------------------


class TicketVersionInline(ReadOnlyInline):
    model = TicketVersion
    fields = ["version", "source", "changed_by", "shown_changes", "created_at"]
    readonly_fields = fields

    @admin.display(description="changes")
    def shown_changes(self, obj: TicketVersion) -> str:
        return esc(", ".join(f"{k}: {v[0]!r} -> {v[1]!r}" for k, v in obj.changes.items())) or "-"


@admin.register(Ticket)
class TicketAdmin(ReadOnlyAdmin):
    list_display = ["email_subject", "state", "version", "claiming_party", "exposure",
                    "arbitration_number", "created_at"]
    list_filter = ["state"]
    list_select_related = ["email"]
    inlines = [TicketVersionInline]
    change_form_template = "admin/triage/ticket/change_form.html"
    readonly_fields = ["shown_email", "state", "version", "claim_table", "checklist_table",
                       "last_corrected_by", "decided_by", "decided_at", "decided_version",
                       "arbitration_number", "shown_rejection_reason"]
    fields = readonly_fields

    email_subject = staticmethod(email_subject)
    shown_email = staticmethod(shown_email)

    def get_urls(self):
        return [path("<int:pk>/act/<str:action>/", self.admin_site.admin_view(
            require_POST(self.act_view)), name="triage_ticket_act"), *super().get_urls()]

    def act_view(self, request: HttpRequest, pk: int, action: str) -> HttpResponse:
        ticket = get_object_or_404(Ticket, pk=pk)
        form_class = {"approve": forms.VersionForm, "reject": forms.RejectForm,
                      "correct": forms.CorrectionForm}.get(action)
        if form_class is None or not request.user.has_perm("triage.approve_ticket"):
            raise PermissionDenied
        form = form_class(request.POST)
        if not form.is_valid():
            return self._form_errors(request, form, ticket)
        data, user = form.cleaned_data, request.user
        seen = data.pop("seen_version")
        if action == "approve":
            call = lambda: review.ticket_approve(pk, user, seen_version=seen)  # noqa: E731
        elif action == "reject":
            call = lambda: review.ticket_reject(pk, user, seen_version=seen,  # noqa: E731
                                                reason=data["reason"])
        else:
            changes = {k: v for k, v in data.items() if k in request.POST}
            call = lambda: review.ticket_correct(pk, user, seen_version=seen,  # noqa: E731
                                                 changes=changes)
        return self._perform(request, ticket, "approve_ticket", call)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = dict(extra_context or {})
        ticket = self.get_object(request, object_id)
        if ticket and ticket.state == Ticket.State.DRAFT and \
                request.user.has_perm("triage.approve_ticket"):
            claim = ticket.data.get("claim") or {}
            initial = {f: claim.get(f) for f in review.EDITABLE_FIELDS}
            extra.update(
                seen_version=ticket.version,
                correction_form=forms.CorrectionForm(initial={**initial,
                                                              "seen_version": ticket.version}),
                reject_form=forms.RejectForm(initial={"seen_version": ticket.version}),
                act_urls={a: reverse("admin:triage_ticket_act", args=[ticket.pk, a])
                          for a in ("approve", "reject", "correct")},
            )
        return super().change_view(request, object_id, form_url, extra)


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
        claim = dict(obj.data.get("claim") or {})
        claim["hvi"] = {k: v for k, v in (claim.get("hvi") or {}).items() if v is not None}
        rows = [(k, v) for k, v in claim.items() if k != "quotes" and v not in (None, "", [], {})]
        return format_html('<table class="triage-kv">{}</table>', format_html_join(
            "", "<tr><th>{}</th><td>{}</td></tr>",
            ((k, esc(json.dumps(v, ensure_ascii=False) if isinstance(v, dict | list) else v))
             for k, v in rows))) if rows else "-"

    @admin.display(description="qualification checklist")
    def checklist_table(self, obj: Ticket) -> str:
        rows = obj.data.get("checklist") or []
        if not rows:
            return "-"
        return format_html(
            '<table class="triage-kv"><tr><th>question</th><th>answer</th><th>confidence</th>'
            "<th>quote</th></tr>{}</table>",
            format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td><td><q>{}</q></td></tr>",
                             ((esc(r.get("question")), r.get("answer"), r.get("confidence"),
                               esc(r.get("quote") or "")) for r in rows)))

    @admin.display(description="rejection reason")
    def shown_rejection_reason(self, obj: Ticket) -> str:
        return esc(obj.rejection_reason) or "-"


# --- Records ------------------------------------------------------------------------------


class ChainCallInline(ReadOnlyInline):
    model = ChainCall
    fields = ["chain", "provider", "model_name", "prompt_version", "input_tokens",
              "output_tokens", "latency_ms", "shown_output", "shown_error"]
    readonly_fields = fields

    @admin.display(description="output")
    def shown_output(self, obj: ChainCall) -> str:
        return pretty_json(obj.output)

    @admin.display(description="error")
    def shown_error(self, obj: ChainCall) -> str:
        return esc(obj.error)


@admin.register(TriageRun)
class TriageRunAdmin(ReadOnlyAdmin):
    list_display = ["email_id", "attempt", "started_at", "status", "route", "department",
                    "escalation_required", "backstop_overrode", "provider_shown", "llm_calls"]
    list_filter = ["status", "route", "provider", "backstop_overrode"]
    inlines = [ChainCallInline]
    exclude = ["decision"]
    readonly_fields = ["decision_json"]

    @admin.display(description="provider")
    def provider_shown(self, obj: TriageRun) -> str:
        return provider_badge(obj.provider)

    @admin.display(description="decision")
    def decision_json(self, obj: TriageRun) -> str:
        return pretty_json(obj.decision)


@admin.register(Forward)
class ForwardAdmin(ReadOnlyAdmin):
    list_display = ["email_id", "department", "to_address", "created_at"]
    list_filter = ["department"]


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin):
    list_display = ["key", "kind", "state", "attempts", "created_at", "sent_at"]
    list_filter = ["kind", "state"]


@admin.register(EmailEvent)
class AuditAdmin(ReadOnlyAdmin):
    """The audit trail: read-only for everyone, superusers included."""

    list_display = ["created_at", "email_id", "kind", "target", "actor", "old_status",
                    "new_status", "version", "shown_reason"]
    list_filter = ["kind"]
    list_select_related = ["actor"]
    search_fields = ["=email__id", "target", "actor__username"]
    show_full_result_count = False
    paginator = EstimatedCountPaginator

    @admin.display(description="reason")
    def shown_reason(self, obj: EmailEvent) -> str:
        return esc(obj.reason)
