"""Money, numbers, dates and times as each language writes them (Babel, Django formats)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from django.utils import translation

from triage import formats, labels

NBSP = "\xa0"


def _plain(text: str) -> str:
    return text.replace(NBSP, " ")


@pytest.mark.parametrize(("lang", "brl", "usd"), [
    ("pt-br", "R$ 310.000,00", "US$ 55.800,00"),
    ("en", "BRL 310,000.00", "USD 55,800.00"),
])
def test_money_in_each_language(lang, brl, usd):
    with translation.override(lang):
        assert _plain(formats.money(Decimal("310000"), "BRL")) == brl
        assert _plain(formats.money(55800.0, "usd")) == usd
        assert formats.money(None, "USD") == "-"


def test_an_unknown_currency_keeps_its_code_and_the_number_is_localised():
    with translation.override("pt-br"):
        assert formats.money(Decimal("1234.5"), "LOT") == "1.234,50 LOT"
    with translation.override("en"):
        assert formats.money(Decimal("1234.5"), "") == "1,234.50"


def test_the_usd_figure_shows_the_stated_amount_and_the_rate():
    rates = {"BRL": Decimal("0.18"), "USD": Decimal("1")}
    with translation.override("pt-br"):
        shown = _plain(labels.exposure(Decimal("55800"), 310000.0, "BRL", rates))
        assert shown == "US$ 55.800,00 (declarado R$ 310.000,00, a 0,18 USD por BRL)"
    with translation.override("en"):
        shown = _plain(labels.exposure(Decimal("55800"), 310000.0, "BRL", rates))
        assert shown == "USD 55,800.00 (stated BRL 310,000.00 at 0.18 USD per BRL)"
        assert "no rate configured for XYZ" in labels.exposure(None, 5, "XYZ", rates)


def test_times_are_local_to_the_minute_with_the_zone(settings):
    moment = datetime(2026, 11, 29, 15, 21, 9, 18959, tzinfo=UTC)
    assert settings.TIME_ZONE == "America/Sao_Paulo"
    with translation.override("pt-br"):
        assert formats.when(moment) == "29/11/2026 12:21 -03"
        assert formats.day(date(2026, 11, 20)) == "20/11/2026"
        assert formats.day("2026-12-15") == "15/12/2026"
    with translation.override("en"):
        assert formats.when(moment) == "2026-11-29 12:21 -03"
        assert formats.day(date(2026, 11, 20)) == "2026-11-20"


def test_the_zone_is_configurable(settings):
    settings.TIME_ZONE = "UTC"
    with translation.override("en"):
        assert formats.when(datetime(2026, 11, 29, 15, 21, tzinfo=UTC)) == "2026-11-29 15:21 UTC"


@pytest.mark.parametrize("lang", ["pt-br", "en"])
@pytest.mark.parametrize("moment", [datetime(2026, 12, 3, 14, 5, tzinfo=UTC),
                                    datetime(2026, 2, 28, 23, 59, 59, tzinfo=UTC),
                                    datetime(2027, 1, 1, 2, 0, tzinfo=UTC)])
def test_dates_by_strftime_read_as_django_writes_them(lang, moment):
    """The lists format their dates by ``strftime`` (cheaper): the same text as
    Django's own ``date_format`` in each language, the zone's name included."""
    from django.utils import formats as django_formats
    from django.utils import timezone

    with translation.override(lang):
        local = timezone.localtime(moment)
        assert formats.when(moment) == django_formats.date_format(local, "DATETIME_FORMAT")
        assert formats.day(local.date()) == django_formats.date_format(local.date(),
                                                                       "DATE_FORMAT")


def test_a_format_strftime_cannot_write_is_left_to_django():
    assert formats.strftime_of("d/m/Y H:i T") == "%d/%m/%Y %H:%M %Z"
    assert formats.strftime_of(r"j \d\e F") is None
    assert formats.strftime_of("Y-m-d 100%") == "%Y-%m-%d 100%%"
