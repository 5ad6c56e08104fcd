"""The console's AdminSite: Django's, with the dashboard on its index."""

from __future__ import annotations

from django.contrib import admin

from triage.selectors import dashboard


class TriageAdminSite(admin.AdminSite):
    site_header = "Triage console"
    site_title = "Triage"
    index_title = "Inbound email triage"

    def index(self, request, extra_context=None):
        return super().index(request, {**(extra_context or {}), "dashboard": dashboard()})
