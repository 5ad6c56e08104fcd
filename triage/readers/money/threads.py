"""A reply's quoted thread, for the figures a revised claim replaces: the first claim's
figure quoted below its revision ("-----Original Message----- ... Our claim amounts to USD
74,200.00") is the one replaced (``revisions``). Pure and linear."""

from __future__ import annotations

import re

from triage.readers.text import REPLY_HEADER_RE

# A claim revised, not an invoice, a freight or a report replaced: "we hereby revise our
# claim to USD 28,900.00, which replaces our previous figure".
_REVISED_CLAIM_RE = re.compile(
    r"\b(?:revis\w*|reduc\w*|reduz\w*|amend\w*)\b.*\b(?:claim|reclama[çc][ãa]o|reclamo|"
    r"reclamaci[óo]n|pleito)\b", re.IGNORECASE | re.DOTALL)
_NOT_A_CLAIM_RE = re.compile(
    r"\b(?:invoice|fatura|factura|freight|frete|flete|debit\s+note|nota\s+de\s+d[ée]bito|"
    r"estimate|laudo|report|relat[óo]rio|informe)s?\b", re.IGNORECASE)


def claim_revised(words: str) -> bool:
    """Whether the words around a figure that "replaces our previous" one revise a claim."""
    return _REVISED_CLAIM_RE.search(words) is not None and _NOT_A_CLAIM_RE.search(words) is None


# A quoted message's own header line: "> From: Ahmed Fawzy", "> De: ...".
_QUOTED_HEADER_RE = re.compile(r"^>\s*(?:from|de|von|sent|enviad[oa])\s*:",
                               re.IGNORECASE | re.MULTILINE)


def in_thread_below(text: str, end: int, start: int) -> bool:
    """Whether the figure at ``start`` stands in a reply's quoted thread that begins after
    ``end``: a reply header between them ("-----Original Message-----", "> From: ..."),
    not a list set off by ">" under the sender's own words."""
    return REPLY_HEADER_RE.search(text, end, start) is not None \
        or _QUOTED_HEADER_RE.search(text, end, start) is not None
