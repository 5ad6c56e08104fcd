"""Whether each extracted value's quote is in the email: the fabricated quote is caught,
the honest one (however the model spaced, cased or shortened it) is not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.growth import assert_linear
from triage.chains import llm
from triage.decision import Config, EmailInput, run_chains
from triage.decision.grounding import FOUND, NO_QUOTE, NOT_FOUND, ground, normalise, quote_in

BODY = ("Dear Sirs,\n\nContract CT-2026-0311, lot 88: polypropylene found in 12 bales.\n"
        "We claim USD 2,400 for the affected bales. Please reply within 30 days.\n")


def claim(**quotes: str) -> dict:
    return {"exposure_amount": 2400, "exposure_currency": "USD",
            "contract_reference": "CT-2026-0311", "claim_types": ["contamination"],
            "claiming_party": "Fiação Nordeste",
            "quotes": [{"field": f, "quote": q} for f, q in quotes.items()]}


def test_an_honest_quote_is_found_however_it_is_spaced_cased_or_shortened():
    got = ground(claim(exposure_amount="we claim  USD 2,400",
                       contract_reference="“Contract CT-2026-0311, lot 88”",
                       claim_types="polypropylene found … 12 bales"), BODY)
    assert got["exposure_amount"] == FOUND
    assert got["contract_reference"] == FOUND
    assert got["claim_types"] == FOUND
    # A value with no quote is marked, not judged.
    assert got["claiming_party"] == NO_QUOTE and got["exposure_currency"] == NO_QUOTE


def test_a_quote_the_email_does_not_hold_makes_the_value_unsupported():
    got = ground(claim(exposure_amount="We claim USD 240",
                       claim_types="moisture damage in all bales",
                       contract_reference="Contract CT-2026-0999"), BODY)
    assert got == {**got, "exposure_amount": NOT_FOUND, "claim_types": NOT_FOUND,
                   "contract_reference": NOT_FOUND}


def test_an_amount_is_backed_only_by_a_quote_that_holds_it():
    # The quote is in the email, but it does not say 1,800: the value is not supported.
    lowered = {**claim(exposure_amount="We claim USD 2,400"), "exposure_amount": 1800}
    assert ground(lowered, BODY)["exposure_amount"] == NOT_FOUND
    assert ground(claim(exposure_amount="We claim USD 2,400"), BODY)["exposure_amount"] == FOUND


def test_items_the_model_added_up_back_their_total_only_if_each_is_in_the_email():
    body = "Freight USD 1,200.00 and survey fee USD 800.00 are deducted from the claim."
    total = {"exposure_amount": 2000,
             "quotes": [{"field": "exposure_amount", "quote": "USD 1,200.00 + USD 800.00"}]}
    assert ground(total, body)["exposure_amount"] == FOUND
    invented = {**total, "quotes": [{"field": "exposure_amount",
                                     "quote": "USD 1,200.00 + USD 800.00 + USD 700.00"}]}
    assert ground({**invented, "exposure_amount": 2700}, body)["exposure_amount"] == NOT_FOUND
    assert ground({**total, "exposure_amount": 2600}, body)["exposure_amount"] == NOT_FOUND


def test_a_sum_worked_out_from_two_quoted_factors_is_backed_and_a_wrong_product_is_not():
    body = ("We lodge our claim at the rate of USD 0.0450 per lb on the net weight of "
            "1,212,560 lbs. A further 8% of the invoice value USD 712,500.00 is claimed, "
            "and 6.20 c/lb on 1,102,300 lbs of the second lot.")

    def worked(value, quote):
        return ground({"exposure_amount": value,
                       "quotes": [{"field": "exposure_amount", "quote": quote}]},
                      body)["exposure_amount"]

    assert worked(54565.20, "USD 0.0450 per lb ... 1,212,560 lbs") == FOUND
    assert worked(57000, "8% of the invoice value USD 712,500.00") == FOUND
    # Cents a pound times pounds is a hundredth of the product.
    assert worked(68342.60, "6.20 c/lb on 1,102,300 lbs") == FOUND
    assert worked(60000, "USD 0.0450 per lb ... 1,212,560 lbs") == NOT_FOUND
    assert worked(54565.20, "USD 0.0450 per lb ... 1,999,999 lbs") == NOT_FOUND


def test_a_figure_in_arabic_indic_digits_is_backed_by_its_ascii_quote_and_no_other():
    body = "نطالب بتعويض قدره ٢٬٤٨٠٬٠٠٠ جنيه مصري عن فرق الجودة."

    def quoted(value, quote):
        return ground({"exposure_amount": value,
                       "quotes": [{"field": "exposure_amount", "quote": quote}]},
                      body)["exposure_amount"]

    assert quoted(2480000, "2,480,000 جنيه مصري") == FOUND
    assert quoted(2480000, "٢٬٤٨٠٬٠٠٠ جنيه مصري") == FOUND
    assert quoted(2840000, "2,840,000 جنيه مصري") == NOT_FOUND


def test_pieces_around_an_ellipsis_must_be_in_order_and_not_trivially_short():
    text = normalise(BODY)
    assert quote_in("Contract CT-2026-0311 ... polypropylene", text)
    assert not quote_in("polypropylene ... Contract CT-2026-0311", text)
    assert not quote_in("a ... we", text)  # pieces this short prove nothing
    assert not quote_in("   ", text)


def test_look_alike_letters_and_accents_are_read_as_a_person_reads_them():
    body = "Fiação Nordeste reclama US$ 3.200,00 pelo lote 12."
    # A Cyrillic "а" in the model's copy of the quote reads the same as the email's.
    got = ground({"claiming_party": "Fiação Nordeste",
                  "quotes": [{"field": "claiming_party", "quote": "Fiаção Nordeste"}]}, body)
    assert got["claiming_party"] == FOUND
    # Accents are kept: an unaccented quote of a different word is not the email's.
    got = ground({"claiming_party": "Fiacao",
                  "quotes": [{"field": "claiming_party", "quote": "Fiacao Nordeste"}]}, body)
    assert got["claiming_party"] == NOT_FOUND


def test_grounding_is_linear_in_the_email():
    # Near misses everywhere: every quote's search meets a partial match at every word.
    quotes = claim(exposure_amount="we claim usd 2,400 for all", claim_types="we claim " * 40)
    assert_linear(lambda n: "we claim usd 2,40 " * n + BODY,
                  lambda text: ground(quotes, text), 2_000, label="grounding")


# --- through the chains: an unsupported value can add to an escalation, never lower one --

def _run(ext: dict):
    spec = llm.model_spec()
    email = EmailInput(subject="Contamination claim CT-2026-0311",
                       from_header="QA <qa@mill.example.br>", body=BODY,
                       received_at=datetime(2026, 11, 16, 8, 0, tzinfo=UTC))
    return run_chains(email, model=llm.build_model(spec), spec=spec,
                      config=Config.from_settings(history=False))


@pytest.fixture
def small_claim(gemini):
    from lab.scripted_gemini import Reply

    def script(**ext):
        gemini.script.chains["classification"] = Reply(obj={
            "is_claim": True, "department": "other", "confidence": 0.9, "reason": "a claim"})
        gemini.script.chains["escalation"] = Reply(obj={
            "requires_escalation": False, "triggers": [], "reasoning": "small"})
        gemini.script.chains["extraction"] = Reply(obj={
            "exposure_amount": 2400, "exposure_currency": "USD",
            "claim_types": ["contamination"], "checklist": [], **ext})
    return script


def test_a_small_claim_the_model_quotes_from_the_email_is_a_ticket(small_claim):
    small_claim(quotes=[{"field": "exposure_amount", "quote": "We claim USD 2,400"},
                        {"field": "claim_types", "quote": "polypropylene found in 12 bales"}])
    decision = _run({})
    assert decision.route == "ticket"
    assert decision.grounding["exposure_amount"] == FOUND
    assert decision.summary()["claim"]["unsupported"] == []


def test_a_small_claim_resting_on_a_quote_not_in_the_email_goes_to_a_person(small_claim):
    small_claim(quotes=[{"field": "exposure_amount", "quote": "We accept USD 2,400 in full"},
                        {"field": "claim_types", "quote": "polypropylene found in 12 bales"}])
    decision = _run({})
    assert decision.route == "needs_review"
    assert {"code": "unsupported_values", "fields": ["exposure_amount"]} in \
        decision.review_signals
    assert decision.summary()["claim"]["unsupported"] == ["exposure_amount"]


def test_a_fabricated_contamination_quote_does_not_silence_the_rules(small_claim):
    # The model names contamination with words the email does not hold: it has not
    # weighed the email's own contamination, so a person reads it.
    small_claim(quotes=[{"field": "exposure_amount", "quote": "We claim USD 2,400"},
                        {"field": "claim_types", "quote": "minor contamination, resolved"}])
    decision = _run({})
    assert decision.route == "needs_review"
    assert {"code": "contamination_not_escalated"} in decision.review_signals
