"""Currencies as senders write them: the ISO codes Babel knows as in use today (less
the codes that are ordinary words or units in this trade), symbols and names (the names
in German, French, Italian, Turkish, Vietnamese and Chinese are Babel's, from CLDR), and
what may stand between a currency and its number."""

from __future__ import annotations

import re

from babel.core import get_global
from babel.numbers import get_currency_name, list_currencies

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
    "£": "GBP", "₹": "INR", "rs": "INR", "rs.": "INR", "৳": "BDT",
    # Yen and yuan share the sign; our mills write it for yuan, and CNY is also the
    # larger of the two, so a misreading overstates rather than hides an exposure.
    "¥": "CNY", "cn¥": "CNY", "jp¥": "JPY", "hk$": "HKD", "au$": "AUD", "a$": "AUD",
    # Turkish lira and Vietnamese dong; "TL" is how Turkish mail writes the lira (read
    # only in capitals and only after the number).
    "₺": "TRY", "tl": "TRY", "₫": "VND",
    "sfr.": "CHF", "sfr": "CHF",
    # Rupiah, won, baht, ringgit.
    "rp": "IDR", "rp.": "IDR", "₩": "KRW", "฿": "THB", "rm": "MYR",
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

# The names in the languages of our markets, as CLDR spells them (Babel), for the
# currencies this trade is paid in; every one is at least two words or unmistakable
# ("Euro", "美元"), so none is an ordinary word.
_BABEL_LOCALES = ("de", "fr", "it", "tr", "vi", "zh", "zh_Hant", "en", "pt", "es")
_BABEL_CURRENCIES = ("USD", "EUR", "GBP", "CHF", "CNY", "JPY", "HKD", "INR", "BRL", "TRY",
                     "VND", "AUD")
# The names mail writes that CLDR does not list ("Dollar", "dollars américains", "美金",
# "元" for yuan after a number).
_MORE_NAMES = {
    # Rupees in Urdu and Hindi: the Indian rupee, as "rupees" below.
    "روپے": "INR", "روپیہ": "INR", "روپئے": "INR", "रुपये": "INR", "रुपए": "INR",
    "টাকা": "BDT",
    "us dollar": "USD", "dollars us": "USD", "dollars américains": "USD",
    "dollars americains": "USD", "dollari americani": "USD", "dollari usa": "USD",
    "amerikan doları": "USD", "amerikan dolari": "USD", "abd dolari": "USD",
    "đô la": "USD", "usd mỹ": "USD", "franken": "CHF", "schweizer franken": "CHF",
    "francs suisses": "CHF", "franchi svizzeri": "CHF", "türk lirası": "TRY",
    "turk lirasi": "TRY", "đồng": "VND", "vnđ": "VND", "美金": "USD", "元": "CNY",
    "人民币元": "CNY", "元人民币": "CNY", "日圆": "JPY", "港币": "HKD",
    # Indonesian and Malay, Japanese, Korean, Thai and Arabic: the names after a number
    # ("1.250.000.000 rupiah", "1,250万円", "1억 2천만 원", "5,000,000 บาท", "250,000 ريال").
    "rupiah": "IDR", "ringgit": "MYR", "dolar as": "USD", "dolar amerika": "USD",
    "dolar amerika serikat": "USD", "円": "JPY", "米ドル": "USD", "ドル": "USD",
    "ユーロ": "EUR", "원": "KRW", "달러": "USD", "미국 달러": "USD", "유로": "EUR",
    "บาท": "THB", "ดอลลาร์สหรัฐ": "USD", "ดอลลาร์": "USD", "ريال سعودي": "SAR",
    "ريال": "SAR", "ر.س": "SAR", "درهم إماراتي": "AED", "درهم": "AED", "د.إ": "AED",
    "جنيه مصري": "EGP", "جنيه": "EGP", "ج.م": "EGP", "دولار أمريكي": "USD", "دولار": "USD",
    "يورو": "EUR",
}


def _is_cjk(char: str) -> bool:
    """A Chinese, Japanese or Korean character: a letter, but one that needs no space
    around a number ("赔偿180,000美元")."""
    return "\u2e80" <= char <= "\u9fff" or "\uac00" <= char <= "\ud7af" \
        or "\uf900" <= char <= "\ufaff"


def _glued_letter(char: str) -> bool:
    """A letter that would glue a number or a code into a word (MSKU1234567, INV77812);
    a CJK character does not (Chinese writes "索赔USD 180,000")."""
    return char.isalpha() and not _is_cjk(char)


def _babel_names() -> dict[str, str]:
    """{name as CLDR writes it: code}, singular and plural."""
    names: dict[str, str] = {}
    for locale in _BABEL_LOCALES:
        for code in _BABEL_CURRENCIES:
            for count in (1, 2):
                name = get_currency_name(code, count=count, locale=locale)
                if name and name.upper() != code:
                    names.setdefault(name, code)
    return names


def _key(raw: str) -> str:
    return " ".join(raw.casefold().split())


_WRITTEN_NAMES = {**_babel_names(), **_MORE_NAMES}
_LOCALE_NAMES = {_key(k): v for k, v in _WRITTEN_NAMES.items()}
# Names written without spaces around the number (Chinese) need no word boundary. The
# pattern holds the names as written (IGNORECASE matches "İsviçre frangı" only against
# its own capital İ, not against its casefolded "i̇"); the lookup is casefolded.
_CJK_NAMES = tuple(sorted((n for n in _LOCALE_NAMES if _is_cjk(n[0])), key=len, reverse=True))
_WORD_NAMES = sorted({n for n in [*_WRITTEN_NAMES, *_LOCALE_NAMES] if not _is_cjk(n[0])},
                     key=len, reverse=True)

_SPACE_GAP = r"[ \t\u00a0\u2009\u202f]{0,12}(?:\n[ \t]{0,3})?"
# What may stand between a currency and its number: a few spaces, one line break, and
# one table-cell border ("USD | 180,000"); before the number also a colon ("USD: 5").
_GAP = rf"{_SPACE_GAP}(?:\|[ \t\u00a0\u2009\u202f]{{0,3}})?"
# An ERP form's dot leader too: "VLR DEBITO R$....:            27.934,40".
_GAP_BEFORE = (rf"{_SPACE_GAP}(?:[|:][ \t\u00a0\u2009\u202f]{{0,3}}"
               rf"|\.{{2,40}}:?[ \t\u00a0]{{0,16}})?")
# Not followed by a letter that glues (a CJK character may follow: "180,000USD的").
_NOT_LETTER_AFTER = r"(?![^\W\d_\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff])"
# The locale names first, longest first: "dollars de Hong Kong" is not "dollars".
_NAME_ALT = (
    "".join(r"\s{1,3}".join(re.escape(w) for w in n.split()) + "|" for n in _WORD_NAMES)
    + r"u\.?s\.?\s?dollars|(?:american|united\s{1,3}states)\s{1,3}dollars|dollars?|d[oó]lar(?:es)?"
    r"(?:\s{1,3}(?:americanos|estadounidenses|norte-?americanos))?|reais"
    r"|euros?|pounds\s{1,3}sterling|british\s{1,3}pounds|sterling|libras?\s{1,3}esterlinas?"
    r"|(?:indian\s{1,3}|pakistani\s{1,3})?rupees|rupias|yuan|renminbi|taka"
    r"|pesos(?:\s{1,3}(?:argentinos|mexicanos|chilenos|colombianos|uruguayos))?"
)
_CJK_NAME_ALT = "|".join(re.escape(n) for n in _CJK_NAMES)
_SYMBOL_ALT = r"US\$|U\$S|U\$|R\$|HK\$|AU\$|A\$|CN¥|JP¥|SFr\.?|(?-i:TL)(?![^\W\d_])|[$€£¥₹₺₫₩฿৳]"
# After a number (and its scale word): gap, then a symbol, a name or three letters.
_AFTER_RE = re.compile(
    rf"{_GAP}(?:(?:de|of)[ \t]{{1,3}})?(?:(?P<sym>{_SYMBOL_ALT})"
    rf"|(?P<name>{_NAME_ALT}){_NOT_LETTER_AFTER}|(?P<cjk>{_CJK_NAME_ALT})"
    rf"|(?P<code>[A-Za-z]{{3}}){_NOT_LETTER_AFTER})",
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


# The currencies written with the "$" sign: dollars and pesos ("TRY $ 95,000" is no lira).
_DOLLAR_SIGN_CODES = frozenset({
    "USD", "MXN", "COP", "CLP", "ARS", "UYU", "CAD", "AUD", "NZD", "SGD", "HKD", "TWD", "DOP",
    "BND", "JMD", "TTD", "NAD", "FJD", "BSD", "BZD", "GYD", "SRD", "LRD", "XCD", "KYD", "BMD",
})
_CODE_BEFORE_DOLLAR = re.compile(r"(?<![^\W\d_])([A-Z]{3})\s?\$$")


def _sign_before(core: str, lo: int) -> tuple[int, str | None, bool]:
    """(start, currency, is_bare_dollar) of the sign ending ``core`` (the text before a
    number, from ``lo``): a "$" its own code names right before it is that code's
    ("MXN $412,350.00", "COP $96.450.000": a country's pesos or dollars written with the
    sign), a bare "$" US dollars that a peso's mail may yet name (``amount._pesos``)."""
    last = core[-1]
    m = _CODE_BEFORE_DOLLAR.search(core, max(0, len(core) - 5)) if last == "$" else None
    code = _code(m.group(1)) if m else None
    if m and code in _DOLLAR_SIGN_CODES:
        return lo + m.start(1), code, False
    return lo + len(core) - 1, _SYMBOLS[last], last == "$"


_NAME_SUFFIXES = (" americanos", " estadounidenses", " norte-americanos", " norteamericanos")


def _name_key(raw: str) -> str:
    key = " ".join(raw.lower().split())
    for suffix in _NAME_SUFFIXES:
        key = key.removesuffix(suffix)
    return "us dollars" if key.replace(".", "").replace(" ", "") == "usdollars" else key


def _is_name(raw: str) -> bool:
    return _name_key(raw) in _NAMES or _key(raw) in _LOCALE_NAMES


def _name(raw: str) -> str | None:
    key = _name_key(raw)
    return _NAMES[key] if key in _NAMES else _LOCALE_NAMES[_key(raw)]
