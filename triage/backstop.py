"""Deterministic decisions no prompt can argue away (pure: no Django, no LangChain).

Two kinds of rule, kept apart so staff see who decided what:

* **Backstop triggers** are objective facts: the extracted exposure at or above the
  threshold (in USD), a figure the email itself states as the claim at or above it, a
  response deadline within the configured business days on a claim the model read as a
  claim. They escalate, whatever the model says, and only ever add an escalation.
* **Backstop reviews** are facts that need a reading of meaning to count: a large
  figure the email states that the model did not take as the claim (which number is
  the claim is meaning: a balance, a premium, a settled claim, a contract value), an
  amount in a currency with no configured rate that could cross the threshold,
  amounts in several currencies that cross it only together, a written deadline on a
  mail only the rules read as a claim. They send the email to a person, never to the
  desk by themselves.
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

from triage.readers import dates, money, signals
from triage.readers.money.further import share_of
from triage.readers.text import clip_words
from triage.routes import Code, reason

# Where a figure or a deadline comes from: the model's extraction, or the email's own
# words (its reason then carries the quote).
EXTRACTION, EMAIL = "extraction", "email"

# An amount beyond any real claim still counts, but is reported as "more than" this.
_ABSURD = Decimal("1e15")
# Of the figures that cross the threshold only together, the quotes a reason keeps.
_QUOTES_KEPT = 5


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
    triggers: list[dict] = field(default_factory=list)  # reasons (``routes.reason``)
    review: list[dict] = field(default_factory=list)
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


def exposure_triggers(exposure: Exposure, policy: Policy, *, source: str = EXTRACTION,
                      quote: str = "") -> tuple[list[dict], list[dict], Decimal | None]:
    """(triggers, reviews, USD value). At or above the threshold is a trigger; an amount
    in a currency with no configured rate that would cross it at any configured rate is
    a review: the fact is unknown, so a person converts it."""
    if exposure.amount is None or exposure.amount <= 0:
        return [], [], None
    usd = to_usd(exposure.amount, exposure.currency, policy.rates)
    if usd is not None:
        if usd >= policy.threshold_usd:
            return [reason(Code.EXPOSURE_AT_OR_ABOVE_THRESHOLD, usd=usd,
                           threshold=policy.threshold_usd, source=source, quote=quote)], [], usd
        return [], [], usd
    worst = max(policy.rates.values(), default=Decimal(1)) * min(exposure.amount, _ABSURD)
    if worst >= policy.threshold_usd:
        return [], [reason(Code.EXPOSURE_WITHOUT_RATE, amount=min(exposure.amount, _ABSURD),
                           currency=(exposure.currency or "").strip().upper(),
                           threshold=policy.threshold_usd, source=source, quote=quote)], None
    return [], [], None


def deadline_trigger(deadline: date | None, received_on: date, policy: Policy, *,
                     source: str = EXTRACTION, quote: str = "") -> list[dict]:
    if deadline is None:
        return []
    days = dates.business_days_between(received_on, deadline, policy.holidays)
    if days < 0:
        return [reason(Code.DEADLINE_PASSED, date=deadline, source=source, quote=quote)]
    if days <= policy.deadline_business_days:
        return [reason(Code.DEADLINE_WITHIN_LIMIT, date=deadline, days=days,
                       limit=policy.deadline_business_days, source=source, quote=quote)]
    return []


def evaluate(
    *,
    extracted: Exposure,
    deadline: date | None,
    received_at: datetime,
    email_text: str,
    policy: Policy,
    read_deadlines: bool = True,
    model_claim: bool | None = None,
    part_starts: tuple[int, ...] = (),
    figures_ours: bool = False,
) -> BackstopResult:
    """Objective facts of an email. Checks the extraction *and* what the email itself
    states (the full text, not the model's clipped copy), so an extraction that
    under-reports cannot hide an exposure or a deadline; where the email's own figure
    needs a reading of meaning to count, a person decides (``review``).

    ``read_deadlines=False`` for mail nobody read as a claim: a claimed amount at stake
    is a fact whatever the classification, but "reply by Friday" on a booking request
    is ordinary business, not a reason to call the desk. ``model_claim=False``: the
    model called the mail routine and only the rules read a claim; a written deadline
    then goes to a person. ``part_starts``: where each part of ``email_text`` after the
    first begins (HTML, attachments), so a figure repeated in a part counts once.
    ``figures_ours``: the sender acknowledges or accepts a claim made on it (an insurer's
    "we acknowledge receipt of your notice of claim ... Claimed amount: USD 310,000"): the
    email's claim figures are the reader's own claim, not a fact against it."""
    result = BackstopResult()
    triggers, review, usd = exposure_triggers(extracted, policy)
    result.triggers += triggers
    result.review += review
    result.exposure_usd = usd
    if not triggers and not figures_ours:
        _stated_amounts(result, email_text, policy, part_starts, extracted)
    received_on = _local_day(received_at, policy.time_zone)
    written, quote = (dates.response_deadline(email_text, received_on, policy.holidays)
                      if read_deadlines else (None, None))
    candidates = [d for d in (deadline, written) if d is not None]
    result.deadline = min(candidates) if candidates else None
    extracted_close = deadline_trigger(deadline, received_on, policy)
    result.triggers += extracted_close
    if written is not None and not extracted_close and (deadline is None or written < deadline):
        found = deadline_trigger(written, received_on, policy, source=EMAIL,
                                 quote=clip_words(quote, 60))
        if model_claim is False:
            # Only the rules read a claim: the same fact, for a person to weigh.
            result.review += [{**t, "model_claim": False} for t in found]
        else:
            result.triggers += found
    return result


def _stated_amounts(result: BackstopResult, text: str, policy: Policy,
                    part_starts: tuple[int, ...], extracted: Exposure | None = None) -> None:
    """The figures the email states as claimed: one stated as the claim itself
    escalates, unless a newsletter or a bulletin that makes no claim tells it in round
    millions (``signals.told_in_a_bulletin``: a tribunal's largest case of the year); any other
    open or conditional one that would cross the threshold goes to a person with its
    quote (the route keeps it only where the rules read a claim being made), and so do
    amounts in several currencies that cross it only together. A figure only settled,
    paid, withdrawn or a bound ("claims over USD 50,000") is not the open claim: against a
    model that read the claim, it contradicts nothing (issue 24's false alarms: a
    full-and-final settlement received, a withdrawn claim, a pitch quoting "claims over
    $50k")."""
    totals = money.claimed_totals(text, part_starts)
    known = []
    for claimed in totals:
        m = claimed.money
        triggers, review, usd = exposure_triggers(Exposure(m.amount, m.currency), policy,
                                                  source=EMAIL, quote=clip_words(m.quote, 80))
        if usd is not None:
            known.append((usd, m.quote))
            if result.exposure_usd is None or usd > result.exposure_usd:
                result.exposure_usd = usd
        if triggers and claimed.stated and not (signals.told_in_a_bulletin(text, m.quote)
                                                or signals.listed_in_a_digest(text, m.start)):
            result.triggers += triggers
        elif triggers and (claimed.open or claimed.conditional) and not _base_of(
                extracted, m, text):
            result.review.append(reason(Code.EXPOSURE_NOT_THE_CLAIM, usd=usd,
                                        threshold=policy.threshold_usd,
                                        quote=clip_words(m.quote, 80)))
        result.review += review
    if len(known) >= 2 and not any(usd >= policy.threshold_usd for usd, _ in known):
        together = sum(usd for usd, _ in known)
        if together >= policy.threshold_usd:
            result.review.append(reason(
                Code.EXPOSURE_IN_SEVERAL_CURRENCIES, usd=together,
                threshold=policy.threshold_usd,
                quotes=[clip_words(q, 80) for _, q in known[:_QUOTES_KEPT]]))


def _base_of(extracted: Exposure | None, m: money.Money, text: str) -> bool:
    """The figure is what the extracted claim was worked out from: the claim is a share
    of it written beside it ("3.5 % of invoice EUR 412.680,00"), in its currency."""
    return bool(extracted and extracted.amount and m.end >= 0
                and (extracted.currency or "").upper() == (m.currency or "").upper()
                and share_of(text, m.start, m.end, m.amount, extracted.amount))


def _local_day(moment: datetime, time_zone: str) -> date:
    if moment.tzinfo is None:
        return moment.date()
    return moment.astimezone(ZoneInfo(time_zone)).date()
