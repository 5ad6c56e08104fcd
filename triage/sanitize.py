"""Pure text functions for anything a sender or a model wrote.

``escape_invisible`` is the one rule for logs and display: every character that can
break a line, reorder text or hide text becomes a visible ``\\uXXXX`` escape, and
every other character survives unchanged. ``strip_invisible`` is the rule for text a
model reads: the invisible characters are removed (and reported), because the model
must see what a human sees.
"""

from __future__ import annotations

import unicodedata
from collections import Counter

# Ranges are inclusive. Grouped by why they are dangerous, for the flags we record.
BIDI_CONTROLS = frozenset(
    [0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
)
ZERO_WIDTH = frozenset([0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E, 0x2061, 0x2062,
                        0x2063, 0x2064, 0x034F, 0x00AD])
TAG_CHARACTERS = frozenset(range(0xE0000, 0xE0080))
LINE_BREAKERS = frozenset([0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029])


# Tables for str.translate: a 10 MB body in C loops, not Python ones.
_INVISIBLE = dict.fromkeys([*BIDI_CONTROLS, *ZERO_WIDTH, *TAG_CHARACTERS])
_CONTROLS_BUT_NL_TAB = dict.fromkeys(
    [cp for cp in [*range(0x20), *range(0x7F, 0xA0)] if cp not in (0x09, 0x0A)])


def _is_control(cp: int) -> bool:
    # C0, DEL and C1 (C1 includes NEL, U+0085).
    return cp < 0x20 or 0x7F <= cp <= 0x9F


def is_unsafe_char(ch: str) -> bool:
    """True for characters that must never reach a log line or a page unescaped."""
    cp = ord(ch)
    return (
        _is_control(cp)
        or cp in LINE_BREAKERS
        or cp in BIDI_CONTROLS
        or cp in ZERO_WIDTH
        or cp in TAG_CHARACTERS
        or unicodedata.category(ch) in {"Zl", "Zp"}
    )


def _escape(ch: str) -> str:
    cp = ord(ch)
    return f"\\u{cp:04x}" if cp <= 0xFFFF else f"\\U{cp:08x}"


def escape_invisible(value: object) -> str:
    """Return ``value`` as one visible line: unsafe characters become escapes and a
    literal backslash is doubled, so an escape in the output always means a
    character that was really there. ``None`` becomes ``"None"``, like ``str()``."""
    text = value if isinstance(value, str) else str(value)
    if text.isprintable() and "\\" not in text:
        return text  # the common case costs one C-level scan
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif is_unsafe_char(ch):
            out.append(_escape(ch))
        else:
            out.append(ch)
    return "".join(out)


def escape_for_display(value: object) -> str:
    """Like ``escape_invisible`` but keeps ordinary newlines and tabs, for showing a
    multi-line body in the admin (HTML escaping is still the template's job)."""
    text = value if isinstance(value, str) else str(value)
    return "\n".join(
        "\t".join(escape_invisible(part) for part in line.split("\t"))
        for line in text.replace("\r\n", "\n").split("\n")
    )


def invisible_report(text: str) -> dict[str, dict[str, int]]:
    """Count invisible characters by class: {"bidi": {"U+202E": 1}, ...}."""
    found: dict[str, Counter] = {}
    for cp in sorted({ord(ch) for ch in set(text)} & _INVISIBLE.keys()):
        if cp in BIDI_CONTROLS:
            kind = "bidi"
        elif cp in ZERO_WIDTH:
            kind = "zero_width"
        elif cp in TAG_CHARACTERS:
            kind = "tag"
        else:
            continue
        found.setdefault(kind, Counter())[f"U+{cp:04X}"] += text.count(chr(cp))
    return {kind: dict(counter) for kind, counter in found.items()}


def strip_invisible(text: str) -> str:
    """Remove bidi, zero-width and tag characters (text for a model to read)."""
    return text.translate(_INVISIBLE)


def normalize_for_model(text: str) -> str:
    """NFKC (fullwidth ``＜/message＞`` becomes ``</message>``, ligatures unfold),
    invisible characters removed, other controls except newline and tab dropped."""
    text = unicodedata.normalize("NFKC", strip_invisible(text))
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.translate(_CONTROLS_BUT_NL_TAB).replace("\u2028", "\n").replace("\u2029", "\n")
