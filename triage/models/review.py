"""Staff work: escalations for the desk, tickets for claims staff, forwards, and the
notifications they send."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from triage.models.mail import InboundEmail
from triage.models.runs import TriageRun


class Escalation(models.Model):
    class State(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACKNOWLEDGED = "acknowledged", _("Acknowledged")
        RESOLVED = "resolved", _("Resolved")
        DISMISSED = "dismissed", _("Dismissed")

    email = models.OneToOneField(InboundEmail, on_delete=models.CASCADE, related_name="escalation")
    run = models.ForeignKey(TriageRun, on_delete=models.PROTECT, related_name="+")
    state = models.CharField(max_length=16, choices=State.choices, default=State.PENDING,
                             db_index=True)
    exposure_usd = models.DecimalField(max_digits=18, decimal_places=2, null=True, blank=True)
    response_deadline = models.DateField(null=True, blank=True)
    model_triggers = models.JSONField(default=list, blank=True)
    backstop_triggers = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    acknowledged_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                        on_delete=models.PROTECT, related_name="+")
    acknowledged_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.PROTECT, related_name="+")
    closed_at = models.DateTimeField(null=True, blank=True)
    note = models.TextField(blank=True)
    # Closing what the backstop raised takes two desk members: one asks, another confirms.
    dismissal_requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                               on_delete=models.PROTECT, related_name="+")
    dismissal_reason = models.TextField(blank=True)
    resolution_requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                                on_delete=models.PROTECT, related_name="+")
    resolution_note = models.TextField(blank=True)
    reopen_count = models.PositiveIntegerField(default=0)
    assignee = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="+")

    class Meta:
        permissions = [("resolve_escalation", "Can acknowledge, resolve or dismiss escalations")]

    def __str__(self) -> str:
        # Words for staff (the page's title), in the reader's language.
        return gettext("Escalation of email #%(id)s") % {"id": self.email_id}

    @property
    def raised_by_backstop(self) -> bool:
        return bool(self.backstop_triggers)


_E = Escalation.State
# The escalation's lifecycle. A closed one goes back to PENDING when its email escalates
# again (re-triage, manual decision, a correction crossing the backstop): an escalated
# email always has an open escalation.
ESCALATION_OPEN = frozenset({_E.PENDING, _E.ACKNOWLEDGED})
ESCALATION_TRANSITIONS: dict[str, frozenset[str]] = {
    _E.PENDING: frozenset({_E.ACKNOWLEDGED, _E.RESOLVED, _E.DISMISSED}),
    _E.ACKNOWLEDGED: frozenset({_E.RESOLVED, _E.DISMISSED}), _E.RESOLVED: frozenset({_E.PENDING}),
    _E.DISMISSED: frozenset({_E.PENDING}),
}


class Ticket(models.Model):
    class State(models.TextChoices):
        DRAFT = "draft", _("Draft (awaiting approval)")
        APPROVED = "approved", _("Approved")
        REJECTED = "rejected", _("Rejected")

    email = models.OneToOneField(InboundEmail, on_delete=models.CASCADE, related_name="ticket")
    run = models.ForeignKey(TriageRun, on_delete=models.PROTECT, related_name="+")
    state = models.CharField(max_length=16, choices=State.choices, default=State.DRAFT,
                             db_index=True)
    version = models.PositiveIntegerField(default=1)
    data = models.JSONField(default=dict, help_text="Extraction and checklist answers")
    created_at = models.DateTimeField(auto_now_add=True)
    last_corrected_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                          on_delete=models.PROTECT, related_name="+")
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_version = models.PositiveIntegerField(null=True, blank=True)
    arbitration_number = models.CharField(max_length=32, null=True, blank=True, unique=True)
    rejection_reason = models.TextField(blank=True)
    assignee = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="+")

    class Meta:
        permissions = [("approve_ticket", "Can approve or reject tickets")]

    def __str__(self) -> str:
        return gettext("Ticket for email #%(id)s, version %(version)s") % {
            "id": self.email_id, "version": self.version}


class TicketVersion(models.Model):
    """Every version of a ticket's content: who made it and what changed."""

    ticket = models.ForeignKey(Ticket, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    data = models.JSONField()
    changes = models.JSONField(default=dict, blank=True, help_text="field: [old, new]")
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="+")
    source = models.CharField(max_length=16, help_text="pipeline or correction")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ticket", "version"]
        constraints = [models.UniqueConstraint(fields=["ticket", "version"],
                                               name="one_row_per_ticket_version")]

    def __str__(self) -> str:
        return gettext("version %(version)s") % {"version": self.version}


class Forward(models.Model):
    email = models.OneToOneField(InboundEmail, on_delete=models.CASCADE, related_name="forward")
    run = models.ForeignKey(TriageRun, on_delete=models.PROTECT, related_name="+")
    department = models.CharField(max_length=16)
    to_address = models.CharField(max_length=320)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return gettext("Forward of email #%(id)s") % {"id": self.email_id}


class Notification(models.Model):
    """An outbound message, created in the decision's transaction and sent after
    commit. ``key`` makes a re-run of the same decision a no-op."""

    class State(models.TextChoices):
        PENDING = "pending", _("Pending")
        SENDING = "sending", _("Sending")
        SENT = "sent", _("Sent")
        FAILED = "failed", _("Failed")

    key = models.CharField(max_length=200, unique=True)
    email = models.ForeignKey(InboundEmail, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=32)
    recipients = models.JSONField(default=list)
    subject = models.CharField(max_length=998)
    body = models.TextField()
    state = models.CharField(max_length=16, choices=State.choices, default=State.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["state", "created_at"], condition=Q(state="pending"),
                                name="pending_notifications")]

    def __str__(self) -> str:
        return gettext("Notification of email #%(id)s") % {"id": self.email_id}
