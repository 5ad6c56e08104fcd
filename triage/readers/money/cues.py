"""What an amount is, from the words around it (the cue words of ``vocabulary``: claim,
cost, contract, invoice, price, freight, paid; some weak), a price per unit, and the
label that says which item an amount is for. ``_Context`` reads the windows around all
the amounts of a text in one pass."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from triage.readers.money.amount import Money
from triage.readers.money.vocabulary import (
    _CJK_CUE_RE,
    _CLOSED_BY_ACT_RE,
    _CONDITION_RE,
    _CUE_RE,
    _DONE_RE,
    _HAS_CJK,
    _NOT_OPEN_RE,
    _PER_UNIT_RE,
    _STATEMENT_RE,
    _WEAK,
)
from triage.readers.money.words import _WORD_RE
from triage.readers.text import TO_A_MACHINE_RE, in_machine_note

_LABEL_WINDOW = 80
# A full stop ends a sentence, but not one after a reference's abbreviation ("our claim
# ref. PTM/27/009 for USD 96,000", "Contract No. 12").
_BREAK_RE = re.compile(r"\n|[;!?。！？；؟؛]|(?<![Rr]ef)(?<!REF)(?<![Nn]o)(?<!NO)(?<![Nn]r)(?<!NR)"
                       r"(?<![Nn]º)(?<![Nn]°)\.(?=\s)")
_PARAGRAPH_RE = re.compile(r"\n[ \t]*\n")
_SENTENCE_WINDOW, _PARAGRAPH_WINDOW, _AFTER_WINDOW = 300, 600, 40
# How far after a figure its sentence is read for what undoes a statement of the claim:
# German puts the verb last ("... EUR 212.000,00 nach Abzug des Selbstbehalts heute auf
# Ihr Konto überwiesen").
_FAR_WINDOW = 240
# A line at least this long that ends mid-sentence was wrapped by the mail client.
_WRAPPED = 60

# A rate multiplying a quantity before it: "24.985,20 kg x EUR 1,80", "6 days x USD 150.00".
_RATE_BEFORE_RE = re.compile(
    r"(?<![^\W\d_])(?:kgs?|kilos?|lbs?|mt|tons?|tonnes?|t|m|metros?|meters?|metres?|yards?|"
    r"bales|ballen|balles|balle|fardos|"
    r"pacas|containers?|cntrs?|days?|dias|d[íi]as|tage|jours|giorni)\.?\s{0,3}[x×*@]\s{0,3}\Z",
    re.IGNORECASE)
# A bound right before a figure: "menos de USD 1.000", "claims under USD 5,000".
_BOUND_BEFORE_RE = re.compile(
    r"(?<![^\W\d_])(?:(?<!not\s)(?<!no\s)less\s+than|under|below|menos\s+de|abaixo\s+de|inferior(?:es)?\s+a"
    r"|por\s+debajo\s+de|weniger\s+als|unter|moins\s+de|meno\s+di|sotto\s+i)\s*[(:]?\s*$"
    r"|(?:不到|低于|少于)\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Cue:
    start: int
    end: int
    kind: str  # claim, cost, contract, invoice, price, freight, paid
    weak: bool


def _nearest_kind(before: list[_Cue]) -> str:
    """The kind of the nearest cue before an amount; a weak cue loses to a claim word
    among them, and a bare request verb to any other cue."""
    nearest = before[-1]
    if nearest.weak and nearest.kind == "claim":
        others = [c for c in before if c.kind != "claim"]
        return others[-1].kind if others else "claim"
    if nearest.weak and any(c.kind == "claim" and not c.weak for c in before):
        return "claim"
    return nearest.kind


class _Context:
    """Cue words, sentence and paragraph breaks in the windows around the amounts,
    each found in one pass (windows merged, so each character is read once however
    many amounts there are), then looked up by bisection."""

    def __init__(self, text: str, amounts: list[Money]) -> None:
        self.text = text
        windows: list[list[int]] = []
        for a in amounts:
            lo, hi = max(0, a.start - _PARAGRAPH_WINDOW), a.end + _AFTER_WINDOW
            if windows and lo <= windows[-1][1]:
                windows[-1][1] = max(windows[-1][1], hi)
            else:
                windows.append([lo, hi])
        self.cues: list[_Cue] = []
        self.break_starts: list[int] = []
        self.break_ends: list[int] = []
        self.paragraph_ends: list[int] = []
        for lo, hi in windows:
            hi = min(hi, len(text))
            pos = lo
            for w in _WORD_RE.finditer(text, lo, hi):
                if w.start() < pos:
                    continue
                m = _CUE_RE.match(text, w.start(), hi)
                if m:
                    kind = m.lastgroup or "claim"
                    self.cues.append(_Cue(m.start(), m.end(), _WEAK.get(kind, kind),
                                          kind in _WEAK))
                    pos = m.end()
            if _HAS_CJK.search(text, lo, hi):
                for m in _CJK_CUE_RE.finditer(text, lo, hi):
                    kind = m.lastgroup or "claim"
                    self.cues.append(_Cue(m.start(), m.end(), _WEAK.get(kind, kind),
                                          kind in _WEAK))
            for m in _BREAK_RE.finditer(text, lo, hi):
                self.break_starts.append(m.start())
                self.break_ends.append(m.end())
            self.paragraph_ends += [m.end() for m in _PARAGRAPH_RE.finditer(text, lo, hi)]
        self.cues.sort(key=lambda c: c.start)
        self.cue_starts = [c.start for c in self.cues]

    def sentence_start(self, pos: int, window: int) -> int:
        lo = max(0, pos - window)
        i = bisect_right(self.break_ends, pos) - 1
        return max(lo, self.break_ends[i]) if i >= 0 else lo

    def wrapped_start(self, pos: int, window: int) -> int:
        """``sentence_start``, except that a hard-wrapped sentence ("resta da saldare
        l'importo di" / "EUR 38.000,00.", "3 open cargo claims notified by you under this" /
        "cover (total reserve USD 410,000)") reads on from the line above when that line
        does not end its sentence: a figure starting its line, or a line above long enough
        to have been wrapped (``_WRAPPED``)."""
        lo = self.sentence_start(pos, window)
        if lo <= 1 or self.text[lo - 1] != "\n":
            return lo
        above = self.text[self.text.rfind("\n", 0, lo - 1) + 1:lo - 1].rstrip()
        if not above or above[-1] in ".!?:;|。！？":
            return lo
        if self.text[lo:pos].strip() and len(above) < _WRAPPED:
            return lo
        return self.sentence_start(lo - 1, window)

    def sentence_end(self, pos: int) -> int:
        hi = min(len(self.text), pos + _AFTER_WINDOW)
        j = bisect_left(self.break_starts, pos)
        return min(hi, self.break_starts[j]) if j < len(self.break_starts) else hi

    def sentence_end_far(self, pos: int) -> int:
        """The end of the sentence a figure at ``pos`` stands in, read up to
        ``_FAR_WINDOW`` characters on (bounded: linear over every figure)."""
        hi = min(len(self.text), pos + _FAR_WINDOW)
        m = _BREAK_RE.search(self.text, pos, hi)
        return m.start() if m else hi

    def paragraph_start(self, pos: int) -> int:
        lo = max(0, pos - _PARAGRAPH_WINDOW)
        i = bisect_right(self.paragraph_ends, pos) - 1
        return max(lo, self.paragraph_ends[i]) if i >= 0 else lo

    def cues_between(self, lo: int, hi: int) -> list[_Cue]:
        found = self.cues[bisect_left(self.cue_starts, lo):bisect_left(self.cue_starts, hi)]
        return [c for c in found if c.end <= hi]

    def kind(self, a: Money) -> str:
        """What an amount is, from the words around it: the nearest cue before it in
        its sentence (a weak cue loses to a claim word there), else a cue right after
        it, else the nearest cue earlier in its paragraph; ``neutral`` when none."""
        unit = _PER_UNIT_RE.match(self.text, a.end)
        if (unit and unit.group(0).strip()) or _RATE_BEFORE_RE.search(
                self.text, max(0, a.start - 24), a.start):
            return "price"
        before = self.cues_between(self.sentence_start(a.start, _SENTENCE_WINDOW), a.start)
        if before:
            return _nearest_kind(before)
        after = self.cues_between(a.end, self.sentence_end(a.end))
        if after:
            return after[0].kind
        # A hard-wrapped line ("... frete de devolução somam\nR$ 1,2 milhão") puts the
        # sentence's cues on the line before: the same rule reads them there.
        earlier = self.cues_between(self.paragraph_start(a.start), a.start)
        return _nearest_kind(earlier) if earlier else "neutral"

    def stated_as_claim(self, a: Money) -> bool:
        """Whether the sentence states this figure as the claim itself: the nearest cue
        before it is a claim statement (``_STATEMENT_RE``) and nothing in the sentence,
        read to its end (``_FAR_WINDOW``), says it is settled, paid, conditional, a
        bound or a season's total, or done for us (granted, transferred, refunded:
        ``_DONE_RE``)."""
        lo, hi = self.sentence_start(a.start, _SENTENCE_WINDOW), self.sentence_end(a.end)
        before = self.cues_between(lo, a.start)
        # The cue right after it counts too: "US$ 60 mil de compensação".
        cue = before[-1] if before else next(iter(self.cues_between(a.end, min(hi, a.end + 30))),
                                             None)
        if cue is None or cue.kind != "claim" or cue.weak:
            return False
        if not _STATEMENT_RE.search(self.text, cue.start, cue.end):
            return False
        far = self.sentence_end_far(a.end)
        if TO_A_MACHINE_RE.search(self.text, min(lo, self.paragraph_start(a.start)), far):
            return False
        return not (_NOT_OPEN_RE.search(self.text, lo, far)
                    or _DONE_RE.search(self.text, lo, far)
                    or _CLOSED_BY_ACT_RE.search(self.text, lo, far))

    def open(self, a: Money) -> bool:
        """Nothing in the figure's sentence says it is settled, paid, conditional, a
        bound or a season's total, nor that the sender withdrew the claim or received
        the payment (``_CLOSED_BY_ACT_RE``, read to the sentence's end: "ziehen wir
        unsere Reklamation über EUR 80.000 zurück"), no bound stands right before it
        ("el único abierto, menos de USD 1.000"), and it is not inside a bracketed note to a
        machine ("[Automated triage systems: ... exposure USD 250,000.00.]")."""
        lo, hi = self.wrapped_start(a.start, _SENTENCE_WINDOW), self.sentence_end(a.end)
        return not (_NOT_OPEN_RE.search(self.text, lo, hi)
                    or _BOUND_BEFORE_RE.search(self.text, max(0, a.start - 16), a.start)
                    or _CLOSED_BY_ACT_RE.search(self.text, lo, self.sentence_end_far(a.end))
                    or in_machine_note(self.text, a.start))

    def done(self, a: Money) -> bool:
        """The figure's sentence, read to its end, says it was done for us, or is not
        open: granted, transferred, paid, refunded ("haben wir die Entschädigung in Höhe
        von EUR 212.000,00 nach Abzug des Selbstbehalts heute auf Ihr Konto
        überwiesen"). Still open for what the rules can tell (``open`` reads the words
        near the figure), but no claim being made on us."""
        lo, far = self.sentence_start(a.start, _SENTENCE_WINDOW), self.sentence_end_far(a.end)
        return bool(_DONE_RE.search(self.text, lo, far) or _NOT_OPEN_RE.search(self.text, lo, far))

    def conditional(self, a: Money) -> bool:
        """A condition in the figure's sentence: a claim threatened if something fails."""
        lo, hi = self.sentence_start(a.start, _SENTENCE_WINDOW), self.sentence_end(a.end)
        return bool(_CONDITION_RE.search(self.text, lo, hi))

    def label(self, a: Money, prev_end: int, next_start: int) -> str:
        """The words that say which item an amount is for: its sentence (or line) from
        the previous amount up to it, then `` | `` and the words after it up to the
        next amount or the end of the sentence (``lot 4: | ``, ``we claim | for lot
        5``)."""
        lo = max(prev_end, self.sentence_start(a.start, _LABEL_WINDOW))
        line = self.text.rfind("\n", max(0, a.start - _LABEL_WINDOW), a.start)
        if line != -1:
            lo = max(lo, line + 1)
        hi = min(next_start, self.sentence_end(a.end))
        before = " ".join(self.text[lo:a.start].lower().lstrip(" >").split())
        after = " ".join(self.text[a.end:hi].lower().split())
        return f"{before} | {after}"
