"""Claim, threat and bank-change signals in English, Portuguese and Spanish, and in the
German, French, Italian, Turkish, Vietnamese, Chinese, Indonesian and Malay, Japanese,
Korean, Thai and Arabic of our other markets.

Readings of meaning, not facts: the product uses them only to show an email to a
person when they contradict the model, never to escalate by themselves. A false alarm
costs as much attention as a miss, so every signal asks three questions of each word
it finds, in this order:

1. Is it negated? A negator negates only what it governs in its own clause:
   determiners ("no plastic", "sem contaminação", "free from", "negative for") govern
   the noun phrase right after them; verbal negators ("not", "não", "no") govern a
   predicate that follows them directly ("was not contaminated") or through a verb of
   finding or existence ("we did not find any", "não houve", "no se encontró"); and a
   finding can be negated after the word ("contamination was not found",
   "contamination: none", "within contract limits"). "We cannot accept this cotton,
   which is contaminated", "não aceitaremos o algodão contaminado" and "no later than
   Friday the contaminated bales..." negate nothing: a rejection affirms the claim.
2. Does the sentence only name the topic? A certificate request, an event, a standard
   contract clause, a preventive reminder, a newsletter, a settled past claim, a
   conditional ("if any contamination is found..."). A finding in the same sentence
   ("we found", "in 12 bales", "the contaminated bales") outweighs the topic cue.
3. For measurements (micronaire, moisture, neps...), is anything wrong with them? A
   value with "out of range", "below the contract", "against 3.7-4.2"..., or a value
   in an email that is already a claim.

Every word list is whole-word ("court" is not "courtesy", "claim" is not "reclaim";
"claimant" is a claim word), except Chinese, which writes no spaces: its words are
matched anywhere, its negators read right before a word ("未发现异纤") or after it
("异纤：无"); Japanese, Korean, Thai and Arabic likewise (``further``: no spaces, or
particles and articles glued to the word), with Japanese and Korean negation read after
the word ("異物は検出されませんでした", "이물질은 발견되지 않았습니다") and Thai before it
("ไม่พบการปนเปื้อน"). Turkish negates the verb itself ("tespit edilmedi"), so its negation is read
after the word; German compounds that name a check or a risk ("Kontaminationsprüfung")
are not findings. Text is read through ``fold_for_rules`` (Cyrillic
look-alikes, invisible characters), so match positions refer to the folded text;
``match.string`` is that text, lower-cased for this module's own patterns.

Linear time: every pattern is an alternation of words with bounded gaps, grouped by
leading letter and matched without IGNORECASE on a lower-cased copy (Python's re tries
an alternation branch by branch); negation is checked by anchored matches on bounded
windows (the left side on the reversed text, so no pattern searches backwards);
sentence-level cues are found block by block, only where a word needs them, and looked
up by bisection. A text with more than _MAX_CANDIDATES words of one kind is not read
word by word: has_claim_signal says yes (a person looks at so strange an email).
A megabyte of repeated claim words, negators or "IBAN" reads in well under a second.

Modules by concern: ``matching`` (pattern building, candidate bound),
``vocabulary`` (claim words), ``acts`` (what a sentence does: a finding, the sender's own
claim, a settled claim), ``cues`` (sentence cues), ``document`` (the analysed
text), ``negation``, ``topics`` (naming a topic), ``threats``, ``further`` (the
words of Indonesian, Japanese, Korean, Thai and Arabic), ``claims`` (affirmed
words, claim types), ``bank`` (bank changes, account identifiers) and ``senders``
(sender domains passing for ours or a counterpart's).
"""

from __future__ import annotations

from triage.readers.signals.bank import BANK_CHANGE, bank_accounts, bank_change_signal
from triage.readers.signals.bulletins import listed_in_a_digest, told_in_a_bulletin
from triage.readers.signals.claims import (
    claim_is_made,
    claim_types,
    find_affirmed,
    has_claim_signal,
)
from triage.readers.signals.document import _doc as _doc
from triage.readers.signals.document import _folded as _folded
from triage.readers.signals.document import claim_received
from triage.readers.signals.matching import words
from triage.readers.signals.negation import is_negated
from triage.readers.signals.senders import Lookalike, sender_lookalikes
from triage.readers.signals.threats import (
    ARBITRATION_WORDS,
    CANCELLATION_WORDS,
    threat_signal,
)
from triage.readers.signals.vocabulary import CLAIM_TYPE_PATTERNS, CLAIM_WORDS

__all__ = [
    "ARBITRATION_WORDS",
    "BANK_CHANGE",
    "CANCELLATION_WORDS",
    "CLAIM_TYPE_PATTERNS",
    "CLAIM_WORDS",
    "Lookalike",
    "bank_accounts",
    "bank_change_signal",
    "claim_types",
    "find_affirmed",
    "claim_is_made",
    "claim_received",
    "has_claim_signal",
    "is_negated",
    "sender_lookalikes",
    "threat_signal",
    "listed_in_a_digest",
    "told_in_a_bulletin",
    "words",
]
