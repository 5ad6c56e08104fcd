"""What staff finally did with each decision the pipeline made, read from the records
the services already write (pure: plain rows in, no Django, no database).

A decision is one pipeline run that routed its email (the ``routed`` audit row names
it). Its **sources** are what chose its route:

* an escalation: each backstop trigger code (``backstop:<code>``), and the model
  (``model:<provider>``, the offline provider included) when it asked for the
  escalation itself;
* a needs-review email: each review-signal code (``signal:<code>``), when the model had
  answered (claim or not) and nothing failed, so without the signals the email would
  have gone elsewhere;
* a ticket draft or a forward: the model.

Staff's **verdict** comes from what they did next, in the order the audit rows say:

* an escalation resolved (by one desk member, or the second of two) confirms the
  escalated decisions still waiting for a verdict; dismissed as unfounded, it
  overturns them: a false alarm of every source that raised it;
* a draft approved confirms a ticket; rejected overturns it; corrected so that its
  figures cross the backstop (``correction_escalated``) overturns it as a **miss**,
  attributed to the model and to each backstop trigger that fired on the corrected
  figures; the fields corrected before the draft was approved (or escalated) are the
  extraction's errors, field by field;
* a person's decision (needs review or failed, decided by hand, usually after a
  re-triage) confirms the waiting decisions with the same route (and, for a forward,
  department) and overturns the others, as a miss when the person chose a graver route
  (a forward or a ticket that should have been escalated). For the needs-review
  decision itself it judges the review signals: a person who did what the model
  would have done overturns them; one who did otherwise confirms them;
* a forward nobody re-routed stands: confirmed (nothing else records a forward's
  verdict).

A decision with no verdict yet is ``open``. Everything here reads codes, routes, run
ids and field names, which an erasure keeps, so the figures survive it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from triage.routes import Route

MANUAL = "manual"  # the provider of a person's run (``services.runs.run_record_manual``)
CONFIRMED, OVERTURNED, OPEN = "confirmed", "overturned", "open"

ROUTING = frozenset({"routed", "decided_manually", "correction_escalated"})
RESOLVED, DISMISSED = "escalation_resolved", "escalation_dismissed"
CORRECTED, APPROVED, REJECTED = "ticket_corrected", "ticket_approved", "ticket_rejected"
# The audit rows a verdict is read from.
KINDS = ROUTING | {RESOLVED, DISMISSED, CORRECTED, APPROVED, REJECTED}

# A miss is a route less grave than the one staff chose.
_GRAVITY = {Route.FORWARDED: 1, Route.TICKET: 2, Route.ESCALATED: 3}


@dataclass(frozen=True)
class Run:
    """What a decision run says, from its row: its route and what chose it."""

    pk: int
    email_id: int
    provider: str
    route: str
    department: str
    day: date  # the local day it started
    is_claim: bool | None = None
    backstop_overrode: bool = False
    backstop: tuple[str, ...] = ()  # trigger codes
    signals: tuple[str, ...] = ()  # review-signal codes
    failed: bool = False  # it stored errors (a failure sends it to a person anyway)
    # A correction's run: the backstop triggers the corrected figures fired.
    corrected_triggers: tuple[str, ...] = ()

    @property
    def manual(self) -> bool:
        return self.provider == MANUAL

    def sources(self) -> tuple[str, ...]:
        if self.manual:
            return ()
        if self.route == Route.ESCALATED:
            model = () if self.backstop_overrode else (f"model:{self.provider}",)
            return (*(f"backstop:{c}" for c in dict.fromkeys(self.backstop)), *model)
        if self.route == Route.NEEDS_REVIEW:
            decided = not self.failed and self.is_claim is not None
            return tuple(f"signal:{c}" for c in dict.fromkeys(self.signals)) if decided else ()
        return (f"model:{self.provider}",)

    def model_route(self) -> str:
        """Where the model alone would have sent it (a needs-review run's)."""
        return Route.TICKET if self.is_claim else Route.FORWARDED


@dataclass(frozen=True)
class Event:
    """One audit row of a kind in ``KINDS``: which run it routes to, which fields a
    correction changed."""

    email_id: int
    kind: str
    run: int | None = None
    fields: tuple[str, ...] = ()


@dataclass
class Outcome:
    run: Run
    sources: tuple[str, ...]
    verdict: str = OPEN
    staff_route: str = ""  # the route staff settled on ('' when they only said "not this")
    staff_department: str = ""
    missed: tuple[str, ...] = ()  # the sources a miss is attributed to
    fields: tuple[str, ...] = ()  # the fields corrected on the draft this run opened
    draft_finished: bool = False  # its draft was approved, or escalated by a correction


def outcomes(events: Iterable[Event], runs: dict[int, Run]) -> list[Outcome]:
    """Every decision in ``runs`` that an event routed, with staff's verdict.
    ``events`` in the order they were written (by email, then time); one pass."""
    out: list[Outcome] = []
    walk: _Walk | None = None
    for event in events:
        if walk is None or walk.email_id != event.email_id:
            if walk is not None:
                walk.close()
            walk = _Walk(event.email_id, out)
        walk.step(event, runs)
    if walk is not None:
        walk.close()
    return out


class _Walk:
    """One email's audit rows, in order."""

    def __init__(self, email_id: int, out: list[Outcome]) -> None:
        self.email_id, self.out = email_id, out
        self.pending: list[Outcome] = []
        self.holder: Run | None = None  # the run whose route the email has now
        self.draft: Outcome | None = None  # the decision whose ticket draft is open
        self.corrected: dict[str, None] = {}

    def step(self, event: Event, runs: dict[int, Run]) -> None:
        kind = event.kind
        if kind in ROUTING:
            run = runs.get(event.run) if event.run is not None else None
            if run is None:
                return  # a run from before the period: not ours to judge
            self.holder = run
            if not run.manual:
                decision = Outcome(run, run.sources())
                self.out.append(decision)
                self.pending.append(decision)
                if run.route == Route.TICKET:
                    self.draft, self.corrected = decision, {}
                return
            if kind == "correction_escalated":
                self._finish_draft()
            self._settle(run.route, run.department,
                         extra=tuple(f"backstop:{c}" for c in run.corrected_triggers))
        elif kind == RESOLVED:
            self._settle(Route.ESCALATED, "")
        elif kind == DISMISSED:
            self._refuse(Route.ESCALATED)
        elif kind == CORRECTED:
            self.corrected.update(dict.fromkeys(event.fields))
        elif kind == APPROVED:
            self._finish_draft()
            self._settle(Route.TICKET, "")
        elif kind == REJECTED:
            self.draft = None
            self._refuse(Route.TICKET)

    def close(self) -> None:
        # A forward nobody re-routed stands.
        holder = self.holder
        if holder is not None and not holder.manual and holder.route == Route.FORWARDED:
            for decision in self.pending:
                if decision.run is holder:
                    decision.verdict = CONFIRMED
                    decision.staff_route = holder.route
                    decision.staff_department = holder.department

    def _finish_draft(self) -> None:
        if self.draft is not None:
            self.draft.fields = tuple(self.corrected)
            self.draft.draft_finished = True
            self.draft, self.corrected = None, {}

    def _settle(self, route: str, department: str, *, extra: tuple[str, ...] = ()) -> None:
        """Staff chose ``route``: every waiting decision is judged by it."""
        for decision in self.pending:
            run = decision.run
            decision.staff_route, decision.staff_department = route, department
            if run.route == Route.NEEDS_REVIEW:
                # The signals were right when the person did not do what the model said.
                same = _same(run.model_route(), run.department, route, department)
                decision.verdict = OVERTURNED if same else CONFIRMED
                continue
            same = _same(run.route, run.department, route, department)
            decision.verdict = CONFIRMED if same else OVERTURNED
            if not same and _GRAVITY.get(route, 0) > _GRAVITY.get(run.route, 0):
                decision.missed = tuple(dict.fromkeys((*decision.sources, *extra)))
        self.pending = []

    def _refuse(self, route: str) -> None:
        """Staff said "not ``route``": the waiting decisions with that route are wrong."""
        kept = []
        for decision in self.pending:
            if decision.run.route == route:
                decision.verdict = OVERTURNED
            else:
                kept.append(decision)
        self.pending = kept


def _same(route: str, department: str, staff_route: str, staff_department: str) -> bool:
    if route != staff_route:
        return False
    return route != Route.FORWARDED or not staff_department or staff_department == department
