"""Data and state. Statuses change only through ``triage.services``; every change is
also a row (``EmailEvent``), so the timeline is data, not a log line."""

from __future__ import annotations

from django.conf import settings
from django.core.files.storage import Storage, storages
from django.db import models
from django.db.models import Q

from triage.privacy_models import DataRequest, Tombstone  # noqa: F401 (the app's models)
from triage.sanitize import escape_invisible


class Provider(models.TextChoices):
    WEBHOOK = "webhook", "Signed webhook"
    MAILGUN = "mailgun", "Mailgun"
    POSTMARK = "postmark", "Postmark"
    IMPORT = "import", "File import"
    CLI = "cli", "Command line"


class Status(models.TextChoices):
    RECEIVED = "received", "Received"
    QUEUED = "queued", "Queued"
    PROCESSING = "processing", "Processing"
    ESCALATED = "escalated", "Escalated"
    TICKET = "ticket", "Ticket draft"
    FORWARDED = "forwarded", "Forwarded"
    NEEDS_REVIEW = "needs_review", "Needs review"
    FAILED = "failed", "Failed"
    IGNORED = "ignored", "Not triaged (automated mail)"


TERMINAL = frozenset(
    {Status.ESCALATED, Status.TICKET, Status.FORWARDED, Status.NEEDS_REVIEW, Status.FAILED,
     Status.IGNORED}
)
ROUTED = frozenset({Status.ESCALATED, Status.TICKET, Status.FORWARDED})

# The whole lifecycle in one table. Every terminal state may go back to QUEUED
# (re-triage); a human may route what the pipeline could not.
TRANSITIONS: dict[str, frozenset[str]] = {
    Status.RECEIVED: frozenset({Status.QUEUED, Status.IGNORED}),
    Status.QUEUED: frozenset({Status.PROCESSING, Status.RECEIVED}),
    Status.PROCESSING: frozenset(TERMINAL - {Status.IGNORED} | {Status.QUEUED}),
    Status.ESCALATED: frozenset({Status.QUEUED}),
    Status.TICKET: frozenset({Status.QUEUED}),
    Status.FORWARDED: frozenset({Status.QUEUED}),
    Status.NEEDS_REVIEW: frozenset({Status.QUEUED} | ROUTED),
    Status.FAILED: frozenset({Status.QUEUED} | ROUTED | {Status.NEEDS_REVIEW}),
    Status.IGNORED: frozenset({Status.QUEUED}),
}


def can_transition(old: str, new: str) -> bool:
    return new in TRANSITIONS.get(old, frozenset())


class InboundEmail(models.Model):
    provider = models.CharField(max_length=16, choices=Provider.choices)
    provider_event_id = models.CharField(max_length=255, blank=True)
    # Idempotency: sha256 of sender + Message-ID, else provider + event id, else sender
    # + content hash. One unique column keeps duplicate detection a single index probe.
    dedupe_key = models.CharField(max_length=64, unique=True)
    dedupe_basis = models.CharField(max_length=16)
    message_id = models.CharField("Message-ID", max_length=998, blank=True)
    in_reply_to = models.CharField(max_length=998, blank=True)
    references = models.JSONField(default=list, blank=True)
    reply_to_email = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="replies"
    )
    envelope_sender = models.CharField(max_length=320, blank=True)
    envelope_recipients = models.JSONField(default=list, blank=True)
    from_header = models.CharField("From", max_length=998, blank=True)
    from_address = models.CharField("Sender", max_length=320, blank=True, db_index=True)
    to = models.JSONField(default=list, blank=True)
    cc = models.JSONField(default=list, blank=True)
    subject = models.CharField(max_length=998, blank=True)
    text_body = models.TextField(blank=True, help_text="Normalised text the chains read")
    html_body = models.TextField(blank=True)
    # When WE received it (webhook, ESP or import time; for an imported file the top
    # Received: header). Deadlines count from here; the sender's Date: header can lie.
    received_at = models.DateTimeField(db_index=True)
    date_header = models.DateTimeField("Date header", null=True, blank=True,
                                       help_text="The sender's Date: header, for display")
    ingested_at = models.DateTimeField(auto_now_add=True)
    content_hash = models.CharField(max_length=64)
    raw_message = models.BinaryField(help_text="Exactly as received")
    raw_format = models.CharField(max_length=16, help_text="rfc822 or json")
    raw_size = models.PositiveIntegerField()
    flags = models.JSONField(default=dict, blank=True)
    automated = models.CharField(max_length=200, blank=True)
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.RECEIVED, db_index=True
    )
    status_changed_at = models.DateTimeField()
    status_reason = models.TextField(blank=True)
    triage_attempts = models.PositiveIntegerField(default=0)
    # The Celery task that holds the claim: its own redelivery (worker died) may take
    # the email over; a different task may not.
    processing_task_id = models.CharField(max_length=64, blank=True)
    current_run = models.ForeignKey(
        "TriageRun", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-received_at"]
        indexes = [
            models.Index(fields=["status", "received_at"]),
            models.Index(fields=["status", "status_changed_at"]),
            models.Index(fields=["from_address", "received_at"]),
            models.Index(fields=["message_id"]),
            models.Index(fields=["in_reply_to"]),
        ]
        permissions = [
            ("retriage_email", "Can re-triage an email"),
            ("export_decisions", "Can export triage decisions"),
            ("decide_manually", "Can route an email by hand"),
        ]

    def __str__(self) -> str:
        # Used in breadcrumbs, titles and aria-labels across the admin.
        return f"#{self.pk} {escape_invisible(self.subject[:60])}"


class WebhookToken(models.Model):
    """A signed ESP token already used, kept until its timestamp leaves the accepted
    window (then the request is refused as stale anyway). Mailgun signs only timestamp
    + token, so without this a captured signature would carry any body."""

    provider = models.CharField(max_length=16, choices=Provider.choices)
    token = models.CharField(max_length=255)
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["provider", "token"],
                                               name="webhook_token_used_once")]

    def __str__(self) -> str:
        return f"{self.provider} token until {self.expires_at:%Y-%m-%d %H:%M:%S}"


class EmailEvent(models.Model):
    """The audit trail: one row per status change, pipeline event or staff action,
    written in the same transaction as the change. Every object staff act on hangs off
    an email, so one table serves as both the email's timeline and the audit log."""

    email = models.ForeignKey(InboundEmail, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField("action", max_length=32, db_index=True)
    target = models.CharField(max_length=64, blank=True, help_text="e.g. ticket:12")
    old_status = models.CharField(max_length=16, blank=True)
    new_status = models.CharField(max_length=16, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True)
    reason = models.TextField(blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = "audit event"

    def __str__(self) -> str:
        return f"{self.kind} {self.old_status}->{self.new_status}"


def attachment_storage() -> Storage:
    return storages["attachments"]


def attachment_path(instance: Attachment, filename: str) -> str:
    return f"{instance.sha256[:2]}/{instance.sha256}"


class Attachment(models.Model):
    email = models.ForeignKey(InboundEmail, on_delete=models.CASCADE, related_name="attachments")
    filename = models.CharField(max_length=255)
    declared_type = models.CharField(max_length=255)
    content_type = models.CharField(max_length=255, help_text="Sniffed from the bytes")
    size = models.PositiveIntegerField()
    sha256 = models.CharField(max_length=64)
    stored = models.BooleanField(default=False, help_text="False when over the size cap")
    file = models.FileField(
        upload_to=attachment_path,
        storage=attachment_storage,
        blank=True,
    )

    def __str__(self) -> str:
        return escape_invisible(self.filename)


class RunStatus(models.TextChoices):
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    NEEDS_REVIEW = "needs_review", "Failed closed"
    ERROR = "error", "Error (will retry)"


class TriageRun(models.Model):
    """One attempt at triaging an email, with the decision and why."""

    email = models.ForeignKey(InboundEmail, on_delete=models.CASCADE, related_name="runs")
    attempt = models.PositiveIntegerField()
    task_id = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=16, choices=RunStatus.choices, default=RunStatus.RUNNING)
    provider = models.CharField(max_length=16)
    model_name = models.CharField(max_length=100)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    route = models.CharField(max_length=16, blank=True, db_index=True)
    department = models.CharField(max_length=16, blank=True)
    is_claim = models.BooleanField(null=True)
    escalation_required = models.BooleanField(null=True)
    model_triggers = models.JSONField(default=list, blank=True)
    backstop_triggers = models.JSONField(default=list, blank=True)
    review_signals = models.JSONField(
        default=list, blank=True,
        help_text="What the rules read that contradicts the model: sent to a person")
    backstop_overrode = models.BooleanField(
        default=False, help_text="The backstop escalated what the model did not"
    )
    exposure_amount = models.DecimalField(max_digits=18, decimal_places=2, null=True, blank=True)
    exposure_currency = models.CharField(max_length=3, blank=True)
    exposure_usd = models.DecimalField(max_digits=18, decimal_places=2, null=True, blank=True)
    response_deadline = models.DateField(null=True, blank=True)
    contract_reference = models.CharField(max_length=100, blank=True, db_index=True)
    lot_reference = models.CharField(max_length=100, blank=True, db_index=True)
    decision = models.JSONField(default=dict, blank=True)
    errors = models.JSONField(default=list, blank=True)
    llm_calls = models.PositiveIntegerField(default=0)
    input_tokens = models.PositiveIntegerField(default=0)
    output_tokens = models.PositiveIntegerField(default=0)
    duration_ms = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        constraints = [
            models.UniqueConstraint(fields=["email", "attempt"], name="one_run_per_attempt"),
        ]

    def __str__(self) -> str:
        return f"run {self.attempt} of email {self.email_id}"


class ChainCall(models.Model):
    run = models.ForeignKey(TriageRun, on_delete=models.CASCADE, related_name="calls")
    chain = models.CharField(max_length=32)
    provider = models.CharField(max_length=16)
    model_name = models.CharField(max_length=100)
    prompt_version = models.CharField(max_length=16)
    output = models.JSONField(null=True, blank=True)
    input_tokens = models.PositiveIntegerField(default=0)
    output_tokens = models.PositiveIntegerField(default=0)
    latency_ms = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.chain} ({self.provider})"


class Escalation(models.Model):
    class State(models.TextChoices):
        PENDING = "pending", "Pending"
        ACKNOWLEDGED = "acknowledged", "Acknowledged"
        RESOLVED = "resolved", "Resolved"
        DISMISSED = "dismissed", "Dismissed"

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
    # Dismissing what the backstop raised takes two desk members: the first asks.
    dismissal_requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                               on_delete=models.PROTECT, related_name="+")
    dismissal_reason = models.TextField(blank=True)

    class Meta:
        permissions = [("resolve_escalation", "Can acknowledge, resolve or dismiss escalations")]

    def __str__(self) -> str:
        return f"Escalation of email {self.email_id}"

    @property
    def raised_by_backstop(self) -> bool:
        return bool(self.backstop_triggers)


class Ticket(models.Model):
    class State(models.TextChoices):
        DRAFT = "draft", "Draft (awaiting approval)"
        APPROVED = "approved", "Approved"
        REJECTED = "rejected", "Rejected"

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

    class Meta:
        permissions = [("approve_ticket", "Can approve or reject tickets")]

    def __str__(self) -> str:
        return f"Ticket for email {self.email_id} v{self.version}"


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
        return f"ticket {self.ticket_id} v{self.version}"


class Forward(models.Model):
    email = models.OneToOneField(InboundEmail, on_delete=models.CASCADE, related_name="forward")
    run = models.ForeignKey(TriageRun, on_delete=models.PROTECT, related_name="+")
    department = models.CharField(max_length=16)
    to_address = models.CharField(max_length=320)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Forward of email {self.email_id} to {self.department}"


class Notification(models.Model):
    """An outbound message, created in the decision's transaction and sent after
    commit. ``key`` makes a re-run of the same decision a no-op."""

    class State(models.TextChoices):
        PENDING = "pending", "Pending"
        SENDING = "sending", "Sending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

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
        return f"{self.kind} for email {self.email_id}"
