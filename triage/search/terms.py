"""What a search box's text means, pure: Django's terms (space-separated, quotes keep a
phrase), each one of three kinds.

* a **word** (letters only, any language: ``contaminação``, ``Nordeste``, ``Wei``) is
  looked up as a whole word, accent-free and by its Portuguese, English and Spanish
  stems, never inside another word: ``Wei`` does not find ``weight``;
* a **phrase** (in quotes) is its words in that order, each as written (accent-free);
* an **identifier** (anything with a digit or a sign: ``CT-2026-0142``, ``0142``,
  ``qa12@mill.example``, ``ARB-2026-000001``, a Message-ID) is looked up exactly in the
  references and as a fragment of addresses, subjects, contracts, lots and ticket
  numbers, and as a sequence of words in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from django.utils.text import smart_split, unescape_string_literal


class Kind(StrEnum):
    WORD = "word"
    PHRASE = "phrase"
    IDENTIFIER = "identifier"


@dataclass(frozen=True)
class Term:
    text: str  # as typed, without its quotes
    kind: Kind
    # A word and the accented spellings it may stand for (``reclamacoes`` for
    # ``reclamações``): the stemmers read the accents, so the word is looked up as both.
    spellings: tuple[str, ...] = ()


# The shortest fragment a trigram index can find (shorter ones would read every row).
MIN_FRAGMENT = 3
MAX_TERMS = 8  # a pasted paragraph is not a search
MAX_TERM_CHARS = 200

_WORD = re.compile(r"[^\W\d_]+")
# Portuguese endings typed without their accents, longest first: the stemmer reads
# "reclamações" as "reclam" but "reclamacoes" as "reclamaco".
_ENDINGS = (("coes", "ções"), ("soes", "sões"), ("cao", "ção"), ("sao", "são"),
            ("oes", "ões"), ("aes", "ães"), ("ao", "ão"))


def parse(query: str) -> list[Term]:
    """The terms of a search box's text, in the order typed (at most MAX_TERMS)."""
    terms = []
    for raw in smart_split(query or ""):
        quoted = len(raw) > 1 and raw[0] in "\"'" and raw[-1] == raw[0]
        text = unescape_string_literal(raw) if quoted else raw
        text = " ".join(text.split())[:MAX_TERM_CHARS]
        if not text:
            continue
        terms.append(term(text, quoted=quoted))
        if len(terms) == MAX_TERMS:
            break
    return terms


def term(text: str, *, quoted: bool = False) -> Term:
    if quoted and " " in text:
        return Term(text, Kind.PHRASE)
    if _WORD.fullmatch(text):
        if quoted:
            return Term(text, Kind.PHRASE)
        return Term(text, Kind.WORD, spellings=(text, *accented(text)))
    return Term(text, Kind.IDENTIFIER)


def accented(word: str) -> tuple[str, ...]:
    """The Portuguese spelling a word typed without accents may stand for: ``cao`` ->
    ``ção``, ``oes`` -> ``ões``... (nothing for a word that has accents, or is short)."""
    lower = word.lower()
    if not lower.isascii() or len(lower) < 5:
        return ()
    for plain, written in _ENDINGS:
        if lower.endswith(plain):
            return (lower[: -len(plain)] + written,)
    return ()


def is_fragment(term: Term) -> bool:
    """Whether a term is looked up inside identifiers (addresses, references)."""
    return term.kind == Kind.IDENTIFIER and len(term.text) >= MIN_FRAGMENT
