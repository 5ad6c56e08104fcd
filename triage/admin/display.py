"""Display helpers: the one way a sender's or a model's text reaches an admin page.

Everything goes through ``format_html`` or autoescape with invisible characters made
visible (``escape_invisible``); nothing a sender or a model wrote is marked safe.
``esc`` and ``pre`` are also used by the red-team runner.
"""

from __future__ import annotations

import json

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from triage import formats, labels
from triage.sanitize import escape_for_display, escape_invisible

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
    """For lists: plain text, so the row links to the object itself."""
    return f"#{obj.email_id} {esc(obj.email.subject)}"


email_subject.short_description = gettext_lazy("email")


@admin.display(description=gettext_lazy("email"))
def shown_email(obj) -> str:
    """For detail pages: a link to the email the escalation or ticket came from."""
    url = reverse("admin:triage_inboundemail_change", args=[obj.email_id])
    return format_html('<a href="{}">#{} {}</a>', url, obj.email_id, esc(obj.email.subject))


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
    """A stored detail as words: lists joined, mappings as "key: value"."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {words(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(words(v) for v in value)
    if value is True:
        return labels.yes_no(True)
    return str(value)
