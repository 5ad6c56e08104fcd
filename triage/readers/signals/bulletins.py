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


# A mail system's notice of the messages it holds: quarantine, a spam digest.
_DIGEST = re.compile(
    r"\b(?:messages?|e-?mails?)\s+(?:(?:are|were|have\s+been|has\s+been)\s+)?(?:held|placed|"
    r"kept|blocked|waiting)\s+in\s+(?:the\s+|your\s+)?quarantine\b"
    r"|\b(?:quarantine|spam)\s+(?:summary|digest)\b|\b(?:e-?mail|message|spam)\s+quarantine\s+"
    r"(?:report|notification|notice)\b"
    r"|\bmensagens\s+(?:\w+\s+){0,2}?em\s+quarentena\b"
    r"|\bmensajes\s+(?:\w+\s+){0,2}?en\s+cuarentena\b", re.IGNORECASE)
# A row of its list: sender, subject and date apart by bars or tabs, or a sender's address.
_ROW = re.compile(r"\||\t|[\w.+-]+@[\w-]+\.[\w.-]+")


def listed_in_a_digest(text: str, start: int) -> bool:
    """Whether the figure at ``start`` stands on a row of a quarantine notice or a spam
    digest ("legal@... | NOTICE OF ARBITRATION - claim USD 2,450,000 | 05/05/2027"):
    another mail's subject, listed, not a claim the sender states."""
    if _DIGEST.search(text) is None:
        return False
    end = text.find("\n", start)
    line = text[text.rfind("\n", 0, start) + 1:len(text) if end < 0 else end]
    return _ROW.search(line) is not None
