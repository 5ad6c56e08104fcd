"""Mail that tells of claims without making one: a newsletter, a bulletin, an event's
programme (the ``newsletter`` cue, ``cues._NEWSLETTER``) in which the rules read no claim
being made (``claims.claim_is_made``)."""

from __future__ import annotations

import re

from triage.readers.signals.claims import claim_is_made
from triage.readers.signals.document import _folded

# A figure rounded to a scale word, as statistics are written ("7,9 Mio. USD", "4,2 M
# USD", "US$ 19 milhões", "$1.2bn", "3.2亿元": hundreds of millions); a claim states its
# sum ("USD 90,000.00", "36.8万元", and Korean "2억원", an everyday sum).
_ROUND = re.compile(r"\d\s?(?:亿|mio\b\.?|mrd\b\.?|mn\b|mln\b|m\b|bn\b|millions?\b|"
                    r"billions?\b|milh(?:ão|ões|ao|oes)\b|mil\s+milh|millones\b|mill[óo]n\b|milliards?\b|"
                    r"milliarden?\b|mil\b)", re.IGNORECASE)


def told_in_a_bulletin(text: str, figure: str) -> bool:
    """A bulletin that makes no claim, stating ``figure`` (its quote) in round millions:
    a tribunal's largest case of the year ("das höchste Einzelverfahren betraf eine
    Forderung von 7,9 Mio. USD", "une sentence condamnant un négociant à 4,2 M USD") is
    the story's, nobody's exposure. An exact sum stays a claim's whatever footer the mail
    carries ("Valor da reclamação: US$ 90.000,00" above an unsubscribe line), and a claim
    made in a bulletin's dress ("monthly update ... we claim USD 74,300") is made."""
    return (_ROUND.search(figure) is not None and _folded(text).anywhere("newsletter")
            and not claim_is_made(text))
