"""Look-alike folding: what a keyword rule reads is what a person sees."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.growth import assert_linear
from triage.readers.text import fold_for_rules, mixed_script_words

# Written by hand from what a reader sees (not from the library's table), so the
# property below checks the library's data rather than restating it.
CYRILLIC = {"a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у", "i": "і",
            "j": "ј", "s": "ѕ", "A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "I": "І",
            "J": "Ј", "K": "К", "M": "М", "O": "О", "P": "Р", "S": "Ѕ", "T": "Т", "X": "Х"}
GREEK = {"o": "ο", "v": "ν", "A": "Α", "B": "Β", "E": "Ε", "Z": "Ζ", "H": "Η", "I": "Ι",
         "K": "Κ", "M": "Μ", "N": "Ν", "O": "Ο", "P": "Ρ", "T": "Τ", "X": "Χ", "Y": "Υ"}
LATIN_TEXT = st.text(alphabet=string.ascii_letters + string.digits + " .,:;-/()\n",
                     max_size=200)
ACCENTED = "ãõáéíóúâêôçàñüÁÉÍÓÚÃÕÇÑÜÂÊÔ"


@pytest.mark.parametrize("written,read", [
    ("соntаminаtion", "contamination"),  # Cyrillic о and а
    ("РΟLYΡRΟΡYLΕΝΕ", "POLYPROPYLENE"),  # Cyrillic Р, Greek Ο Ρ Ε Ν
    ("ΙCA arbitration", "ICA arbitration"),  # Greek capital iota reads as I, not l
    ("ＩＢＡＮ ＤＥ８９", "IBAN DE89"),  # fullwidth (NFKC)
    ("con\u200btami\u200cnation", "contamination"),  # zero-width characters inside
    ("plas\u00adtic", "plastic"),  # soft hyphen
    ("ﬁbre", "fibre"),  # ligature
    ("Reclamação de qualidade: contaminação", "Reclamação de qualidade: contaminação"),
    ("Reclamación: algodón con pegajosidad, año 2026", "Reclamación: algodón con "
                                                         "pegajosidad, año 2026"),
    ("Москва", "Mockba"),  # a whole Cyrillic word folds letter by letter: harmless
    ("R$ 71.850,00", "R$ 71.850,00"),
])
def test_it_folds_what_a_reader_sees_and_keeps_accents(written, read):
    assert fold_for_rules(written) == read


@settings(max_examples=300, deadline=None)
@given(LATIN_TEXT, st.data())
def test_cyrillic_and_greek_look_alikes_fold_back_to_latin(text, data):
    swapped = []
    for ch in text:
        table = data.draw(st.sampled_from([CYRILLIC, GREEK, {}]))
        swapped.append(table.get(ch, ch) if data.draw(st.booleans()) else ch)
    assert fold_for_rules("".join(swapped)) == text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=string.ascii_letters + ACCENTED + " .,-\n", max_size=200))
def test_accented_latin_is_left_as_written(text):
    assert fold_for_rules(text) == text


def test_mixed_script_words_are_the_disguised_ones():
    text = ("We found соntаminаtion in 12 bales, рlastic too. Москва office. "
            "Ação, algodón. Again соntаminаtion.")
    assert mixed_script_words(text) == ["соntаminаtion", "рlastic"]
    assert mixed_script_words("All Latin, ação, algodón") == []
    assert mixed_script_words("Только кириллица") == []


def test_mixed_script_words_are_bounded():
    words = " ".join(f"wоrd{i}" for i in range(100))  # Cyrillic о in each
    found = mixed_script_words(words)
    assert len(found) == 20 and found[0] == "wоrd0"


@pytest.mark.parametrize("unit", ["соntаminаtion ", "Москва ", "a\u200b", "ação ", "x"])
def test_folding_is_linear(unit):
    def fold(text: str) -> None:
        fold_for_rules(text)
        mixed_script_words(text)
    assert_linear(lambda n: (unit * (n // len(unit) + 1))[:n], fold, 50_000, label=unit)


def test_a_clipped_quote_ends_on_a_whole_word_and_says_it_was_cut():
    from triage.readers.text import clip_words

    quote = "please note our bank details have changed: the new account is IBAN BR18 0036"
    clipped = clip_words(quote, 40)
    assert clipped == "please note our bank details have\u2026"
    assert len(clipped) <= 40 and quote.startswith(clipped[:-1])
    # Short enough: as written, no ellipsis.
    assert clip_words("bank details have changed", 40) == "bank details have changed"
    # One long word: cut inside it rather than lose the quote.
    assert clip_words("x" * 100, 40) == "x" * 39 + "\u2026"
