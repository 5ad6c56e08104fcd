"""Stored reasons in the reader's language.

A reason is data (``routes.reason``): its code and parameters, and the email's words as
``quote``/``quotes``. Each code has its words here, with the amounts and dates in the
reader's format; the sender's words are shown as written, between quotation marks (the
caller escapes them, as every sender's text). Nothing stored is parsed back:
``tests/test_labels.py`` renders every code in English and Portuguese.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from triage import formats
from triage.labels.vocabulary import FIELDS, MODEL_TRIGGERS, PROVIDERS, STATUS_WORDS, word
from triage.routes import ERASED, Code
from triage.senderwords import lookalike_how

CHAINS = {"classification": gettext_lazy("classification"),
          "extraction": gettext_lazy("extraction"),
          "escalation": gettext_lazy("escalation check"),
          "checklist": gettext_lazy("checklist")}
# What failed in a chain call (``ChainError.kind``); the technical text stays apart.
CALL_FAILURES = {
    "rate_limited": gettext_lazy("the model provider limited our requests (it is retried)"),
    "provider_error": gettext_lazy("the model provider had a server error (it is retried)"),
    "refused": gettext_lazy("the model provider refused the request"),
    "timeout": gettext_lazy("the model did not answer in time"),
    "unreachable": gettext_lazy("the model provider could not be reached"),
    "invalid_output": gettext_lazy("the model's answer was not in the expected form"),
    "other": gettext_lazy("an unexpected error"),
}
STAGES = {"raw": gettext_lazy("raw message"), "content": gettext_lazy("content"),
          "record": gettext_lazy("record")}


def _usd(value: object) -> str:
    return formats.money(Decimal(str(value)), "USD")


def _q(d: dict) -> str:
    """The email's words behind a reason, quoted; an erasure leaves none."""
    words = " + ".join(d["quotes"]) if d.get("quotes") else d.get("quote")
    return f"\u201c{words}\u201d" if words else _("(words removed)")


def _from_email(d: dict) -> bool:
    return d.get("source") == "email"


def _figures(d: dict) -> dict:
    return {"usd": _usd(d["usd"]), "limit": _usd(d["threshold"]), "quote": _q(d)}


def _over_threshold(d: dict) -> str:
    if _from_email(d):
        return _("the email states %(quote)s = %(usd)s, at or above the threshold of "
                 "%(limit)s") % _figures(d)
    return _("extracted exposure %(usd)s is at or above the threshold of %(limit)s") % (
        _figures(d))


def _not_the_claim(d: dict) -> str:
    return _("the email states %(quote)s = %(usd)s, at or above the threshold of "
             "%(limit)s, but the model did not take it as the claim: a person decides "
             "which figure is claimed") % _figures(d)


def _together(d: dict) -> str:
    return _("the email states %(quote)s = %(usd)s in several currencies, at or above "
             "the threshold of %(limit)s only together: a person decides") % _figures(d)


def _no_rate(d: dict) -> str:
    parts = {"amount": formats.amount(Decimal(str(d["amount"]))),
             "currency": d.get("currency") or _("no currency"),
             "limit": _usd(d["threshold"]), "quote": _q(d)}
    if _from_email(d):
        return _("the email states %(quote)s = %(amount)s in %(currency)s (no configured "
                 "rate), which could exceed %(limit)s") % parts
    return _("extracted exposure %(amount)s in %(currency)s (no configured rate) could "
             "exceed %(limit)s") % parts


def _no_claim(d: dict, shown: str) -> str:
    if d.get("model_claim") is not False:
        return shown
    return _("%(fact)s, but the model did not read a claim: a person decides") % {
        "fact": shown}


def _passed(d: dict) -> str:
    parts = {"date": formats.day(d["date"]), "quote": _q(d)}
    if _from_email(d):
        return _no_claim(d, _("the email states %(quote)s: deadline %(date)s has already "
                              "passed") % parts)
    return _no_claim(d, _("response deadline %(date)s has already passed") % parts)


def _within(d: dict) -> str:
    days = int(d["days"])
    parts = {"date": formats.day(d["date"]), "quote": _q(d), "days": days,
             "limit": d["limit"]}
    if _from_email(d):
        return _no_claim(d, ngettext(
            "the email states %(quote)s: deadline %(date)s is %(days)s business day after "
            "receipt (limit %(limit)s)",
            "the email states %(quote)s: deadline %(date)s is %(days)s business days after "
            "receipt (limit %(limit)s)", days) % parts)
    return _no_claim(d, ngettext(
        "response deadline %(date)s is %(days)s business day after receipt (limit %(limit)s)",
        "response deadline %(date)s is %(days)s business days after receipt (limit %(limit)s)",
        days) % parts)


def _pages(d: dict) -> str:
    n = int(d.get("pages", 0))
    if d.get("total") is not None:
        return _("read %(pages)s of %(total)s pages") % {"pages": n, "total": d["total"]}
    return ngettext("read %(pages)s page", "read %(pages)s pages", n) % {"pages": n}


def _chain_failed(d: dict) -> str:
    """What failed, in words; the technical text only for a reason stored before
    failures had a kind."""
    chain = word(CHAINS, d["chain"])
    if d.get("kind"):
        return _("the %(chain)s call failed: %(why)s") % {
            "chain": chain, "why": word(CALL_FAILURES, d["kind"])}
    return _("the %(chain)s call failed: %(detail)s") % {"chain": chain,
                                                         "detail": d.get("detail", "")}


def _count(value: object) -> str:
    return formats.amount(value, 0)


# Each code's words; ``d`` is the stored reason. A part's reason is said after the
# names of the parts it is in (``_part``).
_WORDS: dict[str, Callable[[dict], str]] = {
    Code.EXPOSURE_AT_OR_ABOVE_THRESHOLD: _over_threshold,
    Code.EXPOSURE_NOT_THE_CLAIM: _not_the_claim,
    Code.EXPOSURE_IN_SEVERAL_CURRENCIES: _together,
    Code.EXPOSURE_WITHOUT_RATE: _no_rate,
    Code.DEADLINE_PASSED: _passed,
    Code.DEADLINE_WITHIN_LIMIT: _within,
    Code.STAFF_CORRECTION: lambda d: _(
        "staff correction (version %(version)s, on %(date)s): %(trigger)s") % {
        "version": d["version"], "date": formats.day(d["date"]),
        "trigger": reason(d["trigger"])},
    Code.PARTS_UNREAD: lambda d: _(
        "not every part of the email was read (%(quote)s): a person must read it") % {
        "quote": "; ".join(map(reason, d.get("parts", [])))},
    Code.BANK_CHANGE: lambda d: _(
        "bank details change requested (%(quote)s): a person must verify it by phone "
        "before any payment") % {"quote": _q(d)},
    Code.CLAIM_CALLED_ROUTINE: lambda d: _(
        "the email reads as a claim, but the model called it routine"),
    Code.LOOKALIKE_SENDER: lambda d: _(
        "the sender's domain %(domain)s looks like %(known)s (%(how)s): a person must check "
        "who sent it") % {"domain": d.get("domain") or _("(words removed)"),
                          "known": d.get("known", ""), "how": lookalike_how(d.get("how"))},
    Code.LANGUAGE_UNREAD: lambda d: (_(
        "written in %(language)s, a language the rules read only the claim words and figures "
        "of, and it holds %(word)s: a person reads it instead of a forward")
        if d.get("claim_words")
        else _("written in %(language)s, a language the rules do not read: a person reads it "
               "instead of a forward")) % {
        "language": formats.language_name(d.get("language", "")), "word": _q(d)},
    Code.UNSUPPORTED_VALUES: lambda d: _(
        "a value the model extracted is quoted from words that are not in the email "
        "(%(fields)s): a person checks it") % {
        "fields": ", ".join(word(FIELDS, f) for f in d.get("fields") or [])},
    Code.CONTAMINATION_NOT_ESCALATED: lambda d: _(
        "the email affirms contamination, but the model did not escalate"),
    Code.THREAT_NOT_ESCALATED: lambda d: _(
        "the email threatens arbitration, legal action or cancellation (%(quote)s), but "
        "the model did not escalate") % {"quote": _q(d)},
    Code.ATTACHMENTS_NOT_STORED: lambda d: _(
        "attachments: %(skipped)s past the first %(stored)s were not stored or read") % {
        "skipped": _count(d["skipped"]), "stored": _count(d["stored"])},
    Code.PARTS_NOT_PARSED: lambda d: _(
        "parts: those after the first %(parts)s were not parsed") % {
        "parts": _count(d["parts"])},
    Code.BODY_CUT: lambda d: _("the body: only its first %(chars)s characters were read") % {
        "chars": _count(d["chars"])},
    Code.HTML_CUT: lambda d: _("the HTML: only its first %(chars)s characters were read") % {
        "chars": _count(d["chars"])},
    Code.RULES_READ_FIRST: lambda d: _(
        "the rules read the first %(chars)s of %(total)s characters") % {
        "chars": _count(d["chars"]), "total": _count(d["total"])},
    Code.ATTACHMENT_PAST_LIMIT: lambda d: _("over the %(limit)s attachments read") % d,
    Code.ATTACHMENTS_OUT_OF_TIME: lambda d: _("the time for this email's attachments ran out"),
    Code.FIRST_BYTES_ONLY: lambda d: _("only the first %(bytes)s bytes were read") % {
        "bytes": _count(d["bytes"])},
    Code.PDF_TOO_LARGE: lambda d: _(
        "a PDF of %(bytes)s bytes is over the %(limit)s byte limit; not read") % {
        "bytes": _count(d["bytes"]), "limit": _count(d["limit"])},
    Code.PDF_PAGE_LIMIT: _pages,
    Code.PDF_NO_TIME: lambda d: _("no time was left to read it"),
    Code.PDF_READER_UNAVAILABLE: lambda d: _("no reader process could start (%(error)s)") % d,
    Code.PDF_TIMED_OUT: lambda d: _("its reading took over %(seconds)s s and was stopped") % {
        "seconds": formats.rate(d["seconds"])},
    Code.PDF_ENCRYPTED: lambda d: _("it is encrypted"),
    Code.PDF_DAMAGED: lambda d: _("it is damaged (%(error)s)") % d,
    Code.PDF_READER_STOPPED: lambda d: _("its reader stopped (a limit of memory or CPU)"),
    Code.SHEET_TOO_LARGE: lambda d: _(
        "a workbook of %(bytes)s bytes is over the %(limit)s byte limit; not read") % {
        "bytes": _count(d["bytes"]), "limit": _count(d["limit"])},
    Code.SHEET_UNPACKS_TOO_LARGE: lambda d: _(
        "the workbook unpacks to %(bytes)s bytes, over the %(limit)s byte limit; not read") % {
        "bytes": _count(d["bytes"]), "limit": _count(d["limit"])},
    Code.SHEET_ROWS_CUT: lambda d: _(
        "only the first %(rows)s rows or %(cells)s cells were read") % {
        "rows": _count(d["rows"]), "cells": _count(d["cells"])},
    Code.SHEET_CHARS_CUT: lambda d: _("only the first %(chars)s characters were read") % {
        "chars": _count(d["chars"])},
    Code.MESSAGE_TOO_DEEP: lambda d: _("an attached message %(depth)s messages deep") % d,
    Code.MESSAGE_FIRST_BYTES: lambda d: _(
        "only the first %(bytes)s bytes of the attached message were read") % {
        "bytes": _count(d["bytes"])},
    Code.CHAIN_FAILED: _chain_failed,
    Code.CHAIN_OUT_OF_TIME: lambda d: _(
        "the %(chain)s call was abandoned: the run's time budget ran out") % {
        "chain": word(CHAINS, d["chain"])},
    Code.CALL_BUDGET_EXCEEDED: lambda d: _(
        "model call budget exceeded: %(calls)s calls, limit %(limit)s") % d,
    Code.MODEL_UNAVAILABLE: lambda d: _("the model could not be set up: %(detail)s") % d,
    Code.MODEL_REQUIRED: lambda d: _("the model required escalation, naming no trigger"),
    Code.DECIDED_BY_HAND: lambda d: _("decided by hand: %(reason)s") % {
        "reason": d.get("note", "")},
    Code.MODEL_TRIGGER: lambda d: _("model: %(trigger)s") % {
        "trigger": word(MODEL_TRIGGERS, d["trigger"])},
    Code.ROUTED: lambda d: _("%(route)s (%(provider)s)") % {
        "route": word(STATUS_WORDS, d["route"]), "provider": d.get("provider", "")},
    Code.OWN_NOTIFICATION: lambda d: _("our own notification"),
    Code.OUT_OF_OFFICE: lambda d: _("out-of-office reply"),
    Code.OWN_ADDRESS: lambda d: _("sent from our own address"),
    Code.BOUNCE_REPORT: lambda d: _("delivery status notification (bounce)"),
    Code.BOUNCE_SENDER: lambda d: _("bounce from %(address)s") % {
        "address": d.get("address") or _("(words removed)")},
    Code.RECEIVED_VIA: lambda d: _("via %(provider)s") % {
        "provider": word(PROVIDERS, d["provider"])},
    Code.NEW_EMAIL: lambda d: _("new email"),
    Code.WORKER_CLAIMED: lambda d: _("worker claimed"),
    Code.REDELIVERED: lambda d: _("redelivered after worker loss"),
    Code.WORKER_LOST_REDELIVERED: lambda d: _("worker lost mid-run; the task was redelivered"),
    Code.WORKER_LOST_SWEEPER: lambda d: _("worker lost or hard time limit mid-run (sweeper)"),
    Code.SWEEPER_STILL_RECEIVED: lambda d: _("sweeper: still received"),
    Code.SWEEPER_QUEUED_TOO_LONG: lambda d: _("sweeper: queued too long"),
    Code.SWEEPER_WORKER_LOST: lambda d: _("sweeper: worker lost mid-run"),
    Code.GAVE_UP_UNFINISHED: lambda d: ngettext(
        "gave up: %(count)s attempt never finished (limit %(limit)s); last: %(last)s",
        "gave up: %(count)s attempts never finished (limit %(limit)s); last: %(last)s",
        int(d["count"])) % {"count": d["count"], "limit": d["limit"],
                            "last": reason(d["last"])},
    Code.RETRY: lambda d: _("retry in %(seconds)s s: %(error)s") % d,
    Code.GAVE_UP_RETRIES: lambda d: ngettext(
        "gave up after %(retries)s retry: %(error)s",
        "gave up after %(retries)s retries: %(error)s", int(d["retries"])) % d,
    Code.BROKER_UNAVAILABLE: lambda d: _(
        "broker unavailable, the sweeper will retry: %(error)s") % d,
    Code.RETRIAGE_REQUESTED: lambda d: _("re-triage requested"),
    Code.ESCALATED_AGAIN: lambda d: _("the email was escalated again"),
    Code.DEMO_INLINE: lambda d: _("demo: triaged inline"),
    Code.REPLY_NOT_SENT: lambda d: _("the reply was not sent: %(error)s") % d,
    Code.RETENTION: lambda d: ngettext(
        "retention: %(stage)s kept %(days)s day", "retention: %(stage)s kept %(days)s days",
        int(d["days"])) % {"stage": word(STAGES, d["stage"]), "days": d["days"]},
    Code.ERASURE_REQUEST: lambda d: _("erasure request %(request)s") % d,
    Code.REQUESTED_BY: lambda d: _("requested by %(by)s") % d,
    Code.LEGACY: lambda d: d.get("text") or _("(words removed)"),
}


# A PDF's problem is said with the pages read before it.
_PDF_PROBLEMS = frozenset({Code.PDF_NO_TIME, Code.PDF_READER_UNAVAILABLE, Code.PDF_TIMED_OUT,
                           Code.PDF_ENCRYPTED, Code.PDF_DAMAGED, Code.PDF_READER_STOPPED})


def _part(d: dict, words: str) -> str:
    """A part not read in full, after the names of the parts it is in."""
    names = d.get("part")
    if not names:
        return words
    return _("%(part)s: %(why)s") % {"part": " \u203a ".join(map(str, names)), "why": words}


def reason(d: dict | str) -> str:
    """One stored reason in the active language. An unknown code (a newer release's)
    shows its code and parameters rather than nothing."""
    if d == ERASED:  # a stored sentence an erasure removed
        return _("content removed")
    if isinstance(d, str):  # a model trigger code beside the reasons of an escalation
        return word(MODEL_TRIGGERS, d)
    words = _WORDS.get(d.get("code", ""))
    try:
        shown = words(d) if words else None
    except (KeyError, TypeError, ValueError, ArithmeticError):
        shown = None
    if shown is None:
        params = ", ".join(f"{k}: {v}" for k, v in d.items() if k != "code")
        shown = f"{d.get('code', '?')} ({params})" if params else str(d.get("code", "?"))
    if d.get("code") in _PDF_PROBLEMS and "pages" in d:
        shown = f"{shown}; {_pages(d)}"
    return _part(d, shown)


def reasons(items: list | None, sep: str = "; ") -> str:
    """Several stored reasons, each in the active language."""
    return sep.join(reason(item) for item in items or [])


def automated(code: str, address: str = "") -> str:
    """Why an email is not triaged, from its ``automated`` code (a bounce's sender is
    the email's own address)."""
    if not code:
        return "-"
    return reason({"code": code, "address": address})

