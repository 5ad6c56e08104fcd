"""Display helpers: the one way a sender's or a model's text reaches an admin page.

Everything goes through ``format_html`` or autoescape with invisible characters made
visible (``escape_invisible``); nothing a sender or a model wrote is marked safe.
``esc`` and ``pre`` are also used by the red-team runner.
"""

from __future__ import annotations

import json
from functools import lru_cache

from django.conf import settings
from django.contrib import admin
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from triage import formats, labels
from triage.routes import Code
from triage.sanitize import escape_for_display, escape_invisible
from triage.search.fulltext import MARK_END, MARK_START
from triage.selectors import business_days_left, time_left_class

_CODES = frozenset(Code)

esc = escape_invisible  # the one rule for a sender's or a model's text on a page


def pre(value: object) -> str:
    return format_html('<pre class="triage-body">{}</pre>', escape_for_display(value))


def pretty_json(value: object) -> str:
    return pre(json.dumps(value, indent=2, ensure_ascii=False, default=str))


def provider_badge(provider: str) -> str:
    if provider == "offline":
        # The badge itself stays OFFLINE in every language: it is the provider's name.
        return format_html('<span class="triage-offline" title="{}">OFFLINE</span>',
                           _("Decided by the rule-based offline provider (simulated, no LLM)"))
    if provider == "manual":
        return format_html('<span class="triage-manual">{}</span>', _("MANUAL"))
    return provider or "-"


def email_subject(obj) -> str:
    """For lists: text (the full subject on hover), so the row links to the object."""
    return format_html("#{} {}", obj.email_id, truncated(obj.email.subject, 60))


email_subject.short_description = gettext_lazy("email")


@admin.display(description=gettext_lazy("email"))
def shown_email(obj) -> str:
    """For detail pages: a link to the email the escalation or ticket came from."""
    url = reverse("admin:triage_inboundemail_change", args=[obj.email_id])
    return format_html('<a href="{}">#{} {}</a>', url, obj.email_id, esc(obj.email.subject))


@admin.display(description=gettext_lazy("email"), ordering="email_id")
def email_number(obj) -> str:
    """For the records' lists: the email an audit row, a forward or a notification is
    about."""
    return f"#{obj.email_id}"


# What an audit row is about ("escalation:12"), in words.
_TARGETS = {"escalation": gettext_lazy("escalation"), "ticket": gettext_lazy("ticket"),
            "reply": gettext_lazy("reply"), "forward": gettext_lazy("forward"),
            "email": gettext_lazy("email")}


def target_words(target: str) -> str:
    kind, _sep, pk = (target or "").partition(":")
    if kind in _TARGETS and pk.isdigit():
        return f"{_TARGETS[kind]} #{pk}"
    return target or ""


def claim_value(field: str, value: object, claim: dict) -> str:
    """A claim field's value as staff read it: amounts and dates in their format, claim
    types in words."""
    if field == "claim_types" and isinstance(value, list):
        return ", ".join(labels.claim_type(str(v)) for v in value)
    if field == "exposure_amount":
        return formats.money(value, claim.get("exposure_currency"))
    if field in ("response_deadline", "claim_date"):
        return formats.day(value)
    if isinstance(value, bool):
        return labels.yes_no(value)
    if isinstance(value, int | float):
        return formats.number(value)
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, dict):
        return words(value)
    return str(value)


def words(value: object) -> str:
    """A stored detail as words: a reason in the reader's language, lists joined,
    mappings as "key: value"."""
    if isinstance(value, dict) and value.get("code") in _CODES:
        return labels.reason(value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {words(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(words(v) for v in value)
    if value is True:
        return labels.yes_no(True)
    return labels.written(str(value))


def cut_at_word(text: str, limit: int = 240) -> str:
    """At most ``limit`` characters, cut at a word boundary with an ellipsis."""
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    head = text[:limit]
    space = head.rfind(" ")
    return (head[:space] if space > limit // 2 else head).rstrip(" ,;:") + "\u2026"


def whole_words(quote: str, source: str) -> str:
    """A quote the model cut mid-word, completed to whole words from the text it was
    taken from (when it is found there verbatim)."""
    quote = " ".join(str(quote).split())
    flat = " ".join(source.split())
    start = flat.find(quote) if quote else -1
    if start < 0:
        return quote
    end = start + len(quote)
    while start > 0 and flat[start - 1].isalnum() and start > end - len(quote) - 40:
        start -= 1
    limit = end + 40
    while end < len(flat) and flat[end].isalnum() and end < limit:
        end += 1
    return flat[start:end]


def truncated(value: object, limit: int) -> str:
    """Short text for a list column, the whole text (escaped) on hover."""
    text = esc(value or "")
    if len(text) <= limit:
        return text
    return format_html('<span title="{}">{}</span>', text, cut_at_word(text, limit))


def short_datetime(value) -> str:
    """A moment for a list column: local time with the zone, in the reader's format."""
    return formats.when(value)


def call_error(error: str, run_errors: list | None, chain: str) -> str:
    """A chain call's error: what failed, in the reader's language (the run's reason
    for that chain), and the technical text as the library wrote it behind a toggle."""
    if not error:
        return "-"
    failures = [r for r in run_errors or [] if isinstance(r, dict)
                and r.get("chain") == chain
                and r.get("code") in (Code.CHAIN_FAILED, Code.CHAIN_OUT_OF_TIME)]
    summary = labels.reason({**failures[0], "detail": ""}) if failures and \
        (failures[0].get("kind") or failures[0].get("code") == Code.CHAIN_OUT_OF_TIME) \
        else _("the call failed")
    return format_html('{} <details class="triage-technical"><summary>{}</summary>'
                       '<code lang="en">{}</code></details>', summary, _("technical text"),
                       esc(labels.written(error)))


def deadline_badge(deadline, *, waiting: bool = True) -> str:
    """The deadline coloured by business days left (classes in console.css); once
    nothing waits for a person, plain: the deadline is history."""
    return _deadline_badge(deadline, waiting, timezone.localdate(), get_language(),
                           settings.TRIAGE_HOLIDAYS)


@lru_cache(maxsize=2048)
def _deadline_badge(deadline, waiting: bool, today, language: str, holidays: frozenset) -> str:
    """Remembered by day and language: a list shows a few deadlines, each on many rows
    (the costliest column of a 100-row page)."""
    days = business_days_left(deadline)
    if not waiting:
        return format_html('<span class="triage-time-left triage-closed">{}</span>',
                           formats.day(deadline))
    left = "-" if days is None else ngettext(
        "%(days)s business day left", "%(days)s business days left", days) % {"days": days}
    return format_html('<span class="triage-time-left {}" title="{}">{}</span>',
                       time_left_class(days), left, formats.day(deadline))


def _marked_parts(text: str) -> list[tuple[str, bool]]:
    """``ts_headline``'s output as (text, matched) parts (``fulltext.MARK_START``...),
    each run of white space one space."""
    parts: list[tuple[str, bool]] = []
    for i, chunk in enumerate(" ".join(text.split()).split(MARK_START)):
        matched, _, rest = chunk.partition(MARK_END) if i else ("", "", chunk)
        parts += [(matched, True), (rest, False)] if i else [(rest, False)]
    return [(t, m) for t, m in parts if t]


def _marks_html(parts: list[tuple[str, bool]]) -> str:
    return format_html_join("", "{}", ((format_html("<mark>{}</mark>", esc(t)) if m
                                        else esc(t),) for t, m in parts))


def marked_words(text: str, limit: int) -> str:
    """A search result's text with the matched words in ``<mark>``, cut at ``limit``
    characters (the whole text on hover). Every part is escaped on its own; only our
    ``<mark>`` is markup."""
    parts = _marked_parts(text)
    plain = "".join(t for t, _ in parts)
    shown, used = [], 0
    for part, matched in parts:
        if used + len(part) > limit:
            head = part[:max(limit - used, 0)]
            space = head.rfind(" ")
            shown.append(((head[:space] if space > 0 else head) + "\u2026", matched))
            break
        shown.append((part, matched))
        used += len(part)
    html = _marks_html(shown)
    if len(plain) > limit:
        html = format_html('<span title="{}">{}</span>', esc(plain), html)
    return html
