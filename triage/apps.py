from importlib import import_module

from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig
from django.utils.translation import gettext_lazy as _


class TriageConfig(AppConfig):
    """Nothing to connect at start-up: the ESP webhooks are views in ``config.urls`` (an
    anymail signal receiver could not answer a status), and no model has a signal."""

    name = "triage"
    verbose_name = _("Triage")


class TriageAdminConfig(AdminConfig):
    """Installs the console's AdminSite in place of ``django.contrib.admin``'s, then
    registers its ModelAdmins. Django reads app configs before models exist, so this
    lives outside the admin package. The registering modules are imported here and
    not from ``triage/admin/__init__.py``: the site class lives in that package, and
    registering while the lazy default site is still being built would register on a
    throw-away instance."""

    default_site = "triage.admin.site.TriageAdminSite"
    registering_modules = ("emails", "escalations", "tickets", "records", "texts")

    def ready(self) -> None:
        super().ready()
        import_module("triage.admin.names").apply()
        for name in self.registering_modules:
            import_module(f"triage.admin.{name}")
