"""Display helpers: the one way a sender's or a model's text reaches an admin page.

Everything goes through ``format_html`` or autoescape with invisible characters made
visible (``escape_invisible``); nothing a sender or a model wrote is marked safe.
``esc`` and ``pre`` are also used by the red-team runner.
"""

from __future__ import annotations

import json

from django.contrib import admin
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _

from triage.sanitize import escape_for_display, escape_invisible
from triage.selectors import business_days_left, time_left_class

esc = escape_invisible  # the one rule for a sender's or a model's text on a page


def pre(value: object) -> str:
    return format_html('<pre class="triage-body">{}</pre>', escape_for_display(value))


def pretty_json(value: object) -> str:
    return pre(json.dumps(value, indent=2, ensure_ascii=False, default=str))


def provider_badge(provider: str) -> str:
    if provider == "offline":
        return format_html('<span class="triage-offline" title="{}">OFFLINE</span>',
                           "Decided by the rule-based offline provider (simulated, no LLM)")
    if provider == "manual":
        return format_html('<span class="triage-manual">MANUAL</span>')
    return provider or "-"


def email_subject(obj) -> str:
    """For lists: text (the full subject on hover), so the row links to the object."""
    return format_html("#{} {}", obj.email_id, truncated(obj.email.subject, 60))


email_subject.short_description = "email"


@admin.display(description="email")
def shown_email(obj) -> str:
    """For detail pages: a link to the email the escalation or ticket came from."""
    url = reverse("admin:triage_inboundemail_change", args=[obj.email_id])
    return format_html('<a href="{}">#{} {}</a>', url, obj.email_id, esc(obj.email.subject))


def exposure_text(run, usd) -> str:
    """The exposure as the sender wrote it, the rate it was converted at (as applied:
    USD / amount), and the USD figure the backstop compared."""
    if usd is None:
        return _("not stated")
    line = f"USD {usd:,.2f}"
    amount = getattr(run, "exposure_amount", None)
    currency = getattr(run, "exposure_currency", "") or ""
    if amount and currency and currency != "USD":
        rate = usd / amount
        line = _("%(currency)s %(amount)s at %(rate)s USD per %(currency)s = %(usd)s") % {
            "currency": esc(currency), "amount": f"{amount:,.2f}", "rate": f"{rate:.4f}",
            "usd": line}
    return line


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
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M") if value else "-"


def deadline_badge(deadline) -> str:
    """The deadline coloured by business days left (classes in console.css)."""
    days = business_days_left(deadline)
    return format_html('<span class="triage-time-left {}" title="{}">{}</span>',
                       time_left_class(days),
                       _("%(days)s business day(s) left") % {"days": days}, deadline)
