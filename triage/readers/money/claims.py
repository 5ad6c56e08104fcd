"""What the sender claims: ``claimed_amount`` (the older one-figure reading) and, from
the cues around each amount, the itemised sums behind ``claimed_amounts_by_currency``
and ``claimed_exposure`` (items add up, a stated total stands for its items, a figure
said twice counts once)."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from triage.readers.money.amount import Money, find_amounts
from triage.readers.money.cues import _SENTENCE_WINDOW, _Context
from triage.readers.money.revisions import _RECENT, _SUPERSEDED, _supersede
from triage.readers.money.vocabulary import _PER_UNIT_RE

# --- What the sender claims -------------------------------------------------------------

_CLAIM_AMOUNT_CUES = re.compile(
    r"claim|compensation|indemni|damages|exposure|loss|reimburs|we (?:demand|request)|"
    r"total|reclama|indeniza|ressarc|prejuízo|prejuizo|perda|valor|montante|debit note|"
    r"nota de débito|reserv|schadens?ersatz|forderung|réclam|indemnisation|risarcim|"
    r"tazminat|bồi thường|索赔|赔偿",
    re.IGNORECASE,
)


def claimed_amount(text: str) -> Money | None:
    """The amount the sender claims: the largest amount stated near a claim cue,
    else the largest amount at all. Largest, because understating the first figure
    ("USD 5,000 now, USD 175,000 reserved") must not hide the exposure.

    Kept for the callers that read one figure; ``claimed_exposure`` reads the total."""
    amounts = find_amounts(text)
    if not amounts:
        return None
    cues = [(m.start(), m.end()) for m in _CLAIM_AMOUNT_CUES.finditer(text)]
    starts = [c[0] for c in cues]

    def cued(a: Money) -> bool:
        lo, hi = max(0, a.start - 120), a.start + len(a.quote) + 40
        i = bisect_left(starts, lo)
        return i < len(cues) and cues[i][1] <= hi

    return max([a for a in amounts if cued(a)] or amounts, key=lambda a: a.amount)


# Words around an amount that say what it is. At one position the first alternative
# wins, so claim phrases that contain another kind's word ("price difference") come
# first. Weak cues say less: a bare "invoice" or "freight" loses to a claim word in


# What names an item in a label: "lot 4", "categoria B", "survey costs", "containers".
_ITEM_RE = re.compile(
    r"(?<![^\W\d_])(?P<word>lots?|lotes?|bales?|fardos?|items?|categor\w+|containers?"
    r"|contêiner\w*|contenedor\w*|grades?|tipos?|types?|costs?|custos?|costos?|gastos|fees?"
    r"|taxas?|tasas|honor[áa]rios|survey\w*|inspect\w*|inspe[çc][ãa]o|inspecci[óo]n|laudo"
    r"|tests?|testes?|an[áa]lis[ie]s|pruebas?|freight|frete|flete|demurrage|storage"
    r"|armazenagem|almacenaje)(?![^\W\d_])(?:[ \t]*(?:n[º°o.]\s*)?(?P<ref>[0-9][\w/-]*|[a-z]\b))?",
    re.IGNORECASE,
)
_TOTAL_RE = re.compile(
    r"(?<![^\W\d_])(?:total\w*|in\s{1,3}all|altogether|overall|grand|sum|soma|suma|somando"
    r"|sumando)(?![^\W\d_])",
    re.IGNORECASE,
)
_ADDITIVE_RE = re.compile(
    r"(?<![^\W\d_])(?:plus|mais|más|also|tamb[ée]m|tambi[ée]n|additional\w*|adicional\w*"
    r"|além|adem[áa]s)(?![^\W\d_])|\+",
    re.IGNORECASE,
)


@dataclass
class _Entry:
    value: Decimal
    quote: str
    start: int
    end: int
    label: str
    total: bool
    absorbed: Decimal = Decimal(0)


def _masked(label: str) -> str:
    return re.sub(r"\b[a-z]\b", "#", re.sub(r"[0-9]+", "#", label))


def _siblings(a: str, b: str) -> bool:
    """Labels of the same shape naming different items: ``lot 4:`` / ``lot 5:``."""
    return a != b and _masked(a) == _masked(b)


def _items(label: str) -> set[tuple[str, str]]:
    return {(m.group("word").lower().rstrip("s"), (m.group("ref") or "").lower())
            for m in _ITEM_RE.finditer(label)}


def _distinct_items(a: str, b: str) -> bool:
    """Two equal figures are two items (not one figure said twice) when their labels
    name different items (``Lot 4:`` / ``Lot 5:``, ``survey costs`` / ``lab tests``)
    or the second is added ("plus USD 2,500")."""
    if a == b:
        return False
    if _ADDITIVE_RE.search(b.partition(" | ")[0]) or _siblings(a, b):
        return True
    items_a, items_b = _items(a), _items(b)
    return bool(items_a) and bool(items_b) and items_a != items_b


def _add(entries: list[_Entry], new: _Entry) -> None:
    """Add one claimed figure of a currency to the items and totals read so far."""
    recent = entries[-_RECENT:]
    if new.total:  # "Total: USD 20,000" covers the items just before it that fit in it
        k, running = 0, Decimal(0)
        for e in reversed(recent):
            if e.total or running + e.value > new.value:
                break
            running += e.value
            k += 1
        if k:
            del entries[-k:]
        entries.append(new)
        return
    if any(e.value == new.value and not _distinct_items(e.label, new.label) for e in recent):
        return  # the same figure said again
    k, running = 0, Decimal(0)
    for e in reversed(recent):
        running += e.value
        k += 1
        if running >= new.value:
            break
    if (k >= 2 and running == new.value
            and not all(_siblings(e.label, new.label) for e in recent[-k:])):
        del entries[-k:]  # the total of the items just before it
        entries.append(new)
        return
    last = entries[-1] if entries else None
    if (last is not None and last.total
            and not _ADDITIVE_RE.search(new.label.partition(" | ")[0])
            and last.absorbed + new.value <= last.value):
        last.absorbed += new.value  # part of the breakdown of a stated total
        return
    entries.append(new)
    # A total before its items: "USD 20,000: lot 4 USD 12,000, lot 5 USD 8,000".
    n, running = len(entries) - 1, Decimal(0)
    for i in range(n, max(-1, n - _RECENT), -1):
        items = entries[i + 1:]
        if (len(items) >= 2 and entries[i].value == running
                and not all(_siblings(entries[i].label, e.label) for e in items)):
            del entries[i + 1:]
            return
        running += entries[i].value


def _exposure_entries(claimed: list[tuple[Money, str]],
                      part_starts: tuple[int, ...] = ()) -> list[_Entry]:
    """Items and totals of one currency, in order (see ``_add``); a figure with the
    same label and value as an earlier one (a quoted reply), or the same value as one
    in an earlier part of the email (the body's claim again in the attached report), is
    counted once."""
    entries: list[_Entry] = []
    seen: set[tuple[str, Decimal]] = set()
    by_part: dict[Decimal, int] = {}
    for a, label in claimed:
        part = bisect_right(part_starts, a.start)
        if (label, a.amount) in seen or by_part.get(a.amount, part) < part:
            continue
        seen.add((label, a.amount))
        by_part.setdefault(a.amount, part)
        total = bool(_TOTAL_RE.search(label.partition(" | ")[0]))
        _add(entries, _Entry(a.amount, a.quote, a.start, a.end, label, total))
    return entries


@dataclass(frozen=True)
class Claimed:
    """One currency's claimed total, and whether the email states it as the claim
    itself: one figure, named as the claim, compensation or damages in its own
    sentence, not settled, paid, conditional or a bound. A sum of several figures, or a
    figure the words only relate to a claim (a loss, a balance, a reserve), is a
    reading of which number is the claim: a person decides it, not the rules."""

    money: Money
    stated: bool
    open: bool  # some figure of it is not settled, paid, conditional or a bound
    open_spans: tuple[tuple[int, int], ...] = ()  # where each open figure of it stands
    conditional: bool = False  # some figure of it is claimed on a condition
    # open figures whose sentence says they were done for us (granted, transferred)
    done_spans: tuple[tuple[int, int], ...] = ()


def claimed_totals(text: str, part_starts: tuple[int, ...] = ()) -> list[Claimed]:
    """What the sender claims, one total per currency, largest amount first.

    An amount is claimed when the words around it say so (claim, compensation,
    reclamação, ressarcimento, indemnización...; costs and fees too when the email
    uses claim words). A contract value, an invoice total, a price (or anything per
    pound, per ton), a freight rate or an amount already paid is not. When no amount
    is cued as claimed but the email uses claim words, the amounts with no cue at all
    are taken as claimed. Within one currency, itemised amounts add up (per lot, per
    bale category, "plus" costs), a stated total is taken instead of its items, and a
    figure repeated is counted once (``part_starts``: where each part of the email after
    the first begins, so a figure said again in an attachment counts once), and a claim
    per bale over a stated number of bales is their product (``_per_bale_claims``). The quote
    of a sum is its items' quotes joined with `` + ``. Currency None (pesos with no
    country) is its own group."""
    amounts = find_amounts(text)
    if not amounts:
        return []
    ctx = _Context(text, amounts)
    kinds = [ctx.kind(a) for a in amounts]
    # A figure the email names as a contract value elsewhere ("CFT-26/122 (USD 1,980,000)
    # - minor quality claim" in a subject) is that value, unless a claim word before it
    # in its own sentence says it is claimed ("we claim the full USD 1,980,000").
    contract_values = {(a.amount, a.currency) for a, k in zip(amounts, kinds, strict=True)
                       if k == "contract"}
    for i, a in enumerate(amounts):
        if kinds[i] != "contract" and (a.amount, a.currency) in contract_values:
            before = ctx.cues_between(ctx.sentence_start(a.start, _SENTENCE_WINDOW), a.start)
            if not any(c.kind == "claim" and not c.weak for c in before):
                kinds[i] = "contract"
    _per_bale_claims(ctx, amounts, kinds)
    _approximations(text, amounts, kinds)
    stated_through, balances = _supersede(ctx, amounts, kinds)
    claim_words = any(c.kind == "claim" and not c.weak for c in ctx.cues)
    wanted = {"claim", "cost"} if claim_words else {"claim"}
    if not wanted.intersection(kinds) and claim_words:
        wanted = {"neutral"}
    groups: dict[str | None, list[tuple[Money, str]]] = {}
    for i, (a, kind) in enumerate(zip(amounts, kinds, strict=True)):
        if kind in wanted:
            prev_end = amounts[i - 1].end if i else 0
            next_start = amounts[i + 1].start if i + 1 < len(amounts) else len(text)
            groups.setdefault(a.currency, []).append((a, ctx.label(a, prev_end, next_start)))
    stated_starts = {amounts[i].start for i in stated_through}
    open_starts = {amounts[i].start for i in balances}

    def is_open(a: Money) -> bool:
        return a.start in open_starts or ctx.open(a)

    result, subject_end = [], text.find("\n")
    for currency, items in groups.items():
        entries = _exposure_entries(items, tuple(part_starts))
        by_start = {a.start: a for a, _ in items}
        counted = [by_start[e.start] for e in entries]
        # A subject's figure said again in the body where its sentence closes it (subject:
        # "claims cost US$ 38 milhões", body: "somaram ... na última safra") is closed.
        opened = {a.start for a, _ in items if is_open(a)}  # each figure read once
        closed = {a.amount for a, _ in items if a.start > subject_end and a.start not in opened}
        kept = {a.start for a, _ in items if a.start > subject_end or a.amount not in closed}
        counted_open = [a for a in counted if a.start in kept]
        # Where each open figure stands, said again too (the claim forwarded under a
        # colleague's summary of it: "Eles pedem US$ 96.000,00" / "We therefore claim
        # USD 96,000.00"): the words of any of its sentences may make the claim.
        values = {a.amount for a in counted_open if a.start in opened}  # not a closed quote's
        mentions = [a for a, _ in items if a.start in kept and a.start in opened
                    and a.amount in values]
        result.append(Claimed(Money(
            sum((e.value for e in entries), Decimal(0)), currency,
            " + ".join(e.quote for e in entries), entries[0].start, entries[-1].end,
        ), len(counted) == 1 and len(counted_open) == 1 and counted[0].start in opened and (
            ctx.stated_as_claim(counted[0]) or counted[0].start in stated_starts),
            any(a.start in opened for a in counted_open),
            tuple((a.start, a.end) for a in mentions),
            any(ctx.conditional(a) for a in counted),
            tuple((a.start, a.end) for a in mentions if ctx.done(a))))
    return sorted(result, key=lambda c: c.money.amount, reverse=True)


# The same figure said again, rounded, right after it: "R$ 18.412.600,00 (aprox. R$ 18,4
# milhões)", "USD 1,249,800 (about USD 1.25 million)".
_APPROX_RE = re.compile(r"\s*[(\[,–-]?\s*(?:aprox\w*\.?|approx\w*\.?|about|around|roughly|"
                        r"cerca\s+de|ca\.|c\.|~|≈|i\.\s?e\.|ou\s+seja|es\s+decir)\s*",
                        re.IGNORECASE)


def _approximations(text: str, amounts: list[Money], kinds: list[str]) -> None:
    """Mark a rounded restatement of the figure before it (same currency, within 5 %)
    as that figure, not a second one."""
    for i in range(1, len(amounts)):
        a, b = amounts[i - 1], amounts[i]
        if (a.currency == b.currency and a.amount and abs(b.amount - a.amount) <= a.amount / 20
                and _APPROX_RE.fullmatch(text, a.end, b.start)):
            kinds[i] = _SUPERSEDED


# A claim per bale over a stated number of bales: "a quality claim of USD 38.50 per bale
# for the entire lot of 1,320 bales", "R$ 12,00 por fardo sobre 400 fardos". The unit is
# the one that made the figure a price (``_PER_UNIT_RE``), when it is a single bale.
_PER_BALE_UNITS = ("bale", "fardo")
_BALES = re.compile(r"(?<![\d.,])(\d{1,3}(?:[.,]\d{3})+|\d{1,6})\s{0,2}(?:bales|fardos|pacas|balle|"
                    r"ballen|balya|bal)\b", re.IGNORECASE)
_BALES_REACH = 80


def _per_bale_claims(ctx: _Context, amounts: list[Money], kinds: list[str]) -> None:
    """A figure per bale that a claim word puts (the nearest cue before it in its
    sentence), with a number of bales after it in the same sentence, is claimed as the
    product: arithmetic, an objective fact (the label rules multiply too). In place."""
    for i, a in enumerate(amounts):
        unit = _PER_UNIT_RE.match(ctx.text, a.end)
        if kinds[i] != "price" or not unit or not unit.group(0).lower().endswith(
                _PER_BALE_UNITS):
            continue
        before = ctx.cues_between(ctx.sentence_start(a.start, _SENTENCE_WINDOW), a.start)
        if not before or before[-1].kind != "claim" or before[-1].weak:
            continue
        hi = min(ctx.sentence_end_far(unit.end()), unit.end() + _BALES_REACH)
        bales = _BALES.search(ctx.text, unit.end(), hi)
        if bales is None:
            continue
        count = int(re.sub(r"[.,]", "", bales.group(1)))
        amounts[i] = Money(a.amount * count, a.currency,
                           f"{a.quote} x {bales.group(0)}", a.start, bales.end())
        kinds[i] = "claim"


def claimed_amounts_by_currency(text: str, *, open_only: bool = False) -> list[Money]:
    """``claimed_totals``' figures, largest first; with ``open_only``, only the totals
    some figure of which is open (not settled, paid, withdrawn, conditional or a bound)."""
    return [c.money for c in claimed_totals(text) if c.open or not open_only]


def claimed_exposure(text: str, *, rates: Mapping[str, Decimal] | None = None,
                     open_only: bool = False) -> Money | None:
    """The total the sender claims or holds at stake, or None when nothing is claimed.

    With one currency, its total (see ``claimed_amounts_by_currency``). Amounts in
    several currencies cannot be compared without rates, and this reader has none:
    without ``rates`` it returns None for them and the caller must convert
    ``claimed_amounts_by_currency`` itself. With ``rates`` (USD per unit) it returns
    the total worth most in USD, a currency with no rate (or no currency) valued at the
    highest rate given, so an unknown currency is never the one ranked lowest.
    ``open_only``: leave out what is settled, paid, withdrawn or conditional (see
    ``claimed_amounts_by_currency``)."""
    totals = claimed_amounts_by_currency(text, open_only=open_only)
    if len(totals) <= 1:
        return totals[0] if totals else None
    if not rates:
        return None
    worst = max(rates.values(), default=Decimal(1))

    def usd(m: Money) -> Decimal:
        rate = rates.get(m.currency) if m.currency else None
        return m.amount * (rate if rate is not None else worst)

    return max(totals, key=usd)
