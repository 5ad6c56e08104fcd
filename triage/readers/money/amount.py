"""An amount of money as read from a text (``Money``), and ``find_amounts``: every
amount a text states, in figures or in words, in order."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
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
    return found
