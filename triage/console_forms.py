"""Forms for the console's shared work: hand over, notes, replies. Like ``forms``, each
turns what was posted into its service's keyword arguments."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from triage.forms import ActionForm
from triage.selectors import colleagues
from triage.services.notes import NOTE_MAX_CHARS
from triage.services.replies import REPLY_MAX_CHARS, SUBJECT_MAX_CHARS


class HandOverForm(ActionForm):
    """Hand over to a member of the group that works the item (``permission``)."""

    permission = ""
    to = forms.ModelChoiceField(queryset=get_user_model().objects.none(),
                                label=_("Hand over to"), empty_label=_("choose a colleague"))
    seen = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["to"].queryset = colleagues(self.permission)


def hand_over_form(permission: str) -> type[HandOverForm]:
    return type(f"HandOverForm_{permission}", (HandOverForm,), {"permission": permission})


class NoteAddForm(ActionForm):
    body = forms.CharField(label=_("Note"), max_length=NOTE_MAX_CHARS,
                           widget=forms.Textarea(attrs={"rows": 2, "cols": 60}))

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("auto_id", "note_%s")  # the page has other forms' "body"
        super().__init__(*args, **kwargs)


class ReplyForm(ActionForm):
    template = forms.CharField(required=False, widget=forms.HiddenInput, max_length=32)
    subject = forms.CharField(label=_("Subject"), max_length=SUBJECT_MAX_CHARS,
                              widget=forms.TextInput(attrs={"size": 70}))
    body = forms.CharField(label=_("Message"), max_length=REPLY_MAX_CHARS,
                           widget=forms.Textarea(attrs={"rows": 10, "cols": 70}))

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("auto_id", "reply_%s")
        super().__init__(*args, **kwargs)
