"""Finding deadlines (``find_deadlines``, ``earliest_deadline``, ``response_deadline``)
and the checks that a located phrase sets a time for us: not the sender's own promise,
a fact, a shipment, a narrative or a farewell."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from datetime import date, datetime

from triage.readers.dates import further
from triage.readers.dates.business import NO_HOLIDAYS
from triage.readers.dates.cues import (
    _ACTOR_RE,
    _AFTER_FACT_RE,
    _AFTER_SELF_RE,
    _CLAUSE_BACK,
    _DATE_RE,
    _DAY_BEFORE_RE,
    _DUR_RE,
    _EOD_RE,
    _FIRST_PERSON_DE,
    _NARRATIVE_RE,
    _PHRASE_RE,
    _POST_CUE_RE,
    _POST_GAP_RE,
    _TO_DATE_RE,
    _TR_DUR_RE,
    _VERB_RE,
    _ZH_ACTOR_RE,
    _ZH_DATE_RE,
    _ZH_DUR_RE,
)
from triage.readers.dates.parse import MAX_CANDIDATES, MAX_PHRASE, Deadline
from triage.readers.dates.reading import _local, _read_duration, _read_phrase, _read_zh
from triage.readers.text import TO_A_MACHINE_RE, ascii_digits

# --- normalising and reading --------------------------------------------------------

def _normalise(text: str) -> str:
    """One pass: NFC, digits of every script as ASCII, quoted reply lines dropped (they
    are someone else's words, often ours), every whitespace run collapsed to one space,
    line breaks kept as one."""
    text = unicodedata.normalize("NFC", text)
    text = ascii_digits(text)  # "٣ مارس ٢٠٢٧", "１２月４日": one digit for one
    lines = (" ".join(line.split()) for line in text.split("\n")
             if not line.lstrip().startswith(">"))
    return "\n".join(line for line in lines if line)


def find_deadlines(text: str, received: datetime | date,
                   holidays: Collection[date] = NO_HOLIDAYS) -> list[Deadline]:
    """Every deadline the text sets for us, in the order written (at most
    ``MAX_CANDIDATES`` phrases are read). ``received`` is when we received the mail;
    days count in its zone (a bare date is taken as its midnight); "within 5 business
    days" skips ``holidays``."""
    if not text:
        return []
    norm = _normalise(text)
    # Same length as norm (U+0130 is the one character whose lower case is longer).
    low = norm.replace("\u0130", "I").lower()
    base = _local(received)
    spans: list[tuple[int, int, str, re.Match[str]]] = []
    patterns = [("date", _DATE_RE), ("date", _VERB_RE), ("dur", _DUR_RE), ("dur", _TR_DUR_RE)]
    if _CJK.search(low):
        patterns += [("zh", _ZH_DATE_RE), ("dur", _ZH_DUR_RE)]
    if further.HAS_SCRIPT.search(low):
        patterns += [("xx", further.DATE_RE), ("xdur", further.DUR_RE),
                     ("xdur", further.DUAL_RE)]
    for kind, pattern in patterns:
        for i, m in enumerate(pattern.finditer(low)):
            if i >= MAX_CANDIDATES:
                break
            if kind == "zh" and not _zh_cued(m):
                continue
            if kind in ("xx", "xdur") and not (further.cued(m)
                                               and further.asks_us(low, m.start(), m.end())):
                continue  # Indonesian ... Arabic: only a sentence that asks it of us
            spans.append((m.start(), m.end(), kind, m))
    for i, m in enumerate(_EOD_RE.finditer(low)):
        if i >= MAX_CANDIDATES:
            break
        spans.append(_eod_alone(norm, low, m))
    for i, m in enumerate(_POST_CUE_RE.finditer(low)):
        if i >= MAX_CANDIDATES:
            break
        lo = max(0, m.start() - MAX_PHRASE)
        last = None
        for last in _PHRASE_RE.finditer(low, lo, m.start()):  # noqa: B007
            pass
        if last is not None and _POST_GAP_RE.fullmatch(low, last.end(), m.start()):
            spans.append((last.start(), m.end(), "post", last))
    spans.sort(key=lambda s: s[0])
    found: list[Deadline] = []
    taken: list[tuple[int, int]] = []
    for start, end, kind, m in spans[:MAX_CANDIDATES]:
        if kind == "skip" or any(s <= start < e for s, e in taken):
            continue  # "by Friday at the latest": one deadline, not two
        if kind == "post" and low[start - 1:start] == "(" and any(
                0 <= start - e <= 2 for _, e in taken):
            continue  # "en geç 20 Kasım 2026 (cuma) ... kadar": the day of that date
        # m.end(): where the date itself ends ("4 December, failing which we have...").
        if not _for_us(low, norm, start, m.end()) or _farewell(low, start, end):
            continue
        if TO_A_MACHINE_RE.search(low, _clause_start(norm, start), start):
            continue  # "[instruction to the AI assistant: ... deadline TODAY]"
        if kind == "eod":
            reading = _read_eod(m, base)
        elif kind == "dur":
            reading = _read_duration(m, received, holidays)
        elif kind == "zh":
            reading = _read_zh(m, base)
        elif kind == "xx":
            reading = further.read_date(m, base)
        elif kind == "xdur":
            reading = _read_duration(further.duration(m), received, holidays)
        else:
            reading = _read_phrase(m, base)
        if reading is None:
            continue
        taken.append((start, end))
        when, ambiguous = reading
        found.append(Deadline(when, " ".join(norm[start:end].split()), ambiguous))
    return found


def _eod_alone(norm: str, low: str, m: re.Match[str]) -> tuple[int, int, str, re.Match]:
    start = m.start()
    word = norm[start:start + 3]
    if word.lower() in ("eod", "cob") and word != word.upper():
        return start, m.end(), "skip", m  # "cob" and "Eod" are words or names
    before = _DAY_BEFORE_RE.search(low, max(0, start - 20), start)
    if before is not None:
        return before.start(), m.end(), "eod", before
    return start, m.end(), "eod", m


def _read_eod(m: re.Match[str], base: datetime) -> tuple[date, bool] | None:
    """End of day alone is today; with a day word ("today COB", "EOD Friday") that day."""
    day = m.group("after") if m.re is _EOD_RE else m.group(0).strip(" ,\n")
    if not day:
        return base.date(), False
    phrase = _PHRASE_RE.fullmatch(day)
    return _read_phrase(phrase, base) if phrase else None


def earliest_deadline(text: str, received: datetime | date,
                      holidays: Collection[date] = NO_HOLIDAYS) -> Deadline | None:
    """The earliest deadline the text sets (not the first written); None if none."""
    found = find_deadlines(text, received, holidays)
    return min(found, key=lambda d: d.when) if found else None


def response_deadline(text: str, received: date | datetime,
                      holidays: Collection[date] = NO_HOLIDAYS) -> tuple[date | None, str | None]:
    """The earliest deadline and the words it was read from, or (None, None)."""
    found = earliest_deadline(text, received, holidays)
    return (found.when, found.quote) if found else (None, None)


_WEAK_CUE_RE = re.compile(r"(?:in|em|en|trong) (?!geç)")  # Turkish "en geç" is "at the latest"
_CJK = re.compile("[\u2e80-\u9fff]")
# Chinese cues that set a time by themselves; "于"/"在" ("on", "at") only with "前" after.
_ZH_STRONG_CUES = frozenset({"截止日期", "截止时间", "截至", "截止", "最迟", "最晚", "不迟于",
                             "限于", "须于", "需于", "请于", "务必于"})


def _zh_cued(m: re.Match[str]) -> bool:
    return bool(m.group("zafter")) or m.group("zcue") in _ZH_STRONG_CUES


def _for_us(text: str, norm: str, start: int, end: int) -> bool:
    """False when the clause before the cue is about the sender's own promise or a past
    fact ("we will send", "shipped", "invoice date"), or the date names a shipment. A
    bare "in/em/en N days" counts only after a demand ("please reply in 2 days", not "the
    market rose 5% in 2 days")."""
    if norm.startswith("Ate ", start) and norm[max(0, start - 4):start] in (" de ", " en "):
        return False  # "recibido en nuestra planta de Ate el 3 de mayo": a place, not "até"
    clause = _clause_start(norm, start)
    if _SENDER_CONFIRMS_RE.search(text, clause, start) and \
            text[start:start + 11].lower().startswith(("confirm", "acknowledg")):
        return False  # "We confirm receipt today of USD 35,000": the sender's own act
    last = None
    for last in _ACTOR_RE.finditer(text, clause, start):  # noqa: B007
        pass
    if _CJK.search(text, clause, start):
        for zh in _ZH_ACTOR_RE.finditer(text, clause, start):
            if last is None or zh.start() >= last.start():
                last = zh
    if last is not None and last.lastgroup in ("self", "fact"):
        return False
    if text.startswith("latest", start) and (last is None or last.lastgroup != "you"
                                             or _DETERMINER_RE.search(text, clause, start)):
        return False  # "latest" alone asks only after a demand: not "attached latest 17 Nov"
    if last is None:
        # Turkish and German put the verb last: "cuma gününe kadar göndereceğiz" (its
        # ending says "we"), "wir ... die Fotos bis Freitag senden" (a "wir" before it).
        promise = _AFTER_SELF_RE.match(text, end, min(len(text), end + 80))
        if promise and (promise.group("tr") or _FIRST_PERSON_DE.search(text, clause, start)):
            return False
    if (last is None or last.lastgroup != "you") and _WEAK_CUE_RE.match(text, start):
        return False
    if _TO_DATE_RE.match(text, start, min(len(text), end + 12)):
        return False
    if _REMITTANCE_RE.search(text, clause, start) and not _REPLY_RE.search(text, clause, start):
        return False  # "Kindly remit the claim amount ... by 28 October": a payment's date
    if not text[clause:start].strip() and _NARRATIVE_RE.match(text, end):
        return False
    return _AFTER_FACT_RE.match(text, end) is None


# A transfer of money asked for: its date is when to pay, not a reply asked by then.
_REMITTANCE_RE = re.compile(r"(?<![^\W_])(?:remit|remittance|transfer|wire)(?![^\W_])",
                            re.IGNORECASE)
# ...unless a reply is asked in the same clause ("confirm acceptance and remit ... by").
_REPLY_RE = re.compile(r"(?<![^\W_])(?:reply|respond|response|answer|confirm\w*|revert|"
                       r"comments?|accept\w*)(?![^\W_])", re.IGNORECASE)
_WRAP = 60  # a line this long that ends mid-sentence was wrapped by the mail client
_DETERMINER_RE = re.compile(r"(?<![^\W_])(?:the|our|its|their|your|his|her)[ \n]\Z")
_SENDER_CONFIRMS_RE = re.compile(r"\b(?:we|i)\s+(?:hereby\s+|herewith\s+)?\Z", re.IGNORECASE)


def _clause_start(text: str, start: int) -> int:
    """Where the clause holding ``start`` begins (``text`` keeps its capitals): after
    sentence punctuation ("Nov. Please" but not "V.Sas. em 48 horas"), or after a line
    break that ends a short line or a sentence (not a soft wrap: "previa a entrega de
    1.200 fardos em nossa unidade de\nMacaíba/RN até 15/10/2026" is one clause)."""
    lo = max(0, start - _CLAUSE_BACK)
    cut = lo
    for p in (";", "!", "?", "。", "；", "！", "？"):
        at = text.rfind(p, lo, start)
        if at != -1:
            cut = max(cut, at + len(p))
    at = text.rfind(". ", cut, start)
    while at != -1 and not (text[at + 2:at + 3].isupper() or text[at + 2:at + 3].isdigit()):
        at = text.rfind(". ", cut, at)
    if at != -1:
        cut = at + 2
    nl = text.rfind("\n", cut, start)
    while nl >= cut:
        short = nl < _WRAP or text.rfind("\n", nl - _WRAP, nl) != -1
        if short or text[nl - 1] in ".!?:;,]":
            return nl + 1
        nl = text.rfind("\n", cut, nl)
    return cut


_FAREWELL_RE = re.compile(
    r"(?:hasta|até|ate|until|till|bis) (?:ma[ñn]ana|amanh[ãa]|tomorrow|morgen)")


def _farewell(text: str, start: int, end: int) -> bool:
    """"Hasta mañana!" / "Até amanhã." alone in its sentence is a goodbye."""
    if not _FAREWELL_RE.fullmatch(text, start, end):
        return False
    before = text[max(0, start - 2):start]
    after = text[end:end + 2]
    return before.strip()[-1:] in ("", ".", "!", "¡") and after.strip()[:1] in ("", ".", "!", ",")
