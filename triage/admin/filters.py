"""Changelist filters for inbound emails: small, with known values, so building the
sidebar costs no DISTINCT query over a big mailbox."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib import admin
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from triage import formats, labels
from triage.routes import Department, Route


class FixedChoicesFilter(admin.SimpleListFilter):
    """A filter on a related column with known values."""

    field = ""

    def options(self) -> list[tuple[str, str]]:
        return []

    def lookups(self, request, model_admin):
        return self.options()

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(**{self.field: self.value()})
        return queryset


class RouteFilter(FixedChoicesFilter):
    title, parameter_name, field = gettext_lazy("route"), "route", "current_run__route"

    def options(self):
        return [(r.value, labels.route(r.value)) for r in Route]


class DepartmentFilter(FixedChoicesFilter):
    title = gettext_lazy("department")
    parameter_name, field = "department", "current_run__department"

    def options(self):
        return [(d.value, labels.department(d.value)) for d in Department]


class DecidedByFilter(FixedChoicesFilter):
    title = gettext_lazy("decided by")
    parameter_name, field = "decided_by", "current_run__provider"

    def options(self):
        return [("gemini", "Gemini"), ("offline", _("Offline provider (simulated)")),
                ("manual", _("Staff (manual)"))]


class ExposureFilter(admin.SimpleListFilter):
    """Above or below the exposure that escalates (``TRIAGE_ESCALATION_THRESHOLD_USD``)."""

    title, parameter_name = gettext_lazy("exposure (USD)"), "exposure"

    def lookups(self, request, model_admin):
        limit = formats.money(settings.TRIAGE_ESCALATION_THRESHOLD_USD, "USD")
        return [("high", f">= {limit}"), ("low", f"< {limit}"), ("none", _("not stated"))]

    def queryset(self, request, queryset):
        threshold = settings.TRIAGE_ESCALATION_THRESHOLD_USD
        match self.value():
            case "high":
                return queryset.filter(current_run__exposure_usd__gte=threshold)
            case "low":
                return queryset.filter(current_run__exposure_usd__lt=threshold)
            case "none":
                return queryset.filter(current_run__exposure_usd__isnull=True)
        return queryset


class DeadlineFilter(admin.SimpleListFilter):
    title, parameter_name = gettext_lazy("response deadline"), "deadline"

    def lookups(self, request, model_admin):
        return [("past", _("Past")), ("week", _("Within 7 days")), ("later", _("Later")),
                ("none", pgettext("deadline", "None"))]

    def queryset(self, request, queryset):
        today = timezone.localdate()
        week = today + timedelta(days=7)
        field = "current_run__response_deadline"
        match self.value():
            case "past":
                return queryset.filter(**{f"{field}__lt": today})
            case "week":
                return queryset.filter(**{f"{field}__gte": today, f"{field}__lte": week})
            case "later":
                return queryset.filter(**{f"{field}__gt": week})
            case "none":
                return queryset.filter(**{f"{field}__isnull": True})
        return queryset


# Flags the parser sets on an email that staff may want to find.
FLAGS = {
    "hidden_content": gettext_lazy("Hidden HTML content"),
    "invisible_characters": gettext_lazy("Invisible characters"),
    "mixed_script_words": gettext_lazy("Look-alike letters"),
    "html_differs": gettext_lazy("HTML says more than the plain text"),
    "automated_hint": gettext_lazy("Looks automated (triaged anyway)"),
    "lookalike_sender": gettext_lazy("Look-alike sender domain"),
    "out_of_office": gettext_lazy("Out-of-office reply"),
}
FLAG_KEYS = tuple(FLAGS)


class FlagFilter(admin.SimpleListFilter):
    title, parameter_name = gettext_lazy("flags"), "flag"

    def lookups(self, request, model_admin):
        return [*FLAGS.items(),
                ("automated", _("Not triaged (our own mail, bounces, out-of-office replies)"))]

    def queryset(self, request, queryset):
        if self.value() == "automated":
            return queryset.exclude(automated="")
        if self.value() in FLAGS:
            return queryset.filter(flags__has_key=self.value())
        return queryset
