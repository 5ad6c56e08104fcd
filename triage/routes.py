"""One vocabulary for where an email goes and who receives it.

A route's value is also the status its email ends in (``Status.ESCALATED`` is
``"escalated"``), so the pipeline, the services, the forms, the chains and the admin
all speak these words and nothing maps between two spellings of the same thing.
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
        """The email status this route ends in (the same word)."""
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

# What a person may choose when deciding by hand (needs review is where they start).
MANUAL_ROUTES = (Route.ESCALATED, Route.TICKET, Route.FORWARDED)


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


DEPARTMENT_CHOICES = [(d.value, d.label) for d in Department]
ROUTE_CHOICES = [(r.value, r.label) for r in Route]
