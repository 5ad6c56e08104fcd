"""Forms for staff actions; the services validate again, these give good errors.

Each form turns what was posted into the keyword arguments of the service it feeds
(``arguments()``), so the admin's action table needs no glue per action.

Amounts and dates are read as the person's language writes them (``71.850,00`` and
``15/12/2026`` in pt-BR, ``71,850.00`` and ``2026-12-15`` in English); a value that could
be read two ways is refused with the expected format, never guessed.
"""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from triage import formats, labels
from triage.routes import MANUAL_ROUTES, Department, Route


class ActionForm(forms.Form):
    def arguments(self) -> dict:
        """The service's keyword arguments (after ``is_valid()``)."""
        return dict(self.cleaned_data)


class AmountField(forms.DecimalField):
    """An amount in the active language's format, read strictly with Babel: grouping
    every three digits, the locale's decimal mark, at most ``decimal_places`` decimals.
    ``12.400`` is 12400 in pt-BR; ``12,400`` there (a decimal comma with three
    decimals, or an English habit?) is refused, as is ``1.5``."""

    widget = forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"})

    def to_python(self, value):
        if value in self.empty_values:
            return None
        text = str(value).strip()
        try:
            number = formats.parse_amount(text)
        except ValueError:
            raise self._refusal() from None
        exponent = number.as_tuple().exponent
        if isinstance(exponent, int) and -exponent > (self.decimal_places or 0):
            raise self._refusal()
        return number

    def _refusal(self) -> ValidationError:
        return ValidationError(
            _("Enter the amount as in %(example)s (the decimal mark is “%(mark)s”, at most "
              "%(places)s decimals).") % {
                "example": formats.example_amount(), "places": self.decimal_places,
                "mark": formats.amount(Decimal("0.5"), 1)[1]},
            code="invalid")

    def prepare_value(self, value):
        if isinstance(value, Decimal | float | int) and not isinstance(value, bool):
            return formats.amount(value, self.decimal_places or 0)
        return value

    def widget_attrs(self, widget):
        return forms.Field.widget_attrs(self, widget)


class LocalDateField(forms.DateField):
    """A date in the active language's input format (Django's format modules: DD/MM/YYYY
    in pt-BR, YYYY-MM-DD in English; ISO is accepted in both)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.error_messages["invalid"] = gettext_lazy("Enter the date as in %(example)s.")

    def to_python(self, value):
        try:
            return super().to_python(value)
        except ValidationError as exc:
            if exc.code == "invalid":
                raise ValidationError(self.error_messages["invalid"] % {
                    "example": formats.example_date()}, code="invalid") from None
            raise

    def prepare_value(self, value):
        if isinstance(value, str) and value:
            return formats.day(value)
        return super().prepare_value(value)


class NoteForm(ActionForm):
    note = forms.CharField(label=gettext_lazy("note"), required=False,
                           widget=forms.Textarea(attrs={"rows": 2}))


class RequiredNoteForm(ActionForm):
    note = forms.CharField(label=gettext_lazy("note"), widget=forms.Textarea(attrs={"rows": 2}))


class DismissForm(RequiredNoteForm):
    """The page posts a note like the other desk actions; the service calls it a reason."""

    def arguments(self) -> dict:
        return {"reason": self.cleaned_data["note"]}


class VersionForm(ActionForm):
    seen_version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class RejectForm(VersionForm):
    reason = forms.CharField(label=gettext_lazy("Reason"),
                             widget=forms.Textarea(attrs={"rows": 2}))


class CorrectionForm(VersionForm):
    claiming_party = forms.CharField(label=labels.FIELDS["claiming_party"], required=False)
    contact = forms.CharField(label=labels.FIELDS["contact"], required=False)
    contract_reference = forms.CharField(label=labels.FIELDS["contract_reference"],
                                         required=False)
    lot_reference = forms.CharField(label=labels.FIELDS["lot_reference"], required=False)
    origin = forms.CharField(label=labels.FIELDS["origin"], required=False)
    exposure_amount = AmountField(label=labels.FIELDS["exposure_amount"], required=False,
                                  min_value=0, decimal_places=2, max_digits=18)
    exposure_currency = forms.CharField(label=labels.FIELDS["exposure_currency"],
                                        required=False, max_length=3,
                                        help_text=gettext_lazy("ISO code: BRL, USD, EUR"))
    response_deadline = LocalDateField(label=labels.FIELDS["response_deadline"],
                                       required=False)
    required_action = forms.CharField(label=labels.FIELDS["required_action"], required=False,
                                      widget=forms.Textarea(attrs={"rows": 2}))

    def arguments(self) -> dict:
        data = dict(self.cleaned_data)
        seen = data.pop("seen_version")
        # Only the fields that were posted: a field left out of the request is not cleared.
        return {"seen_version": seen,
                "changes": {k: v for k, v in data.items() if k in self.data}}


def _route_choices() -> list[tuple[str, str]]:
    return [("", _("choose a route")), *((r.value, labels.route_action(r)) for r in MANUAL_ROUTES)]


def _department_choices() -> list[tuple[str, str]]:
    return [("", "---"), *((d.value, labels.department(d)) for d in Department)]


class DecideForm(ActionForm):
    # Callables: the choices are worded in the language of each request. No default: a
    # person picks the route (a preselected "escalate" was one click away).
    route = forms.ChoiceField(label=gettext_lazy("Route"), choices=_route_choices)
    department = forms.ChoiceField(label=gettext_lazy("Department"),
                                   choices=_department_choices, required=False)
    reason = forms.CharField(label=gettext_lazy("Reason"),
                             widget=forms.Textarea(attrs={"rows": 2}))

    @property
    def route_buttons(self) -> list[tuple[str, str]]:
        """One submit button per route, labelled with what choosing it does: the button
        pressed is the decision (no route is chosen for the person beforehand)."""
        return [(r.value, labels.route_action(r)) for r in MANUAL_ROUTES]

    def clean(self) -> dict:
        data = super().clean()
        if data.get("route") == Route.FORWARDED and not data.get("department"):
            self.add_error("department", _("Forwarding needs a department."))
        return data
