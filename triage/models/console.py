"""What staff write in the console: internal notes (append-only) and replies to the
sender. Both hang off an email, like the audit trail, so an email's page shows every
note and reply of the email, its escalation and its ticket in one timeline."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from triage.models.mail import InboundEmail


class Note(models.Model):
    """One internal note. Rows are only ever added (``services.notes``); a correction
    is a new note, so what a colleague read stays on record."""

    email = models.ForeignKey(InboundEmail, on_delete=models.CASCADE, related_name="notes")
    target = models.CharField(max_length=64, blank=True, help_text="e.g. escalation:12")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                               on_delete=models.PROTECT, related_name="+")
    body = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"note {self.pk} on email {self.email_id}"


class Reply(models.Model):
    """A message a person sent to the sender from the console, as sent."""

    class State(models.TextChoices):
        SENDING = "sending", _("Sending")
        SENT = "sent", _("Sent")
        FAILED = "failed", _("Failed")

    email = models.ForeignKey(InboundEmail, on_delete=models.CASCADE, related_name="sent_replies")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="+")
    to_address = models.CharField(max_length=320)
    subject = models.CharField(max_length=998)
    body = models.TextField()
    template = models.CharField(max_length=32, blank=True)
    message_id = models.CharField("Message-ID", max_length=998)
    in_reply_to = models.CharField(max_length=998, blank=True)
    references = models.JSONField(default=list, blank=True)
    state = models.CharField(max_length=16, choices=State.choices, default=State.SENDING)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name_plural = "replies"
        # The list's order: a search walks it and stops at a page of matches.
        indexes = [models.Index(fields=["created_at", "id"], name="triage_reply_created")]

    def __str__(self) -> str:
        return f"reply {self.pk} to email {self.email_id}"
