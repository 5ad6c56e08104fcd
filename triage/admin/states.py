"""What an item's state is, in words, as the item really stands: an email whose ticket
was approved says so (not "ticket draft"), an escalation waiting for its second desk
member says who asked, a closed one carries no deadline badge. One place for the
lists, the evidence card and the links between pages."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from triage import labels
from triage.models import ESCALATION_OPEN, Escalation, InboundEmail, Status, Ticket
from triage.selectors import business_days_left, time_left_class


def _name(user) -> str:
    return user.get_username() if user else "-"


def second_desk_request(esc: Escalation) -> tuple[str, object] | None:
    """("resolution" | "dismissal", who asked) while an escalation waits for its
    second desk member; None otherwise."""
    if esc.state not in ESCALATION_OPEN:
        return None
    if esc.resolution_requested_by_id:
        return "resolution", esc.resolution_requested_by
    if esc.dismissal_requested_by_id:
        return "dismissal", esc.dismissal_requested_by
    return None


def escalation_state(esc: Escalation) -> str:
    """The escalation's state, with the closing request that waits (and who asked)."""
    request = second_desk_request(esc)
    if request is None:
        return str(esc.get_state_display())
    what, who = request
    if what == "resolution":
        return _("Resolution awaiting a second desk member (asked by %(name)s)") % {
            "name": _name(who)}
    return _("Dismissal awaiting a second desk member (asked by %(name)s)") % {
        "name": _name(who)}


def ticket_state(ticket: Ticket) -> str:
    if ticket.state == Ticket.State.APPROVED and ticket.arbitration_number:
        return _("Approved (%(number)s)") % {"number": ticket.arbitration_number}
    return str(ticket.get_state_display())


def _related(email: InboundEmail, attr: str):
    try:
        return getattr(email, attr)
    except (Escalation.DoesNotExist, Ticket.DoesNotExist):
        return None


def email_state(email: InboundEmail) -> str:
    """The email's status, followed through to what it opened: "Escalated" becomes
    "Escalation resolved" once the desk closes it, "Ticket draft" becomes "Ticket
    approved (ARB-...)" once claims staff approve it."""
    if email.status == Status.ESCALATED:
        esc = _related(email, "escalation")
        if esc is not None:
            if esc.state == Escalation.State.RESOLVED:
                return _("Escalation resolved")
            if esc.state == Escalation.State.DISMISSED:
                return _("Escalation dismissed")
            if second_desk_request(esc):
                return _("Escalated: closing awaits a second desk member")
            if esc.state == Escalation.State.ACKNOWLEDGED:
                return _("Escalated, acknowledged")
    if email.status == Status.TICKET:
        ticket = _related(email, "ticket")
        if ticket is not None and ticket.state == Ticket.State.APPROVED:
            return _("Ticket approved (%(number)s)") % {
                "number": ticket.arbitration_number or "-"}
        if ticket is not None and ticket.state == Ticket.State.REJECTED:
            return _("Ticket rejected")
    return labels.status(email.status)


def is_waiting(item) -> bool:
    """Whether an escalation, ticket or email still waits for a person (only then a
    deadline is urgent)."""
    if isinstance(item, Escalation):
        return item.state in ESCALATION_OPEN
    if isinstance(item, Ticket):
        return item.state == Ticket.State.DRAFT
    if item.status == Status.ESCALATED:
        esc = _related(item, "escalation")
        return esc is None or esc.state in ESCALATION_OPEN
    if item.status == Status.TICKET:
        ticket = _related(item, "ticket")
        return ticket is None or ticket.state == Ticket.State.DRAFT
    return item.status in (Status.NEEDS_REVIEW, Status.FAILED)


def time_left(deadline, *, waiting: bool = True) -> tuple[str, str]:
    """(words, CSS class) of the business days left to ``deadline``; once nothing waits
    for a person, no urgency: the deadline is history."""
    days = business_days_left(deadline)
    if days is None:
        return _("no deadline stated"), ""
    if not waiting:
        return _("closed"), "triage-closed"
    if days < 0:
        return _("OVERDUE"), time_left_class(days)
    if days in (0, 1):
        return (_("today") if days == 0 else _("tomorrow")), time_left_class(days)
    return ngettext("%(days)s business day", "%(days)s business days", days) % {
        "days": days}, ""
