"""The console's words for the stable codes: statuses, routes, providers, the model's
triggers, claim types and fields, timeline events (``triage.labels`` and its
``reason_words`` read them)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, pgettext_lazy

from triage.models import Provider, Status
from triage.routes import ClaimType, Trigger

STATUS_WORDS = dict(Status.choices)
PROVIDERS = dict(Provider.choices)

# Keyed by the enumerations (a StrEnum member finds a stored string's label);
# tests/test_labels.py checks that every member has one.
MODEL_TRIGGERS = {
    Trigger.HIGH_EXPOSURE: gettext_lazy("High exposure"),
    Trigger.ARBITRATION_OR_LEGAL: gettext_lazy("Arbitration or legal threat"),
    Trigger.CONTAMINATION: gettext_lazy("Contamination"),
    Trigger.TIGHT_DEADLINE: gettext_lazy("Tight deadline"),
    Trigger.CONTRACT_CANCELLATION: gettext_lazy("Contract cancellation threat"),
    Trigger.OTHER: pgettext_lazy("trigger", "Other"),
}

CLAIM_TYPES = {
    ClaimType.CONTAMINATION: gettext_lazy("Contamination"),
    ClaimType.QUALITY_HVI: gettext_lazy("Quality (HVI)"),
    ClaimType.WEIGHT_SHORTFALL: gettext_lazy("Weight shortfall"),
    ClaimType.MOISTURE: gettext_lazy("Moisture"),
    ClaimType.LATE_SHIPMENT: gettext_lazy("Late shipment"),
    ClaimType.DOCUMENTATION: gettext_lazy("Documentation"),
    ClaimType.OTHER: pgettext_lazy("claim type", "Other"),
}

# Claim fields as the extraction names them, HVI readings with their units.
FIELDS = {
    "claiming_party": gettext_lazy("Claiming party"),
    "contact": gettext_lazy("Contact"),
    "contract_reference": gettext_lazy("Contract"),
    "lot_reference": gettext_lazy("Lot"),
    "origin": gettext_lazy("Origin"),
    "claim_types": gettext_lazy("Claim types"),
    "required_action": gettext_lazy("Required action"),
    "claim_date": gettext_lazy("Claim date"),
    "response_deadline": gettext_lazy("Response deadline"),
    "exposure_amount": gettext_lazy("Exposure amount"),
    "exposure_currency": gettext_lazy("Exposure currency"),
    "exposure_usd": gettext_lazy("Exposure (USD)"),
    "hvi": gettext_lazy("HVI results"),
    "hvi.micronaire": gettext_lazy("Micronaire"),
    "hvi.staple_length_mm": gettext_lazy("Staple length (mm)"),
    "hvi.staple_32nds": gettext_lazy("Staple length (32nds of an inch)"),
    "hvi.strength_gpt": gettext_lazy("Strength (g/tex)"),
    "hvi.uniformity_pct": gettext_lazy("Uniformity (%)"),
    "hvi.color_grade": gettext_lazy("Colour grade"),
    "hvi.leaf_grade": gettext_lazy("Leaf grade"),
}

# The default qualification checklist (``TRIAGE_CHECKLIST_QUESTIONS``), as stored on a
# ticket: its questions in the reader's language. A question a deployment configures
# itself shows as configured.
CHECKLIST_QUESTIONS = {
    "Was the claim assessed by an independent surveyor?":
        gettext_lazy("Was the claim assessed by an independent surveyor?"),
    "Is contamination confirmed by inspection or lab report?":
        gettext_lazy("Is contamination confirmed by inspection or lab report?"),
    "Were the bales still sealed and unopened when inspected?":
        gettext_lazy("Were the bales still sealed and unopened when inspected?"),
    "Are HVI test results attached or quoted?":
        gettext_lazy("Are HVI test results attached or quoted?"),
    "Is a weight certificate or weigh-in report provided?":
        gettext_lazy("Is a weight certificate or weigh-in report provided?"),
    "Is the claim within the contractual notice period?":
        gettext_lazy("Is the claim within the contractual notice period?"),
}
CHECKLIST_ANSWERS = {"yes": gettext_lazy("yes"), "no": gettext_lazy("no"),
                     "unknown": gettext_lazy("unknown")}

# What a ticket version came from; where a notification went.
VERSION_SOURCES = {"pipeline": gettext_lazy("the pipeline"),
                   "correction": gettext_lazy("a staff correction")}
NOTIFICATION_KINDS = {"escalation": gettext_lazy("Escalation to the desk"),
                      "forward": gettext_lazy("Forward to the department"),
                      "handover": gettext_lazy("Hand-over"),
                      "reply": gettext_lazy("Reply to the sender")}

EVENTS = {
    "received": gettext_lazy("Received"), "status": gettext_lazy("Status changed"),
    "claimed": gettext_lazy("Claimed by a worker"), "requeued": gettext_lazy("Re-queued"),
    "enqueue_failed": gettext_lazy("Broker unavailable"),
    "republished": gettext_lazy("Published again"), "retry": gettext_lazy("Retry"),
    "failed": gettext_lazy("Failed"), "routed": gettext_lazy("Routed"),
    "retriage": gettext_lazy("Re-triage"), "decided_manually": gettext_lazy("Decided by hand"),
    "correction_escalated": gettext_lazy("Escalated by a correction"),
    "escalation_acknowledged": gettext_lazy("Escalation acknowledged"),
    "escalation_resolved": gettext_lazy("Escalation resolved"),
    "escalation_dismissed": gettext_lazy("Escalation dismissed"),
    "escalation_reopened": gettext_lazy("Escalation re-opened"),
    "escalation_resolution_requested": gettext_lazy("Resolution requested"),
    "escalation_dismissal_requested": gettext_lazy("Dismissal requested"),
    "ticket_corrected": gettext_lazy("Ticket corrected"),
    "ticket_approved": gettext_lazy("Ticket approved"),
    "ticket_rejected": gettext_lazy("Ticket rejected"),
    "note_added": gettext_lazy("Note added"), "assigned": gettext_lazy("Taken"),
    "released": gettext_lazy("Released"), "handed_over": gettext_lazy("Handed over"),
    "reply_recorded": gettext_lazy("Reply recorded"),
    "reply_failed": gettext_lazy("Reply not sent"),
    "raw_opened": gettext_lazy("Raw message opened"),
    "attachment_opened": gettext_lazy("Attachment opened"),
    "raw_removed": gettext_lazy("Raw message removed"),
    "content_removed": gettext_lazy("Content removed"),
    "data_exported": gettext_lazy("Data exported"),
}


# What the services answer when closing a backstop escalation takes a second desk member.
def word(table: dict, value: str | None) -> str:
    """A code in words: its label, else the code with spaces ('-' for none)."""
    if not value:
        return "-"
    return str(table.get(value, value.replace("_", " ")))
