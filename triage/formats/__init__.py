"""How numbers, money, dates and times reach staff, in the active language.

Django's format modules (``en/formats.py``, ``pt_BR/formats.py``, named by
``FORMAT_MODULE_PATH``) give the admin its dates, times and input formats; money and
amounts go through **Babel**, which knows each locale's symbols and separators
(``R$ 310.000,00`` and ``US$ 55.800,00`` in pt-BR; ``BRL 310,000.00`` in English, where a
bare ``$`` would not say whose dollar). Amounts typed into forms are read back with
Babel's strict parser, so ``12.400`` is twelve thousand four hundred in pt-BR and
``1.5`` there is refused instead of guessed.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from babel.numbers import (
    NumberFormatError,
    format_currency,
    format_decimal,
    format_percent,
    list_currencies,
    parse_decimal,
)
from django.utils import formats, timezone
from django.utils.translation import get_language, to_locale

# English writes the ISO code before the amount: "$" alone would not say whose dollar.
_EN_MONEY = "¤¤\xa0#,##0.00"
EXAMPLE_AMOUNT = Decimal("71850.00")
_CURRENCIES = frozenset(list_currencies())


def babel_locale() -> str:
    """The active language as a Babel locale: ``pt_BR`` or ``en``."""
    return to_locale(get_language() or "en")


def _english() -> bool:
    return babel_locale().startswith("en")


def is_currency(code: str | None) -> bool:
    """An ISO 4217 code Babel knows (``LOT`` is not one)."""
    return bool(code) and code.upper() in _CURRENCIES


def amount(value: Decimal | float | int | str | None, digits: int = 2) -> str:
    """A plain number with the locale's separators: ``71.850,00`` / ``71,850.00``."""
    if value in (None, ""):
        return "-"
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(number, format=pattern, locale=babel_locale())


def money(value: Decimal | float | int | str | None, currency: str | None) -> str:
    """``R$ 310.000,00`` in pt-BR, ``BRL 310,000.00`` in English; an amount with no
    known currency keeps its number and the code as written."""
    if value in (None, ""):
        return "-"
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return f"{value} {currency or ''}".strip()
    return _money(number, (currency or "").strip().upper(), babel_locale())


@lru_cache(maxsize=4096)
def _money(number: Decimal, code: str, locale: str) -> str:
    """Babel's formatting, remembered: a list shows the same few amounts on every row
    (a page of 100 rows spent a fifth of its time here)."""
    if not is_currency(code):
        return f"{amount(number)} {code}".strip()
    if locale.startswith("en"):
        return format_currency(number, code, format=_EN_MONEY, locale="en")
    return format_currency(number, code, locale=locale)


def rate(value: Decimal | float | str) -> str:
    """An exchange rate with the digits it was configured with (0,18; 0,000039)."""
    return format_decimal(Decimal(str(value)), format="#,##0.##########",
                          locale=babel_locale())


def parse_amount(text: str) -> Decimal:
    """An amount as the active language writes it, strictly: grouping must sit every
    three digits and the decimal mark is the locale's. Raises ``ValueError``."""
    try:
        return parse_decimal(text.strip(), locale=babel_locale(), strict=True)
    except NumberFormatError as exc:
        raise ValueError(str(exc)) from exc


def example_amount() -> str:
    return amount(EXAMPLE_AMOUNT)


def when(value: datetime | None) -> str:
    """A moment in ``TIME_ZONE``, to the minute, with the zone: ``29/11/2026 12:21 -03``."""
    if value is None:
        return "-"
    if timezone.is_aware(value):
        value = timezone.localtime(value)
    return _formatted(value, "DATETIME_FORMAT")


def day(value: date | str | None) -> str:
    """A date as the active language writes it: ``15/12/2026`` / ``2026-12-15``."""
    if value in (None, ""):
        return "-"
    if isinstance(value, str):
        try:
            value = date.fromisoformat(value[:10])
        except ValueError:
            return value
    return _formatted(value, "DATE_FORMAT")


# Django's format characters our formats use, as strftime's (``T``: the zone's name).
_STRFTIME = {"d": "%d", "m": "%m", "Y": "%Y", "H": "%H", "i": "%M", "T": "%Z"}


@lru_cache(maxsize=64)
def strftime_of(django_format: str) -> str | None:
    """The same format for ``strftime``, or None when it uses anything else (a month's
    name, an escaped letter): then Django formats it."""
    out = []
    for ch in django_format:
        if ch in _STRFTIME:
            out.append(_STRFTIME[ch])
        elif ch.isalpha() or ch == "\\":
            return None
        else:
            out.append(ch.replace("%", "%%"))
    return "".join(out)


def _formatted(value: date, format_name: str) -> str:
    """Django's ``date_format`` with the active language's format, by ``strftime``
    when the format allows (Django's parses the format on every call: a list's dates
    were a tenth of its page)."""
    django_format = formats.get_format(format_name)
    pattern = strftime_of(django_format)
    return value.strftime(pattern) if pattern else formats.date_format(value, format_name)


def example_date() -> str:
    return day(date(2026, 12, 15))


def number(value: Decimal | float | int) -> str:
    """A reading as written, with the locale's decimal mark: micronaire 4,9 / 4.9."""
    return format_decimal(Decimal(str(value)), locale=babel_locale())


def percent(value: float) -> str:
    """A share as a percentage with one decimal: ``55,6%`` / ``55.6%``."""
    return format_percent(value, format="#,##0.0%", locale=babel_locale())


def language_name(code: str) -> str:
    """A language's name in the active language (CLDR's, through Babel: "ru" is
    "Russian" or "russo"); the code itself when Babel does not know it."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(code).get_display_name(babel_locale()) or code
    except (ValueError, UnknownLocaleError):
        return code
