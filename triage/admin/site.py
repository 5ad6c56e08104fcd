"""The console's AdminSite: Django's, with the dashboard on its index."""

from __future__ import annotations

from django.contrib import admin
from django.urls import path
from django.utils.translation import gettext_lazy as _

from triage.admin.quality import quality_page
from triage.admin.work import handed_to
from triage.selectors import dashboard

# The dashboard shows email subjects, exposures and deadlines: only someone a triage
# group lets read emails and escalations sees it. Being staff only opens the login.
DASHBOARD_PERMISSIONS = ("triage.view_inboundemail", "triage.view_escalation")


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
        return super().index(request, context)

    def get_urls(self):
        return [path("quality/", self.admin_view(self.quality), name="quality"),
                *super().get_urls()]

    def quality(self, request):
        return quality_page(self, request)
