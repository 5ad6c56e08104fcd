"""Mail as received: the email, its attachments, its timeline, and the states it moves
through (the TRANSITIONS table)."""

from __future__ import annotations

from django.conf import settings
from django.core.files.storage import Storage, storages
from django.db import models
from django.utils.translation import gettext_lazy as _

from triage.routes import MANUAL_ROUTES, Route
from triage.sanitize import escape_invisible


class Provider(models.TextChoices):
    WEBHOOK = "webhook", _("Signed webhook")
    MAILGUN = "mailgun", _("Mailgun")
    POSTMARK = "postmark", _("Postmark")
    IMPORT = "import", _("File import")
    CLI = "cli", _("Command line")


# What each route's status says about the email (the route's own label says what
# choosing it does). Keyed by route: a route without a status label fails at import.
_ROUTE_STATUS_LABELS = {
    Route.ESCALATED: _("Escalated"),
    Route.TICKET: _("Ticket draft"),
    Route.FORWARDED: _("Forwarded"),
    Route.NEEDS_REVIEW: _("Needs review"),
}

# The pipeline's own states around the routes it ends in, built in one place: a new
# route is a new status by construction, with the same word.
Status = models.TextChoices("Status", [
    ("RECEIVED", ("received", _("Received"))),
    ("QUEUED", ("queued", _("Queued"))),
    ("PROCESSING", ("processing", _("Processing"))),
    *((route.name, (route.value, _ROUTE_STATUS_LABELS[route])) for route in Route),
    ("FAILED", ("failed", _("Failed"))),
    ("IGNORED", ("ignored", _("Not triaged (automated mail)"))),
])

ROUTED = frozenset(Status(route) for route in MANUAL_ROUTES)
TERMINAL = frozenset(Status(route) for route in Route) | {Status.FAILED, Status.IGNORED}

# The whole lifecycle in one table. Every terminal state may go back to QUEUED
# (re-triage); a human may route what the pipeline could not; a ticket escalates when a
# staff correction crosses the backstop.
TRANSITIONS: dict[str, frozenset[str]] = {
    Status.RECEIVED: frozenset({Status.QUEUED, Status.IGNORED}),
    Status.QUEUED: frozenset({Status.PROCESSING, Status.RECEIVED}),
    Status.PROCESSING: frozenset(TERMINAL - {Status.IGNORED} | {Status.QUEUED}),
    Status.ESCALATED: frozenset({Status.QUEUED}),
    Status.TICKET: frozenset({Status.QUEUED, Status.ESCALATED}),
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
    # Converted once, at ingest (``mime``): the worker reads it rather than converting
    # the HTML again on every triage.
    html_text = models.TextField(blank=True,
                                 help_text="Visible text of the HTML alternative, when there "
                                           "is a plain one")
    # What the last triage read of the attachments (PDFs, workbooks, text parts),
    # stored for search (``services.triage``). PostgreSQL also keeps ``search_vector``,
    # a generated column Django does not load: every word of the subject, sender, body,
    # HTML and this text, with their stems (migration 0014, ``triage.search``).
    attachment_text = models.TextField(blank=True,
                                       help_text="The attachments' text as the last triage "
                                                 "read it, for search")
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
    # Why it is stored but not triaged: a reason code (``routes.Code.OWN_NOTIFICATION``,
    # ``BOUNCE_SENDER``...), '' for mail that is triaged.
    automated = models.CharField(max_length=200, blank=True)
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.RECEIVED, db_index=True
    )
    status_changed_at = models.DateTimeField()
    # Why it is in its status: the system's reasons as data (``routes.reason``), and a
    # person's words as they wrote them (a manual decision's reason).
    status_reasons = models.JSONField(default=list, blank=True,
                                      help_text="Why the email is in its status: reasons as data")
    status_note = models.TextField(blank=True,
                                   help_text="A person's words on the status, as written")
    triage_attempts = models.PositiveIntegerField(default=0)
    # Claims that never finished (hard time limit, worker lost) since staff last re-queued it.
    unfinished_attempts = models.PositiveIntegerField(default=0)
    # The Celery task that holds the claim: its own redelivery (worker died) may take
    # the email over; a different task may not.
    processing_task_id = models.CharField(max_length=64, blank=True)
    current_run = models.ForeignKey(
        "TriageRun", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Who is working it while it waits for a person (needs review, failed).
    assignee = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="+")

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
            ("reply_email", "Can reply to the sender"),
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


class CorrespondentDomain(models.Model):
    """A domain that has written to us, by its From address: the mailbox's own history
    of who its correspondents are, so a sender passing for one of them goes to a person
    (``triage.correspondents``). One row per domain, counted as mail is stored
    (``services.correspondents``) and uncounted as its content is erased.

    ``flagged``: how many of its emails were themselves read as a look-alike on arrival.
    A domain with any is never a correspondent to compare against: a fraudster's
    look-alike does not become "known" by writing again."""

    domain = models.CharField(max_length=255, unique=True)
    first_seen = models.DateTimeField()
    last_seen = models.DateTimeField()
    emails = models.PositiveIntegerField(default=0)
    flagged = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return self.domain


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
    # The system's reasons as data (``routes.reason``); ``reason`` only ever holds a
    # person's words (a note, a dismissal reason), never the system's.
    reasons = models.JSONField(default=list, blank=True)
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
