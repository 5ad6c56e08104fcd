"""Words for staff: what the console and the notifications call a route, a status, a
trigger, a review signal, a claim field, an event.

The decisions keep their stable vocabulary (route ``needs_review``, trigger
``quality_hvi``), and every reason the product stores is data: a code, its parameters
and the email's words that back it (``routes.reason``). Both are put in words here, at
display time, in the reader's language (``vocabulary`` for the codes, ``reason_words`` for
the reasons), with the amounts and dates in the reader's format. Nothing stored is
English to be parsed back.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from triage import formats
from triage.labels.reason_words import automated, reason, reasons
from triage.labels.vocabulary import (
    CHECKLIST_ANSWERS,
    CHECKLIST_QUESTIONS,
    CLAIM_TYPES,
    EVENTS,
    FIELDS,
    MODEL_TRIGGERS,
    NOTIFICATION_KINDS,
    PROVIDERS,
    STATUS_WORDS,
    VERSION_SOURCES,
    word,
)
from triage.routes import ERASED, Department, Route

__all__ = ["CHECKLIST_ANSWERS", "CHECKLIST_QUESTIONS", "CLAIM_TYPES", "EVENTS", "FIELDS",
           "MODEL_TRIGGERS", "NOTIFICATION_KINDS", "PROVIDERS", "STATUS_WORDS",
           "VERSION_SOURCES", "automated", "checklist_question", "claim_type", "department",
           "event", "exposure", "field", "model_trigger", "reason", "reasons", "route",
           "route_action", "status", "word", "written", "yes_no"]

# What the services answer when closing a backstop escalation takes a second desk member.
SECOND_DESK_REQUESTED = {
    "dismissal": gettext_lazy(
        "Dismissal requested. The backstop raised this escalation, so a second trading desk "
        "member must confirm it."),
    "resolution": gettext_lazy(
        "Resolution requested. The backstop raised this escalation, so a second trading desk "
        "member must confirm it."),
}
SECOND_DESK_NOTHING = {
    "dismissal": gettext_lazy("No dismissal of this escalation waits for a confirmation."),
    "resolution": gettext_lazy("No resolution of this escalation waits for a confirmation."),
}
SECOND_DESK_BY_YOU = {
    "dismissal": gettext_lazy(
        "You requested this dismissal; a second trading desk member must confirm it."),
    "resolution": gettext_lazy(
        "You requested this resolution; a second trading desk member must confirm it."),
}


def status(value: str | None) -> str:
    return word(STATUS_WORDS, value)


def route(value: str | None) -> str:
    """A route in words; a route's value is also its email's status."""
    return word(STATUS_WORDS, value)


def route_action(value: Route) -> str:
    """What choosing a route does, for the decide-manually form."""
    return _(value.label)


def department(value: str | None) -> str:
    if value in set(Department):
        return _(Department(value).label)
    return value or "-"


def model_trigger(value: str | dict) -> str:
    """A model's trigger code, or the reason that stands for it (a person's escalation,
    a model that named none)."""
    return reason(value)


def claim_type(value: str) -> str:
    return word(CLAIM_TYPES, value)


def field(name: str) -> str:
    return word(FIELDS, name)


def checklist_question(text: str | None) -> str:
    """A checklist question in the reader's language (a configured one as written)."""
    return str(CHECKLIST_QUESTIONS.get(text or "", text or "-"))


def event(kind: str) -> str:
    return word(EVENTS, kind)


def yes_no(value: bool | None) -> str:
    if value is None:
        return "-"
    return _("yes") if value else _("no")


def exposure(usd: Decimal | None, amount: Decimal | float | None, currency: str | None,
             rates: dict[str, Decimal]) -> str:
    """The USD figure with the amount as stated and the rate that converted it:
    ``US$ 55.800,00 (R$ 310.000,00 a 0,18 USD por BRL)``."""
    if usd is None and amount is None:
        return "-"
    shown = formats.money(usd, "USD") if usd is not None else _("not converted")
    code = (currency or "").strip().upper()
    if amount is None or code in ("", "USD"):
        return shown
    parts = {"usd": shown, "original": formats.money(amount, code), "currency": code}
    if code not in rates:
        return _("%(usd)s (stated %(original)s; no rate configured for %(currency)s)") % parts
    return _("%(usd)s (stated %(original)s at %(rate)s USD per %(currency)s)") % {
        **parts, "rate": formats.rate(rates[code])}


def written(text: str) -> str:
    """What a person or a sender wrote, as written; once removed, what stands for it
    (``ERASED``) in the reader's language."""
    return _("content removed") if text == ERASED else text
