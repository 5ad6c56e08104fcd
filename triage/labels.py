"""Words for staff: what the console and the notifications call a route, a status, a
trigger, a review signal, a claim field, an event.

The decisions keep their stable vocabulary (route ``needs_review``, trigger
``quality_hvi``) and the backstop keeps writing its reasons as English sentences into
the database, as it always has: it stays pure, and stored reasons never change. They
are translated here, at display time, by pattern: each sentence the backstop and the
review signals can write has a pattern that reads its parts (the amount, the date, the
quoted words) and a translated sentence that puts them back, with the amounts and dates
in the reader's format. A sentence no pattern knows (an old wording, a model's text) is
shown as written. ``tests/test_labels.py`` builds every sentence the backstop writes and
checks that a pattern reads it, so a new wording cannot slip by untranslated.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from triage import formats
from triage.models import Status
from triage.routes import ERASED, ClaimType, Department, Route, Trigger

# --- vocabularies ------------------------------------------------------------------

STATUS_WORDS = dict(Status.choices)

# Keyed by the enumerations (a StrEnum member finds a stored string's label);
# tests/test_labels.py checks that every member has one.
MODEL_TRIGGERS = {
    Trigger.HIGH_EXPOSURE: gettext_lazy("High exposure"),
    Trigger.ARBITRATION_OR_LEGAL: gettext_lazy("Arbitration or legal threat"),
    Trigger.CONTAMINATION: gettext_lazy("Contamination"),
    Trigger.TIGHT_DEADLINE: gettext_lazy("Tight deadline"),
    Trigger.CONTRACT_CANCELLATION: gettext_lazy("Contract cancellation threat"),
    Trigger.OTHER: pgettext_lazy("trigger", "Other"),
}

CLAIM_TYPES = {
    ClaimType.CONTAMINATION: gettext_lazy("Contamination"),
    ClaimType.QUALITY_HVI: gettext_lazy("Quality (HVI)"),
    ClaimType.WEIGHT_SHORTFALL: gettext_lazy("Weight shortfall"),
    ClaimType.MOISTURE: gettext_lazy("Moisture"),
    ClaimType.LATE_SHIPMENT: gettext_lazy("Late shipment"),
    ClaimType.DOCUMENTATION: gettext_lazy("Documentation"),
    ClaimType.OTHER: pgettext_lazy("claim type", "Other"),
}

# Claim fields as the extraction names them, HVI readings with their units.
FIELDS = {
    "claiming_party": gettext_lazy("Claiming party"),
    "contact": gettext_lazy("Contact"),
    "contract_reference": gettext_lazy("Contract"),
    "lot_reference": gettext_lazy("Lot"),
    "origin": gettext_lazy("Origin"),
    "claim_types": gettext_lazy("Claim types"),
    "required_action": gettext_lazy("Required action"),
    "claim_date": gettext_lazy("Claim date"),
    "response_deadline": gettext_lazy("Response deadline"),
    "exposure_amount": gettext_lazy("Exposure amount"),
    "exposure_currency": gettext_lazy("Exposure currency"),
    "hvi": gettext_lazy("HVI results"),
    "hvi.micronaire": gettext_lazy("Micronaire"),
    "hvi.staple_length_mm": gettext_lazy("Staple length (mm)"),
    "hvi.staple_32nds": gettext_lazy("Staple length (32nds of an inch)"),
    "hvi.strength_gpt": gettext_lazy("Strength (g/tex)"),
    "hvi.uniformity_pct": gettext_lazy("Uniformity (%)"),
    "hvi.color_grade": gettext_lazy("Colour grade"),
    "hvi.leaf_grade": gettext_lazy("Leaf grade"),
}

# What the services answer when closing a backstop escalation takes a second desk member.
SECOND_DESK_REQUESTED = {
    "dismissal": gettext_lazy(
        "Dismissal requested. The backstop raised this escalation, so a second trading desk "
        "member must confirm it."),
    "resolution": gettext_lazy(
        "Resolution requested. The backstop raised this escalation, so a second trading desk "
        "member must confirm it."),
}
SECOND_DESK_BY_YOU = {
    "dismissal": gettext_lazy(
        "You requested this dismissal; a second trading desk member must confirm it."),
    "resolution": gettext_lazy(
        "You requested this resolution; a second trading desk member must confirm it."),
}


def _word(table: dict, value: str | None) -> str:
    if not value:
        return "-"
    return str(table.get(value, value.replace("_", " ")))


def status(value: str | None) -> str:
    return _word(STATUS_WORDS, value)


def route(value: str | None) -> str:
    """A route in words; a route's value is also its email's status."""
    return _word(STATUS_WORDS, value)


def route_action(value: Route) -> str:
    """What choosing a route does, for the decide-manually form."""
    return _(value.label)


def department(value: str | None) -> str:
    if value in set(Department):
        return _(Department(value).label)
    return value or "-"


def model_trigger(value: str) -> str:
    manual = re.fullmatch(r"manual: (?P<reason>.*)", value, re.S)
    if manual:
        return _("decided by hand: %(reason)s") % {"reason": manual["reason"]}
    return _word(MODEL_TRIGGERS, value)


def claim_type(value: str) -> str:
    return _word(CLAIM_TYPES, value)


def field(name: str) -> str:
    return _word(FIELDS, name)


# --- the backstop's and the review signals' sentences ------------------------------

def _usd(text: str) -> str:
    return formats.money(Decimal(text.replace(",", "")), "USD")


def _source(text: str) -> tuple[str, str]:
    """(kind, quote) of a sentence's opening: the extraction or the email's words."""
    m = re.fullmatch(r"email states (?P<q>.*?) ?(?:=|: deadline)", text, re.S)
    if m:
        return "email", m["q"]
    return ("deadline" if text == "response deadline" else "extracted"), ""


def _over_threshold(m: re.Match[str]) -> str:
    kind, quote = _source(m["source"])
    parts = {"usd": _usd(m["usd"]), "limit": _usd(m["limit"]), "quote": quote}
    if m["why"] == _NOT_THE_CLAIM:
        return _("the email states %(quote)s = %(usd)s, at or above the threshold of "
                 "%(limit)s, but the model did not take it as the claim: a person decides "
                 "which figure is claimed") % parts
    if m["why"] == _TOGETHER:
        return _("the email states %(quote)s = %(usd)s in several currencies, at or above "
                 "the threshold of %(limit)s only together: a person decides") % parts
    if kind == "email":
        return _("the email states %(quote)s = %(usd)s, at or above the threshold of "
                 "%(limit)s") % parts
    return _("extracted exposure %(usd)s is at or above the threshold of %(limit)s") % parts


def _no_rate(m: re.Match[str]) -> str:
    kind, quote = _source(m["source"])
    currency = _("no currency") if m["currency"] == "no currency" else m["currency"]
    parts = {"amount": formats.amount(Decimal(m["amount"].replace(",", ""))),
             "currency": currency, "limit": _usd(m["limit"]), "quote": quote}
    if kind == "email":
        return _("the email states %(quote)s = %(amount)s in %(currency)s (no configured "
                 "rate), which could exceed %(limit)s") % parts
    return _("extracted exposure %(amount)s in %(currency)s (no configured rate) could "
             "exceed %(limit)s") % parts


def _past(m: re.Match[str]) -> str:
    kind, quote = _source(m["source"])
    parts = {"date": formats.day(m["date"]), "quote": quote}
    if kind == "email":
        shown = _("the email states %(quote)s: deadline %(date)s has already passed") % parts
    else:
        shown = _("response deadline %(date)s has already passed") % parts
    return _no_claim(shown) if m["why"] else shown


def _no_claim(shown: str) -> str:
    return _("%(fact)s, but the model did not read a claim: a person decides") % {
        "fact": shown}


def _close(m: re.Match[str]) -> str:
    kind, quote = _source(m["source"])
    days = int(m["days"])
    parts = {"date": formats.day(m["date"]), "quote": quote, "days": days,
             "limit": m["limit"]}
    if kind == "email":
        shown = ngettext(
            "the email states %(quote)s: deadline %(date)s is %(days)s business day after "
            "receipt (limit %(limit)s)",
            "the email states %(quote)s: deadline %(date)s is %(days)s business days after "
            "receipt (limit %(limit)s)", days) % parts
        return _no_claim(shown) if m["why"] else shown
    return ngettext(
        "response deadline %(date)s is %(days)s business day after receipt (limit %(limit)s)",
        "response deadline %(date)s is %(days)s business days after receipt (limit %(limit)s)",
        days) % parts


def _correction(m: re.Match[str]) -> str:
    return _("staff correction (version %(version)s, on %(date)s): %(trigger)s") % {
        "version": m["version"], "date": formats.day(m["date"]),
        "trigger": sentence(m["rest"])}


def _bank(m: re.Match[str]) -> str:
    return _("bank details change requested (%(quote)s): a person must verify it by phone "
             "before any payment") % {"quote": m["q"]}


def _unread(m: re.Match[str]) -> str:
    return _("not every part of the email was read (%(quote)s): a person must read it") % {
        "quote": m["q"]}


def _threat(m: re.Match[str]) -> str:
    return _("the email threatens arbitration, legal action or cancellation (%(quote)s), "
             "but the model did not escalate") % {"quote": m["q"]}


_NUMBER = r"[\d,]+(?:\.\d+)?"
# The backstop's reviews: the same facts, with why a person (not the desk) weighs them.
_NOT_THE_CLAIM = ", but the model did not take it as the claim"
_TOGETHER = ", in several currencies together"
_NO_CLAIM = ", but the model did not read a claim"
_DATE = r"\d{4}-\d\d-\d\d"
PATTERNS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(rf"staff correction \(version (?P<version>\d+), from (?P<date>{_DATE})\): "
                r"(?P<rest>.*)", re.S), _correction),
    (re.compile(rf"(?P<source>.+?) USD (?P<usd>{_NUMBER}) >= threshold USD "
                rf"(?P<limit>{_NUMBER})(?P<why>{_NOT_THE_CLAIM}|{_TOGETHER})?", re.S),
     _over_threshold),
    (re.compile(rf"(?P<source>.+?) (?P<amount>{_NUMBER}) in (?P<currency>.+?) \(no rate\) "
                rf"could exceed USD (?P<limit>{_NUMBER})", re.S), _no_rate),
    (re.compile(rf"(?P<source>.+?) (?P<date>{_DATE}) is already past(?P<why>{_NO_CLAIM})?",
                re.S), _past),
    (re.compile(rf"(?P<source>.+?) (?P<date>{_DATE}) is (?P<days>-?\d+) business day\(s\) "
                rf"after receipt \(limit (?P<limit>\d+)\)(?P<why>{_NO_CLAIM})?", re.S), _close),
    (re.compile(rf"(?P<route>{'|'.join(Route)}) \((?P<who>[\w-]+)\)"),
     lambda m: f"{route(m['route'])} ({m['who']})"),
    (re.compile(r"via (?P<who>[\w-]+)"), lambda m: _("via %(provider)s") % {"provider": m["who"]}),
    (re.compile(r"not triaged: (?P<why>.*)", re.S),
     lambda m: _("not triaged: %(why)s") % {"why": m["why"]}),
    (re.compile(r"bank details change requested \((?P<q>.*)\): a person must verify it by "
                r"phone before any payment", re.S), _bank),
    (re.compile(r"not every part of the email was read \((?P<q>.*)\): a person must read it",
                re.S), _unread),
    (re.compile(r"the email threatens arbitration, legal action or cancellation "
                r"\((?P<q>.*)\), but the model did not escalate", re.S), _threat),
]

# Fixed sentences: the remaining review signals and the reasons services write.
SENTENCES = {
    "the email reads as a claim, but the model called it routine":
        gettext_lazy("the email reads as a claim, but the model called it routine"),
    "the email affirms contamination, but the model did not escalate":
        gettext_lazy("the email affirms contamination, but the model did not escalate"),
    "new email": gettext_lazy("new email"),
    "worker claimed": gettext_lazy("worker claimed"),
    "re-triage requested": gettext_lazy("re-triage requested"),
    "the email was escalated again": gettext_lazy("the email was escalated again"),
    "sweeper: still received": gettext_lazy("sweeper: still received"),
    "sweeper: queued too long": gettext_lazy("sweeper: queued too long"),
    "sweeper: worker lost mid-run": gettext_lazy("sweeper: worker lost mid-run"),
    "redelivered after worker loss": gettext_lazy("redelivered after worker loss"),
    # Where a reason, a note or a reply stood before retention or an erasure removed it.
    ERASED: gettext_lazy("content removed"),
}


def sentence(text: str) -> str:
    """One stored sentence (a backstop trigger, a review signal, a reason) in the active
    language; as written when no pattern knows it."""
    if text in SENTENCES:
        return str(SENTENCES[text])
    if text in MODEL_TRIGGERS:  # an escalation's reason lists the model's triggers too
        return str(MODEL_TRIGGERS[text])
    for pattern, render in PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return render(m)
    return text


def written(text: str) -> str:
    """What a person or a sender wrote, as written; once removed, what stands for it
    (``ERASED``) in the reader's language."""
    return str(SENTENCES[ERASED]) if text == ERASED else text


def sentences(items: list[str] | str, sep: str = "; ") -> str:
    """Several stored sentences, each in the active language (a stored reason joins
    them with ``"; "``)."""
    if isinstance(items, str):
        items = [p for p in items.split("; ") if p] if items else []
    return sep.join(sentence(item) for item in items)


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
