"""Decision exports, as changelist actions on inbound emails (``permissions=["export"]``:
the admin using them defines ``has_export_permission``)."""

from __future__ import annotations

import csv
import json

from django.contrib import admin
from django.http import HttpResponse, StreamingHttpResponse

from triage.selectors import EXPORT_FIELDS, decision_rows


def csv_safe(value: object) -> object:
    """Spreadsheet formula injection: a cell a sender wrote never starts a formula."""
    if isinstance(value, list):
        value = "; ".join(map(str, value))
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


class _Echo:
    """A file that hands back what is written, so rows stream instead of piling up."""

    def write(self, value: str) -> str:
        return value


@admin.action(description="Export decisions as CSV", permissions=["export"])
def export_csv(modeladmin, request, queryset) -> StreamingHttpResponse:
    writer = csv.DictWriter(_Echo(), fieldnames=EXPORT_FIELDS)

    def rows():
        yield writer.writeheader() or ",".join(EXPORT_FIELDS) + "\r\n"
        for row in decision_rows(queryset):
            yield writer.writerow({k: csv_safe(v) for k, v in row.items()})

    response = StreamingHttpResponse(rows(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="triage-decisions.csv"'
    return response


@admin.action(description="Export decisions as JSON", permissions=["export"])
def export_json(modeladmin, request, queryset) -> HttpResponse:
    response = HttpResponse(json.dumps(list(decision_rows(queryset)), ensure_ascii=False,
                                       indent=1), content_type="application/json")
    response["Content-Disposition"] = 'attachment; filename="triage-decisions.json"'
    return response
