"""The reply panel on an email's and an escalation's page: the templates to start from
(links, no script: the Content-Security-Policy allows none inline), chosen by what the
item is and pre-selected in the sender's language, the form, and the replies sent."""

from __future__ import annotations

from django.urls import reverse

from triage import formats, labels, reply_templates, roles
from triage.admin.display import esc
from triage.console_forms import ReplyForm
from triage.models import Escalation, InboundEmail, Reply, Ticket
from triage.readers.language import language_of
from triage.routes import Code
from triage.sanitize import escape_for_display


def facts(email: InboundEmail, signer=None) -> reply_templates.Facts:
    run = email.current_run
    ticket = Ticket.objects.filter(email_id=email.pk).only("state", "arbitration_number").first()
    return reply_templates.Facts(
        subject=email.subject, contract=run.contract_reference if run else "",
        lot=run.lot_reference if run else "", ticket_state=ticket.state if ticket else "",
        arbitration_number=(ticket.arbitration_number or "") if ticket else "",
        signer_name=(signer.get_full_name() or signer.get_username()) if signer else "",
        signer_role=roles.signature_role(signer) if signer else "")


def item_kind(email: InboundEmail) -> str:
    """What the email is, for its reply templates: a bank-detail change under review (a
    possible fraud), a claim, or anything else."""
    run = email.current_run
    codes = {s.get("code") for s in (run.review_signals if run else []) or []
             if isinstance(s, dict)}
    if Code.BANK_CHANGE in codes:
        return reply_templates.BANK_CHANGE
    has_item = Ticket.objects.filter(email_id=email.pk).exists() or \
        Escalation.objects.filter(email_id=email.pk).exists()
    if (run and run.is_claim) or has_item:
        return reply_templates.CLAIM
    return reply_templates.OTHER


def sender_language(email: InboundEmail) -> str:
    """The sender's language (subject and body), English when it cannot be told."""
    return language_of(email.subject, email.text_body) or "en"


def reply_context(request, email: InboundEmail, page: str = "") -> dict | None:
    """What the panel needs: the item's templates, the first one pre-selected in the
    sender's language unless ``?reply=<template>`` chose another. None once the
    sender's address is gone (removed by retention or an erasure): there is no one to
    write to."""
    if not email.from_address:
        return None
    has_ticket = Ticket.objects.filter(email_id=email.pk).exists()
    offered = reply_templates.purposes(item_kind(email), has_ticket=has_ticket)
    lang = sender_language(email)
    chosen = request.GET.get("reply", "")
    if reply_templates.TEMPLATES.get(chosen, ("", ""))[0] not in offered:
        chosen = f"{offered[0]}-{lang}"
    page = page or reverse("admin:triage_inboundemail_change", args=[email.pk])
    return {
        "to": esc(email.from_address),
        "language": reply_templates.LANGUAGES[lang][0],
        "templates": [{"label": reply_templates.PURPOSES[purpose][0],
                       "choices": [(f"{purpose}-{code}", code.upper(),
                                    f"{page}?reply={purpose}-{code}#reply",
                                    chosen == f"{purpose}-{code}", name)
                                   for code, (name, _folder)
                                   in reply_templates.LANGUAGES.items()]}
                      for purpose in offered],
        "form": ReplyForm(initial={
            "template": chosen, "subject": reply_templates.reply_subject(email.subject),
            "body": reply_templates.render(chosen, facts(email, request.user))}),
    }


def sent(email_id: int) -> list[dict]:
    """The replies sent from this email, for the thread."""
    return [{"when": formats.when(r.created_at), "who": r.author.get_username(),
             "to": esc(r.to_address), "subject": esc(r.subject),
             "body": escape_for_display(labels.written(r.body)),
             "state": r.get_state_display(), "error": esc(labels.written(r.error))}
            for r in Reply.objects.filter(email_id=email_id).select_related("author")]
