"""A claimed sum the sender leaves to be worked out, as the offline stand-in computes it
(SIMULATED: what a model reading the mail would do): a rate per unit times the quantity
of that unit ("USD 0.0450 per lb on the net weight of 1,212,560 lbs", "베일당 USD 38.75"
over "1,400 베일"), or a share of an invoice ("%8 of the invoice total 712.500,00 USD").

Only the stand-in uses it, and only where a claim is made and no claimed total is
written: which quantity a rate applies to is a reading, so the product is the stand-in's
extraction (the backstop weighs it as it weighs a model's), never the rules' own fact.
When the mail names two different quantities of the unit and the rate's sentence does
not settle which, nothing is computed. Linear: every pattern is anchored on a unit word,
a per-unit word or a percent sign and reads a bounded window.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from decimal import ROUND_HALF_UP, Decimal

from triage.readers.money import Money, find_amounts, parse_number
from triage.readers.money.further import SHARE
from triage.readers.signals import CLAIM_WORDS

_UNITS = {
    "lb": r"lbs?|pounds?|libras?|pfund",
    "kg": r"kgs?|kilos?|kilograms?|kilogramm|kilogrammes?|quilos?|quilogramas?|kilogramos?"
          r"|公斤|千克|キロ|킬로그램|킬로|كجم|كغ|كيلوغرام|كيلو",
    "bale": r"bales?|fardos?|pacas?|ballen|balles?|balle|balya|balyas[ıi]|包|俵|베일|kiện"
            r"|bal|بالة|بالات",
    "mt": r"mt|metric tons?|tonnes?|tons?|toneladas?|tonnen|tonnellate|ton|吨|トン|톤|tấn|طن",
}
_UNIT_RES = {name: re.compile(words) for name, words in _UNITS.items()}
_ANY_UNIT = "|".join(sorted({w for ws in _UNITS.values() for w in ws.split("|")},
                            key=len, reverse=True))


def _unit_of(word: str) -> str | None:
    return next((name for name, r in _UNIT_RES.items() if r.fullmatch(word)), None)


_END = r"(?![^\W\d_])"
# After a figure: "per lb", "/kg", "por fardo", "pro Ballen", "par balle", "a bale",
# with a bracketed gloss between ("USD 0.0450 (four point five US cents) per lb").
_PER_AFTER = re.compile(
    rf"(?:[ \u00a0]?\([^()\n]{{0,60}}\))?[ \u00a0]?(?:per|/|por|pro|par|je|al|a|the|each)"
    rf"[ \u00a0]?(?:one[ \u00a0]|each[ \u00a0]|cada[ \u00a0])?(?:(?:net|gross|invoiced)[ \u00a0])?"
    rf"(?P<unit>{_ANY_UNIT}){_END}")
# Before a figure: "베일당 USD 38.75", "balya başına USD 38", "每包 USD 38", "mỗi kiện".
_PER_BEFORE = re.compile(
    rf"(?:(?P<u1>{_ANY_UNIT})[ \u00a0]?(?:당|başına|basina|あたり|当たり)"
    rf"|(?:每|mỗi[ \u00a0]|per[ \u00a0])(?P<u2>{_ANY_UNIT}))[ \u00a0]*[:：]?[ \u00a0]*\Z")
# US cents per pound, which the money reader does not read as money: "6.20 c/lb",
# "4.5 US cents per lb".
_CENTS = re.compile(
    rf"(?<![\d.,])(?P<n>\d{{1,3}}(?:[.,]\d{{1,4}})?)[ \u00a0]?(?:us[ \u00a0]?)?(?:cents?|c|¢)"
    rf"[ \u00a0]?(?:/|per[ \u00a0]|por[ \u00a0])[ \u00a0]?(?P<unit>lbs?|pound|libra){_END}")
_NUMBER = r"\d{1,3}(?:[.,'\u00a0 ]\d{3})+(?:[.,]\d{1,3})?|\d+(?:[.,]\d{1,3})?"
# A run of digit groups is tried once, from its first group ("111 111 111 ..." is one
# try, not one per group); up to two words may stand between ("12 contaminated bales").
_QUANTITY = re.compile(rf"(?<![\d.,])(?<!\d[ \u00a0'])(?P<n>{_NUMBER})[ \u00a0]?"
                       rf"(?:[^\W\d_]{{1,15}}[ \u00a0]){{0,2}}?(?P<unit>{_ANY_UNIT}){_END}")
# A price or a freight rate is not the claim's rate: "the contract price ... at USD 0.82
# per lb", "freight of 6.20 c/lb".
_PRICE_BEFORE = re.compile(r"(?:price|priced|freight|premium|invoiced\s+at|sold\s+at|"
                           r"bought\s+at|valued\s+at|pre[çc]o|precio|preis|prix|prezzo|fiyat)"
                           r"(?:[^.\n]|\.(?=\d)){0,40}\Z")
# Not a number's abbreviation: "fattura n. BC-EXP-26/1172", "invoice no. 4471", "Nr. 12".
_SENTENCE_END = re.compile(r"(?<!\bn)(?<!\bno)(?<!\bnr)(?<!\bnum)[.;!?。]\s|\n\s*\n")
_INVOICE = re.compile(r"invoice|fatura|factura|fattura|facture|rechnung|hóa đơn|hoá đơn|发票"
                      r"|インボイス|請求書|인보이스|송장|فاتورة|faktur|tagihan")
# A sentence asking for what the one before worked out: "o ressarcimento dessa diferença".
_BACK_REFERENCE = re.compile(r"\b(?:dessa|desta|essa|esta|this|that|such|esa|dicha|tale|"
                             r"diese[rn]?)\s+(?:diferen[çc]a|diferencia|difference|differenza|"
                             r"differenz|amount|valor|importe|quantia|allowance|deduction)\b")
_ALLOWANCE = re.compile(r"\b(?:abbuono|allowance|abatimento|bonificaci[óo]n|rabatt)\b")
_CENT = Decimal("0.01")
# More tonnes than any lot or shipment of cotton weighs (a Panamax holds about 60,000).
_MOST_TONNES = Decimal(100_000)
_LONE_SEPARATOR = re.compile(r"\d{1,3}[.,]\d{3}")
_MAX_READ = 20  # rates and shares read per mail


def computed_claim(body: str) -> Money | None:
    """The claimed sum the mail leaves to be computed, or None."""
    low = _lower(body)
    amounts = find_amounts(body)
    return _per_unit(body, low, amounts) or _share_of_invoice(body, low, amounts)


def is_a_rate(body: str, amount: Money) -> bool:
    """Whether the figure read as the claim is a rate per unit ("USD 38.75 per bale")."""
    low = _lower(body)
    return _unit_after(low, amount.end) is not None or _unit_before(low, amount.start) is not None


def _lower(body: str) -> str:
    # Same length as the body (U+0130 is the one letter whose lower case is longer).
    return body.replace("\u0130", "I").lower()


def _unit_after(low: str, end: int) -> str | None:
    m = _PER_AFTER.match(low, end, min(len(low), end + 90))
    return _unit_of(m.group("unit")) if m else None


def _unit_before(low: str, start: int) -> str | None:
    m = _PER_BEFORE.search(low, max(0, start - 24), start)
    return _unit_of(m.group("u1") or m.group("u2")) if m else None


def _sentence(low: str, pos: int) -> tuple[int, int]:
    lo = max(0, pos - 300)
    starts = [m.end() for m in _SENTENCE_END.finditer(low, lo, pos)]
    end = _SENTENCE_END.search(low, pos, min(len(low), pos + 300))
    return (starts[-1] if starts else lo), (end.start() if end else min(len(low), pos + 300))


def _claimed_here(low: str, pos: int, *, next_sentence: bool = False) -> bool:
    """A claim word in the figure's sentence or the lines just above it ("2. 클레임 금액"
    over "- 베일당 USD 38.75"): a price per pound in a claim mail is not the claim.
    ``next_sentence``: in the sentence after it too (a rate: "... R$ 1,30 por kg, aplicada
    sobre as 240.000 kg do contrato. Solicitamos o ressarcimento dessa diferença")."""
    lo, hi = _sentence(low, pos)
    lo = min(lo, max(0, pos - 200))
    if next_sentence and hi + 2 < len(low):
        after = _sentence(low, hi + 2)[1]
        # ...that asks for "this difference" and states no figure of its own ("We claim
        # ... USD 0.045 per lb" is its own rate; "Em caso de reclamação" asks for nothing).
        if _BACK_REFERENCE.search(low, hi, after) and not find_amounts(low[hi:after]):
            hi = after
    # An allowance asked for is the claim's word too ("chiediamo un abbuono pari all'1,75%").
    return (CLAIM_WORDS.search(low, lo, hi) or _ALLOWANCE.search(low, lo, hi)) is not None


def _claimed_rate(low: str, pos: int) -> bool:
    """The rate at ``pos`` is the claim's: claimed here, and no price or freight rate."""
    return (_claimed_here(low, pos, next_sentence=True)
            and not _PRICE_BEFORE.search(low, max(0, pos - 60), pos))


class _Quantities:
    """Every quantity the mail states, by unit, read once."""

    def __init__(self, low: str) -> None:
        self.by_unit: dict[str, list[tuple[int, Decimal, int]]] = {}
        for m in _QUANTITY.finditer(low):
            written = m.group("n").replace("\u00a0", " ").replace(" ", ",")
            value = parse_number(written)
            unit = _unit_of(m.group("unit"))
            if unit == "mt" and value is not None and value >= _MOST_TONNES \
                    and _LONE_SEPARATOR.fullmatch(written):
                # "412.500 MT": a lone separator before three digits reads as thousands
                # ("2.500 toneladas"), but no lot weighs 412,500 tonnes: a decimal.
                value /= 1000
            if value is not None and value > 1 and unit:
                self.by_unit.setdefault(unit, []).append((m.start(), value, m.end()))

    def of(self, low: str, unit: str, rate_at: int,
           rate_end: int) -> tuple[Decimal, int, int] | None:
        """The one quantity of ``unit`` the rate applies to (its value and where it is
        written): its sentence's, else the mail's only one (several different ones and
        none in the sentence: unknown)."""
        found = [q for q in self.by_unit.get(unit, ()) if not rate_at <= q[0] < rate_end]
        lo, hi = _sentence(low, rate_at)
        near = found[bisect_left(found, (lo,)):bisect_left(found, (hi,))] or found
        if len({v for _, v, _ in near}) != 1:
            return None
        at, value, end = near[0]
        return value, at, end


def _quoted(body: str, *spans: tuple[int, int]) -> str:
    """The factors as the stand-in quotes them, in the mail's order ("A ... B")."""
    return " ... ".join(" ".join(body[a:b].split()) for a, b in sorted(spans))


def _per_unit(body: str, low: str, amounts: list[Money]) -> Money | None:
    rates = []
    for m in amounts[:_MAX_READ * 4]:
        if not m.currency or m.end < 0:
            continue
        unit = _unit_after(low, m.end) or _unit_before(low, m.start)
        if unit and _claimed_rate(low, m.start):
            rates.append((m.amount, m.currency, unit, m.start, m.end))
    for i, c in enumerate(_CENTS.finditer(low)):
        if i >= _MAX_READ:
            break
        value = parse_number(c.group("n"))
        if value is not None and _claimed_rate(low, c.start()):
            rates.append((value / 100, "USD", "lb", c.start(), c.end()))
    quantities = _Quantities(low)
    totals = set()
    first = None
    for amount, currency, unit, start, end in rates[:_MAX_READ]:
        qty = quantities.of(low, unit, start, end)
        if qty is None:
            continue
        total = (amount * qty[0]).quantize(_CENT, rounding=ROUND_HALF_UP)
        totals.add((total, currency))
        first = first or Money(total, currency, _quoted(body, (start, end), qty[1:]),
                               start, end)
    return first if len(totals) == 1 else None


def _share_of_invoice(body: str, low: str, found: list[Money]) -> Money | None:
    amounts = [m for m in found if m.currency and m.end >= 0]
    starts = [m.start for m in amounts]
    # "Fatura tutarı: USD 1.118.400,00": an invoice amount on a line of its own.
    labelled = [m for m in amounts
                if _INVOICE.search(low, max(low.rfind("\n", max(0, m.start - 80), m.start) + 1,
                                            m.start - 80), m.start)]
    found = set()
    first = None
    for i, p in enumerate(SHARE.finditer(low)):
        if i >= _MAX_READ:
            break
        share = parse_number(p.group("a") or p.group("b"))
        if share is None or not Decimal("0.1") <= share <= 50:
            continue
        lo, hi = _sentence(low, p.start())
        if not _INVOICE.search(low, lo, hi) or not _claimed_here(low, p.start()):
            continue
        base = amounts[bisect_left(starts, lo):bisect_left(starts, hi)] or labelled
        if len({(m.amount, m.currency) for m in base}) != 1:
            continue
        invoice = base[0]
        total = (invoice.amount * share / 100).quantize(_CENT, rounding=ROUND_HALF_UP)
        found.add((total, invoice.currency))
        first = first or Money(total, invoice.currency,
                               _quoted(body, (p.start(), p.end()), (invoice.start, invoice.end)),
                               p.start(), p.end())
    return first if len(found) == 1 else None
