"""One vocabulary: where an email goes, who receives it, and the codes the chains, the
readers, the labels and the console share (claim types, the model's triggers).

A route's value is also the status its email ends in (``Status.ESCALATED`` is built
from ``Route.ESCALATED``), so the pipeline, the services, the forms, the chains and the
admin all speak these words and nothing maps between two spellings of the same thing.
No other product module spells a route as a string (``tests/test_layout.py`` checks).
Pure: no Django, no LangChain. Labels are English and marked with ``N_`` for the
catalogue; ``triage.labels`` translates them where staff read them.
"""

from __future__ import annotations

from enum import StrEnum


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark, do not translate"
    """Marks a label for the catalogue without importing Django."""
    return message


class Route(StrEnum):
    ESCALATED = "escalated"
    TICKET = "ticket"
    FORWARDED = "forwarded"
    NEEDS_REVIEW = "needs_review"

    @property
    def status(self) -> str:
        """The email status this route ends in (``Status`` is built from the routes)."""
        return self.value

    @property
    def label(self) -> str:
        return _ROUTE_LABELS[self]


_ROUTE_LABELS = {
    Route.ESCALATED: N_("Escalate to the trading desk"),
    Route.TICKET: N_("Open a ticket draft"),
    Route.FORWARDED: N_("Forward to a department"),
    Route.NEEDS_REVIEW: N_("Needs review by a person"),
}

# The routes that hand the email to someone: what a person may choose when deciding by
# hand (needs review is where they start), and the statuses an email is "routed" in.
MANUAL_ROUTES = tuple(r for r in Route if r is not Route.NEEDS_REVIEW)


class Department(StrEnum):
    FINANCE = "finance"
    LOGISTICS = "logistics"
    COMMERCIAL = "commercial"
    OTHER = "other"

    @property
    def label(self) -> str:
        return _DEPARTMENT_LABELS[self]


_DEPARTMENT_LABELS = {
    Department.FINANCE: N_("Finance"),
    Department.LOGISTICS: N_("Logistics"),
    Department.COMMERCIAL: N_("Commercial"),
    Department.OTHER: N_("Other"),
}


# The extraction schema's enumeration (the model sees these values and this class name,
# so neither changes without a new prompt version), the readers' claim-type patterns and
# the console's labels. No docstring: pydantic would put it in the schema.
class ClaimType(StrEnum):
    CONTAMINATION = "contamination"
    QUALITY_HVI = "quality_hvi"
    WEIGHT_SHORTFALL = "weight_shortfall"
    MOISTURE = "moisture"
    LATE_SHIPMENT = "late_shipment"
    DOCUMENTATION = "documentation"
    OTHER = "other"


# The escalation check's triggers: the model's answer, the offline provider's, stored on
# runs and escalations as these values. No docstring, for the same reason.
class Trigger(StrEnum):
    HIGH_EXPOSURE = "high_exposure"
    ARBITRATION_OR_LEGAL = "arbitration_or_legal"
    CONTAMINATION = "contamination"
    TIGHT_DEADLINE = "tight_deadline"
    CONTRACT_CANCELLATION = "contract_cancellation"
    OTHER = "other"


# What stands, once an email's content is removed (retention, an erasure request), where
# someone's words were: a stored reason, a note, a reply's text. One fixed value, so the
# console shows it in the reader's language and a reason's code and numbers stay.
ERASED = "content removed"
