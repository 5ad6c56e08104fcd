"""Amounts of money as senders write them, in English, Portuguese and Spanish, and in
the German, French, Italian, Turkish, Vietnamese and Chinese mail of our other markets.

``find_amounts`` reads every amount; ``claimed_exposure`` (and, per currency,
``claimed_amounts_by_currency``) reads what the sender claims or holds at stake;
``claimed_amount`` is the older one-figure reading the callers still use.

Pure and linear-time. Nothing here can backtrack on a long input: a first pass
tokenises runs of digits and separators with a pattern that has one way to match
(``[0-9]+(?:[.,'][0-9]+)*``, or three-digit groups after spaces), then plain Python
decides what each run means; every look around a run (scale word, currency, the words
that say what an amount is) reads a bounded window, and the context windows of many
amounts are merged so each character is read a bounded number of times.

What counts as money: a number with a currency next to it, on either side: an ISO
code (``USD 180,000``, ``180,000 usd``, ``usd180000``), a symbol (``US$``, ``R$``,
``€``, ``₺``, ``CN¥``...) or a name (``dollars``, ``reais``, ``pesos``, and CLDR's names
through Babel: ``US-Dollar``, ``dollars des États-Unis``, ``ABD doları``, ``đô la Mỹ``,
``美元``...). Chinese writes no spaces: a CJK character next to a number or a code does
not glue it into a word (``索赔USD 180,000``, ``赔偿180,000美元``, ``18万美元``). Numbers
are read in every grouping senders use (``180,000.00``, ``180.000,00``, ``180 000,00``
with a space, no-break or narrow no-break space, Swiss ``47'800.50`` and whole francs
``47'800.–``, ``500,-``), in any script's digits (Arabic-Indic ``١٨٠٬٠٠٠``, fullwidth
``１８０，０００``) and with the scale words of each language (``Mio.``, ``mila``, ``bin``,
``tỷ``, ``万``). A ``|`` between the two
(what an HTML table cell becomes in our text) still counts as next to. A bare number
is never money, and a currency is never invented: ``pesos`` or ``rupias`` with no
country are money in an unknown currency (``currency=None``), so the caller's
unknown-currency rule decides. Three letters are a currency only if Babel knows them
as a currency in use today (``LOT 123``, ``BAL 40`` are not), minus a few codes that
are ordinary words or units in this trade (``KGS`` is kilograms, ``ALL`` is "all").
Amounts written in words are read by ``text2num`` on the words next to a currency.

Modules by concern: ``currency`` (codes, symbols, names), ``figures`` (numbers, scale
words, normalisation, amounts in figures), ``words`` (amounts in words), ``amount``
(``Money`` and ``find_amounts``), ``tables`` (a currency written apart from its number:
table columns, an ERP notice's labelled lines), ``vocabulary`` (the cue words in every
language), ``cues`` (what an amount is, its label) and
``claims`` (what the sender claims: itemised sums, totals, exposure).
"""

from __future__ import annotations

from triage.readers.money.amount import Money, find_amounts
from triage.readers.money.claims import (
    Claimed,
    claimed_amount,
    claimed_amounts_by_currency,
    claimed_exposure,
    claimed_totals,
)
from triage.readers.money.figures import ascii_figures, parse_number
from triage.readers.money.revisions import marked_open, states_open_balance

__all__ = [
    "Claimed",
    "Money",
    "ascii_figures",
    "claimed_amount",
    "claimed_amounts_by_currency",
    "claimed_exposure",
    "claimed_totals",
    "find_amounts",
    "marked_open",
    "parse_number",
    "states_open_balance",
]



