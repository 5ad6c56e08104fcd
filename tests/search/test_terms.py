"""What a search box's text means: words, phrases and identifiers, and the accented
spellings a word typed without accents may stand for."""

from __future__ import annotations

import pytest

from triage.search.terms import MAX_TERMS, Kind, accented, is_fragment, parse


@pytest.mark.parametrize("text, kinds", [
    ("contaminação", [Kind.WORD]),
    ("Li Wei", [Kind.WORD, Kind.WORD]),
    ('"mudamos de banco"', [Kind.PHRASE]),
    ("'bank transfer' Santos", [Kind.PHRASE, Kind.WORD]),
    ('"polypropylene"', [Kind.PHRASE]),  # a quoted word is the word as written
    ("CT-2026-0142", [Kind.IDENTIFIER]),
    ("0142 88/A", [Kind.IDENTIFIER, Kind.IDENTIFIER]),
    ("qa12@mill.example", [Kind.IDENTIFIER]),
    ("<seed-1@mill1.example.com>", [Kind.IDENTIFIER]),
    ("e-mail", [Kind.IDENTIFIER]),
    ("", []),
    ('""', []),
])
def test_each_term_has_its_kind(text, kinds):
    assert [t.kind for t in parse(text)] == kinds


def test_a_phrase_loses_its_quotes_and_extra_spaces():
    [term] = parse('"mudamos   de banco"')
    assert term.text == "mudamos de banco"


def test_a_pasted_paragraph_is_cut_to_a_search():
    assert len(parse(" ".join(["word"] * 50))) == MAX_TERMS
    assert len(parse("x" * 5000)[0].text) == 200


@pytest.mark.parametrize("word, spellings", [
    ("reclamacoes", ("reclamações",)),
    ("contaminacao", ("contaminação",)),
    ("Fiacao", ("fiação",)),
    ("algodao", ("algodão",)),
    ("pensoes", ("pensões",)),
    ("contaminação", ()),  # written with its accents already
    ("nao", ()),  # too short to guess
    ("banco", ()),
])
def test_a_word_without_accents_is_also_its_accented_spelling(word, spellings):
    assert accented(word) == spellings
    [term] = parse(word)
    assert term.spellings == (word, *spellings)


def test_only_identifiers_of_three_characters_are_fragments():
    assert is_fragment(parse("014")[0])
    assert not is_fragment(parse("01")[0])
    assert not is_fragment(parse("Wei")[0])  # a word is whole, never a fragment
