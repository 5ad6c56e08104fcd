from django import template

from triage import formats, labels
from triage.sanitize import escape_invisible

register = template.Library()


@register.filter
def visible(value: object) -> str:
    """Invisible characters as visible escapes; autoescape still applies after."""
    return escape_invisible("" if value is None else value)


@register.filter
def usd(value: object) -> str:
    """An amount in US dollars, in the reader's format."""
    return formats.money(value, "USD")


@register.filter
def day(value: object) -> str:
    return formats.day(value)


@register.filter
def route_word(value: str) -> str:
    return labels.route(value)


@register.inclusion_tag("admin/change_list_results.html")
def triage_result_list(cl) -> dict:
    """The changelist's table, its rows written by ``triage.admin.rows`` (Django's own
    renderer for a popup or an editable list)."""
    from django.contrib.admin.templatetags.admin_list import result_list

    from triage.admin import rows

    return rows.result_list(cl) if rows.written_here(cl) else result_list(cl)
