"""Routing: the model's answer, the backstop's facts and the rules' review signals
combined into one route (pure: no Django, no LangChain).

A fact escalates (``backstop``); a reading of meaning that contradicts the model is a
review signal and sends the email to a person, never to the desk by itself; a failure,
an unknown claim status or a signal goes to a person, never to an automatic forward.
"""

from __future__ import annotations

from triage.backstop import BackstopResult
from triage.readers import signals
from triage.readers.signals.senders import Lookalike
from triage.routes import ClaimType, Route

UNSUPPORTED = ("a value the model extracted is quoted from words that are not in the email: "
               "a person checks it")


def review_signals(email_text: str, *, model_is_claim: bool | None,
                   model_escalates: bool, unread: list[str] | tuple[str, ...] = (),
                   model_claim_types: list[str] | tuple[str, ...] = (),
                   unsupported: list[str] | tuple[str, ...] = (),
                   lookalikes: list[Lookalike] | tuple[Lookalike, ...] = ()) -> list[str]:
    """What the rules read that contradicts the model's answer: each is a reason to
    show the email to a person. Empty when the model already agrees (a claim it
    escalated needs no review for its contamination; a contamination claim its
    extraction named and judged small is a ticket). ``unread``: the parts not read in
    full; neither the rules nor the model can vouch for them, so a person reads them.
    ``unsupported``: the routing fields of the model's extraction whose quotes are not in
    the email (``grounding``): an unsupported value may not lower an escalation, so a
    claim the model did not escalate on them goes to a person. ``lookalikes``: sender
    domains passing for ours or a counterpart's."""
    found = []
    if unread:
        found.append(f"not every part of the email was read ({'; '.join(unread)[:160]!r}): "
                     f"a person must read it")
    bank = signals.bank_change_signal(email_text)
    if bank:
        # Invoice fraud's favourite move: a person verifies it by phone, on any route.
        found.append(f"bank details change requested ({bank[:80]!r}): a person must verify "
                     f"it by phone before any payment")
    for fake in lookalikes:
        # Who wrote is a reading too: a person checks the sender, on any route.
        found.append(f"the sender's domain {fake.domain!r} looks like {fake.resembles!r} "
                     f"({fake.how}): a person must check who sent it")
    if model_is_claim is False and signals.claim_is_made(email_text):
        found.append("the email reads as a claim, but the model called it routine")
    if model_is_claim and not model_escalates:
        if unsupported:
            found.append(UNSUPPORTED)
        if (ClaimType.CONTAMINATION not in model_claim_types
                and ClaimType.CONTAMINATION in signals.claim_types(email_text)):
            found.append("the email affirms contamination, but the model did not escalate")
        threat = signals.threat_signal(email_text)
        if threat:
            found.append(f"the email threatens arbitration, legal action or cancellation "
                         f"({threat[:80]!r}), but the model did not escalate")
    return found


def combine(model_escalates: bool, backstop: BackstopResult) -> tuple[bool, bool]:
    """(escalate, backstop_overrode). The backstop can add an escalation, never remove
    one: a model "yes" stands whatever the backstop says."""
    escalate = model_escalates or backstop.escalate
    return escalate, backstop.escalate and not model_escalates


def route(*, failed: bool, is_claim: bool | None, escalate: bool,
          review: bool = False) -> Route:
    """Where an email goes. An escalation outranks everything; a failure, an unknown
    claim status or a review signal goes to a person, never to an automatic forward."""
    if escalate:
        return Route.ESCALATED
    if failed or review or is_claim is None:
        return Route.NEEDS_REVIEW
    return Route.TICKET if is_claim else Route.FORWARDED
