"""What every triage ModelAdmin shares: nothing is edited in place, and the buttons on a
detail page are one declarative table (action name -> form, permission, service).

Every change goes through ``triage.services``; the permission is checked here and again
in the service, and refusals become messages, nothing half-done.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import connection
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.functional import cached_property
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from triage.forms import ActionForm
from triage.selectors import (
    COUNT_EXACT_UP_TO,
    capped_count,
    estimated_count,
    planned_count,
    planned_rows,
)
from triage.services.outcome import Outcome, ReviewError


@dataclass(frozen=True)
class ObjectAction:
    """One staff action on one object: ``service(pk, user, **form.arguments())``."""

    form: type[ActionForm]
    permission: str  # "app_label.codename"
    service: Callable[..., Outcome]


class ObjectActions:
    """A ModelAdmin mixin: each ``object_actions`` entry is a form POSTed from the
    object's page to ``<pk>/act/<name>/``, validated, then handed to its service.

    As with Django's own confirmation pages, the view answers with a page of its own:
    a refused form is shown there again (400) with its errors next to its fields and
    what the person typed, to send again; anything else goes back to the object's page
    with a message. The change view offers only the actions the user may take
    (``act_urls``); what each page shows is its template's business."""

    object_actions: dict[str, ObjectAction] = {}

    def get_urls(self):
        if not self.object_actions:
            return super().get_urls()
        meta = self.model._meta
        return [path("<int:pk>/act/<str:action>/",
                     self.admin_site.admin_view(require_POST(self.action_view)),
                     name=f"{meta.app_label}_{meta.model_name}_act"), *super().get_urls()]

    def action_view(self, request: HttpRequest, pk: int, action: str) -> HttpResponse:
        obj = get_object_or_404(self.model, pk=pk)
        spec = self.object_actions.get(action)
        if spec is None or not request.user.has_perm(spec.permission):
            raise PermissionDenied
        form = spec.form(request.POST)
        if not form.is_valid():
            # Each error under the field's label as the form shows it, not its name.
            errors = "; ".join(f"{_label(form, field)}: {', '.join(errs)}"
                               for field, errs in form.errors.items())
            self.message_user(request, _("Not done: %(errors)s") % {"errors": errors},
                              messages.ERROR)
            return self.refused_form(request, obj, form)
        try:
            outcome = spec.service(obj.pk, request.user, **form.arguments())
        except ReviewError as exc:
            self.message_user(request, str(exc), messages.ERROR)
        else:
            level = messages.SUCCESS if outcome.changed else messages.WARNING
            self.message_user(request, outcome.message, level)
            if outcome.changed:
                self.log_change(request, obj, outcome.message)
        return self._back(obj)

    def refused_form(self, request: HttpRequest, obj, form: ActionForm) -> TemplateResponse:
        meta = self.model._meta
        return TemplateResponse(request, "admin/triage/action_form.html", {
            **self.admin_site.each_context(request), "opts": meta, "original": obj,
            "title": _("Not done yet"), "form": form, "action_url": request.path,
            "change_url": reverse(f"admin:{meta.app_label}_{meta.model_name}_change",
                                  args=[obj.pk]),
        }, status=400)

    def action_context(self, obj) -> dict | None:
        """What the change form needs to offer this object's actions; None while the
        object's state offers none."""
        return None

    def action_urls(self, request: HttpRequest, obj) -> dict[str, str]:
        """Where each action the user may take on ``obj`` is POSTed."""
        meta = self.model._meta
        return {name: reverse(f"admin:{meta.app_label}_{meta.model_name}_act",
                              args=[obj.pk, name])
                for name, spec in self.object_actions.items()
                if request.user.has_perm(spec.permission)}

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = dict(extra_context or {})
        obj = self.get_object(request, object_id) if self.object_actions else None
        urls = self.action_urls(request, obj) if obj is not None else {}
        context = self.action_context(obj) if urls else None
        if context is not None:
            extra.update(context, act_urls=urls)
        return super().change_view(request, object_id, form_url, extra)

    def _back(self, obj) -> HttpResponseRedirect:
        meta = obj._meta
        return HttpResponseRedirect(
            reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk]))


def _label(form, field: str) -> str:
    """A field's label as the person saw it (the form as a whole for non-field errors)."""
    if field in form.fields:
        return str(form.fields[field].label or field.replace("_", " ")).capitalize()
    return _("Form")


class ReadOnlyAdmin(ObjectActions, admin.ModelAdmin):
    """Nobody edits what arrived or what was decided; changes go through services, one
    ``object_actions`` entry each."""

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def action_checkbox(self, obj) -> str:
        """Django's row checkbox, the same markup without rendering a form widget's
        template for every row (a fifth of a 100-row changelist's time)."""
        return format_html(
            '<input type="checkbox" name="{}" value="{}" class="action-select" '
            'aria-label="{}">', helpers.ACTION_CHECKBOX_NAME, obj.pk,
            format_html(_("Select this object for an action - {}"), str(obj)))


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


# What a list never shows of the email its rows hang off (select_related would read
# them on every row: a raw message is tens of KB).
EMAIL_TEXTS = ("raw_message", "html_body", "html_text", "text_body", "attachment_text")


def on_changelist(request, model_admin) -> bool:
    """Whether this request is ``model_admin``'s list (not an object's page)."""
    match = getattr(request, "resolver_match", None)
    meta = model_admin.model._meta
    return match is not None and match.url_name == f"{meta.app_label}_{meta.model_name}_changelist"


def list_queryset(request, model_admin, queryset, *, also: tuple[str, ...] = ()):
    """The list's rows without the email's texts (and ``also``)."""
    if not on_changelist(request, model_admin):
        return queryset
    return queryset.defer(*(f"email__{name}" for name in EMAIL_TEXTS), *also)


@dataclass(frozen=True)
class KnownMatches:
    """What a search has already counted while it ran: exactly ``count`` rows, or more
    than ``count``."""

    count: int
    exact: bool
    # A filtered page of a broad term: count by PostgreSQL's estimate of the filtered
    # query, or exactly when its matches fit on one page.
    filtered: bool = False
    # Past a page, this estimate instead of PostgreSQL's of the page's query.
    estimate: int | None = None


# A filtered list PostgreSQL estimates at this many times the cap or more is not
# counted: a statistics estimate is not off by half for a filter on one column.
ESTIMATE_OVER = 2


class EstimatedCountPaginator(Paginator):
    """The unfiltered page of a big mailbox counts with PostgreSQL's estimate, a filtered
    or searched one exactly up to 10,000 rows and with the query's estimate above (a
    filter estimated at twice that or more is not counted at all). What a search has
    already counted (``known``) is not counted again: its exact number, or the estimate
    for one that has seen more than 10,000 matches."""

    exact_up_to = COUNT_EXACT_UP_TO

    def __init__(self, object_list, per_page, orphans=0, allow_empty_first_page=True, *,
                 known: KnownMatches | None = None, keys_first: bool = False):
        super().__init__(object_list, per_page, orphans, allow_empty_first_page)
        self.known = known
        self.keys_first = keys_first

    def _get_page(self, object_list, number, paginator):
        """``keys_first`` (a searched page): the page's rows are chosen by their ids
        alone, in the list's order over its own table, and only those rows are then
        read with the rows they show beside them. In one query PostgreSQL joined every
        match to its run, escalation and ticket (each table read whole) before sorting
        them for the page: 75 ms for a sender's name in 9,821 emails of 100,000."""
        if self.keys_first and isinstance(object_list, QuerySet):
            keys = list(object_list.values_list("pk", flat=True))
            object_list = rows_of(self.object_list, keys)
        return super()._get_page(object_list, number, paginator)

    @cached_property
    def count(self) -> int:
        query = self.object_list.query
        if not query.where and not query.distinct:
            estimate = estimated_count(self.object_list.model)
            if estimate is not None and estimate > self.exact_up_to:
                return estimate
        if self.known and self.known.exact:
            return self.known.count
        if self.known and self.known.filtered:
            head = self.object_list.order_by().values("pk")[: self.per_page + 1]
            found = len(head)
            if found <= self.per_page or connection.vendor != "postgresql":
                return found if found <= self.per_page else self.object_list.count()
            if self.known.estimate is not None:
                return max(found, self.known.estimate)
            return max(found, planned_rows(self.object_list))
        if self.known and self.known.count >= self.exact_up_to:
            return planned_count(self.object_list, more_than=self.known.count)
        if not self.known and connection.vendor == "postgresql":
            # A filter PostgreSQL expects to match far more than the cap (a quarter of a
            # million escalated emails) is not counted to the cap: reading 10,001 rows
            # took 8,000 heap pages at a million emails. Its estimate is the count.
            planned = planned_rows(self.object_list)
            if planned >= ESTIMATE_OVER * self.exact_up_to:
                return planned
        return capped_count(self.object_list, cap=self.exact_up_to)


def rows_of(queryset: QuerySet, keys: list) -> list:
    """The rows of ``keys``, in that order, read as ``queryset`` reads its rows (the
    same related rows and columns), without checking its conditions again: those rows
    are what they chose."""
    rows = queryset.model._default_manager.filter(pk__in=keys).prefetch_related(
        *queryset._prefetch_related_lookups)
    rows.query.select_related = queryset.query.select_related
    rows.query.deferred_loading = queryset.query.deferred_loading
    found = {row.pk: row for row in rows}
    return [found[key] for key in keys if key in found]
