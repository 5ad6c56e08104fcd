"""Decision exports, as changelist actions on inbound emails (``permissions=["export"]``:
the admin using them defines ``has_export_permission``)."""

from __future__ import annotations

import csv
import json
import re
import unicodedata

from django.contrib import admin
from django.http import HttpResponse, StreamingHttpResponse
from django.utils.translation import gettext_lazy as _

from triage.selectors import EXPORT_FIELDS, decision_rows

# What a spreadsheet reads as the start of a formula (fullwidth forms fold to these), and
# cells that open with a tab or CR, which OWASP lists as triggers on their own.
_FORMULA_START = frozenset("=+-@")
_ALWAYS_QUOTED = ("\t", "\r")
# Signed plain numbers are numbers to a spreadsheet, never formulas.
_PLAIN_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")


def _ignorable(char: str) -> bool:
    """Characters a spreadsheet may skip before it looks for ``=``: any Unicode whitespace
    (NBSP, ideographic space, CR/LF), control characters and invisible format characters
    (zero-width space, bidi marks, BOM)."""
    return char.isspace() or unicodedata.category(char) in ("Cc", "Cf")


def csv_safe(value: object) -> object:
    """Spreadsheet formula injection: a cell a sender wrote never starts a formula, even
    behind leading whitespace or invisible characters. The neutralised cell keeps its
    text, quoted with a leading apostrophe."""
    if isinstance(value, list) and any(isinstance(v, dict) for v in value):
        value = json.dumps(value, ensure_ascii=False)  # reasons: their codes, as stored
    elif isinstance(value, list):
        value = "; ".join(map(str, value))
    if not isinstance(value, str) or _PLAIN_NUMBER.fullmatch(value):
        return value
    first = next((c for c in value if not _ignorable(c)), "")
    if value.startswith(_ALWAYS_QUOTED) or unicodedata.normalize("NFKC", first)[:1] in (
            _FORMULA_START):
        return "'" + value
    return value


class _Echo:
    """A file that hands back what is written, so rows stream instead of piling up."""

    def write(self, value: str) -> str:
        return value


@admin.action(description=_("Export decisions as CSV"), permissions=["export"])
def export_csv(modeladmin, request, queryset) -> StreamingHttpResponse:
    writer = csv.DictWriter(_Echo(), fieldnames=EXPORT_FIELDS)

    def rows():
        yield writer.writeheader() or ",".join(EXPORT_FIELDS) + "\r\n"
        for row in decision_rows(queryset):
            yield writer.writerow({k: csv_safe(v) for k, v in row.items()})

    response = StreamingHttpResponse(rows(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="triage-decisions.csv"'
    return response


@admin.action(description=_("Export decisions as JSON"), permissions=["export"])
def export_json(modeladmin, request, queryset) -> HttpResponse:
    response = HttpResponse(json.dumps(list(decision_rows(queryset)), ensure_ascii=False,
                                       indent=1), content_type="application/json")
    response["Content-Disposition"] = 'attachment; filename="triage-decisions.json"'
    return response
