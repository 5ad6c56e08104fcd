"""Mail that tells of claims without making one: a newsletter, a bulletin, an event's
programme (the ``newsletter`` cue, ``cues._NEWSLETTER``) in which the rules read no claim
being made (``claims.claim_is_made``)."""

from __future__ import annotations

from triage.readers.signals.claims import claim_is_made
from triage.readers.signals.document import _folded


def told_in_a_bulletin(text: str) -> bool:
    """A bulletin that makes no claim: a figure it states as a claim ("das höchste
    Einzelverfahren betraf eine Forderung von 7,9 Mio. USD", "une sentence condamnant un
    négociant à 4,2 M USD") is the story's, nobody's exposure. A claim made in a bulletin's
    dress ("monthly update ... we claim USD 74,300") is made, and stays one."""
    return _folded(text).anywhere("newsletter") and not claim_is_made(text)
