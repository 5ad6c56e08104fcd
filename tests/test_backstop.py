"""The deterministic backstop and routing: pure functions, no model, no database."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from triage import backstop
from triage.backstop import Exposure, Policy

POLICY = Policy(threshold_usd=Decimal(50000),
                rates={"USD": Decimal(1), "BRL": Decimal("0.18"), "EUR": Decimal("1.08")},
                deadline_business_days=2)
MONDAY = date(2026, 11, 16)


def evaluate(amount=None, currency=None, deadline=None, text="", received=MONDAY):
    return backstop.evaluate(extracted=Exposure(Decimal(amount) if amount else None, currency),
                             deadline=deadline, received_on=received, email_text=text,
                             policy=POLICY)


@pytest.mark.parametrize("amount,currency,escalates,usd", [
    ("49999.99", "USD", False, "49999.99"),
    ("50000", "USD", True, "50000.00"),
    ("180000", "USD", True, "180000.00"),
    ("277778", "BRL", True, "50000.04"),
    ("277777", "BRL", False, "49999.86"),
    ("46297", "EUR", True, "50000.76"),
    ("46296", "EUR", False, "49999.68"),
])
def test_exposure_threshold_in_usd(amount, currency, escalates, usd):
    result = evaluate(amount, currency)
    assert result.escalate is escalates
    assert result.exposure_usd == Decimal(usd)


def test_unknown_currency_fails_closed_when_any_rate_could_cross():
    result = evaluate("50000", "XYZ")
    assert result.escalate
    assert "no rate" in result.triggers[0]
    assert evaluate("100", "XYZ").escalate is False  # cannot cross at any rate


def test_amount_without_currency_is_treated_as_unknown():
    assert evaluate("60000", None).escalate


def test_stated_amount_catches_an_understating_extraction():
    text = "Our claim is USD 5,000 now, with USD 175,000 reserved for further losses."
    result = evaluate("5000", "USD", text=text)
    assert result.escalate
    assert "175,000" in result.triggers[0]


@pytest.mark.parametrize("deadline,escalates", [
    (date(2026, 11, 17), True),   # 1 business day
    (date(2026, 11, 18), True),   # 2 business days: at the limit
    (date(2026, 11, 19), False),  # 3 business days
    (date(2026, 11, 10), True),   # already past
])
def test_deadline_in_business_days(deadline, escalates):
    assert evaluate(deadline=deadline).escalate is escalates


def test_weekend_does_not_count():
    friday = date(2026, 11, 20)
    assert evaluate(deadline=date(2026, 11, 24), received=friday).escalate  # Mon, Tue
    assert not evaluate(deadline=date(2026, 11, 25), received=friday).escalate


def test_backstop_never_removes_a_model_escalation():
    quiet = backstop.BackstopResult()
    assert backstop.combine(True, quiet) == (True, False)
    loud = evaluate("180000", "USD")
    assert backstop.combine(False, loud) == (True, True)
    assert backstop.combine(True, loud) == (True, False)
    assert backstop.combine(False, quiet) == (False, False)


@pytest.mark.parametrize("failed,is_claim,escalate,expected", [
    (False, True, True, "escalated"),
    (True, True, True, "escalated"),
    (False, True, False, "ticket"),
    (False, False, False, "forwarded"),
    (True, False, False, "needs_review"),
    (True, True, False, "needs_review"),
    (False, None, False, "needs_review"),
])
def test_routing_fails_closed(failed, is_claim, escalate, expected):
    assert backstop.route(failed=failed, is_claim=is_claim, escalate=escalate) == expected


@pytest.mark.parametrize("text,trigger", [
    ("We found polypropylene in 3 bales.", "email affirms contamination"),
    ("Encontramos contaminação por plástico.", "email affirms contamination"),
    ("We will refer this to ICA arbitration.", "arbitration or legal action"),
])
def test_text_the_email_affirms_escalates_without_a_model(text, trigger):
    result = evaluate(text=text)
    assert result.escalate and any(trigger in t for t in result.triggers)


@pytest.mark.parametrize("text", [
    "No contamination was found; micronaire 5.1.",
    "Sem contaminação. Diferença de peso de 1%.",
    "The bales are free of plastic and foreign matter.",
])
def test_negated_contamination_does_not_escalate(text):
    assert evaluate(text=text).escalate is False
