"""A claim as labelled rows: each extracted field with its label and value in the
reader's language (``triage.labels``, ``triage.formats``) and the quotes that support it
(whole words, cut at a word boundary, empty ones left out). One rendering for the
email's page and the ticket's."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from triage import labels
from triage.admin.display import claim_value, cut_at_word, esc, whole_words

# Whether a value's quote is in the email (``triage.decision.grounding``), as staff read it.
GROUNDING = {
    "not_found": gettext_lazy("not in the email: the model's quote is not in the email's text"),
    "no_quote": gettext_lazy("no quote given"),
    "corrected": gettext_lazy("corrected by staff"),
}


def claim_rows(claim: dict, source: str = "") -> list[tuple[str, str, str]]:
    """(label, value, quote) for every field that has a value; a value whose quote is
    not in the email, has none, or was corrected by staff says so beside its quote."""
    grounding = claim.get("grounding") if isinstance(claim.get("grounding"), dict) else {}
    quotes: dict[str, list[str]] = {}
    for q in claim.get("quotes") or []:
        if not isinstance(q, dict):
            continue
        text = cut_at_word(whole_words(q.get("quote") or "", source))
        if text.strip():
            quotes.setdefault(str(q.get("field", "")), []).append(text)
    def quoted(name: str, fallback: str = "") -> str:
        shown = " / ".join(quotes.get(name) or quotes.get(fallback) or [])
        mark = GROUNDING.get(grounding.get(name, ""))
        if mark is None:
            return shown
        if grounding.get(name) == "corrected" and shown:
            return _("%(mark)s; the email said: %(quote)s") % {"mark": mark, "quote": shown}
        return f"{shown} ({mark})" if shown else str(mark)

    rows = []
    for field, value in claim.items():
        if field in _NOT_FIELDS or value in (None, "", [], {}):
            continue
        if field == "hvi" and isinstance(value, dict):
            rows += [(labels.field(f"hvi.{name}"), claim_value(name, hv, claim),
                      quoted(f"hvi.{name}", name))
                     for name, hv in value.items() if hv not in (None, "")]
            continue
        rows.append((labels.field(field), claim_value(field, value, claim), quoted(field)))
    return [(label, esc(value), esc(quote)) for label, value, quote in rows]


# Keys of a stored claim that are about its fields, not fields themselves.
_NOT_FIELDS = ("quotes", "grounding", "unsupported")


def claim_table(claim: dict, source: str = "") -> str:
    rows = claim_rows(claim, source)
    if not rows:
        return "-"
    return render_to_string("admin/triage/inboundemail/extracted_fields.html", {"rows": rows})
