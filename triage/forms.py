"""Forms for staff actions; the services validate again, these give good errors."""

from __future__ import annotations

from django import forms

DEPARTMENTS = [("finance", "Finance"), ("logistics", "Logistics"), ("commercial", "Commercial"),
               ("other", "Other")]


class NoteForm(forms.Form):
    note = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))


class RequiredNoteForm(forms.Form):
    note = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}))


class VersionForm(forms.Form):
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


class DecideForm(forms.Form):
    route = forms.ChoiceField(choices=[("escalated", "Escalate to the trading desk"),
                                       ("ticket", "Open a ticket draft"),
                                       ("forwarded", "Forward to a department")])
    department = forms.ChoiceField(choices=[("", "---"), *DEPARTMENTS], required=False)
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}))
