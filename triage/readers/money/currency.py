"""Currencies as senders write them: the ISO codes Babel knows as in use today (less
the codes that are ordinary words or units in this trade), symbols and names, and what
may stand between a currency and its number."""

from __future__ import annotations

import re

from babel.core import get_global
from babel.numbers import list_currencies

# --- Currencies -------------------------------------------------------------------------

def _codes_in_use() -> frozenset[str]:
    """ISO 4217 codes Babel lists that are legal tender somewhere today."""
    known = set(list_currencies())
    current = {code for spans in get_global("territory_currencies").values()
               for code, _start, end, tender in spans if end is None and tender}
    return frozenset((known & current) | {"CNH"})


# Real codes that are ordinary words or units in this trade's mail.
_CODE_COLLISIONS = frozenset({"ALL", "KGS", "TOP", "CUP", "MOP", "BOB", "SOS"})
_REAL_CODES = _codes_in_use() - _CODE_COLLISIONS
# Codes read in any case ("usd 5,000", "Brl"); every other real code only in capitals,
# so that "try 5 bales" or "pen 2" stay words.
_ANY_CASE_CODES = frozenset({
    "USD", "BRL", "EUR", "GBP", "CNY", "RMB", "INR", "PKR", "BDT", "JPY", "CHF", "VND",
    "ARS", "MXN", "CLP", "UYU", "AUD", "HKD", "SGD", "KRW", "TWD", "IDR", "THB", "MYR",
    "EGP",
})
_ALIASES = {"RMB": "CNY"}

_SYMBOLS = {
    "us$": "USD", "u$s": "USD", "u$": "USD", "$": "USD", "r$": "BRL", "€": "EUR",
    "£": "GBP", "₹": "INR", "rs": "INR", "rs.": "INR",
    # Yen and yuan share the sign; our mills write it for yuan, and CNY is also the
    # larger of the two, so a misreading overstates rather than hides an exposure.
    "¥": "CNY",
}

_NAMES = {
    "dollar": "USD", "dollars": "USD", "us dollars": "USD", "american dollars": "USD",
    "united states dollars": "USD",
    "dólares": "USD", "dolares": "USD", "dólar": "USD", "dolar": "USD",
    "reais": "BRL",
    "euro": "EUR", "euros": "EUR",
    "pounds sterling": "GBP", "british pounds": "GBP", "sterling": "GBP",
    "libras esterlinas": "GBP", "libra esterlina": "GBP",
    # Of the rupees, the Indian one is worth the most: the cautious reading.
    "rupees": "INR", "indian rupees": "INR", "pakistani rupees": "PKR",
    "yuan": "CNY", "renminbi": "CNY", "taka": "BDT",
    "pesos argentinos": "ARS", "pesos mexicanos": "MXN", "pesos chilenos": "CLP",
    "pesos colombianos": "COP", "pesos uruguayos": "UYU",
    # Several countries' pesos (and Spanish "rupias"): money, currency unknown.
    "pesos": None, "rupias": None,
}
# Left out on purpose: "pounds" (in cotton mostly weight: 480 lb bales), "peso" (weight
# in Portuguese) and "real" ("3 real problems").

_SPACE_GAP = r"[ \t\u00a0\u2009\u202f]{0,3}(?:\n[ \t]{0,3})?"
# What may stand between a currency and its number: a few spaces, one line break, and
# one table-cell border ("USD | 180,000"); before the number also a colon ("USD: 5").
_GAP = rf"{_SPACE_GAP}(?:\|[ \t\u00a0\u2009\u202f]{{0,3}})?"
_GAP_BEFORE = rf"{_SPACE_GAP}(?:[|:][ \t\u00a0\u2009\u202f]{{0,3}})?"
_NOT_LETTER_AFTER = r"(?![^\W\d_])"
_NAME_ALT = (
    r"u\.?s\.?\s?dollars|(?:american|united\s{1,3}states)\s{1,3}dollars|dollars?|d[oó]lar(?:es)?"
    r"(?:\s{1,3}(?:americanos|estadounidenses|norte-?americanos))?|reais"
    r"|euros?|pounds\s{1,3}sterling|british\s{1,3}pounds|sterling|libras?\s{1,3}esterlinas?"
    r"|(?:indian\s{1,3}|pakistani\s{1,3})?rupees|rupias|yuan|renminbi|taka"
    r"|pesos(?:\s{1,3}(?:argentinos|mexicanos|chilenos|colombianos|uruguayos))?"
)
_SYMBOL_ALT = r"US\$|U\$S|U\$|R\$|[$€£¥₹]"
# After a number (and its scale word): gap, then a symbol, a name or three letters.
_AFTER_RE = re.compile(
    rf"{_GAP}(?:(?:de|of)[ \t]{{1,3}})?(?:(?P<sym>{_SYMBOL_ALT})"
    rf"|(?P<name>{_NAME_ALT}){_NOT_LETTER_AFTER}|(?P<code>[A-Za-z]{{3}}){_NOT_LETTER_AFTER})",
    re.IGNORECASE,
)
_BEFORE_WINDOW = 24
_NUMBER_NEXT_RE = re.compile(rf"{_GAP_BEFORE}[0-9]")


def _code(raw: str) -> str | None:
    up = raw.upper()
    if up in _ANY_CASE_CODES:
        return _ALIASES.get(up, up)
    if raw.isupper() and up in _REAL_CODES:
        return up
    return None


_NAME_SUFFIXES = (" americanos", " estadounidenses", " norte-americanos", " norteamericanos")


def _name_key(raw: str) -> str:
    key = " ".join(raw.lower().split())
    for suffix in _NAME_SUFFIXES:
        key = key.removesuffix(suffix)
    return "us dollars" if key.replace(".", "").replace(" ", "") == "usdollars" else key


def _is_name(raw: str) -> bool:
    return _name_key(raw) in _NAMES


def _name(raw: str) -> str | None:
    return _NAMES[_name_key(raw)]
