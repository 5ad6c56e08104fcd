"""Which figure a later one replaces: a claim revised in its sentence (the new figure
counts, the old is superseded), and a balance left after a payment or a credit note (the
open balance stands for the claim and the payment it is left of). ``claims`` reads the
rest. Pure and linear: each figure looks at a bounded number of its neighbours."""

from __future__ import annotations

import re
from decimal import Decimal

from triage.readers.money.amount import Money
from triage.readers.money.cues import _SENTENCE_WINDOW, _Context
from triage.readers.money.threads import claim_revised, in_thread_below
from triage.readers.money.vocabulary import (
    _BALANCE_RE,
    _PAYMENT_AFTER_RE,
    _PAYMENT_RE,
    _REVISE_RE,
    _REVISED_FROM_RE,
    _REVISED_TO_RE,
    _STILL_OPEN_RE,
)

# How many recent figures of a currency a figure is compared with: a claim's items in
# ``claims``, a balance's claim and payment here (bounded: linear in the figures).
_RECENT = 30
# How far around a figure the words that call it a balance or a payment are read.
_NEAR_BEFORE, _NEAR_AFTER = 60, 40
# At most this many characters between a revised figure and the one replacing it.
_REVISION_GAP = 40
# How far before a revised figure its verb is looked for across a hard-wrapped line.
_REVISION_VERB = 120
_SUPERSEDED = "superseded"
# Between a revised figure and the older one after it: "(before", "instead of", "in place of
# the", "em vez de".
_INSTEAD_OF_RE = re.compile(
    r"\s*[(\[,;–-]?\s*(?:before|previously|formerly|earlier|was|(?:instead|in\s+place)\s+of"
    r"(?:\s+(?:the|our))?|replacing|antes"
    r"|anteriormente|em\s+vez\s+de|no\s+lugar\s+de|en\s+(?:lugar|vez)\s+de|vorher|zuvor|statt"
    r"|anstelle\s+von|au\s+lieu\s+de|auparavant|invece\s+di|anzich[ée]|precedentemente)"
    r"\s*:?\s*", re.IGNORECASE)

# "USD 46,250.00 (previous USD 72,000.00 is cancelled)": the older figure in brackets,
# said cancelled, withdrawn or replaced right after it (an older claim "previous ...
# still outstanding" stands).
_PREVIOUS_RE = re.compile(r"\s*[(\[]\s*(?:the\s+)?previous(?:\s+(?:claim|figure|amount))?"
                          r"(?:\s+of)?\s*:?\s*", re.IGNORECASE)
_CANCELLED_AFTER_RE = re.compile(
    r"\s*(?:is|was|has\s+been|being)?\s*(?:hereby\s+)?(?:cancell?ed|withdrawn|void|replaced|"
    r"superseded|no\s+longer\s+(?:valid|applies|claimed))", re.IGNORECASE)

# Between a figure and the one replacing it: "USD 61,200.00 -> withdrawn and replaced by
# Revised claim: USD 47,900.00", "substituído por", "ersetzt durch". No other figure
# between, at most _REPLACED_GAP characters.
_REPLACED_GAP = 100
_REPLACED_BY_RE = re.compile(
    r"\s*(?:->|→|=>|[(\[,;–-])?\s*(?:(?:withdrawn|cancell?ed|retirad[oa]|cancelad[oa]"
    r"|zur[üu]ckgezogen|retir[ée]e?|ritirat[oa])\s+(?:and|e|y|und|et)\s+)?(?:replaced"
    r"|superseded|substitu[íi]d[oa]|reemplazad[oa]|sustituid[oa]|ersetzt|remplac[ée]e?"
    r"|sostituit[oa])\s+(?:by|por|durch|par|da)\b[^\d]{0,70}", re.IGNORECASE)


# ...or by the figure just before it: "hereby revise our claim to USD 47,500.00. Our previous
# claim figure of USD 96,000.00 is withdrawn and replaced by this revised amount."
_REPLACED_BY_THIS_RE = re.compile(
    r"\s*(?:is|was|are|has\s+been|will\s+be)?\s*(?:withdrawn\s+and\s+)?(?:replaced|superseded)"
    r"\s+by\s+(?:this|the)\s+(?:revised|new|above|present|amended)\s+(?:amount|figure|claim|sum)",
    re.IGNORECASE)


# ...or a new figure that says it replaces the one before: "klaim kami revisi menjadi Rp
# 690.000.000 (...). Nilai ini menggantikan klaim sebelumnya", "This amount replaces our
# previous claim", "Este valor substitui a reclamação anterior".
_REPLACES_PREVIOUS_RE = re.compile(
    r"(?:replaces?|supersedes?|substitui|substituem|sustituye|reemplaza|remplace|ersetzt"
    r"|sostituisce|menggantikan)\s+(?:\w+\s+){0,3}?(?:previous|earlier|original|anterior"
    r"|sebelumnya|pr[ée]c[ée]dente?|vorherige\w*|bisherige\w*|precedente)", re.IGNORECASE)
_REPLACES_REACH = 160


def _replaced_by(text: str, amounts: list[Money]) -> list[tuple[int, int]]:
    """(old, new) pairs of a figure "replaced by" the next one of its currency, by
    "this revised amount" just before it, or by a new figure that "replaces the previous
    claim" (the figure of its currency before it)."""
    pairs = [(i, i + 1) for i in range(len(amounts) - 1)
             if amounts[i].currency == amounts[i + 1].currency
             and amounts[i + 1].start - amounts[i].end <= _REPLACED_GAP
             and _REPLACED_BY_RE.fullmatch(text, amounts[i].end, amounts[i + 1].start)]
    for i in range(1, len(amounts)):
        old, new = amounts[i], amounts[i - 1]
        if (old.currency == new.currency and old.start - new.end <= _REVISION_VERB * 2
                and _REPLACED_BY_THIS_RE.match(text, old.end, old.end + _REPLACED_GAP)):
            pairs.append((i, i - 1))
    for i in range(len(amounts)):
        new = amounts[i]
        hi = min(len(text), new.end + _REPLACES_REACH,
                 amounts[i + 1].start if i + 1 < len(amounts) else len(text))
        if not _REPLACES_PREVIOUS_RE.search(text, new.end, hi):
            continue
        old = next((j for j in range(i - 1, max(-1, i - 1 - _RECENT), -1)
                    if amounts[j].currency == new.currency
                    and amounts[j].amount != new.amount), None)
        if old is None and claim_revised(text[max(0, new.start - _REVISION_VERB):hi]):
            # ...or the first claim's figure, quoted below it.
            old = next((j for j in range(i + 1, min(len(amounts), i + 1 + _RECENT))
                        if amounts[j].currency == new.currency
                        and amounts[j].amount != new.amount
                        and in_thread_below(text, new.end, amounts[j].start)), None)
        if old is not None:
            pairs.append((old, i))
    return pairs


def _revisions(ctx: _Context, amounts: list[Money]) -> list[tuple[int, int]]:
    """(old, new) pairs of a figure revised in its sentence: a revising verb (revise,
    reduce, reduzieren, réduire, düşürmek, 下调...), the old figure after "from" (de,
    von, da, từ, 从; the Turkish ablative after it: "58.900'den") and the new one right
    after it ("to", a, para, auf, à, xuống, 至; "47.300'e")."""
    text, pairs = ctx.text, []
    for i in range(len(amounts) - 1):
        old, new = amounts[i], amounts[i + 1]
        if old.currency != new.currency or new.start - old.end > _REVISION_GAP:
            continue
        gap = text[old.end:new.start]
        if not gap.strip() or not _REVISED_TO_RE.fullmatch(gap):
            continue
        lo = ctx.sentence_start(old.start, _SENTENCE_WINDOW)
        turkish = gap.lstrip("'’").startswith(("den", "dan", "ten", "tan"))
        if not (turkish or _REVISED_FROM_RE.search(text, max(lo, old.start - 12), old.start)):
            continue
        # The verb may sit on the line before in a hard-wrapped paragraph.
        verb_lo = min(lo, max(ctx.paragraph_start(old.start), old.start - _REVISION_VERB))
        if _REVISE_RE.search(text, verb_lo, ctx.sentence_end_far(new.end)):
            pairs.append((i, i + 1))
    pairs += _revised_before(ctx, amounts) + _labelled_revision(text, amounts)
    # A figure a revision in its own sentence replaced is not the new claim that "replaces
    # the earlier one" ("now claim USD 47,500.00 in place of the USD 74,300.00 ... This
    # revised figure replaces our earlier claim": the one before "replaces" is the old).
    olds = {o for o, _ in pairs}
    return pairs + [(o, n) for o, n in _replaced_by(text, amounts) if n not in olds]


# A claim's own table of its revision: "Original claim (28 July) USD 64,000.00" above
# "Revised claim amount USD 47,850.00", each figure's line naming which it is.
_ORIGINAL_LINE = re.compile(
    r"(?<![^\W\d_])(?:original|initial|previous|earlier|first|inicial|anterior|ursprünglich\w*"
    r"|initiale?|iniziale|originale)(?![^\W\d_])", re.IGNORECASE)
_REVISED_LINE = re.compile(
    r"(?<![^\W\d_])(?:revised|amended|adjusted|corrected|new|final|revisad[oa]|nov[oa]|corrigid[oa]"
    r"|ajustad[oa]|revidiert\w*|neue[rns]?|korrigiert\w*|r[ée]vis[ée]e?|nouveau|nouvelle"
    r"|rivist[oa]|nuov[oa])\s+(?:\w+\s+){0,2}?(?:claim|amount|total|reclama\w*|valor|monto"
    r"|forderung|betrag|r[ée]clamation|montant|importo|reclamo)", re.IGNORECASE)
_TABLE_REACH = 400


_LINE_LABEL = 80  # how far back a figure's line is read for its label (bounded: linear)


def _line_before(text: str, a: Money) -> str:
    lo = max(0, a.start - _LINE_LABEL)
    return text[text.rfind("\n", lo, a.start) + 1 or lo:a.start]


def _labelled_revision(text: str, amounts: list[Money]) -> list[tuple[int, int]]:
    """(old, new) pairs of a revision written as a table: the new figure's line names it
    revised, the old one's, above it within _TABLE_REACH characters, names it original;
    the figures between them are the revision's arithmetic, replaced too."""
    pairs = []
    for i, new in enumerate(amounts):
        if not _REVISED_LINE.search(_line_before(text, new)):
            continue
        for j in range(i - 1, -1, -1):
            old = amounts[j]
            if new.start - old.end > _TABLE_REACH:
                break
            if old.currency == new.currency and _ORIGINAL_LINE.search(_line_before(text, old)):
                # The lines between compute the revision ("Less: bales excluded").
                pairs += [(k, i) for k in range(j, i) if amounts[k].currency == new.currency]
                break
    return pairs


def _revised_before(ctx: _Context, amounts: list[Money]) -> list[tuple[int, int]]:
    """(old, new) pairs written the other way round: the new figure, then the one it
    replaces ("we revise our claim to USD 41,000.00 (before USD 72,000.00)", "reduzimos
    para R$ 180.000,00, em vez de R$ 240.000,00"), a revising verb before the new one."""
    text, pairs = ctx.text, []
    for i in range(len(amounts) - 1):
        new, old = amounts[i], amounts[i + 1]
        if old.currency != new.currency or old.start - new.end > _REVISION_GAP:
            continue
        if not (_INSTEAD_OF_RE.fullmatch(text, new.end, old.start) or (
                _PREVIOUS_RE.fullmatch(text, new.end, old.start)
                and _CANCELLED_AFTER_RE.match(text, old.end))):
            continue
        lo = ctx.sentence_start(new.start, _SENTENCE_WINDOW)
        verb_lo = min(lo, max(ctx.paragraph_start(new.start), new.start - _REVISION_VERB))
        if _REVISE_RE.search(text, verb_lo, new.start):
            pairs.append((i + 1, i))
    return pairs


def _near(ctx: _Context, pattern: re.Pattern, amounts: list[Money], i: int,
          after: re.Pattern | None = None) -> bool:
    """Whether ``pattern`` is in the words just before the figure, in its sentence and
    after the figure before it, or ``after`` (anchored) in the words right after it, up
    to the next figure ("USD 44,000.00 is still open")."""
    a = amounts[i]
    lo = max(ctx.wrapped_start(a.start, _NEAR_BEFORE), a.start - _NEAR_BEFORE,
             amounts[i - 1].end if i else 0)
    if pattern.search(ctx.text, lo, a.start):
        return True
    hi = min(ctx.sentence_end(a.end), a.end + _NEAR_AFTER,
             amounts[i + 1].start if i + 1 < len(amounts) else len(ctx.text))
    return bool(after is not None and after.match(ctx.text, a.end, hi))


def _balances(ctx: _Context, amounts: list[Money],
              kinds: list[str]) -> list[tuple[int, int, int]]:
    """(claim, payment, balance) triples of one currency: a figure called a balance
    (balance, outstanding, saldo, Restbetrag, solde, bakiye, còn lại, 余额) that is a
    nearby figure less another one paid, credited or received ("original claim USD
    72.000 minus partial payment USD 30.000 -> open balance USD 42.000"). Bounded: each
    balance looks at the ``_RECENT`` figures of its currency either side, and each
    difference at the first ``_RECENT`` figures of that value."""
    by_currency: dict[str | None, list[int]] = {}
    for i, a in enumerate(amounts):
        by_currency.setdefault(a.currency, []).append(i)
    found = []
    for indices in by_currency.values():
        by_value: dict[Decimal, list[int]] = {}
        for i in indices:
            occurrences = by_value.setdefault(amounts[i].amount, [])
            if len(occurrences) < _RECENT:
                occurrences.append(i)
        for pos, b in enumerate(indices):
            balance = amounts[b]
            if not _near(ctx, _BALANCE_RE, amounts, b, _STILL_OPEN_RE):
                continue
            for c in indices[max(0, pos - _RECENT):pos + _RECENT]:
                rest = amounts[c].amount - balance.amount
                paid = next((p for p in by_value.get(rest, ()) if rest > 0 and (
                    kinds[p] == "paid"
                    or _near(ctx, _PAYMENT_RE, amounts, p, _PAYMENT_AFTER_RE))), None)
                if paid is not None:
                    found.append((c, paid, b))
                    break
    return found


def _supersede(ctx: _Context, amounts: list[Money],
               kinds: list[str]) -> tuple[set[int], set[int]]:
    """Mark what a later figure replaces (``kinds`` set to ``_SUPERSEDED``): a revised
    claim's old figure, and a claim and the payment an open balance is left of (every
    mention of their values in that currency: the quoted thread's too). The figure that
    remains takes the kind of the one it replaces. Returns the indices stated as the
    claim through it (the balance of a claim stated, a claim revised as stated) and the
    revised figures and balances, open by what they are even beside a word of payment or
    a bound ("đã thanh toán USD 132.700, số dư còn lại USD 47.300", "revised up to USD
    58,900"): when unsure, a figure stays open."""
    stated: set[int] = set()
    opened: set[int] = set()
    replaced: set[tuple[Decimal, str | None]] = set()
    for old, new in _revisions(ctx, amounts):
        if kinds[old] in ("claim", "cost", "neutral"):
            kinds[new] = kinds[old]
            opened.add(new)  # "revised up to USD 58,900" is no bound
            if ctx.stated_as_claim(amounts[old]) and ctx.open(amounts[new]):
                stated.add(new)
        kinds[old] = _SUPERSEDED
        # The old figure wherever it stands (the quoted thread's "we claim USD 72,000").
        if amounts[old].amount != amounts[new].amount:
            replaced.add((amounts[old].amount, amounts[old].currency))
    for claim, paid, balance in _balances(ctx, amounts, kinds):
        if (amounts[balance].amount, amounts[balance].currency) in replaced:
            continue
        if kinds[claim] != _SUPERSEDED:
            kinds[balance] = kinds[claim]
        if ctx.stated_as_claim(amounts[claim]):
            stated.add(balance)
        opened.add(balance)
        replaced |= {(amounts[claim].amount, amounts[claim].currency),
                     (amounts[paid].amount, amounts[paid].currency)}
    # A balance left open after a payment, the claim's own figure never written ("We
    # received your first instalment of USD 30,000. The remaining balance of USD 118,400
    # is still open"), in mail with claim words: the balance is what is claimed.
    claim_words = any(c.kind == "claim" and not c.weak for c in ctx.cues)
    for b, a in enumerate(amounts):
        if (not claim_words or b in opened or kinds[b] not in ("neutral", "claim", "cost")
                or not _near(ctx, _BALANCE_RE, amounts, b) or not marked_open(ctx.text, a.end)):
            continue
        paid = next((p for p in range(b - 1, max(-1, b - _RECENT), -1)
                     if amounts[p].currency == a.currency and (
                         kinds[p] == "paid"
                         or _near(ctx, _PAYMENT_RE, amounts, p, _PAYMENT_AFTER_RE))), None)
        if paid is not None:
            kinds[b] = "claim"
            opened.add(b)
            replaced.add((amounts[paid].amount, amounts[paid].currency))
    kept = {(amounts[i].amount, amounts[i].currency) for i in opened | stated}
    for i, a in enumerate(amounts):
        if (a.amount, a.currency) in replaced - kept:
            kinds[i] = _SUPERSEDED
    _items_of_replaced(amounts, kinds)
    return stated, opened


def _items_of_replaced(amounts: list[Money], kinds: list[str]) -> None:
    """A replaced total's own items go with it (the first claim's working, quoted below
    its revision): the figures of its currency right before or right after it that add
    up to it, two or more."""
    for i in [i for i, kind in enumerate(kinds) if kind == _SUPERSEDED]:
        for run in (range(i - 1, max(-1, i - _RECENT), -1),
                    range(i + 1, min(len(amounts), i + _RECENT))):
            total, items = Decimal(0), []
            for j in run:
                if amounts[j].currency != amounts[i].currency or kinds[j] == _SUPERSEDED \
                        or total >= amounts[i].amount:
                    break
                total += amounts[j].amount
                items.append(j)
            if len(items) >= 2 and total == amounts[i].amount:
                for j in items:
                    kinds[j] = _SUPERSEDED


def marked_open(text: str, end: int) -> bool:
    """Whether the words right after a figure ending at ``end`` mark it open ("USD
    96,400.00   OUTSTANDING", "em aberto")."""
    return bool(_STILL_OPEN_RE.match(text, end, min(len(text), end + _NEAR_AFTER)))


def states_open_balance(text: str, start: int, end: int) -> bool:
    """Whether the figure at ``text[start:end]`` is called a balance still open ("the
    remaining balance of USD 118,400 is still open", "saldo em aberto")."""
    return bool(_BALANCE_RE.search(text, max(0, start - _NEAR_BEFORE), start)
                and marked_open(text, end))
