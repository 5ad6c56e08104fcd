from django import template

from triage.sanitize import escape_invisible

register = template.Library()


@register.filter
def visible(value: object) -> str:
    """Invisible characters as visible escapes; autoescape still applies after."""
    return escape_invisible("" if value is None else value)
