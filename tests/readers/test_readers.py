from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from triage.readers import dates, money, signals


@pytest.mark.parametrize("text,amount,currency", [
    ("USD 180,000.00", "180000.00", "USD"),
    ("US$ 118.300,00", "118300.00", "USD"),
    ("R$ 71.850,00", "71850.00", "BRL"),
    ("$75k", "75000", "USD"),
    ("EUR 12.500", "12500", "EUR"),
    ("€ 9.999,50", "9999.50", "EUR"),
    ("0.18M USD", "180000", "USD"),
    ("USD 1.2 million", "1200000", "USD"),
    ("71.850,00 reais", "71850.00", "BRL"),
    ("180 000 USD", "180000", "USD"),
])
def test_amounts(text, amount, currency):
    found = money.find_amounts(f"the claim is {text} in total")
    assert [(m.amount, m.currency) for m in found] == [(Decimal(amount), currency)]


@pytest.mark.parametrize("text,types", [
    ("We found polypropylene strands in 12 bales.", ["contamination"]),
    ("No contamination was found; micronaire 5.3 is out of contract.", ["quality_hvi"]),
    ("Sem contaminação. Falta de peso de 2%.", ["weight_shortfall"]),
    ("Contamination was not detected, but there is a weight shortfall.", ["weight_shortfall"]),
    ("A contaminação por plástico foi confirmada pelo laudo.", ["contamination"]),
    ("The bales are free of foreign matter.", []),
])
def test_claim_types_respect_negation(text, types):
    assert signals.claim_types(text) == types


@pytest.mark.parametrize("value,expected", [
    ("2026-03-15", date(2026, 3, 15)), ("15/03/2026", date(2026, 3, 15)),
    ("03/15/2026", date(2026, 3, 15)), ("15 de março de 2026", date(2026, 3, 15)),
    ("March 15, 2026", date(2026, 3, 15)), ("15th March 2026", date(2026, 3, 15)),
    ("ASAP", None), ("31/02/2026", None), ("", None), (None, None), (12345, None),
    ("9999-99-99", None), ("x" * 500, None),
])
def test_dates_never_raise(value, expected):
    assert dates.parse_date(value) == expected


def test_relative_deadlines():
    received = date(2026, 11, 20)  # a Friday
    assert dates.response_deadline("respond within 48 hours", received)[0] == date(2026, 11,
                                                                                         22)
    assert dates.response_deadline("within 2 business days", received)[0] == date(2026, 11,
                                                                                        24)
    assert dates.response_deadline("resposta até 15/12/2026", received)[0] == date(2026, 12,
                                                                                         15)
