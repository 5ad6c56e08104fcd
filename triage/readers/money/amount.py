"""An amount of money as read from a text (``Money``), and ``find_amounts``: every
amount a text states, in figures or in words, in order."""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, replace
from decimal import Decimal

from triage.readers.money.figures import _figure_amounts, _normalise
from triage.readers.money.tables import _labelled_amounts, _table_amounts
from triage.readers.money.words import _word_amounts


@dataclass(frozen=True)
class Money:
    amount: Decimal
    currency: str | None
    quote: str
    start: int
    end: int = -1  # where the quote ends in the text (-1: unknown)


# --- Finding amounts --------------------------------------------------------------------

def find_amounts(text: str) -> list[Money]:
    """Every amount of money the text states, in order."""
    clean, offsets = _normalise(text)
    figures = _figure_amounts(clean)
    figures.sort(key=lambda a: a[0])
    starts = [f[0] for f in figures]

    def overlaps_a_figure(w: tuple[int, int, Decimal, str | None]) -> bool:
        i = bisect_left(starts, w[1])
        return any(f[1] > w[0] for f in figures[max(0, i - 2):i])

    # "one hundred and eighty thousand US dollars (USD 180,000)" is two amounts; words
    # that share their currency with a figure ("USD 5 thousand"?) are the figure's.
    words = [w for w in _word_amounts(clean) if not overlaps_a_figure(w)]
    # Numbers under a header that names the currency ("claim_usd"), or beside a
    # currency cell or line ("Amount 415,000.00" / "Currency CNY"): a figure already read
    # with its own currency in the same cell wins, and a number read both ways is one.
    apart = _table_amounts(clean)
    taken = {t[0] for t in apart}
    apart += [t for t in _labelled_amounts(clean) if t[0] not in taken]
    words += [t for t in apart if not overlaps_a_figure(t)]
    found = []
    for q_start, q_end, value, currency in sorted(figures + words, key=lambda a: a[0]):
        quote = " ".join(clean[q_start:q_end].split())
        start = offsets[q_start] if offsets else q_start
        end = offsets[q_end] if offsets else q_end
        found.append(Money(value, currency, quote, start, end))
    return _pesos(found)


_PESO_CURRENCIES = frozenset({"MXN", "COP", "CLP", "ARS", "UYU", "PHP", "DOP"})
_PESOS_RE = re.compile(r"\bpesos?\b", re.IGNORECASE)


def _pesos(found: list[Money]) -> list[Money]:
    """Pesos whose country the email names once: "MXN 840,000.00 (ochocientos cuarenta
    mil pesos)" is one amount in MXN, not a second in pesos of no country. A bare "$"
    restated right after as the same sum of pesos in words ("$ 37.600.000 (treinta y
    siete millones seiscientos mil pesos)") is pesos, not US dollars: of that country, or
    of none (a person weighs a figure with no rate; in dollars it would escalate on a
    guess). Where the mail itself writes its pesos with "$" and their code ("Total
    reclamado $ 148.650.000 COP") and no dollar as such (USD, US$), a bare "$" is those
    pesos ("$ 15.000.000" above it)."""
    named = {m.currency for m in found if m.currency in _PESO_CURRENCIES}
    country = next(iter(named)) if len(named) == 1 else None
    written = any(m.currency == country and m.quote.startswith("$") for m in found)
    dollars = any(m.currency == "USD" and not m.quote.startswith("$") for m in found)
    pesos = [m.currency is None and bool(_PESOS_RE.search(m.quote)) for m in found]
    out = []
    for i, m in enumerate(found):
        restated = (i + 1 < len(found) and pesos[i + 1] and found[i + 1].amount == m.amount
                    and 0 <= found[i + 1].start - m.end <= 8)
        bare = m.currency == "USD" and m.quote.startswith("$")
        if pesos[i] or (bare and (restated or (written and not dollars))):
            m = replace(m, currency=country)
        out.append(m)
    return out
