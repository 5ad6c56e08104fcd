"""What every triage ModelAdmin shares: nothing is edited in place, and the buttons on a
detail page are one declarative table (action name -> form, permission, service).

Every change goes through ``triage.services``; the permission is checked here and again
in the service, and refusals become messages, nothing half-done.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.functional import cached_property
from django.views.decorators.http import require_POST

from triage.forms import ActionForm
from triage.selectors import capped_count, estimated_count
from triage.services import review


@dataclass(frozen=True)
class ObjectAction:
    """One staff action on one object: ``service(pk, user, **form.arguments())``."""

    form: type[ActionForm]
    permission: str  # "app_label.codename"
    service: Callable[..., review.Outcome]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Nobody edits what arrived or what was decided; changes go through services, one
    ``object_actions`` entry each, POSTed to ``<pk>/act/<name>/``."""

    object_actions: dict[str, ObjectAction] = {}

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

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
            errors = "; ".join(f"{field}: {', '.join(errs)}"
                               for field, errs in form.errors.items())
            self.message_user(request, f"Not done: {errors}", messages.ERROR)
            return self._back(obj)
        try:
            outcome = spec.service(obj.pk, request.user, **form.arguments())
        except review.ReviewError as exc:
            self.message_user(request, str(exc), messages.ERROR)
        else:
            level = messages.SUCCESS if outcome.changed else messages.WARNING
            self.message_user(request, outcome.message, level)
            if outcome.changed:
                self.log_change(request, obj, outcome.message)
        return self._back(obj)

    def action_context(self, obj) -> dict | None:
        """What the change form needs to offer this object's actions; None while the
        object's state offers none."""
        return None

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = dict(extra_context or {})
        allowed = [name for name, spec in self.object_actions.items()
                   if request.user.has_perm(spec.permission)]
        obj = self.get_object(request, object_id) if allowed else None
        context = self.action_context(obj) if obj is not None else None
        if context is not None:
            meta = self.model._meta
            extra.update(context, act_urls={
                name: reverse(f"admin:{meta.app_label}_{meta.model_name}_act",
                              args=[obj.pk, name]) for name in allowed})
        return super().change_view(request, object_id, form_url, extra)

    def _back(self, obj) -> HttpResponseRedirect:
        meta = obj._meta
        return HttpResponseRedirect(
            reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk]))


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class EstimatedCountPaginator(Paginator):
    """The unfiltered page of a big mailbox counts with PostgreSQL's estimate, a filtered
    or searched one exactly up to 10,000 rows and with the query's estimate above."""

    @cached_property
    def count(self) -> int:
        query = self.object_list.query
        if not query.where and not query.distinct:
            estimate = estimated_count(self.object_list.model)
            if estimate is not None and estimate > 10_000:
                return estimate
        return capped_count(self.object_list)
