"""The offline stand-in works out a claimed sum the sender left to be computed (a rate
per unit times its quantity, a share of an invoice), as a model would; a price or a
rate that is not the claim is left alone."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.growth import assert_linear
from tests.offline.test_offline_provider import run
from triage.offline.computed import computed_claim
from triage.routes import Code


@pytest.mark.parametrize("body,amount,currency", [
    ("We hereby lodge our claim for quality allowance at the rate of USD 0.0450 (four "
     "point five US cents) per lb on the total invoiced net weight of 1,212,560 lbs.",
     "54565.20", "USD"),
    ("We therefore claim a discount of 6.20 c/lb on 1,102,300 lbs.", "68342.60", "USD"),
    ("계약번호 CT-2027-0388 (1,400 베일)\n2. 클레임 금액\n - 대상: 1,400 베일 전량\n"
     " - 베일당 USD 38.75", "54250.00", "USD"),
    ("Faturanın toplam bedeli olan 712.500,00 USD üzerinden %8 oranında kalite farkı "
     "(tazminat) talep ediyoruz.", "57000.00", "USD"),
    ("Sözleşme uyarınca fatura bedelinin %4,5'i oranında tazminat talep ediyoruz.\n"
     "  Fatura no:    EXP-27/00214\n  Fatura tutarı: USD 1.118.400,00\n", "50328.00", "USD"),
])
def test_a_sum_left_to_be_worked_out_is_computed(body, amount, currency):
    got = computed_claim(body)
    assert got is not None and (got.amount, got.currency) == (Decimal(amount), currency)


@pytest.mark.parametrize("body", [
    # A price and a weight in a claim mail: no claim word beside the price.
    "Contract price USD 0.82 per lb, 1,000,000 lbs shipped.\n\nWe found plastic in 3 bales "
    "and claim compensation.",
    # Two different quantities of the unit and none in the rate's sentence.
    "Invoiced 113,400 kg, landed 111,060 kg.\n\nWe claim USD 1.85 per kg.",
    # A price difference: two rates over one weight, the claim is their difference.
    "We claim the price difference: invoiced at 84.25 c/lb against 82.50 c/lb on "
    "455,000 lbs.",
    # A share with no invoice named.
    "62% of the samples were grade 41-4; we claim compensation of 8% of USD 712,500.",
])
def test_a_rate_or_share_that_is_not_plainly_the_claim_is_not_computed(body):
    assert computed_claim(body) is None


def test_a_computed_claim_escalates_offline_and_a_small_one_stays_a_ticket_backed_by_its_quote():
    big = run("Quality claim - low micronaire - contract S-2026/0418",
              "We hereby lodge our claim for quality allowance at the rate of USD 0.0450 "
              "per lb on the total invoiced net weight of 1,212,560 lbs. Kindly arrange "
              "settlement.")
    assert big.route == "escalated" and big.exposure_usd == Decimal("54565.20")
    small = run("Quality claim - low micronaire - contract S-2026/0419",
                "We hereby lodge our claim for quality allowance at the rate of USD 0.0100 "
                "per lb on the total invoiced net weight of 400,000 lbs. Kindly arrange "
                "settlement.")
    assert small.route == "ticket" and small.exposure_amount == Decimal("4000.00")
    assert not any(s["code"] == Code.UNSUPPORTED_VALUES for s in small.review_signals)
    # The same rate and weight in an offer: nobody's claim.
    offer = run("Offer - 1,212,560 lbs", "We offer 1,212,560 lbs at USD 0.7450 per lb, CIF "
                "Chittagong, shipment March.")
    assert offer.route == "forwarded" and not offer.escalate


@pytest.mark.parametrize("unit", ["We claim USD 1 per kg on 2 kg. ", "claim 8% of invoice "
                                  "USD 9.00. ", "claim 3 c/lb on 9 lbs. ", "111 ",
                                  "١٢٣ "])
def test_computing_a_claim_is_linear(unit):
    assert_linear(lambda n: "We claim compensation. " + (unit * (n // len(unit) + 1))[:n],
                  computed_claim, 20_000, label=unit)
