"""Amounts of money as senders write them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

_CURRENCY_TOKENS = {
    "usd": "USD", "us$": "USD", "u$s": "USD", "us dollars": "USD", "dollars": "USD",
    "dólares": "USD", "dolares": "USD", "$": "USD",
    "r$": "BRL", "brl": "BRL", "reais": "BRL",
    "eur": "EUR", "€": "EUR", "euros": "EUR", "euro": "EUR",
    "gbp": "GBP", "£": "GBP", "cny": "CNY", "rmb": "CNY", "inr": "INR", "pkr": "PKR",
    "bdt": "BDT", "try": "TRY", "chf": "CHF", "jpy": "JPY", "vnd": "VND",
}
_CUR = r"(?:US\$|U\$S|R\$|USD|BRL|EUR|GBP|CNY|RMB|INR|PKR|BDT|CHF|JPY|VND|TRY|€|£|\$)"
_NUM = r"\d{1,3}(?:[.,\s]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d+)?"
_SCALE = (r"(?:\s*(?:k\b|m\b|mm\b|mn\b|thousand\b|mil\b|million\b|millions\b|milhão\b|milhao\b"
          r"|milhões\b|milhoes\b|bn\b|billion\b|bilhão\b))?")
_WORD_CUR = r"(?:\s*(?:US\s?dollars|dollars|dólares|dolares|reais|euros?))"
_MONEY_RE = re.compile(
    rf"(?P<pre>{_CUR})\s?(?P<n1>{_NUM})(?P<s1>{_SCALE})"
    rf"|(?P<n2>{_NUM})(?P<s2>{_SCALE})\s?(?P<post>{_CUR}|{_WORD_CUR})",
    re.IGNORECASE,
)
_SCALES = {
    "k": 1_000, "thousand": 1_000, "mil": 1_000,
    "m": 1_000_000, "mm": 1_000_000, "mn": 1_000_000, "million": 1_000_000,
    "millions": 1_000_000, "milhão": 1_000_000, "milhao": 1_000_000,
    "milhões": 1_000_000, "milhoes": 1_000_000,
    "bn": 1_000_000_000, "billion": 1_000_000_000, "bilhão": 1_000_000_000,
}


@dataclass(frozen=True)
class Money:
    amount: Decimal
    currency: str | None
    quote: str
    start: int


def parse_number(text: str, *, currency: str | None = None) -> Decimal | None:
    """``180,000.00`` / ``118.300,00`` / ``71.850`` / ``4,2`` -> Decimal.

    The last separator is the decimal one when it is followed by 1-2 digits;
    groups of exactly three digits are thousands (a money amount with three decimals
    is rarer than a thousands group).
    """
    s = text.strip().replace(" ", "").replace("\u00a0", "")
    if not s:
        return None
    last = max(s.rfind("."), s.rfind(","))
    if last == -1:
        digits = s
    else:
        tail = s[last + 1:]
        head = s[:last]
        if len(tail) in (1, 2) or (len(tail) != 3 and len(tail) > 0):
            digits = re.sub(r"[.,]", "", head) + "." + tail
        else:
            digits = re.sub(r"[.,]", "", s)
    try:
        return Decimal(digits)
    except InvalidOperation:
        return None


def find_amounts(text: str) -> list[Money]:
    found: list[Money] = []
    for m in _MONEY_RE.finditer(text):
        raw_cur = (m.group("pre") or m.group("post") or "").strip().lower()
        currency = _CURRENCY_TOKENS.get(re.sub(r"\s+", " ", raw_cur))
        if raw_cur.startswith("us") and "dollar" in raw_cur:
            currency = "USD"
        number = parse_number(m.group("n1") or m.group("n2") or "", currency=currency)
        if number is None:
            continue
        scale = (m.group("s1") or m.group("s2") or "").strip().lower()
        if scale:
            number *= _SCALES.get(scale, 1)
        found.append(Money(number, currency, m.group(0).strip(), m.start()))
    return found


_CLAIM_AMOUNT_CUES = re.compile(
    r"claim|compensation|indemni|damages|exposure|loss|reimburs|we (?:demand|request)|"
    r"total|reclama|indeniza|ressarc|prejuízo|prejuizo|perda|valor|montante|debit note|"
    r"nota de débito|reserv",
    re.IGNORECASE,
)


def claimed_amount(text: str) -> Money | None:
    """The amount the sender claims: the largest amount stated near a claim cue,
    else the largest amount at all. Largest, because understating the first figure
    ("USD 5,000 now, USD 175,000 reserved") must not hide the exposure."""
    amounts = find_amounts(text)
    if not amounts:
        return None
    cued = [
        a for a in amounts
        if _CLAIM_AMOUNT_CUES.search(text[max(0, a.start - 120): a.start + len(a.quote) + 40])
    ]
    return max(cued or amounts, key=lambda a: a.amount)
