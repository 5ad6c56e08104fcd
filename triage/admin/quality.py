"""The decision quality page (``/quality/``) and the email list's filter behind each of
its figures. Counts and links only: no email's words reach the page. The figures are
``selectors.quality_report``'s, the same the command and ``/metrics`` read."""

from __future__ import annotations

from datetime import date, timedelta
from urllib.parse import urlencode

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from triage import formats, labels
from triage.labels.quality import source as source_words
from triage.quality import week_bars
from triage.quality.table import MEASURES
from triage.roles import QUALITY_PERMISSION
from triage.selectors import quality_emails, quality_report, quality_window

DEFAULT_DAYS = 30
MAX_DAYS = 400  # a longer period is a report to export, not a page


class PeriodForm(forms.Form):
    since = forms.DateField(label=gettext_lazy("From"), required=False,
                            input_formats=["%Y-%m-%d"],
                            widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    until = forms.DateField(label=gettext_lazy("To"), required=False,
                            input_formats=["%Y-%m-%d"],
                            widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))

    def clean(self):
        data = super().clean()
        default_since, default_until = quality_window(DEFAULT_DAYS)
        since, until = data.get("since") or default_since, data.get("until") or default_until
        if since > until:
            raise forms.ValidationError(_("The period must start before it ends."))
        if (until - since).days >= MAX_DAYS:
            raise forms.ValidationError(_("Choose a period of at most %(days)s days.") % {
                "days": MAX_DAYS})
        data["since"], data["until"] = since, until
        return data


def figure_link(since: date, until: date, cell: str) -> str:
    """The email list filtered to the emails behind one figure."""
    query = urlencode({"quality": f"{since.isoformat()},{until.isoformat()},{cell}"})
    return f"{reverse('admin:triage_inboundemail_changelist')}?{query}"


def _percent(value: float | None) -> str:
    return "-" if value is None else formats.percent(value)


def page_rows(report: dict, since: date, until: date) -> dict:
    """The report with words and links, as the template shows it."""
    def cell(key: str, n: int) -> dict:
        return {"n": n, "url": figure_link(since, until, key) if n else ""}

    sources = [{"id": row["source"].replace(":", "-"), "name": source_words(row["source"]),
                "group": row["group"],
                "cells": [cell(f"source:{row['source']}:{m}", row[m]) for m in MEASURES],
                "precision": _percent(row["precision"])} for row in report["sources"]]
    fields = [{"id": row["field"], "name": labels.field(row["field"]),
               "corrected": cell(f"field:{row['field']}:corrected", row["corrected"]),
               "finished": cell("field:*:finished", row["finished"]),
               "rate": _percent(row["rate"])} for row in report["fields"]]
    routes = [{"id": row["route"], "name": labels.route(row["route"]),
               "cells": [cell(f"route:{row['route']}:{m}", row[m])
                         for m in ("decided", "judged", "changed")],
               "share": _percent(row["share"])} for row in report["routes"]]
    weeks = [{"id": row["week"], "name": formats.day(row["week"]),
              "cells": [cell(f"week:{row['week']}:{m}", row[m])
                        for m in ("decided", "judged", "confirmed", "overturned", "missed")],
              "precision": _percent(row["precision"])} for row in report["weeks"]]
    chart = week_bars(report["weeks"])
    for bar in chart["bars"]:
        bar["name"] = formats.day(bar["week"])
        bar["url"] = figure_link(since, until, f"week:{bar['week']}:judged")
    d = report["decisions"]
    totals = {"cells": [cell(f"decisions:{m}", d[m]) for m in ("decided", "judged", "overturned")],
              "missed": cell("decisions:missed", d["missed"]),
              "share": _percent(d["share_overturned"])}
    return {"sources": sources, "fields": fields, "routes": routes, "weeks": weeks,
            "chart": chart, "totals": totals}


def quality_page(site: admin.AdminSite, request: HttpRequest) -> TemplateResponse:
    if not request.user.has_perm(QUALITY_PERMISSION):
        raise PermissionDenied
    form = PeriodForm(request.GET or None)
    if request.GET and not form.is_valid():
        since, until = quality_window(DEFAULT_DAYS)
    elif request.GET:
        since, until = form.cleaned_data["since"], form.cleaned_data["until"]
    else:
        since, until = quality_window(DEFAULT_DAYS)
        form = PeriodForm(initial={"since": since, "until": until})
    report = quality_report(since, until)
    return TemplateResponse(request, "admin/triage/quality.html", {
        **site.each_context(request), "title": _("Decision quality"), "form": form,
        "since": since, "until": until, **page_rows(report, since, until),
    })


# --- the email list behind a figure -------------------------------------------------------

_MEASURE_WORDS = {
    "fired": gettext_lazy("fired"), "confirmed": gettext_lazy("confirmed by staff"),
    "overturned": gettext_lazy("overturned by staff"), "open": gettext_lazy("no verdict yet"),
    "missed": gettext_lazy("misses attributed"), "corrected": gettext_lazy("corrected"),
    "finished": gettext_lazy("drafts finished"), "decided": gettext_lazy("decisions"),
    "judged": gettext_lazy("judged by staff"), "changed": gettext_lazy("changed by staff"),
}
_KINDS = ("source", "field", "route", "week", "decisions")


def parse_figure(value: str | None) -> tuple[date, date, str] | None:
    """``since,until,cell`` as the page's links write it, or None."""
    try:
        since_text, until_text, cell = (value or "").split(",", 2)
        since, until = date.fromisoformat(since_text), date.fromisoformat(until_text)
    except ValueError:
        return None
    kind, _sep, rest = cell.partition(":")
    subject, _sep, measure = rest.rpartition(":")
    if kind not in _KINDS or measure not in _MEASURE_WORDS or since > until \
            or until - since >= timedelta(days=MAX_DAYS):
        return None
    if kind == "decisions" and (subject or measure not in _MEASURE_WORDS):
        return None
    return since, until, cell


def describe_figure(since: date, until: date, cell: str) -> str:
    kind, _sep, rest = cell.partition(":")
    subject, _sep, measure = rest.rpartition(":")
    if kind == "decisions":
        subject = measure
    what = {"source": lambda: source_words(subject),
            "field": lambda: labels.field(subject) if subject != "*" else _("ticket drafts"),
            "route": lambda: labels.route(subject),
            "week": lambda: _("week of %(day)s") % {"day": formats.day(subject)},
            "decisions": lambda: _("all decisions")}[kind]()
    return _("%(what)s, %(measure)s, %(since)s to %(until)s") % {
        "what": what, "measure": _MEASURE_WORDS[measure], "since": formats.day(since),
        "until": formats.day(until)}


class QualityFigureFilter(admin.SimpleListFilter):
    """The emails behind one figure of the quality page (its links set it); shown in
    the sidebar only while it is on. Erased emails are not listed (the figure keeps
    counting them)."""

    title, parameter_name = gettext_lazy("quality figure"), "quality"

    def lookups(self, request, model_admin):
        # Django applies only a filter with choices: a value it cannot read still gets
        # one, and lists nothing (never every email).
        if not self.value():
            return []
        figure = parse_figure(self.value())
        return [(self.value(), describe_figure(*figure) if figure else _("an unknown figure"))]

    def queryset(self, request, queryset):
        if not self.value():
            return queryset
        figure = parse_figure(self.value())
        if figure is None or not request.user.has_perm(QUALITY_PERMISSION):
            return queryset.none()
        since, until, cell = figure
        return queryset.filter(pk__in=quality_emails(quality_report(since, until), cell))
