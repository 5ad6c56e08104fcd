"""The console's AdminSite: Django's, with the dashboard on its index."""

from __future__ import annotations

from django.contrib import admin
from django.urls import path
from django.utils.translation import gettext_lazy as _

from triage.admin.live import DASHBOARD_PERMISSIONS, live_context, live_view
from triage.admin.quality import quality_page
from triage.admin.work import handed_to
from triage.selectors import dashboard


class TriageAdminSite(admin.AdminSite):
    site_header = _("Triage console")
    site_title = _("Triage")
    index_title = _("Inbound email triage")
    # The app list is one click away (breadcrumbs, home); its 300 px column would take
    # the changelist's decision columns off a 1440 px screen.
    enable_nav_sidebar = False

    def index(self, request, extra_context=None):
        context = dict(extra_context or {})
        if request.user.has_perms(DASHBOARD_PERMISSIONS):
            context["dashboard"] = {**dashboard(request.user),
                                    "handed_to": handed_to(request.user)}
            context["triage_live"] = live_context(request, new="email", dashboard=True)
        return super().index(request, context)

    def get_urls(self):
        return [path("quality/", self.admin_view(self.quality), name="quality"),
                path("live/", self.admin_view(live_view), name="live"),
                *super().get_urls()]

    def quality(self, request):
        return quality_page(self, request)
