"""Business days skip weekends and the configured holidays (Brazil's by default)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

from django.conf import settings

from config.env import holiday_dates
from triage import backstop
from triage.readers.dates import add_business_days, business_days_between, response_deadline
from triage.routes import Code

CONSCIENCIA_NEGRA = date(2026, 11, 20)  # a Friday
NATAL = date(2026, 12, 25)  # a Friday
BR = holiday_dates("BR", None, [], years=range(2026, 2027))


def test_brazilian_national_holidays_come_from_the_library():
    assert {CONSCIENCIA_NEGRA, NATAL, date(2026, 11, 2), date(2026, 11, 15)} <= BR
    assert CONSCIENCIA_NEGRA in settings.TRIAGE_HOLIDAYS  # the default setting


def test_adding_business_days_skips_a_brazilian_holiday():
    thursday = date(2026, 11, 19)
    assert add_business_days(thursday, 1) == CONSCIENCIA_NEGRA  # weekends only
    assert add_business_days(thursday, 1, BR) == date(2026, 11, 23)
    assert add_business_days(date(2026, 12, 24), 1, BR) == date(2026, 12, 28)
    assert add_business_days(date(2026, 12, 23), 5, BR) == date(2026, 12, 31)


def test_counting_business_days_skips_a_brazilian_holiday():
    thursday, monday = date(2026, 11, 19), date(2026, 11, 23)
    assert business_days_between(thursday, monday) == 2
    assert business_days_between(thursday, monday, BR) == 1
    assert business_days_between(monday, thursday, BR) == -1
    assert business_days_between(date(2026, 12, 24), date(2026, 12, 28), BR) == 1


def test_a_weekend_holiday_changes_nothing():
    sunday_holiday = frozenset({date(2026, 11, 15)})
    assert business_days_between(date(2026, 11, 13), date(2026, 11, 16), sunday_holiday) == 1


def test_a_deadline_in_business_days_skips_the_holiday():
    found, _ = response_deadline("Please respond within 1 business day.", date(2026, 11, 19),
                                 BR)
    assert found == date(2026, 11, 23)


def _policy(**kwargs) -> backstop.Policy:
    return backstop.Policy(threshold_usd=Decimal(50000), rates={"USD": Decimal(1)},
                           deadline_business_days=2, **kwargs)


def test_the_backstop_counts_in_the_configured_calendar():
    # Received Wednesday 18 Nov, deadline Monday 23 Nov: three business days with the
    # weekends only, two with Consciência Negra off, so only the Brazilian calendar
    # escalates it.
    deadline, received = date(2026, 11, 23), datetime(2026, 11, 18, 15, tzinfo=UTC)
    plain = backstop.evaluate(extracted=backstop.Exposure(None, None), deadline=deadline,
                              received_at=received, email_text="", policy=_policy())
    brazil = backstop.evaluate(extracted=backstop.Exposure(None, None), deadline=deadline,
                               received_at=received, email_text="",
                               policy=_policy(holidays=BR, time_zone="America/Sao_Paulo"))
    assert not plain.escalate
    assert brazil.triggers == [{"code": Code.DEADLINE_WITHIN_LIMIT, "date": "2026-11-23",
                                "days": 2, "limit": 2, "source": "extraction"}]


def test_the_day_of_receipt_is_the_day_in_the_configured_zone():
    late_evening = datetime(2026, 11, 20, 2, 30, tzinfo=UTC)  # 23:30 on the 19th in São Paulo
    kwargs = {"extracted": backstop.Exposure(None, None), "deadline": date(2026, 11, 19),
              "received_at": late_evening, "email_text": ""}
    local = backstop.evaluate(**kwargs, policy=_policy(time_zone="America/Sao_Paulo"))
    utc = backstop.evaluate(**kwargs, policy=_policy())
    assert local.triggers == [{"code": Code.DEADLINE_WITHIN_LIMIT, "date": "2026-11-19",
                               "days": 0, "limit": 2, "source": "extraction"}]
    assert utc.triggers == [{"code": Code.DEADLINE_PASSED, "date": "2026-11-19",
                             "source": "extraction"}]


def test_brazils_bank_holidays_count_and_can_be_left_out():
    # Carnival Monday and Tuesday and Corpus Christi close Brazil's banks (ANBIMA's
    # calendar): a reply due Thursday after Carnival, asked on the Friday before, is two
    # business days away, not four.
    carnival = {date(2027, 2, 8), date(2027, 2, 9)}
    corpus_christi = date(2027, 5, 27)
    banks = holiday_dates("BR", None, [], years=range(2027, 2028))
    public = holiday_dates("BR", None, [], years=range(2027, 2028), banks=False)
    assert carnival | {corpus_christi} <= banks
    assert not (carnival | {corpus_christi}) & public
    assert public < banks and len(banks - public) == 3  # Ash Wednesday is a working day
    assert business_days_between(date(2027, 2, 5), date(2027, 2, 11), banks) == 2
    assert business_days_between(date(2027, 2, 5), date(2027, 2, 11), public) == 4
    # No other country gains a day by it.
    assert holiday_dates("PT", None, [], years=range(2027, 2028)) == holiday_dates(
        "PT", None, [], years=range(2027, 2028), banks=False)
    assert date(2027, 2, 8) in settings.TRIAGE_HOLIDAYS  # the default setting
