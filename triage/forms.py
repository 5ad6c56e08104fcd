"""Forms for staff actions; the services validate again, these give good errors.

Each form turns what was posted into the keyword arguments of the service it feeds
(``arguments()``), so the admin's action table needs no glue per action.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from triage.routes import DEPARTMENT_CHOICES, MANUAL_ROUTES


class ActionForm(forms.Form):
    def arguments(self) -> dict:
        """The service's keyword arguments (after ``is_valid()``)."""
        return dict(self.cleaned_data)


class NoteForm(ActionForm):
    note = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))


class RequiredNoteForm(ActionForm):
    note = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}))


class DismissForm(RequiredNoteForm):
    """The page posts a note like the other desk actions; the service calls it a reason."""

    def arguments(self) -> dict:
        return {"reason": self.cleaned_data["note"]}


class VersionForm(ActionForm):
    seen_version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class RejectForm(VersionForm):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}))


class CorrectionForm(VersionForm):
    claiming_party = forms.CharField(required=False)
    contact = forms.CharField(required=False)
    contract_reference = forms.CharField(required=False)
    lot_reference = forms.CharField(required=False)
    origin = forms.CharField(required=False)
    exposure_amount = forms.DecimalField(required=False, min_value=0, decimal_places=2,
                                         max_digits=18)
    exposure_currency = forms.CharField(required=False, max_length=3)
    response_deadline = forms.DateField(required=False, help_text="YYYY-MM-DD")
    required_action = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))

    def arguments(self) -> dict:
        data = dict(self.cleaned_data)
        seen = data.pop("seen_version")
        # Only the fields that were posted: a field left out of the request is not cleared.
        return {"seen_version": seen,
                "changes": {k: v for k, v in data.items() if k in self.data}}


class DecideForm(ActionForm):
    # No default: a person picks the route (a preselected "escalate" was one click away).
    route = forms.ChoiceField(choices=[("", _("choose a route")),
                                       *[(r.value, r.label) for r in MANUAL_ROUTES]])
    department = forms.ChoiceField(choices=[("", "---"), *DEPARTMENT_CHOICES], required=False)
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}))

    def clean(self) -> dict:
        data = super().clean()
        if data.get("route") == "forwarded" and not data.get("department"):
            self.add_error("department", _("Forwarding needs a department."))
        return data
