"""What staff wrote, as lists to search: internal notes and the replies sent. Read-only
(a note is append-only, a reply is a record of what was sent); each row links to its
email, where the thread is."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from triage import labels
from triage.admin.base import ReadOnlyAdmin, list_queryset
from triage.admin.display import esc, pre, short_datetime, truncated
from triage.admin.search import ListSearch
from triage.admin.work import note_place
from triage.models import Note, Reply
from triage.search import fields


def _email_link(obj) -> str:
    url = reverse("admin:triage_inboundemail_change", args=[obj.email_id])
    return format_html('<a href="{}">#{} {}</a>', url, obj.email_id,
                       truncated(obj.email.subject, 50))


@admin.register(Note)
class NoteAdmin(ListSearch, ReadOnlyAdmin):
    list_display = ["shown_created", "shown_note", "list_email", "shown_target", "author"]
    list_display_links = ["shown_note"]
    list_select_related = ["email", "author"]
    # The note's words and author, and its email's sender, words and references.
    search_fields = ["body", "author__username", "email__subject", "email__from_address"]
    search_lookups = fields.NOTE
    ordering = ["-created_at", "-id"]
    fields = ["list_email", "shown_target", "author", "created_at", "shown_body"]
    readonly_fields = fields

    def get_queryset(self, request):
        return list_queryset(request, self, super().get_queryset(request))

    @admin.display(description=_("written"), ordering="created_at")
    def shown_created(self, obj: Note) -> str:
        return short_datetime(obj.created_at)

    @admin.display(description=_("note"))
    def shown_note(self, obj: Note) -> str:
        return truncated(labels.written(obj.body), 90)

    @admin.display(description=_("note"))
    def shown_body(self, obj: Note) -> str:
        return pre(labels.written(obj.body))

    @admin.display(description=_("on"))
    def shown_target(self, obj: Note) -> str:
        return note_place(obj.target)

    @admin.display(description=_("email"))
    def list_email(self, obj: Note) -> str:
        return _email_link(obj)


@admin.register(Reply)
class ReplyAdmin(ListSearch, ReadOnlyAdmin):
    list_display = ["shown_created", "shown_subject", "list_email", "shown_to", "state",
                    "author"]
    list_display_links = ["shown_subject"]
    list_filter = ["state"]
    list_select_related = ["email", "author"]
    # The reply's subject, text, recipient, Message-ID and author, and its email's
    # sender, words and references.
    search_fields = ["subject", "body", "to_address", "message_id", "author__username",
                     "email__subject", "email__from_address"]
    search_lookups = fields.REPLY
    ordering = ["-created_at", "-id"]
    fields = ["list_email", "state", "author", "shown_to", "shown_subject", "shown_body",
              "template", "message_id", "created_at", "sent_at", "shown_error"]
    readonly_fields = fields

    def get_queryset(self, request):
        return list_queryset(request, self, super().get_queryset(request))

    @admin.display(description=_("sent"), ordering="created_at")
    def shown_created(self, obj: Reply) -> str:
        return short_datetime(obj.created_at)

    @admin.display(description=_("subject"))
    def shown_subject(self, obj: Reply) -> str:
        return truncated(obj.subject, 60)

    @admin.display(description=_("to"))
    def shown_to(self, obj: Reply) -> str:
        return truncated(obj.to_address, 30)

    @admin.display(description=_("text"))
    def shown_body(self, obj: Reply) -> str:
        return pre(labels.written(obj.body))

    @admin.display(description=_("error"))
    def shown_error(self, obj: Reply) -> str:
        return esc(labels.written(obj.error)) or "-"

    @admin.display(description=_("email"))
    def list_email(self, obj: Reply) -> str:
        return _email_link(obj)
