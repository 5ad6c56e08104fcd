"""Decisions: one run per triage attempt, and every chain call it made."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from triage.models.mail import InboundEmail


class RunStatus(models.TextChoices):
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    # The run could not decide safely and sent the email to a person (its email's
    # status says needs review; the run's says why).
    FAILED_CLOSED = "failed_closed", _("Failed closed")
    ERROR = "error", _("Error (will retry)")


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
        # The decision quality figures read a period's runs (``selectors.quality_report``,
        # on every /metrics scrape): by start, not by a scan of every run ever made.
        indexes = [models.Index(fields=["started_at"], name="run_started_at")]
        # The figures of every decision and what staff did with it (``triage.quality``).
        permissions = [("view_quality", "Can view the decision quality page")]

    def __str__(self) -> str:
        return gettext("Run %(attempt)s of email #%(id)s") % {"attempt": self.attempt,
                                                               "id": self.email_id}


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
