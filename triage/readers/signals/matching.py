"""How this package builds its patterns: whole words, alternations grouped by leading
letter (linear time), bounded gaps; and the bound on candidate words read one by one.
"""

from __future__ import annotations

import re

# Whitespace between two words of a phrase, bounded (a run of spaces cannot make a
# pattern backtrack far).
_S = r"\s{1,6}"


def words(*alternatives: str) -> re.Pattern[str]:
    """A case-insensitive pattern for alternatives that start a word. Alternatives are
    prefixes unless they end with ``\\b`` (kept for the offline heuristics, whose
    stems such as ``vencid`` rely on it)."""
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")", re.IGNORECASE)


def _structure(pattern: str):
    """(index, character, depth before it) of each structural character of a regex:
    escapes and character classes skipped, parentheses counted."""
    depth, i = 0, 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            i = pattern.index("]", i + 2) + 1
            continue
        yield i, ch, depth
        depth += {"(": 1, ")": -1}.get(ch, 0)
        i += 1


def _split_top(pattern: str) -> list[str]:
    """``pattern`` split at its top-level ``|``."""
    cuts = [i for i, ch, depth in _structure(pattern) if ch == "|" and depth == 0]
    return [pattern[a + 1:b] for a, b in zip([-1, *cuts], [*cuts, len(pattern)], strict=True)]


def _expand(alternative: str) -> list[str]:
    """A branch that starts with a plain group or a small character class, distributed
    over it, so each branch starts with a letter: ``(?:we|i)\\s+x`` gives
    ``we\\s+x`` and ``i\\s+x``; ``[áa]x`` gives ``áx`` and ``ax``."""
    if alternative.startswith("(?:"):
        # The ")" that closes the leading group.
        i = next((j for j, ch, depth in _structure(alternative) if ch == ")" and depth == 1),
                 len(alternative))
        rest = alternative[i + 1:]
        if rest[:1] in ("?", "*", "+", "{"):
            return [alternative]
        out = []
        for inner in _split_top(alternative[3:i]):
            out.extend(_expand(inner + rest))
        return out
    m = re.match(r"\[([^\]\\^-]{1,4})\]", alternative)
    if m and alternative[m.end():m.end() + 1] not in ("?", "*", "+", "{"):
        return [ch + alternative[m.end():] for ch in m.group(1)]
    return [alternative]


def _alt(alternatives: list[str], depth: int = 2) -> str:
    """An alternation grouped by leading letter: ``(?:c(?:laim|ontamina...)|r(?:...))``.
    Python's re tries the branches of an alternation one by one at every position, so
    a few hundred words would be tried a few hundred times per word; grouped, a letter
    that starts none of them is rejected at once. Matches the same strings; branches
    that do not start with a plain letter keep their place after the groups."""
    groups: dict[str, list[str]] = {}
    others: list[str] = []
    for a in [x for alt in alternatives for x in _expand(alt)]:
        first, rest = a[:1], a[1:]
        if depth and first.isalpha() and first.islower() and rest[:1] not in "?*+{" \
                and rest and not rest.startswith("\\"):
            groups.setdefault(first, []).append(rest)
        else:
            others.append(a)
    out = []
    for first, rests in groups.items():
        if len(rests) == 1:
            out.append(re.escape(first) + rests[0])
        else:
            out.append(re.escape(first) + _alt(rests, depth - 1))
    return "(?:" + "|".join(out + others) + ")"


# Chinese and Japanese, and the scripts matched the same way (``further``): Hangul, Thai
# and Arabic.
_CJK = "\u2e80-\u9fff\uf900-\ufaff\uac00-\ud7af\u0e00-\u0e7f\u0600-\u06ff"
# An alternative that starts with a CJK character, after any look-behinds ("(?<!未)发现").
_CJK_START = re.compile(rf"(?:\(\?<!?[^)]*\))*[{_CJK}]")


def _whole(*alternatives: str) -> str:
    """Whole words. Chinese writes no spaces and ``\\b`` never falls between two of its
    characters, so an alternative that starts with a CJK character is matched anywhere
    (its words are long enough to stand alone: "索赔", "污染", "仲裁")."""
    latin = [a for a in alternatives if not _CJK_START.match(a)]
    cjk = [a for a in alternatives if _CJK_START.match(a)]
    whole = r"\b" + _alt(latin) + r"\b"
    return f"(?:{whole}|{'|'.join(cjk)})" if cjk else whole


def _phrase_alt(phrases: list[str], reverse: bool = False) -> str:
    """An alternation of literal phrases (spaces match bounded whitespace), longest
    first; reversed to be matched leftwards on the reversed text."""
    out = []
    for p in sorted(set(phrases), key=len, reverse=True):
        p = p[::-1] if reverse else p
        out.append(_S.join(re.escape(w) for w in p.split()))
    return _alt(out)


def _compact(text: str, limit: int = 200) -> str:
    return " ".join(text.split())[:limit]

# A text with more candidate words of one kind than this is not read word by word
# (each word costs a few microseconds of context checks; a megabyte of one repeated
# claim word would cost seconds). has_claim_signal then says yes, so a person looks at
# so strange an email; claim_types and find_affirmed report what the first words show.
_MAX_CANDIDATES = 2000
