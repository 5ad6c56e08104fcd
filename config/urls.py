from django.contrib import admin
from django.http import HttpRequest, JsonResponse
from django.urls import include, path

from triage import esp, ops, webhooks


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness: the process answers. Readiness (database, broker) is /readyz/."""
    return JsonResponse({"ok": True})


urlpatterns = [
    path("webhooks/inbound/", webhooks.inbound, name="webhook-inbound"),
    path("webhooks/anymail/", include(esp.anymail_urlpatterns)),
    path("healthz/", healthz, name="healthz"),
    path("readyz/", ops.readyz, name="readyz"),
    path("metrics", ops.metrics_view, name="metrics"),
    # The header's language switcher posts here (Django's set_language: a cookie).
    path("i18n/", include("django.conf.urls.i18n")),
    # Last: the admin's catch-all would otherwise swallow the routes above.
    path("", admin.site.urls),
]
