"""Deterministic decisions no prompt can argue away (pure: no Django, no LangChain).

Two kinds of rule, kept apart so staff see who decided what:

* **Backstop triggers** are objective facts: an exposure at or above the threshold (in
  USD, from the extraction or read from the email itself), an amount in a currency with
  no configured rate that could cross it, a response deadline within the configured
  business days. They escalate, whatever the model says, and only ever add an
  escalation.
* **Review signals** are the rules' reading of meaning (contamination affirmed, an
  arbitration or legal threat, claim language in a mail the model called routine, a
  request to pay to different bank details). A reading of meaning is not a fact: when
  it contradicts the model it sends the email to a person (``needs_review``), never to
  the desk by itself. The model keeps interpreting meaning; it may escalate on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from zoneinfo import ZoneInfo

from triage.readers import dates, money

# An amount beyond any real claim still counts, but is reported as "more than" this.
_ABSURD = Decimal("1e15")


@dataclass(frozen=True)
class Policy:
    threshold_usd: Decimal
    rates: dict[str, Decimal]  # USD per unit
    deadline_business_days: int
    # The calendar business days are counted in: weekday holidays are skipped, and the
    # day of receipt is the day in this zone (a mail at 23:30 in São Paulo is 02:30 UTC
    # the next day).
    holidays: frozenset[date] = frozenset()
    time_zone: str = "UTC"


@dataclass(frozen=True)
class Exposure:
    amount: Decimal | None
    currency: str | None


@dataclass
class BackstopResult:
    triggers: list[str] = field(default_factory=list)
    exposure_usd: Decimal | None = None
    deadline: date | None = None

    @property
    def escalate(self) -> bool:
        return bool(self.triggers)


def to_usd(amount: Decimal, currency: str | None, rates: dict[str, Decimal]) -> Decimal | None:
    """USD value, or None when the currency has no configured rate. An absurdly large
    amount is capped (it still crosses any threshold) instead of raising."""
    if currency is None:
        return None
    rate = rates.get(currency.strip().upper())
    if rate is None:
        return None
    try:
        return (min(amount, _ABSURD) * rate).quantize(Decimal("0.01"))
    except InvalidOperation:
        return _ABSURD


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
    worst = max(policy.rates.values(), default=Decimal(1)) * min(exposure.amount, _ABSURD)
    if worst >= policy.threshold_usd:
        cur = exposure.currency or "no currency"
        return [f"{source} {min(exposure.amount, _ABSURD):,.2f} in {cur} (no rate) could "
                f"exceed USD {policy.threshold_usd:,.0f}"], None
    return [], None


def deadline_trigger(deadline: date | None, received_on: date, policy: Policy, *,
                     source: str = "response deadline") -> list[str]:
    if deadline is None:
        return []
    days = dates.business_days_between(received_on, deadline, policy.holidays)
    if days < 0:
        return [f"{source} {deadline.isoformat()} is already past"]
    if days <= policy.deadline_business_days:
        return [f"{source} {deadline.isoformat()} is {days} business day(s) after "
                f"receipt (limit {policy.deadline_business_days})"]
    return []


def evaluate(
    *,
    extracted: Exposure,
    deadline: date | None,
    received_at: datetime,
    email_text: str,
    policy: Policy,
    read_deadlines: bool = True,
) -> BackstopResult:
    """Objective facts of an email. Checks the extraction *and* what the email itself
    states (the full text, not the model's clipped copy), so an extraction that
    under-reports cannot hide an exposure or a deadline.

    ``read_deadlines=False`` for mail nobody read as a claim: a claimed amount at stake
    is a fact whatever the classification, but "reply by Friday" on a booking request
    is ordinary business, not a reason to call the desk."""
    result = BackstopResult()
    triggers, usd = exposure_triggers(extracted, policy, source="extracted exposure")
    result.triggers += triggers
    result.exposure_usd = usd
    stated = money.claimed_exposure(email_text, rates=policy.rates)
    if stated is not None:
        stated_triggers, stated_usd = exposure_triggers(
            Exposure(stated.amount, stated.currency), policy,
            source=f"email states {stated.quote[:80]!r} =",
        )
        if stated_triggers and not triggers:
            result.triggers += stated_triggers
        if stated_usd is not None and (result.exposure_usd is None
                                       or stated_usd > result.exposure_usd):
            result.exposure_usd = stated_usd
    received_on = _local_day(received_at, policy.time_zone)
    written, quote = (dates.response_deadline(email_text, received_on, policy.holidays)
                      if read_deadlines else (None, None))
    candidates = [d for d in (deadline, written) if d is not None]
    result.deadline = min(candidates) if candidates else None
    if result.deadline is not None:
        source = ("response deadline" if result.deadline == deadline
                  else f"email states {quote[:60]!r}: deadline")
        result.triggers += deadline_trigger(result.deadline, received_on, policy, source=source)
    return result


def _local_day(moment: datetime, time_zone: str) -> date:
    if moment.tzinfo is None:
        return moment.date()
    return moment.astimezone(ZoneInfo(time_zone)).date()
