"""A claim as labelled rows: each extracted field with a human label and the quotes
that support it (whole words, cut at a word boundary, empty ones left out). One
rendering for the email's page and the ticket's."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from triage.admin.display import cut_at_word, esc, whole_words

LABELS = {
    "claiming_party": _("Claiming party"), "contact": _("Contact"),
    "contract_reference": _("Contract"), "lot_reference": _("Lot"), "origin": _("Origin"),
    "claim_types": _("Claim types"), "required_action": _("Required action"),
    "claim_date": _("Claim date"), "response_deadline": _("Response deadline"),
    "exposure_amount": _("Exposure amount"), "exposure_currency": _("Exposure currency"),
}
HVI_LABELS = {
    "micronaire": _("HVI micronaire"), "staple_length_mm": _("HVI staple length (mm)"),
    "staple_32nds": _("HVI staple length (32nds)"), "strength_gpt": _("HVI strength (g/tex)"),
    "uniformity_pct": _("HVI uniformity (%)"), "color_grade": _("HVI colour grade"),
    "leaf_grade": _("HVI leaf grade"),
}
CLAIM_TYPES = {
    "contamination": _("Contamination"), "quality_hvi": _("Quality (HVI)"),
    "weight_shortfall": _("Weight shortfall"), "moisture": _("Moisture"),
    "late_shipment": _("Late shipment"), "documentation": _("Documentation"),
    "other": _("Other"),
}


def _value(field: str, value: object) -> str:
    if field == "claim_types" and isinstance(value, list):
        return ", ".join(str(CLAIM_TYPES.get(v, v)) for v in value)
    if field == "exposure_amount" and isinstance(value, int | float):
        return f"{value:,.2f}"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


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
            rows += [(str(HVI_LABELS.get(name, name)), str(hv),
                      " / ".join(quotes.get(f"hvi.{name}", quotes.get(name, []))))
                     for name, hv in value.items() if hv not in (None, "")]
            continue
        label = LABELS.get(field, field.replace("_", " ").capitalize())
        rows.append((str(label), _value(field, value), " / ".join(quotes.get(field, []))))
    return [(label, esc(value), esc(quote)) for label, value, quote in rows]


def claim_table(claim: dict, source: str = "") -> str:
    rows = claim_rows(claim, source)
    if not rows:
        return "-"
    return render_to_string("admin/triage/inboundemail/extracted_fields.html", {"rows": rows})
