"""The reply panel on an email's page: the templates to start from (links, no script:
the Content-Security-Policy allows none inline), the form, and the replies sent."""

from __future__ import annotations

from django.urls import reverse

from triage import formats, labels, reply_templates
from triage.admin.display import esc
from triage.console_forms import ReplyForm
from triage.models import InboundEmail, Reply, Ticket
from triage.sanitize import escape_for_display


def facts(email: InboundEmail) -> reply_templates.Facts:
    run = email.current_run
    ticket = Ticket.objects.filter(email_id=email.pk).only("state", "arbitration_number").first()
    return reply_templates.Facts(
        subject=email.subject, contract=run.contract_reference if run else "",
        lot=run.lot_reference if run else "", ticket_state=ticket.state if ticket else "",
        arbitration_number=(ticket.arbitration_number or "") if ticket else "")


def reply_context(request, email: InboundEmail) -> dict | None:
    """What the panel needs; the form starts from ``?reply=<template>``. None once the
    sender's address is gone (removed by retention or an erasure): there is no one to
    write to."""
    if not email.from_address:
        return None
    chosen = request.GET.get("reply", "")
    if chosen not in reply_templates.TEMPLATES:
        chosen = ""
    page = reverse("admin:triage_inboundemail_change", args=[email.pk])
    return {
        "to": esc(email.from_address),
        "templates": [(name, label, f"{page}?reply={name}#reply", name == chosen)
                      for name, (label, _build) in reply_templates.TEMPLATES.items()],
        "form": ReplyForm(initial={
            "template": chosen, "subject": reply_templates.reply_subject(email.subject),
            "body": reply_templates.render(chosen, facts(email)) if chosen else ""}),
    }


def sent(email_id: int) -> list[dict]:
    """The replies sent from this email, for the thread."""
    return [{"when": formats.when(r.created_at), "who": r.author.get_username(),
             "to": esc(r.to_address), "subject": esc(r.subject),
             "body": escape_for_display(labels.written(r.body)),
             "state": r.get_state_display(), "error": esc(labels.written(r.error))}
            for r in Reply.objects.filter(email_id=email_id).select_related("author")]
