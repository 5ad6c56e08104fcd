"""Data-protection records (LGPD): what retention or an erasure removed, and the data
subjects' requests. They outlive the emails they describe: no foreign key to an email."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Tombstone(models.Model):
    """One stage of removal from one email: who (a person, or the purge when empty),
    when, why, and which fields went. The email's decision and audit rows stay until
    the records stage; this row stays after that too."""

    class Stage(models.TextChoices):
        RAW = "raw", "Raw message and attachment files"
        CONTENT = "content", "Bodies, addresses and extracted personal fields"
        RECORD = "record", "The email with its decisions and audit"

    email_id = models.BigIntegerField(db_index=True)
    stage = models.CharField(max_length=16, choices=Stage.choices)
    received_at = models.DateTimeField(null=True, blank=True,
                                       help_text="When the email arrived: the retention clock")
    removed = models.JSONField(default=list, blank=True, help_text="What went")
    # Why, as data (``routes.reason``: retention, an erasure request); ``reason`` holds
    # only a person's words (the request's own), as written.
    reasons = models.JSONField(default=list, blank=True)
    reason = models.TextField(blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.PROTECT, related_name="+")
    requested_by = models.CharField(max_length=200, blank=True,
                                    help_text="For an erasure: who asked, as verified")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["email_id", "stage"],
                                               name="one_tombstone_per_stage")]

    def __str__(self) -> str:
        return f"email {self.email_id}: {self.stage} removed"


class DataRequest(models.Model):
    """A data subject's request (LGPD art. 18): an export or an erasure. The address
    is kept as a keyed hash: the request can be matched later, the address is gone."""

    class Kind(models.TextChoices):
        EXPORT = "export", "Export"
        ERASE = "erase", "Erasure"

    kind = models.CharField(max_length=16, choices=Kind.choices)
    subject_hash = models.CharField(max_length=64, db_index=True)
    requested_by = models.CharField(max_length=200)
    reason = models.TextField()
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.PROTECT, related_name="+")
    email_ids = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} request of {self.created_at:%Y-%m-%d}"
