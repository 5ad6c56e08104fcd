"""A claim as labelled rows: each extracted field with its label and value in the
reader's language (``triage.labels``, ``triage.formats``) and the quotes that support it
(whole words, cut at a word boundary, empty ones left out). One rendering for the
email's page and the ticket's."""

from __future__ import annotations

from django.template.loader import render_to_string

from triage import labels
from triage.admin.display import claim_value, cut_at_word, esc, whole_words


def claim_rows(claim: dict, source: str = "") -> list[tuple[str, str, str]]:
    """(label, value, quote) for every field that has a value."""
    quotes: dict[str, list[str]] = {}
    for q in claim.get("quotes") or []:
        if not isinstance(q, dict):
            continue
        text = cut_at_word(whole_words(q.get("quote") or "", source))
        if text.strip():
            quotes.setdefault(str(q.get("field", "")), []).append(text)
    rows = []
    for field, value in claim.items():
        if field == "quotes" or value in (None, "", [], {}):
            continue
        if field == "hvi" and isinstance(value, dict):
            rows += [(labels.field(f"hvi.{name}"), claim_value(name, hv, claim),
                      " / ".join(quotes.get(f"hvi.{name}", quotes.get(name, []))))
                     for name, hv in value.items() if hv not in (None, "")]
            continue
        rows.append((labels.field(field), claim_value(field, value, claim),
                     " / ".join(quotes.get(field, []))))
    return [(label, esc(value), esc(quote)) for label, value, quote in rows]


def claim_table(claim: dict, source: str = "") -> str:
    rows = claim_rows(claim, source)
    if not rows:
        return "-"
    return render_to_string("admin/triage/inboundemail/extracted_fields.html", {"rows": rows})
