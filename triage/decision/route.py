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
from triage.readers.text import clip_words
from triage.routes import ClaimType, Code, Route, reason

# Of the parts not read in full, the ones a review signal names (the rest: a person
# reading the email sees them).
_PARTS_KEPT = 10
# Warnings a claim's ticket carries on its card (who is paid, who wrote): ``holds``.
_CARRIED = frozenset({Code.BANK_CHANGE, Code.LOOKALIKE_SENDER})
# The backstop's figures that count only by a reading of meaning (none stated as the claim).
_FIGURE_READINGS = frozenset({Code.EXPOSURE_NOT_THE_CLAIM, Code.EXPOSURE_IN_SEVERAL_CURRENCIES})


def review_signals(email_text: str, *, model_is_claim: bool | None,
                   model_escalates: bool, unread: list[dict] | tuple[dict, ...] = (),
                   model_claim_types: list[str] | tuple[str, ...] = (),
                   unsupported: list[str] | tuple[str, ...] = (),
                   lookalikes: list[Lookalike] | tuple[Lookalike, ...] = (),
                   language: tuple[str, str] | None = None,
                   figures: list[dict] | tuple[dict, ...] = (),
                   hidden: list[str] | tuple[str, ...] = ()) -> list[dict]:
    """What the rules read that contradicts the model's answer: each is a reason to
    show the email to a person (``routes.reason``). Empty when the model already agrees
    (a claim it escalated needs no review for its contamination; a contamination claim
    its extraction named and judged small is a ticket). ``unread``: the parts not read
    in full (their reasons); neither the rules nor the model can vouch for them, so a
    person reads them. ``unsupported``: the routing fields of the model's extraction
    whose quotes are not in the email (``grounding``): an unsupported value may not lower
    an escalation, so a claim the model did not escalate on them goes to a person.
    ``lookalikes``: sender domains passing for ours or a counterpart's. ``language``:
    (the mail's language, a claim word in it) when the rules read none of the language
    but its claim words (``readers.language.unread_claim_language``): they cannot check a
    model that calls it routine, so a person reads it instead of a forward; a model that
    read a claim keeps its route. ``figures``: the backstop's own
    (``BackstopResult.review``). ``hidden``: what the HTML hides from a reader, read for a
    payment to new bank details only (an instruction nobody was meant to see). On mail
    the model calls routine, a large figure beside claim words contradicts it only when
    the rules also read a claim being made (then ``claim_called_routine`` says so too):
    statistics, newsletters, an insurer's cover or a settled matter quote claims'
    figures without making one. A figure stated as
    the claim is a fact and escalates on any route (``backstop``)."""
    found = []
    if unread:
        found.append(reason(Code.PARTS_UNREAD, parts=list(unread)[:_PARTS_KEPT]))
    bank = signals.bank_change_signal(email_text) or next(
        filter(None, map(signals.bank_change_signal, hidden)), "")
    if bank:
        # Invoice fraud's favourite move: a person verifies it by phone, on any route.
        found.append(reason(Code.BANK_CHANGE, quote=clip_words(bank, 80)))
    for fake in lookalikes:
        # Who wrote is a reading too: a person checks the sender, on any route.
        found.append(reason(Code.LOOKALIKE_SENDER, domain=fake.domain, known=fake.resembles,
                            how=fake.how))
    made = signals.claim_is_made(email_text)
    if model_is_claim is False and made:
        found.append(reason(Code.CLAIM_CALLED_ROUTINE))
    if language and not model_is_claim:
        code, word = language
        found.append(reason(Code.LANGUAGE_UNREAD, language=code, claim_words=bool(word) or None,
                            quote=word))
    if model_is_claim and not model_escalates:
        if unsupported:
            found.append(reason(Code.UNSUPPORTED_VALUES, fields=list(unsupported)))
        if (ClaimType.CONTAMINATION not in model_claim_types
                and ClaimType.CONTAMINATION in signals.claim_types(email_text)):
            found.append(reason(Code.CONTAMINATION_NOT_ESCALATED))
        threat = signals.threat_signal(email_text)
        if threat:
            found.append(reason(Code.THREAT_NOT_ESCALATED, quote=clip_words(threat, 80)))
    talk = model_is_claim is False and not made
    return found + [f for f in figures if not (talk and f["code"] in _FIGURE_READINGS)]


def holds(signals: list[dict], *, model_is_claim: bool | None) -> bool:
    """Whether the review signals keep a claim from its ticket. A claim the model read
    goes to the claims team (a person) even when it also asks to be paid to new bank
    details or comes from a look-alike of a correspondent: the ticket's card opens with
    those warnings in red, and the claim is the business the mail brings (issue 24's
    small claims as tickets). Any other signal, or a model that read no claim: the
    review queue."""
    return any(not (model_is_claim and s.get("code") in _CARRIED) for s in signals)


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
