"""Who works an item: take it (assign to me), hand it over to a colleague in the group
that works it, release it. Each change is a conditional UPDATE on the assignee the
person saw, as triage claims an email: of two people taking the same item one wins and
the other is told who has it. Every change is an audit row in the same transaction."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from triage.models import ESCALATION_OPEN, Escalation, InboundEmail, Status, Ticket
from triage.services import notifications
from triage.services.audit import audit_write
from triage.services.outcome import Outcome, ReviewError
from triage.services.outcome import require as _require


@dataclass(frozen=True)
class Kind:
    model: type[models.Model]
    permission: str  # the codename of the group that works this kind
    open: Q  # while it waits for a person; only then can it be taken or handed over


KINDS: dict[str, Kind] = {
    "escalation": Kind(Escalation, "resolve_escalation", Q(state__in=ESCALATION_OPEN)),
    "ticket": Kind(Ticket, "approve_ticket", Q(state=Ticket.State.DRAFT)),
    "email": Kind(InboundEmail, "decide_manually",
                  Q(status__in=[Status.NEEDS_REVIEW, Status.FAILED])),
}


def _name(user) -> str | None:
    return user.get_username() if user else None


def _email_id(kind: str, pk: int) -> int:
    if kind == "email":
        return pk
    return KINDS[kind].model.objects.values_list("email_id", flat=True).get(pk=pk)


def _current(kind: str, pk: int):
    row = KINDS[kind].model.objects.select_related("assignee").only("assignee").get(pk=pk)
    return row.assignee


def _assign(kind: str, pk: int, actor, *, to, seen_id: int | None, event: str,
            require_open: bool) -> int | None:
    """The item's email id when the conditional update assigned it, else None."""
    spec = KINDS[kind]
    rows = spec.model.objects.filter(pk=pk, assignee_id=seen_id)
    if require_open:
        rows = rows.filter(spec.open)
    with transaction.atomic():
        if rows.update(assignee=to) != 1:
            return None
        before = None
        if seen_id is not None:
            before = {"assignee": _name(type(actor).objects.filter(pk=seen_id).first())}
        email_id = _email_id(kind, pk)
        audit_write(email_id, event, actor=actor, target=f"{kind}:{pk}",
                    before=before or {"assignee": None}, after={"assignee": _name(to)})
    return email_id


def _refusal(kind: str, pk: int, actor) -> ReviewError:
    holder = _current(kind, pk)
    if holder is None:
        return ReviewError(_("This item no longer waits for a person; nothing was assigned."))
    if holder.pk == actor.pk:
        return ReviewError(_("You already have this item."))
    return ReviewError(_("%(name)s has this item now.") % {"name": holder.get_username()})


def assignee_take(kind: str, pk: int, actor) -> Outcome:
    """Assign to me, if nobody has it."""
    _require(actor, KINDS[kind].permission)
    if _assign(kind, pk, actor, to=actor, seen_id=None, event="assigned",
               require_open=True) is not None:
        return Outcome(True, _("You have taken this item."))
    raise _refusal(kind, pk, actor)


def assignee_take_if_free(kind: str, pk: int, actor) -> bool:
    """Whoever acts on an unassigned item becomes its assignee (acknowledging an
    escalation, say), so nothing acted on stays in the unassigned queue. Someone else's
    item stays theirs. Inside the caller's transaction."""
    return _assign(kind, pk, actor, to=actor, seen_id=None, event="assigned",
                   require_open=True) is not None


def assignee_release(kind: str, pk: int, actor) -> Outcome:
    """Give it back to the queue; only whoever has it can."""
    _require(actor, KINDS[kind].permission)
    if _assign(kind, pk, actor, to=None, seen_id=actor.pk, event="released",
               require_open=False) is not None:
        return Outcome(True, _("Released: the item is unassigned."))
    holder = _current(kind, pk)
    if holder is None:
        return Outcome(False, _("Nobody has this item."))
    raise ReviewError(_("%(name)s has this item; only they can release it.")
                      % {"name": holder.get_username()})


def assignee_hand_over(kind: str, pk: int, actor, *, to, seen: int | None) -> Outcome:
    """Assign to a colleague in the group that works this kind, on the assignee the
    person saw (``seen``): a change meanwhile is refused, not overwritten."""
    spec = KINDS[kind]
    _require(actor, spec.permission)
    if to.pk == actor.pk:
        raise ReviewError(_("You cannot hand an item over to yourself: take it instead."))
    if not (to.is_active and to.has_perm(f"triage.{spec.permission}")):
        raise ReviewError(_("%(name)s is not in the group that works this item.")
                          % {"name": to.get_username()})
    if seen == to.pk:
        return Outcome(False, _("%(name)s already has this item.") % {"name": to.get_username()})
    with transaction.atomic():
        email_id = _assign(kind, pk, actor, to=to, seen_id=seen, event="handed_over",
                           require_open=True)
        if email_id is not None:
            # The receiver is told by email, queued with the hand-over, sent on commit.
            notifications.notification_queue_handover(email_id, kind=kind, pk=pk, to=to,
                                                      by=actor)
            return Outcome(True, _("Handed over to %(name)s.") % {"name": to.get_username()})
    holder = _current(kind, pk)
    if holder is not None and holder.pk != seen:
        raise ReviewError(_("This item changed hands since you opened it: %(name)s has it "
                            "now.") % {"name": holder.get_username()})
    raise ReviewError(_("This item no longer waits for a person; nothing was assigned."))
