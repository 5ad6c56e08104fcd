from django.contrib import admin
from django.contrib.admin.apps import AdminConfig


class TriageAdminSite(admin.AdminSite):
    site_header = "Triage console"
    site_title = "Triage"
    index_title = "Inbound email triage"

    def index(self, request, extra_context=None):
        from triage.selectors import dashboard

        return super().index(request, {**(extra_context or {}), "dashboard": dashboard()})


class TriageAdminConfig(AdminConfig):
    default_site = "triage.admin_site.TriageAdminSite"
