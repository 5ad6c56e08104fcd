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

from triage.sanitize import escape_for_display, escape_invisible

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
    """For lists: plain text, so the row links to the object itself."""
    return f"#{obj.email_id} {esc(obj.email.subject)}"


email_subject.short_description = "email"


@admin.display(description="email")
def shown_email(obj) -> str:
    """For detail pages: a link to the email the escalation or ticket came from."""
    url = reverse("admin:triage_inboundemail_change", args=[obj.email_id])
    return format_html('<a href="{}">#{} {}</a>', url, obj.email_id, esc(obj.email.subject))
