"""Amounts in figures: numbers (``parse_number``: Western, European, Swiss and Indian
groupings), scale words (``k``, ``mil``, ``lakh``...), the text normalisation (fullwidth
forms, invisible characters), and the currency written right before or after a number."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from triage.readers.money.currency import (
    _AFTER_RE,
    _BEFORE_WINDOW,
    _CJK_NAMES,
    _GAP_BEFORE,
    _NUMBER_NEXT_RE,
    _SYMBOLS,
    _code,
    _glued_letter,
    _is_cjk,
    _is_name,
    _name,
    _sign_before,
)
from triage.readers.text import ASCII_DIGITS

# --- Numbers ----------------------------------------------------------------------------

_SPACES = " \u00a0\u2009\u202f"
# One candidate number: either groups of three digits after spaces ("180 000,00", which
# is only a number if no ",000" follows: "lot 4 180,000" is two), or a run of digits
# and separators. Each alternative has one way to match, so nothing backtracks.
_RUN_RE = re.compile(
    r"[0-9]{1,3}(?:[ \u00a0\u2009\u202f][0-9]{3}(?![0-9]|[.,'’][0-9]{3}))+"
    r"(?:[.,][0-9]{1,2}(?![0-9]))?"
    r"|[0-9]+(?:[.,'’][0-9]+)*"
)
_NON_DIGIT_RE = re.compile(r"[^0-9]")
_MAX_RUN = 40  # no amount of money needs more characters than this
_HUGE = "1" + "0" * _MAX_RUN
_GAP_CHARS = " \t\u00a0\u2009\u202f\n|:"
_CURRENCY_EDGE = "$€£¥₹₺₫₩฿৳."


def _canonical(s: str) -> str | None:
    """``118.300,00`` -> ``118300.00``; None when the run is no single number.

    The last ``.`` or ``,`` is decimal when it is the only one and not followed by
    exactly three digits (``4,5``, ``0.180``, ``1234,567``), or when another kind of
    separator comes before it (``118.300,00``, ``1 234,5``, ``250'000.50``). Groups
    before it must be Western (``1,234,567``) or Indian (``1,80,00,000``) thousands.
    """
    if not s:
        return None
    canonical = _number(s)
    if canonical is not None and len(canonical.partition(".")[0]) > _MAX_RUN:
        # More digits than any real amount: read as "at least 10^40" (the backstop caps
        # and reports it) rather than as no amount, so an absurd claim fails closed.
        return _HUGE if canonical[0] != "0" else None
    return canonical


def _number(s: str) -> str | None:
    groups = _NON_DIGIT_RE.split(s)
    seps = [c for c in s if not c.isdigit()]
    if not seps:
        return s
    last = seps[-1]
    decimal = False
    if last in ".," and seps.count(last) == 1:
        if len(seps) > 1:
            decimal = True
        else:
            head, tail = groups
            grouped = len(tail) == 3 and 1 <= len(head) <= 3 and not head.startswith("0")
            decimal = not grouped
    whole, frac = (groups[:-1], groups[-1]) if decimal else (groups, "")
    thousands = seps[:-1] if decimal else seps
    if thousands and not _valid_grouping(whole, thousands):
        return None
    return "".join(whole) + ("." + frac if frac else "")


def _valid_grouping(groups: list[str], seps: list[str]) -> bool:
    kinds = {"space" if c in _SPACES else c for c in seps}
    if len(kinds) != 1:
        return False
    first, rest = groups[0], groups[1:]
    if first.startswith("0") and len(first) > 1:
        return False
    if 1 <= len(first) <= 3 and all(len(g) == 3 for g in rest):
        return True
    # Indian grouping: 2,50,000 / 1,80,00,000
    return (kinds == {","} and len(rest) >= 2 and 1 <= len(first) <= 2
            and len(rest[-1]) == 3 and all(len(g) == 2 for g in rest[:-1]))


def parse_number(text: str, *, currency: str | None = None) -> Decimal | None:
    """``180,000.00`` / ``118.300,00`` / ``71.850`` / ``4,2`` / ``2,50,000`` /
    ``250'000`` -> Decimal; None for anything that is not one number (``15.12.2026``,
    ``1,1,1``). A lone separator followed by exactly three digits is a thousands
    separator (a money amount with three decimals is rarer than a thousands group).
    ``currency`` is accepted for compatibility and not used."""
    canonical = _canonical(text.strip())
    if canonical is None:
        return None
    try:
        return Decimal(canonical)
    except InvalidOperation:
        return None


# --- Scale words ------------------------------------------------------------------------

# German, French, Italian, Turkish and Vietnamese scale words too ("1,2 Mio. EUR",
# "180 mille euros", "180 mila euro", "180 bin dolar", "4,5 tỷ đồng"), and the Chinese
# ones, which need no boundary ("18万美元", "1.2亿元").
_SCALE_RE = re.compile(
    r"[ \u00a0]?(?:(?P<w>mil\s{1,3}millones|mil\s{1,3}milh(?:ões|oes)|thousand|mil|millions?"
    r"|milh(?:ão|ao|ões|oes)|mill(?:ón|on|ones)|billions?|bilh(?:ão|ao|ões|oes)|bn"
    r"|lakhs?|lacs?|crores?|tausend|tsd\.|millionen|mio\.|milliarden?|mrd\.|mille"
    r"|milliards?|mila|milion[ei]|mln|miliard[oi]|mld|bin|milyon|milyar|nghìn|ngàn|triệu"
    r"|tỷ|tỉ|mm|mn|k|m|juta|miliar|ribu)(?![^\W\d_])|(?P<cjk>百万|千万|万|亿|億|萬|천만|백만"
    r"|만|억|조|ล้าน|แสน|مليون|مليار|ألف))",
    re.IGNORECASE,
)
_THOUSAND, _MILLION = Decimal(1_000), Decimal(1_000_000)
_BILLION = _MILLION * _THOUSAND
_SCALES = {
    "k": _THOUSAND, "thousand": _THOUSAND, "mil": _THOUSAND, "tausend": _THOUSAND,
    "tsd.": _THOUSAND, "mille": _THOUSAND, "mila": _THOUSAND, "bin": _THOUSAND,
    "nghìn": _THOUSAND, "ngàn": _THOUSAND, "万": Decimal(10_000), "百万": _MILLION,
    "千万": Decimal(10_000_000), "亿": Decimal(100_000_000), "bn": _BILLION, "mrd.": _BILLION,
    "億": Decimal(100_000_000), "萬": Decimal(10_000), "만": Decimal(10_000),
    "천만": Decimal(10_000_000), "백만": _MILLION, "억": Decimal(100_000_000),
    "조": _MILLION * _MILLION, "ribu": _THOUSAND, "juta": _MILLION, "miliar": _BILLION,
    "ล้าน": _MILLION, "แสน": Decimal(100_000), "مليون": _MILLION, "مليار": _BILLION,
    "ألف": _THOUSAND,
    "mld": _BILLION, "milyar": _BILLION, "tỷ": _BILLION, "tỉ": _BILLION,
}


def _scale_value(word: str) -> Decimal:
    w = " ".join(word.lower().split())
    if w in _SCALES:
        return _SCALES[w]
    if w.startswith("mil "):
        return _BILLION
    if w.startswith(("lakh", "lac")):
        return Decimal(100_000)
    if w.startswith("crore"):
        return Decimal(10_000_000)
    if w.startswith(("billion", "bilh", "milliard", "miliard")):
        return _BILLION
    return _MILLION  # m, mm, mn, million(s), milhão, millón, Mio., milioni, mln, triệu...


# --- Text normalisation -----------------------------------------------------------------

# Invisible format characters a sender (or an attacker) can put inside a number.
_INVISIBLE = frozenset("\u00ad\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                       "\u2060\u2061\u2062\u2063\u2064\ufeff")
_INVISIBLE_RE = re.compile("[" + "".join(sorted(_INVISIBLE)) + "]")


def _same_length_table() -> dict[int, int]:
    """Fullwidth forms to ASCII, every script's digits as ``ASCII_DIGITS`` has them, and the
    Arabic thousands and decimal separators (``١٨٠٬٠٠٠٫٥٠``) to ``,`` and ``.``: one
    character for one, so offsets stay put. NFKC leaves the other scripts' digits as they
    are (digits, not compatibility forms), so the rules' folded text still needs this."""
    table = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)}
    table.update({cp: to for cp, to in ASCII_DIGITS.items() if cp not in table})
    table[0x066C] = ord(",")  # ARABIC THOUSANDS SEPARATOR
    table[0x066B] = ord(".")  # ARABIC DECIMAL SEPARATOR
    return table


_SAME_LENGTH = _same_length_table()


def ascii_figures(text: str) -> str:
    """``text`` with fullwidth forms, every script's digits and the Arabic separators as
    ASCII, offsets unchanged (as the amounts are read)."""
    return text if text.isascii() else text.translate(_SAME_LENGTH)


def _normalise(text: str) -> tuple[str, list[int] | None]:
    """Fullwidth forms and other scripts' digits to ASCII (same length) and invisible
    characters removed; the offsets map positions in the result back to ``text`` (None:
    identical)."""
    text = ascii_figures(text)
    if not _INVISIBLE_RE.search(text):
        return text, None
    keep = [i for i, c in enumerate(text) if c not in _INVISIBLE]
    return "".join(text[i] for i in keep), keep + [len(text)]


# --- Amounts in figures -----------------------------------------------------------------

def _currency_after(clean: str, pos: int) -> tuple[int, str | None] | None:
    """(end, currency) of a currency written right after ``pos``; currency None for
    money in no known currency ("pesos")."""
    m = _AFTER_RE.match(clean, pos)
    if not m:
        return None
    if m.group("name"):
        return (m.end(), _name(m.group("name"))) if _is_name(m.group("name")) else None
    if m.group("cjk"):
        return m.end(), _name(m.group("cjk"))
    nxt = _NUMBER_NEXT_RE.match(clean, m.end())
    if nxt and not ("\n" in nxt.group(0) and _in_table_row(clean, m.end())):
        return None  # "lot 4 USD 12,000": the code is the next amount's (not across rows)
    if m.group("sym"):
        return m.end(), _SYMBOLS[m.group("sym").lower()]
    cur = _code(m.group("code"))
    return (m.end(), cur) if cur else None


_GAP_BEFORE_RE, _ROW_REACH = re.compile(_GAP_BEFORE), 200
_SUFFIX_NAME = re.compile(r"\d[ \u00a0]?[\u2e80-\u9fff]{1,4}\Z")  # "5,980,000円", a number's


def _in_table_row(clean: str, pos: int) -> bool:
    """Whether the line that holds ``pos`` is a row of table cells (`` | `` between them),
    looking back at most ``_ROW_REACH`` characters."""
    line = clean.rfind("\n", max(0, pos - _ROW_REACH), pos) + 1
    return " | " in clean[max(line, pos - _ROW_REACH):pos]
_DASH_CENTS_RE = re.compile(r"[.,](?:--?|[–—])(?![0-9])")
_MULTI_SYMBOLS = ("u$s", "us$", "hk$", "au$", "u$", "r$", "a$", "sfr.", "sfr", "rs.", "rs")


def _currency_before(clean: str, pos: int) -> tuple[int, str | None, bool] | None:
    """(start, currency, is_bare_dollar) of a currency written right before ``pos``.
    Plain string work on a short window: this runs for every candidate number."""
    lo = max(0, pos - _BEFORE_WINDOW)
    window = clean[lo:pos]
    core = window.rstrip(_GAP_CHARS)  # then a dot leader ("R$....:"), not "Rs." or "SFr."
    core = core.rstrip(".").rstrip(_GAP_CHARS) if core.endswith("..") else core
    if not core or not _GAP_BEFORE_RE.fullmatch(window, len(core)):
        return None
    end = lo + len(core)
    if "\n" in window[len(core):] and (_in_table_row(clean, end) or _SUFFIX_NAME.search(core)):
        return None  # a row's last cell, or "5,980,000円" ending its line, then a list's "2."
    last = core[-1]
    if last in "$sSrR.":  # US$, U$S, HK$, AU$, R$, A$, SFr., Rs.
        tail = core[-4:].lower()
        for sym in _MULTI_SYMBOLS:
            if tail.endswith(sym) and not _glued_letter(core[-len(sym) - 1:-len(sym)]):
                return end - len(sym), _SYMBOLS[sym], False
    if last == "¥" and core[-3:-1].upper() == "JP":
        return end - 3, "JPY", False
    if last in "$€£¥₹₺₫₩฿৳":
        return _sign_before(core, lo)
    # Rupiah and ringgit: "Rp 1.250.000.000", "Rp1.250.000", "RM 250,000".
    for sym in ("rp.", "rp", "rm"):
        if core[-len(sym):].lower() == sym and not _glued_letter(core[-len(sym) - 1:-len(sym)]):
            return end - len(sym), _SYMBOLS[sym], False
    if core[-2:].lower() == "tk" and not _glued_letter(core[-3:-2]):  # Bangladeshi taka
        return end - 2, "BDT", False
    if _is_cjk(last):  # "人民币415,000元", "美元 180,000"
        for name in _CJK_NAMES:
            if core.endswith(name):
                return end - len(name), _name(name), False
        return None
    code = core[-3:]
    if len(code) == 3 and code.isalpha() and code.isascii() and not _glued_letter(core[-4:-3]):
        cur = _code(code)
        return (end - 3, cur, False) if cur else None
    return None


# The smaller units of a Japanese or Korean number written in parts: "1억 2천만 원",
# "1億2,500万円" (each part is a number and its unit, the amount their sum).
_TAIL_RE = re.compile(r"[ \u00a0]?([0-9][0-9,.]*)[ \u00a0]?(천만|백만|만|천|千万|百万|万|萬|千)")


def _compound_tail(clean: str, pos: int) -> tuple[int, Decimal]:
    """(end, value) of the smaller parts written from ``pos`` ((pos, 0): none)."""
    total = Decimal(0)
    for _ in range(3):
        m = _TAIL_RE.match(clean, pos)
        value = parse_number(m.group(1)) if m else None
        if value is None:
            break
        total += value * _SCALES.get(m.group(2), _THOUSAND)  # 천, 千: a thousand
        pos = m.end()
    return pos, total


def _figure_amounts(clean: str) -> list[tuple[int, int, Decimal, str | None]]:
    found = []
    n = len(clean)
    read_to = 0  # the parts of a compound number already read with its first
    for m in _RUN_RE.finditer(clean):
        start, end = m.span()
        if start < read_to:
            continue
        # Whole units written with a dash for the cents: "CHF 47'800.–", "500,- €".
        dash = _DASH_CENTS_RE.match(clean, end)
        number_end = dash.end() if dash else end
        # Cheap first: money needs a currency (or scale word) on one side.
        left = clean[max(0, start - 18):start].rstrip(_GAP_CHARS)[-1:]
        right = clean[number_end:number_end + 18].lstrip(_GAP_CHARS)[:1]
        if not (left.isalpha() or left in _CURRENCY_EDGE and left) and not (
                right.isalpha() or right in _CURRENCY_EDGE and right):
            continue
        prev = clean[start - 1] if start else ""
        nxt = clean[end] if end < n else ""
        # Part of a reference or a date: CT-2026-0142, 2026/114, 15/12/2026, 1,,000.
        if (prev and prev in "/\\") or (nxt and nxt in "/\\" and clean[end + 1:end + 2].isdigit()):
            continue
        if prev == "-" and start >= 2 and clean[start - 2].isalnum():
            continue
        if prev and prev in ".," and start >= 2 and clean[start - 2].isdigit():
            continue
        if clean[end:end + 3].lstrip().startswith("%"):
            continue
        scale = None if dash else _SCALE_RE.match(clean, end)
        after_at = scale.end() if scale else number_end
        after = _currency_after(clean, after_at)
        tail = Decimal(0)
        if after is None and scale and scale.group("cjk"):
            tail_end, tail = _compound_tail(clean, after_at)
            after = _currency_after(clean, tail_end) if tail else None
            read_to = tail_end if after else read_to
        if after is None and scale:  # "5 m" is no scale unless money follows or precedes
            after = _currency_after(clean, end)
            if after is not None:
                scale, after_at = None, end
        before = _currency_before(clean, start)
        if _glued_letter(prev) and before is None:
            continue  # glued to a word that is no currency: MSKU1234567, INV77812
        if _glued_letter(nxt) and not scale and after is None:
            continue  # 4410kg, 3rd
        if before is None and after is None:
            continue
        if before is not None and (after is None or not before[2]):
            currency, q_start = before[1], before[0]
            q_end = after[0] if after and after[1] == before[1] else after_at
        else:  # only after, or a bare "$" before a more specific name or code
            currency, q_end = after[1], after[0]
            q_start = before[0] if before else start
        value = parse_number(clean[start:end])
        if value is None:
            continue
        if scale:
            value = value * _scale_value(scale.group("w") or scale.group("cjk")) + tail
            if value == value.to_integral_value():
                value = value.quantize(Decimal(1))
        found.append((q_start, q_end, value, currency))
    return found
