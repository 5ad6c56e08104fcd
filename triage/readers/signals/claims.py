"""Affirmed words by kind (claim words, claim-type words, legal words, a caller's own
pattern), and the claim readings: ``find_affirmed``, ``claim_types``,
``has_claim_signal``.
"""

from __future__ import annotations

import re

from triage.readers import money
from triage.readers.signals.document import _Doc, _folded, _quoted, _yours
from triage.readers.signals.matching import _MAX_CANDIDATES
from triage.readers.signals.negation import _post_negated, _pre_negated
from triage.readers.signals.threats import (
    ARBITRATION_WORDS,
    CANCELLATION_WORDS,
    _affirmed_legal,
    _threat,
    own_threat,
)
from triage.readers.signals.topics import _topic_only
from triage.readers.signals.vocabulary import (
    _DEFECT,
    _QUALIFIER_BEFORE,
    _VALUE,
    CLAIM_TYPE_PATTERNS,
    CLAIM_WORDS,
)
from triage.routes import ClaimType

_LEAD_LINES = 8
_LEAD_REACH = 400
_FORM_LINES = 30
_FORM_HEAD = re.compile(
    r"\b(?:debit\s+note|(?:nota|notifica[çc][ãa]o)\s+de\s+d[ée]bito|nota\s+di\s+addebito|note\s+de\s+d[ée]bit|"
    r"belastungsanzeige|lastschrift|bor[çc]\s+dekontu|"
    r"claim\s+(?:notice|no\b|number|type|amount|form)|descontos?(?:\b|_)|descuentos?(?:\b|_)"
    # A table with a column of claims ("Lot | Bales | Claim | Currency", "claim_usd"), a
    # form's "Claim:" field.
    r"|claims?_(?:usd|amount|value)\b)|\|\s*claims?(?:_\w+)?\s*(?:\||$)"
    r"|^[ \t]*claim[ \t]*:", re.MULTILINE)
# A report of claims and their states (paid, settled, a reserve) is no claim's document.
_FORM_CLOSED = re.compile(r"\b(?:paid|settled|closed|reserves?|declined|withdrawn|pag[oa]s?|"
                          r"pagad[oa]s?|liquidad[oa]s?|encerrad[oa]s?|cerrad[oa]s?)\b")
_FORM_DEFECT = re.compile(rf"\b(?:{_DEFECT}|contestazion\w*|abbuono|"
                          r"late\s+(?:arrival|shipment|delivery)|atraso|retraso|versp[äa]tung)")
_DIGIT = re.compile(r"\d")

# --- Affirmation, by kind of word -------------------------------------------------


def _affirmed_word(doc: _Doc, m: re.Match[str], *, claim_word: bool = False) -> bool:
    if _pre_negated(doc, m.start()) or _post_negated(doc, m.end()):
        return False
    return not _topic_only(doc, m.start(), m.end(), claim_word=claim_word)


def _affirmed_claim_word(doc: _Doc, m: re.Match[str]) -> bool:
    return _affirmed_word(doc, m, claim_word=True)


def _affirmed_term(doc: _Doc, m: re.Match[str]) -> bool:
    """A claim-type word the email affirms (a measurement: only a wrong one)."""
    if m.lastgroup == "measure" and not (
            _qualified(doc, m) or (_measured(doc, m) and _claim_context(doc))):
        return False
    return _affirmed_word(doc, m)


def _qualified(doc: _Doc, m: re.Match[str]) -> bool:
    a, b = doc.sentence(m.start(), m.end())
    if doc.has_cue("qualifier", m.end(), min(b, m.end() + 90)):
        return True
    return bool(_QUALIFIER_BEFORE.search(doc.low, max(a, m.start() - 30), m.start()))


def _measured(doc: _Doc, m: re.Match[str]) -> bool:
    _, b = doc.sentence(m.start(), m.end())
    return bool(_VALUE.search(doc.text, m.end(), min(b, m.end() + 25)))

_KINDS = {id(p): _affirmed_term for p in CLAIM_TYPE_PATTERNS.values()}
_KINDS[id(CLAIM_WORDS)] = _affirmed_claim_word
_KINDS[id(ARBITRATION_WORDS)] = _affirmed_legal
_KINDS[id(CANCELLATION_WORDS)] = _affirmed_legal


def _plain(doc: _Doc, m: re.Match[str]) -> bool:
    return not (_pre_negated(doc, m.start()) or _post_negated(doc, m.end()))


def _iter_affirmed(doc: _Doc, pattern: re.Pattern[str]):
    check = _KINDS.get(id(pattern))
    if check is None:  # a caller's own pattern, perhaps case-sensitive
        check, target = _plain, doc.text
    else:
        target = doc.low
    for i, m in enumerate(pattern.finditer(target)):
        if i >= _MAX_CANDIDATES:
            doc._memo["overflow"] = True
            return
        if check(doc, m):
            yield m


def find_affirmed(text: str, pattern: re.Pattern[str]) -> list[re.Match[str]]:
    """Matches of ``pattern`` that the email affirms, on the folded text (lower-cased
    for this module's own patterns, which are written in lower case). For this
    module's own patterns that means what their kind needs (a claim word not only
    naming the topic, a measurement that is wrong, a legal word that is not only a
    clause); for any other pattern, not negated in its clause."""
    return list(_iter_affirmed(_folded(text), pattern))


def _first(doc: _Doc, pattern: re.Pattern[str]) -> re.Match[str] | None:
    key = f"first:{id(pattern)}"
    if key not in doc._memo:
        doc._memo[key] = next(_iter_affirmed(doc, pattern), None)
    return doc._memo[key]  # type: ignore[return-value]


def _claim_context(doc: _Doc) -> bool:
    """The email is a claim without counting measurements: a claim word, a rejection or
    liability, a problem word, or a threat."""
    if "claim_context" not in doc._memo:
        doc._memo["claim_context"] = bool(
            _first(doc, CLAIM_WORDS)
            or any(_type_reading(doc, name)[0] for name in CLAIM_TYPE_PATTERNS)
            or _threat(doc))
    return bool(doc._memo["claim_context"])


def _type_reading(doc: _Doc, name: ClaimType) -> tuple[bool, bool, bool]:
    """One pass over a claim type's words: (a problem word affirmed, a wrong
    measurement affirmed, a measured value affirmed)."""
    key = f"type:{name}"
    if key not in doc._memo:
        pattern = CLAIM_TYPE_PATTERNS[name]
        has_measure = "measure" in pattern.groupindex
        strong = qualified = valued = False
        for i, m in enumerate(pattern.finditer(doc.low)):
            if i >= _MAX_CANDIDATES:
                doc._memo["overflow"] = True
                break
            if m.lastgroup == "strong":
                strong = strong or _affirmed_word(doc, m)
            elif not qualified:
                if _qualified(doc, m):
                    qualified = _affirmed_word(doc, m)
                elif not valued and _measured(doc, m):
                    valued = _affirmed_word(doc, m)
            if strong and (qualified or not has_measure):
                break
        doc._memo[key] = (strong, qualified, valued)
    return doc._memo[key]  # type: ignore[return-value]


def claim_types(text: str) -> list[ClaimType]:
    """The kinds of claim the email affirms, in CLAIM_TYPE_PATTERNS order."""
    doc = _folded(text)
    found = []
    for name in CLAIM_TYPE_PATTERNS:
        strong, qualified, valued = _type_reading(doc, name)
        if strong or qualified or (valued and _claim_context(doc)):
            found.append(name)
    return found


def has_claim_signal(text: str) -> bool:
    """Whether the email reads as a claim: an affirmed claim word, rejection, liability,
    problem, wrong measurement or threat. Deterministic, so a persuaded classifier
    cannot wave a contamination claim through as a routine forward unseen."""
    doc = _folded(text)
    return bool(_claim_context(doc) or claim_types(text) or doc._memo.get("overflow"))


def _act_in_sentence(doc: _Doc, m: re.Match[str]) -> bool:
    a, b = doc.sentence(m.start(), m.end())
    if doc.in_sentence("claim_elsewhere", a, b):
        return False  # the sender's claim on the carrier or an insurer
    return doc.in_sentence("finding", a, b) or doc.in_sentence("claim_assertion", a, b)


def _claim_beside_open_figure(doc: _Doc) -> bool:
    """An affirmed claim word in the sentence of an open claimed figure: "we claim
    USD 2,500", "Reclamação: R$ 48.600,00". A claim word in one line and figures in
    another (a report's "Claims notified: 14" above its table) is not."""
    totals = money.claimed_totals(doc.text)
    spans = [span for c in totals for span in c.open_spans]
    # The sender's own act in a figure's sentence, whatever the figure's words ("We have
    # paid USD 6,300.00 in storage ... and we hold Buriti Cotton responsible"), not settled.
    for a in money.find_amounts(doc.text)[:_MAX_CANDIDATES]:
        own = doc.sentence(a.start, a.end)
        if doc.in_sentence("claim_assertion", *own) and not any(
                doc.in_sentence(c, *own) for c in ("claim_elsewhere", "settled", "settlement")):
            return True
    if not spans:
        return False
    done = {span for c in totals for span in c.done_spans}
    for start, end in spans:
        # The sender putting the figure to us: in its sentence or the next ("this is
        # USD 12,400. We request a credit note for this amount"), or in the line that
        # leads into its table ("we are claiming as follows:").
        own = doc.sentence(start, end)
        after = own[1] + 1
        following = doc.sentence(after, after + 1) if after < len(doc.text) else own
        if doc.in_sentence("claim_elsewhere", *own):
            continue
        for a, b in (own, following, _lead_in(doc, start)):
            if a < b and doc.in_sentence("claim_assertion", a, b):
                return True
        if _claim_form(doc, start):
            return True
    # A claim word beside the figure, unless the figure was paid or granted to us (an
    # insurer's indemnity transferred, a refund granted): a claim of ours, done.
    spans = [span for span in spans if span not in done]
    # A claim's balance still open, in mail that names a claim ("a small housekeeping item
    # from last season: the quality claim ... The remaining balance of USD 118,400 is
    # still open in our books"): the rest is being asked for.
    if CLAIM_WORDS.search(doc.low) and any(money.states_open_balance(doc.text, start, end)
                                           for start, end in spans):
        return True
    # A statement's row marked open under its claim's description ("DN-HF-2027-014  quality
    # claim ... (PP contamination ...)" / "USD 96,400.00   OUTSTANDING").
    affirmed = list(_iter_affirmed(doc, CLAIM_WORDS))
    for start, end in spans:
        if money.marked_open(doc.text, end):
            a = _block_start(doc, start)
            if any(a <= m.start() < start for m in affirmed):
                return True
    for m in affirmed:
        a, b = doc.sentence(m.start(), m.end())
        if doc.in_sentence("claim_elsewhere", a, b):
            continue
        if any(start < b and end > a for start, end in spans):
            return True
    return False


def _claim_form(doc: _Doc, start: int) -> bool:
    """A figure in a claim's own document: its block of lines (to a blank line) is a
    debit note, a claim notice or a table of deductions that names a defect or a claim
    ("DEBIT NOTE ... Desc: quality allowance - high micronaire ... Amount: USD 57,200",
    an ERP's "Claim no. / Amount / Currency", "lote | motivo | desconto_R$"). A broker's
    debit note for port charges names no defect; a report of claims paid has no form."""
    a = _block_start(doc, start)
    b = start
    for _ in range(_FORM_LINES):
        below = doc.text.find("\n", b + 1)
        if below < 0 or not doc.text[b:below].strip():
            break
        b = below
    if not _FORM_HEAD.search(doc.low, a, b) or doc.in_sentence("claim_received", a, b):
        return False  # no form, or the sender accepting the claim made on it
    # A statement of account's rows: each line its own item ("Invoice ... paid" / "Debit
    # note DN-0912 ... OPEN - quality allowance"); a line naming its defect is read alone.
    line = doc.text.rfind("\n", 0, start) + 1, _line_end(doc, start)
    closed = (_FORM_CLOSED.search(doc.low, *line) if _form_defect(doc, *line)
              else _FORM_CLOSED.search(doc.low, a, b))
    if closed:
        return False
    if _form_defect(doc, a, b):
        return True
    # "The amount of the debit note is CNY 420,000.00": the note's reason is told in the
    # paragraph above ("our debit note ... (high neps and immature fibre content)").
    above = _block_start(doc, max(a - 2, 0))
    return (above < a and _form_defect(doc, above, a)
            and not _FORM_CLOSED.search(doc.low, above, a))


def _line_end(doc: _Doc, pos: int) -> int:
    end = doc.text.find("\n", pos)
    return len(doc.text) if end < 0 else end


def _block_start(doc: _Doc, start: int) -> int:
    """Where the lines holding ``start`` begin: after the blank line above (within
    _FORM_LINES lines)."""
    a = doc.text.rfind("\n", 0, start) + 1  # its own line, however indented
    for _ in range(_FORM_LINES):
        if a <= 0:
            break
        above = doc.text.rfind("\n", 0, a - 1)
        if not doc.text[above + 1:a - 1].strip():
            break
        a = above + 1
    return a


def _form_defect(doc: _Doc, a: int, b: int) -> bool:
    """The lines name a defect: a claim's word, or a claim type's word (a wrong
    measurement: "neps above 250/g"; a classing fee names no defect)."""
    if _FORM_DEFECT.search(doc.low, a, b):
        return True
    return any(m.lastgroup == "strong" or _qualified(doc, m)
               for p in CLAIM_TYPE_PATTERNS.values() for m in p.finditer(doc.low, a, b))


def _lead_in(doc: _Doc, start: int) -> tuple[int, int]:
    """The words that a figure's table hangs from: the paragraph (at most
    _LEAD_REACH characters) ending in a colon nearest above it within a few lines, every
    line between blank or holding a figure; (0, 0) when there is none."""
    end = doc.text.rfind("\n", 0, start)
    for _ in range(_LEAD_LINES):
        if end <= 0:
            break
        line_start = doc.text.rfind("\n", 0, end) + 1
        line = doc.text[line_start:end].strip()
        if line.endswith(":"):
            paragraph = doc.text.rfind("\n\n", max(0, end - _LEAD_REACH), end)
            return (paragraph + 1 if paragraph >= 0 else max(0, end - _LEAD_REACH)), end
        if line and not _DIGIT.search(line):
            break
        end = line_start - 1
    return 0, 0


def claim_is_made(text: str) -> bool:
    """Whether a claim is being made, not only talked about: a threat; an affirmed
    claim word or problem word in a sentence that claims (a finding in the goods, the
    sender's own claim, a rejection); or an affirmed claim word beside an open claimed
    figure ("claim USD 2,500"). Talk about claims (an offer to reduce them, a report that
    found none, a settled matter, news, a farewell) names the words without the act."""
    doc = _folded(text)
    if "made" not in doc._memo and doc.settled_above():
        # The sender's own words settle what the thread below was about: only they can
        # make a claim ("we confirm receipt of USD 38,000.00 in full and final settlement").
        doc._memo["made"] = claim_is_made(doc.text[:len(doc.own_words())])
    if "made" not in doc._memo:
        made = bool(own_threat(doc)) or doc.anywhere("withheld")
        received, closed = doc.anywhere("claim_received"), doc.anywhere("withdrawal")
        # Withdrawn (the words are about that one), or on someone else and not on us.
        if not (made or closed or doc.on_others()):
            patterns = [CLAIM_WORDS, *CLAIM_TYPE_PATTERNS.values()]
            # A claim received or accepted: the one quoted below (">") is the reader's own.
            made = any(_act_in_sentence(doc, m) for p in patterns
                       for m in _iter_affirmed(doc, p)
                       if not ((received and _quoted(doc, m.start()))
                               or (p is CLAIM_WORDS and _yours(doc, m.start()))))
        # A sender acknowledging the reader's claim quotes its figures: no claim of its own.
        if not (made or closed or received or doc.on_others()) and (
                CLAIM_WORDS.search(doc.low) or doc.anywhere("claim_assertion")
                or _FORM_HEAD.search(doc.low)):
            made = _claim_beside_open_figure(doc)
        doc._memo["made"] = made or bool(doc._memo.get("overflow"))
    return bool(doc._memo["made"])
