"""Amounts written in words next to a currency (EN/PT/ES), read by ``text2num`` one
bounded span of number words at a time."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from text_to_num import alpha2digit

from triage.readers.money.currency import _NAME_ALT, _is_name, _name
from triage.readers.money.figures import _currency_after, _currency_before

# --- Amounts in words -------------------------------------------------------------------

_EN = {
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy",
    "eighty", "ninety", "hundred", "thousand", "million", "millions", "billion", "and",
}
_PT = {
    "zero", "um", "uma", "dois", "duas", "três", "tres", "quatro", "cinco", "seis", "sete",
    "oito", "nove", "dez", "onze", "doze", "treze", "catorze", "quatorze", "quinze",
    "dezesseis", "dezessete", "dezoito", "dezenove", "vinte", "trinta", "quarenta",
    "cinquenta", "cinqüenta", "sessenta", "setenta", "oitenta", "noventa", "cem", "cento",
    "duzentos", "duzentas", "trezentos", "trezentas", "quatrocentos", "quatrocentas",
    "quinhentos", "quinhentas", "seiscentos", "seiscentas", "setecentos", "setecentas",
    "oitocentos", "oitocentas", "novecentos", "novecentas", "mil", "milhão", "milhao",
    "milhões", "milhoes", "bilhão", "bilhao", "bilhões", "bilhoes", "e",
}
_ES = {
    "cero", "uno", "una", "un", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho",
    "nueve", "diez", "once", "doce", "trece", "catorce", "quince", "dieciséis", "dieciseis",
    "diecisiete", "dieciocho", "diecinueve", "veinte", "veintiuno", "veintiún", "veintidós",
    "veintidos", "veintitrés", "veintitres", "veinticuatro", "veinticinco", "veintiséis",
    "veintiseis", "veintisiete", "veintiocho", "veintinueve", "treinta", "cuarenta",
    "cincuenta", "sesenta", "setenta", "ochenta", "noventa", "cien", "ciento", "doscientos",
    "doscientas", "trescientos", "trescientas", "cuatrocientos", "cuatrocientas",
    "quinientos", "quinientas", "seiscientos", "seiscientas", "setecientos", "setecientas",
    "ochocientos", "ochocientas", "novecientos", "novecientas", "mil", "millón", "millon",
    "millones", "y",
}
_LANGS = (("en", _EN), ("pt", _PT), ("es", _ES))
_VOCAB = _EN | _PT | _ES
_CONNECTORS = {"and", "e", "y"}
# Amounts below a hundred are not worth reading in words (and "one real" is no claim).
_MAGNITUDE = {
    "hundred", "thousand", "million", "millions", "billion", "cem", "cento", "mil",
    "milhão", "milhao", "milhões", "milhoes", "bilhão", "bilhao", "bilhões", "bilhoes",
    "cien", "ciento", "millón", "millon", "millones",
} | {w for w in _PT | _ES if w.endswith(("centos", "centas", "ientos", "ientas"))} \
  | {"quinhentos", "quinhentas", "quinientos", "quinientas"}
_WORD_RE = re.compile(r"[^\W\d_]+")
_MAX_WORDS = 24
_NUMBER_TEXT_RE = re.compile(r"[0-9]+(?:[.,][0-9]+)?")
# A currency's name right before the words, as a document's amount line writes it (after
# "say", a colon or at a line's start): "SAY US DOLLARS NINETY-FOUR THOUSAND FIVE HUNDRED
# ONLY" (not "quote in US dollars five hundred bales").
_NAME_BEFORE = re.compile(rf"(?:(?<![^\W\d_])say[ \t]+|^[ \t]*|:[ \t]*)(?P<name>{_NAME_ALT})"
                          rf"[ \t]{{1,3}}\Z", re.IGNORECASE | re.MULTILINE)


@lru_cache(maxsize=1024)
def _words_value(words: tuple[str, ...]) -> tuple[int, Decimal] | None:
    """(index of the first word used, value) of the longest tail of ``words`` that
    text2num reads as one number."""
    for i in range(len(words)):
        tail = words[i:]
        if tail[0] in _CONNECTORS:
            continue
        if not _MAGNITUDE.intersection(tail):
            return None
        for lang, vocab in _LANGS:
            if vocab.issuperset(tail):
                out = alpha2digit(" ".join(tail), lang).strip()
                if _NUMBER_TEXT_RE.fullmatch(out):
                    return i, Decimal(out.replace(",", "."))
    return None


def _word_amounts(clean: str) -> list[tuple[int, int, Decimal, str | None]]:
    """Amounts in words next to a currency, read by text2num one span at a time (each
    span at most ``_MAX_WORDS`` words, so the work stays linear)."""
    found = []
    span: list[re.Match[str]] = []

    def flush() -> None:
        if span:
            found.extend(_read_span(clean, span[-_MAX_WORDS:]))
            span.clear()

    for m in _WORD_RE.finditer(clean):
        word = m.group(0).lower()
        if word not in _VOCAB:
            flush()
            continue
        if span and not _joins(clean[span[-1].end():m.start()]):
            flush()
        span.append(m)
    flush()
    return found


def _joins(gap: str) -> bool:
    # A mail client may wrap a number in words: one line break joins too.
    return (0 < len(gap) <= 4 and gap.count("\n") <= 1
            and all(c in " \t-\u00a0\n" for c in gap))


def _read_span(clean: str, span: list[re.Match[str]]):
    words = tuple(m.group(0).lower() for m in span)
    while words and words[-1] in _CONNECTORS:
        words, span = words[:-1], span[:-1]
    if not words or not _MAGNITUDE.intersection(words):
        return
    read = _words_value(words)
    if read is None:
        return
    first, value = read
    start, end = span[first].start(), span[-1].end()
    if clean[max(0, start - 2):start].strip()[-1:].isdigit():
        return  # "4,5 mil reais": a figure with a scale word, read with the figures
    after = _currency_after(clean, end)
    if after is not None:
        yield start, after[0], value, after[1]
        return
    before = _currency_before(clean, start)
    if before is not None:
        yield before[0], end, value, before[1]
        return
    named = _NAME_BEFORE.search(clean, max(0, start - 40), start)
    if named and _is_name(name := named.group("name")):
        yield named.start("name"), end, value, _name(name)
