"""The analysed text: a folded, lower-cased text with its sentence cues, found block by
block and looked up by bisection, computed once per text.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from triage.readers.signals.cues import _CUES
from triage.readers.text import REPLY_HEADER_RE, fold_for_rules

# --- The analysed text -----------------------------------------------------------

# Cue positions are found block by block, when a word in the block needs them: a long
# text with one claim word pays for one block, not for the whole text.
_BLOCK = 4096
_SPILL = 400  # a cue starting in a block may end this far after it
_SENTENCE_REACH = 400  # how far a sentence reaches either side of a word
_SNAP = 128
_WRAPPED_LINE = 50  # a line at least this long that breaks mid-sentence was wrapped
# Words that start a sentence, not a wrapped line's next word.
_STARTER = re.compile(r"(?:Our|We|I|Please|Kindly|The|This|These|Thank|Nous|Wir|Nós|Nosotros|"
                      r"Nossa|Nosso|Nuestra|Nuestro|Unsere?|Notre|Por\s+favor|Favor)\b")


class _Doc:
    """A folded text with what every signal looks up in it, computed once."""

    def __init__(self, text: str) -> None:
        self.text = text
        # "İ" lowers to two characters: as Turkish reads it, it is "i" ("TAZMİNAT").
        low = text.replace("\u0130", "i").lower()
        if len(low) != len(text):  # another character that lowers to two
            low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
        self.low = low  # lower case, same length: what the patterns read
        self.rev = low[::-1]  # negators are read leftwards from a word, on this
        self._blocks: dict[tuple[str, int], list[int]] = {}
        self._sentences: dict[tuple[str, int, int], bool] = {}
        self._memo: dict[str, object] = {}

    def _block(self, name: str, k: int) -> list[int]:
        got = self._blocks.get((name, k))
        if got is None:
            lo, hi = k * _BLOCK, (k + 1) * _BLOCK
            target = self.text if name == "break" else self.low
            got = [m.start() for m in _CUES[name].finditer(target, lo, hi + _SPILL)
                   if m.start() < hi]
            if name == "break":
                got = [p for p in got if not self._wrapped(p)]
            self._blocks[(name, k)] = got
        return got

    def _wrapped(self, p: int) -> bool:
        """A line break before a capital that only wraps a long line of prose (the line
        ends in a small letter, the next word does not start a sentence): "werden wir ohne
        weitere\nAnkündigung das Schiedsverfahren ...", "shipped by\nBuriti Cotton". Not a
        new sentence."""
        text = self.text
        if text[p] != "\n" or p == 0 or not text[p - 1].islower():
            return False
        nxt = p + 1
        while nxt < len(text) and text[nxt] in " \t":
            nxt += 1
        return (nxt < len(text) and text[nxt].isupper()
                and p - text.rfind("\n", 0, p) > _WRAPPED_LINE
                and not _STARTER.match(text, nxt))

    def has_cue(self, name: str, a: int, b: int) -> bool:
        """Whether a cue ``name`` starts in ``[a, b)``."""
        return self.first_cue(name, a, b) is not None

    def first_cue(self, name: str, a: int, b: int) -> int | None:
        """Where the first cue ``name`` starting in ``[a, b)`` starts, or None."""
        a, b = max(a, 0), min(b, len(self.text))
        for k in range(a // _BLOCK, (b - 1) // _BLOCK + 1):
            positions = self._block(name, k)
            i = bisect_left(positions, a)
            if i < len(positions) and positions[i] < b:
                return positions[i]
        return None

    def last_cue(self, name: str, a: int, b: int) -> int | None:
        """Where the last cue ``name`` starting in ``[a, b)`` starts, or None."""
        a, b = max(a, 0), min(b, len(self.text))
        for k in range((b - 1) // _BLOCK, a // _BLOCK - 1, -1):
            positions = self._block(name, k)
            i = bisect_left(positions, b)
            if i > 0 and positions[i - 1] >= a:
                return positions[i - 1]
        return None

    def sentence(self, start: int, end: int) -> tuple[int, int]:
        """The sentence around ``[start, end)``. Without a sentence break nearby it is
        cut at a multiple of _SNAP, so the words of one long run share it (and what
        is known about it: ``in_sentence``)."""
        reach = _SENTENCE_REACH
        before = self.last_cue("break", start - reach, start)
        if before is not None:
            a = before + 1
        else:
            a = max(0, (start - reach // 2) // _SNAP * _SNAP)
        after = self.first_cue("break", end, end + reach)
        if after is not None:
            b = after
        else:
            b = min(len(self.text), ((end + reach // 2) // _SNAP + 1) * _SNAP)
        return a, b

    def in_sentence(self, name: str, a: int, b: int) -> bool:
        """``has_cue`` for a whole sentence, remembered."""
        key = (name, a, b)
        got = self._sentences.get(key)
        if got is None:
            got = self._sentences[key] = self.first_cue(name, a, b) is not None
        return got

    def in_first_line(self, name: str) -> bool:
        """Whether cue ``name`` is in the first line: the subject, in the rules' text."""
        key = f"first_line:{name}"
        if key not in self._memo:
            end = self.low.find("\n", 0, 300)
            self._memo[key] = _CUES[name].search(self.low, 0, end if end > 0 else 300) \
                is not None
        return bool(self._memo[key])

    def anywhere(self, name: str) -> bool:
        key = f"anywhere:{name}"
        if key not in self._memo:
            self._memo[key] = _CUES[name].search(self.low) is not None
        return bool(self._memo[key])

    def on_others(self) -> bool:
        """The sender says the claim its mail carries is not on the reader ("no claim is
        being made against your company"), carries it on someone else (a claim on a
        carrier, or a forwarded or quoted message), and its own words above that message
        put no claim to the reader; or it answers the reader's own claim ("we refer to
        your claim RO-27-014", ``yours.CLAIM_OF_READER``) and claims, finds and demands
        nothing of its own; or it reports an award won by the reader. Remembered: the
        claim readings and the threat reader each ask it."""
        if "on_others" not in self._memo:
            self._memo["on_others"] = self._on_others()
        return bool(self._memo["on_others"])

    def _on_others(self) -> bool:
        if self.anywhere("award_for_reader"):  # not "despite the award ..., we found ..."
            return not (self.anywhere("claim_assertion") or self.anywhere("finding")) \
                and _AGAINST_YOU.search(self.low) is None
        own = self.own_words()
        if self.anywhere("reader_claim") and _CUES["reader_claim"].search(own):
            # The sender answers the reader's own claim ("we refer to your claim RO-27-014",
            # "analisamos a reclamação de vocês"), putting none of its own ("our claim",
            # "we hold you responsible", a defect it found, "against you", a demand).
            return not any(_CUES[cue].search(own) for cue in (
                "claim_assertion", "finding", "withheld", "own_demand")) \
                and _AGAINST_YOU.search(own) is None
        if not self.anywhere("not_on_reader"):
            return False
        return (len(own) < len(self.low) or self.anywhere("claim_elsewhere")) \
            and _CUES["claim_assertion"].search(own) is None

    def settled_above(self) -> bool:
        """Whether the sender's own words, above a quoted or forwarded message, settle or
        close the matter ("in full and final settlement", "we consider the matter
        closed"): the thread below is its history."""
        own = self.own_words()
        if len(own) == len(self.low) or _CUES["claim_below"].search(own):
            return False
        return any(_CUES["not_settled_above"].search(own, max(0, m.start() - 40), m.start())
                   is None for m in _CUES["settled_above"].finditer(own))

    def own_words(self) -> str:
        """The sender's own words: the text (folded, lower case) above a forwarded or
        quoted message, all of it when there is none."""
        if "own" not in self._memo:
            quoted = _FORWARDED.search(self.low)
            self._memo["own"] = quoted.start() if quoted else len(self.low)
        return self.low[:self._memo["own"]]  # type: ignore[misc]


_AGAINST_YOU = re.compile(r"\bagainst\s+(?:you|your\s+(?:company|firm))\b")
# Where a forwarded or quoted message starts below the sender's own words.
_FORWARDED = re.compile(r"-{2,}\s*(?:forwarded\s+message|original\s+message|mensagem\s+original|"
                        r"mensaje\s+original)|^>", re.MULTILINE)


@lru_cache(maxsize=8)
def _doc(text: str) -> _Doc:
    return _Doc(text)


@lru_cache(maxsize=8)
def _folded(text: str) -> _Doc:
    return _doc(fold_for_rules(text))


# The reader's own claim named: "further to your dispute of invoice ...", "your claim".
_YOURS = re.compile(r"\byour\s+(?:\w+\s+)?$")


def _yours(doc: _Doc, pos: int) -> bool:
    """Whether the word at ``pos`` is the reader's ("your dispute"): the sender answering
    a claim made on it, not making one (its own words elsewhere still may)."""
    return _YOURS.search(doc.low, max(0, pos - 30), pos) is not None


def _quoted(doc: _Doc, pos: int) -> bool:
    """Whether ``pos`` stands in the quoted thread: on a quoted line ("> ..."), or below
    a reply's header ("-----Mensagem original-----", "On ... wrote:")."""
    if doc.text[doc.text.rfind("\n", 0, pos) + 1:pos].lstrip().startswith(">"):
        return True
    if "reply_header" not in doc._memo:
        m = REPLY_HEADER_RE.search(doc.text)
        doc._memo["reply_header"] = m.start() if m else len(doc.text)
    return pos >= doc._memo["reply_header"]  # type: ignore[operator]


def claim_received(text: str) -> bool:
    """Whether the sender acknowledges or accepts a claim made on it ("We acknowledge
    receipt of your notice of claim", "Aceitamos o desconto") or says the claim it
    carries, on someone else, is not on the reader: its figures are not on the reader."""
    doc = _folded(text)
    return doc.anywhere("claim_received") or doc.on_others()
