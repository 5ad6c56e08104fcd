"""Changelist filters for inbound emails: small, with known values, so building the
sidebar costs no DISTINCT query over a big mailbox."""

from __future__ import annotations

from datetime import date, timedelta

from django.conf import settings
from django.contrib import admin

from triage.routes import DEPARTMENT_CHOICES, Route


class FixedChoicesFilter(admin.SimpleListFilter):
    """A filter on a related column with known values."""

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
    options = [(r.value, r.value.replace("_", " ").capitalize()) for r in Route]


class DepartmentFilter(FixedChoicesFilter):
    title, parameter_name, field = "department", "department", "current_run__department"
    options = DEPARTMENT_CHOICES


class DecidedByFilter(FixedChoicesFilter):
    title, parameter_name, field = "decided by", "decided_by", "current_run__provider"
    options = [("gemini", "Gemini"), ("offline", "Offline provider (simulated)"),
               ("manual", "Staff (manual)")]


class ExposureFilter(admin.SimpleListFilter):
    """Above or below the exposure that escalates (``TRIAGE_ESCALATION_THRESHOLD_USD``)."""

    title, parameter_name = "exposure (USD)", "exposure"

    def lookups(self, request, model_admin):
        limit = f"{settings.TRIAGE_ESCALATION_THRESHOLD_USD:,.0f}"
        return [("high", f">= {limit}"), ("low", f"< {limit}"), ("none", "not stated")]

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
    title, parameter_name = "response deadline", "deadline"

    def lookups(self, request, model_admin):
        return [("past", "Past"), ("week", "Within 7 days"), ("later", "Later"),
                ("none", "None")]

    def queryset(self, request, queryset):
        today = date.today()
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
    "hidden_content": "Hidden HTML content",
    "invisible_characters": "Invisible characters",
    "mixed_script_words": "Look-alike letters",
    "html_differs": "HTML says more than the plain text",
    "automated_hint": "Looks automated (triaged anyway)",
}
FLAG_KEYS = tuple(FLAGS)


class FlagFilter(admin.SimpleListFilter):
    title, parameter_name = "flags", "flag"

    def lookups(self, request, model_admin):
        return [*FLAGS.items(), ("automated", "Not triaged (our own mail, bounces)")]

    def queryset(self, request, queryset):
        if self.value() == "automated":
            return queryset.exclude(automated="")
        if self.value() in FLAGS:
            return queryset.filter(flags__has_key=self.value())
        return queryset
