"""The changelist's rows, written once per page instead of cell by cell through
Django's ``items_for_result`` (about a millisecond a row: a field lookup, a link
reversed and a ``format_html`` per cell, most of a 100-row page's time).

Same markup as Django's: a ``<td class="field-NAME">`` per column (``nowrap`` on dates
and foreign keys), the link column a ``<th>`` with the object's change URL and the
page's filters preserved, ``-`` for an empty value. What each column shows is still the
ModelAdmin's own display method, or Django's ``display_for_field`` for a model field;
every value goes through ``conditional_escape`` and the tags around it are our own
(``format_html`` once per column, constant markup per cell). Popups and editable
lists (``list_editable``, which no console list has) are left to Django's renderer."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from django.contrib.admin.templatetags.admin_list import (
    _coerce_field_name,
    result_headers,
    result_hidden_fields,
)
from django.contrib.admin.templatetags.admin_urls import add_preserved_filters
from django.contrib.admin.utils import display_for_field, display_for_value
from django.core.exceptions import FieldDoesNotExist, ObjectDoesNotExist
from django.db import models
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

_PK = "0"  # stands for the pk in the reversed change URL, replaced per row


def written_here(cl) -> bool:
    """Whether this page's rows are ours to write (else Django's renderer writes them)."""
    return not cl.is_popup and not cl.formset and not cl.to_field


def _cell_function(cl, name: str) -> tuple[Callable, bool]:
    """(obj -> value to show, whether the cell is ``nowrap``) for one column."""
    model_admin, opts = cl.model_admin, cl.lookup_opts
    empty = model_admin.get_empty_value_display()
    if name == "action_checkbox":
        return model_admin.action_checkbox, False
    if callable(name):
        return name, False
    try:
        field = opts.get_field(name)
    except FieldDoesNotExist:
        attr = getattr(model_admin, name, None)
        if callable(attr):
            shown = getattr(attr, "empty_value_display", empty)
            return (lambda obj: display_for_value(attr(obj), shown,
                                                  getattr(attr, "boolean", False))), False
        return (lambda obj: display_for_value(getattr(obj, name), empty)), False
    nowrap = isinstance(field, models.DateField | models.TimeField | models.ForeignKey)
    if isinstance(field.remote_field, models.ManyToOneRel):
        return (lambda obj: getattr(obj, field.name) or empty), nowrap
    return (lambda obj: display_for_field(getattr(obj, field.attname), field, empty)), nowrap


def _columns(cl) -> list[tuple[Callable, SafeString, SafeString, bool]]:
    """For each column: its value, its opening and closing tags, whether it links."""
    links = cl.list_display_links
    out, first_link = [], True
    for index, name in enumerate(cl.list_display):
        value, nowrap = _cell_function(cl, name)
        classes = ["action-checkbox"] if name == "action_checkbox" else [
            f"field-{_coerce_field_name(name, index)}"]
        if nowrap:
            classes.append("nowrap")
        link = links is not None and (name in links or (not links and first_link
                                                        and name != "action_checkbox"))
        tag = "th" if link and first_link else "td"
        if link:
            first_link = False
        out.append((value, format_html('<{} class="{}">', tag, " ".join(classes)),
                    format_html("</{}>", tag), link))
    return out


def rows(cl) -> Iterator[list[SafeString]]:
    opts = cl.opts
    url = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[_PK],
                  current_app=cl.model_admin.admin_site.name)
    url = add_preserved_filters({"preserved_filters": cl.preserved_filters, "opts": opts},
                                url)
    head, _, tail = url.partition(f"/{_PK}/")
    columns = _columns(cl)
    for obj in cl.result_list:
        cells = []
        for value, opening, closing, link in columns:
            try:
                shown = conditional_escape(value(obj))
            except ObjectDoesNotExist:
                shown = conditional_escape(cl.model_admin.get_empty_value_display())
            if not shown:
                shown = mark_safe("&nbsp;")
            if link:
                href = conditional_escape(f"{head}/{obj.pk}/{tail}")
                shown = mark_safe('<a href="') + href + mark_safe('">') + shown + \
                    mark_safe("</a>")
            cells.append(opening + shown + closing)
        yield cells


def result_list(cl) -> dict:
    """The context of Django's ``change_list_results.html``, rows written here."""
    headers = list(result_headers(cl))
    return {"cl": cl, "result_hidden_fields": list(result_hidden_fields(cl)),
            "result_headers": headers,
            "num_sorted_fields": sum(1 for h in headers if h["sortable"] and h["sorted"]),
            "results": list(rows(cl))}

