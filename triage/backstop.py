"""Deterministic decisions no prompt can argue away (pure: no Django, no LangChain).

The backstop only ever adds an escalation. Its triggers are kept apart from the
model's so staff can see which of the two decided.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from triage.readers import dates, money, signals
from triage.routes import Route


@dataclass(frozen=True)
class Policy:
    threshold_usd: Decimal
    rates: dict[str, Decimal]  # USD per unit
    deadline_business_days: int


@dataclass(frozen=True)
class Exposure:
    amount: Decimal | None
    currency: str | None


@dataclass
class BackstopResult:
    triggers: list[str] = field(default_factory=list)
    exposure_usd: Decimal | None = None

    @property
    def escalate(self) -> bool:
        return bool(self.triggers)


def to_usd(amount: Decimal, currency: str | None, rates: dict[str, Decimal]) -> Decimal | None:
    """USD value, or None when the currency has no configured rate."""
    if currency is None:
        return None
    rate = rates.get(currency.strip().upper())
    return None if rate is None else (amount * rate).quantize(Decimal("0.01"))


def exposure_triggers(exposure: Exposure, policy: Policy, *, source: str) -> tuple[list[str],
                                                                                   Decimal | None]:
    if exposure.amount is None or exposure.amount <= 0:
        return [], None
    usd = to_usd(exposure.amount, exposure.currency, policy.rates)
    if usd is not None:
        if usd >= policy.threshold_usd:
            return [f"{source} USD {usd:,.2f} >= threshold USD {policy.threshold_usd:,.0f}"], usd
        return [], usd
    # Unknown currency: fail closed if any configured rate would cross the threshold.
    worst = max(policy.rates.values(), default=Decimal(1)) * exposure.amount
    if worst >= policy.threshold_usd:
        cur = exposure.currency or "no currency"
        return [f"{source} {exposure.amount:,.2f} in {cur} (no rate) could exceed "
                f"USD {policy.threshold_usd:,.0f}"], None
    return [], None


def deadline_trigger(deadline: date | None, received_on: date, policy: Policy) -> list[str]:
    if deadline is None:
        return []
    days = dates.business_days_between(received_on, deadline)
    if days < 0:
        return [f"response deadline {deadline.isoformat()} is already past"]
    if days <= policy.deadline_business_days:
        return [f"response deadline {deadline.isoformat()} is {days} business day(s) after "
                f"receipt (limit {policy.deadline_business_days})"]
    return []


def evaluate(
    *,
    extracted: Exposure,
    deadline: date | None,
    received_on: date,
    email_text: str,
    policy: Policy,
) -> BackstopResult:
    """Backstop for a claim email. Checks the extraction *and* the amounts the email
    states, so an extraction that under-reports cannot hide the exposure."""
    result = BackstopResult()
    triggers, usd = exposure_triggers(extracted, policy, source="extracted exposure")
    result.triggers += triggers
    result.exposure_usd = usd
    stated = money.claimed_amount(email_text)
    if stated is not None:
        stated_triggers, stated_usd = exposure_triggers(
            Exposure(stated.amount, stated.currency), policy,
            source=f"email states {stated.quote!r} =",
        )
        if stated_triggers and not triggers:
            result.triggers += stated_triggers
        if result.exposure_usd is None:
            result.exposure_usd = stated_usd
    result.triggers += deadline_trigger(deadline, received_on, policy)
    result.triggers += text_triggers(email_text)
    return result


def text_triggers(email_text: str) -> list[str]:
    """What the email itself affirms, read without a model: contamination (the most
    expensive claim) and arbitration or legal threats. Negation-aware ("no
    contamination was found" does not count)."""
    triggers = []
    if "contamination" in signals.claim_types(email_text):
        triggers.append("email affirms contamination")
    threat = signals.find_affirmed(email_text, signals.ARBITRATION_WORDS)
    if threat:
        triggers.append(f"email mentions {threat[0].group(0)!r} (arbitration or legal action)")
    return triggers


def combine(model_escalates: bool, backstop: BackstopResult) -> tuple[bool, bool]:
    """(escalate, backstop_overrode). The backstop can add an escalation, never remove
    one: a model "yes" stands whatever the backstop says."""
    escalate = model_escalates or backstop.escalate
    return escalate, backstop.escalate and not model_escalates


# --- Routing ------------------------------------------------------------------------


def route(*, failed: bool, is_claim: bool | None, escalate: bool) -> Route:
    """Where an email goes. A failure or an unknown claim status goes to a human,
    never to an automatic forward; an escalation outranks everything else."""
    if escalate:
        return Route.ESCALATED
    if failed or is_claim is None:
        return Route.NEEDS_REVIEW
    return Route.TICKET if is_claim else Route.FORWARDED
