"""The email list's own bulk actions: re-triage (a new run, old runs kept) and the
dry-run replay with today's prompts and model. Both need the re-triage permission."""

from __future__ import annotations

from django.contrib import admin, messages
from django.template.response import TemplateResponse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from triage.admin.display import esc
from triage.decision import model_spec
from triage.replay import replay as replay_stored
from triage.services.queue import email_retriage


@admin.action(description=_("Re-triage selected emails (new run, old runs kept)"),
              permissions=["retriage"])
def retriage(modeladmin, request, queryset) -> None:
    queued = 0
    for email in queryset.select_related(None).only("pk", "subject"):
        outcome = email_retriage(email.pk, request.user)
        queued += outcome.changed
        if outcome.changed:
            modeladmin.log_change(request, email, outcome.message)
    skipped = queryset.count() - queued
    modeladmin.message_user(request, " ".join([
        ngettext("%(n)s email queued for re-triage;", "%(n)s emails queued for re-triage;",
                 queued) % {"n": queued},
        ngettext("%(n)s was not in a final state.", "%(n)s were not in a final state.",
                 skipped) % {"n": skipped}]))

@admin.action(description=_("Replay with the current prompts and model (dry run)"),
              permissions=["retriage"])
def replay(modeladmin, request, queryset) -> TemplateResponse:
    emails = list(queryset.exclude(current_run=None).select_related("current_run")[:200])
    spec = model_spec()
    rows = replay_stored(emails, spec=spec)
    for row in rows:
        row["subject"] = esc(row["subject"])
    if len(rows) < len(emails):
        modeladmin.message_user(request, ngettext(
            "%(n)d email was not replayed: the replay's time ran out; select fewer.",
            "%(n)d emails were not replayed: the replay's time ran out; select fewer.",
            len(emails) - len(rows)) % {"n": len(emails) - len(rows)}, messages.WARNING)
    return TemplateResponse(request, "admin/triage/replay.html", {
        **modeladmin.admin_site.each_context(request), "title": gettext("Replay (dry run)"),
        "rows": rows, "changed": sum(bool(r["changed"]) for r in rows), "spec": spec,
    })
