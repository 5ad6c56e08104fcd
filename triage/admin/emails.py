"""Inbound emails: the list the triagers work from, and the page that says why."""

from __future__ import annotations

import json
import operator
from functools import reduce

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.text import smart_split, unescape_string_literal

from triage import forms
from triage.admin.base import EstimatedCountPaginator, ObjectAction, ReadOnlyAdmin, ReadOnlyInline
from triage.admin.display import esc, pre, pretty_json, provider_badge
from triage.admin.exports import export_csv, export_json
from triage.admin.filters import (
    FLAG_KEYS,
    DeadlineFilter,
    DecidedByFilter,
    DepartmentFilter,
    ExposureFilter,
    FlagFilter,
    RouteFilter,
)
from triage.chains import llm
from triage.jsonmail import json_to_eml
from triage.models import Attachment, InboundEmail, Status
from triage.replay import replay
from triage.services import review

SEARCH_IDS_MAX = 10_000  # a search term matching more is not read into memory


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
    actions = ["retriage", "replay", export_csv, export_json]
    object_actions = {
        "decide": ObjectAction(forms.DecideForm, "triage.decide_manually",
                               review.email_decide_manually),
    }
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
        return [path("<int:pk>/raw/", self.admin_site.admin_view(self.raw_view),
                     name="triage_inboundemail_raw"), *super().get_urls()]

    def get_queryset(self, request):
        return super().get_queryset(request).defer("raw_message", "html_body", "text_body")

    def get_search_results(self, request, queryset, search_term):
        """Django's search semantics (every term must match one of ``search_fields``;
        ``=field`` is exact, case-insensitive), written so each field's lookup is its
        own query on its own index (migration 0009): one ``OR`` across the email and
        its run would read the whole mailbox. A term matching at most 10,000 emails is
        read once as ids (the page and its count then look up ids); a broader one is an
        ``OR`` again: on what the narrow terms left, or along the date order, where a
        page of matches comes early."""
        narrow: list[set[int]] = []
        broad: list[Q] = []
        for term in smart_split(search_term):
            if term[:1] in "\"'" and term[-1:] == term[:1] and len(term) > 1:
                term = unescape_string_literal(term)
            lookups = [Q(**{f"{field[1:]}__iexact" if field.startswith("=")
                            else f"{field}__icontains": term}) for field in self.search_fields]
            branches = [InboundEmail.objects.filter(q).order_by().values_list("pk", flat=True)
                        for q in lookups]
            found = set(branches[0].union(*branches[1:], all=True)[:SEARCH_IDS_MAX + 1])
            if len(found) <= SEARCH_IDS_MAX:
                narrow.append(found)
            else:
                broad.append(reduce(operator.or_, lookups))
        if narrow:
            queryset = queryset.filter(pk__in=set.intersection(*narrow))
        for any_field in broad:
            queryset = queryset.filter(any_field)
        return queryset, False

    def action_context(self, obj: InboundEmail) -> dict | None:
        if obj.status not in (Status.NEEDS_REVIEW, Status.FAILED):
            return None
        return {"decide_form": forms.DecideForm()}

    # -- changelist actions --

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
        run = obj.current_run
        return run.department if run and run.department else "-"

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
        names = [k for k in FLAG_KEYS if k in obj.flags]
        if obj.automated:
            names.append("automated")
        return ", ".join(names) or "-"

    # -- detail panels: tables are templates; the text a sender or a model wrote is
    # esc()'d here and autoescaped there, datetimes are shown as str() as they always were --

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
            ("review signals (rules that contradict the model: sent to a person)",
             "; ".join(run.review_signals) or "-"),
            ("errors", "; ".join(run.errors) or "-"),
        ]
        return render_to_string("admin/triage/includes/kv_table.html",
                                {"rows": [(k, esc(v)) for k, v in rows]})

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
                rows += [(f"hvi.{name}", hv) for name, hv in value.items() if hv is not None]
                continue
            rows.append((field, ", ".join(map(str, value)) if isinstance(value, list) else value))
        return render_to_string("admin/triage/inboundemail/extracted_fields.html", {
            "rows": [(f, esc(v), esc(" / ".join(quotes.get(f, [])))) for f, v in rows]})

    @admin.display(description="runs")
    def runs_panel(self, obj: InboundEmail) -> str:
        runs = list(obj.runs.prefetch_related("calls").order_by("-attempt"))
        if not runs:
            return "-"
        return render_to_string("admin/triage/inboundemail/runs.html", {"runs": [{
            "attempt": run.attempt, "started_at": str(run.started_at),
            "status": run.get_status_display(), "route": run.route or "-",
            "llm_calls": run.llm_calls, "duration_ms": run.duration_ms or 0,
            "badge": provider_badge(run.provider),
            "calls": [[c.chain, f"{c.provider} {c.model_name}", c.prompt_version,
                       f"{c.input_tokens}/{c.output_tokens}", f"{c.latency_ms} ms",
                       esc(c.error) or "-",
                       pretty_json(c.output) if c.output is not None else "-"]
                      for c in run.calls.all()],
        } for run in runs]})

    @admin.display(description="events")
    def timeline(self, obj: InboundEmail) -> str:
        rows = []
        for e in obj.events.select_related("actor"):
            after = json.dumps(e.after) if e.after else ""
            rows.append([str(e.created_at), e.kind,
                         e.actor.get_username() if e.actor else "system",
                         f"{e.old_status} -> {e.new_status}" if e.new_status else "",
                         esc(" ".join(x for x in [e.target, e.reason, after] if x))])
        return render_to_string("admin/triage/inboundemail/timeline.html", {"rows": rows})
