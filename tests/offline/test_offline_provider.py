"""The offline provider does honest work on realistic mail, in English and Portuguese."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.factories import MAIL
from triage import mime
from triage.chains import llm
from triage.decision import Config, EmailInput, run_chains
from triage.routes import Code, Trigger


def run(subject: str, body: str, sender: str = "Mill <qa@mill.example.com>"):
    spec = llm.model_spec()
    email = EmailInput(subject=subject, from_header=sender, body=body,
                       received_at=datetime(2026, 11, 16, 9, 0, tzinfo=UTC))
    return run_chains(email, model=llm.build_model(spec), spec=spec,
                        config=Config.from_settings())


@pytest.mark.parametrize("name,route,department", [
    ("01-contamination-claim-ica.eml", "escalated", None),
    ("02-reclamacao-hvi.eml", "ticket", None),
    ("03-weight-shortfall.eml", "ticket", None),
    ("04-freight-invoice.eml", "forwarded", "finance"),
    ("05-shipping-notice.eml", "forwarded", "logistics"),
    ("06-cotacao.eml", "forwarded", "commercial"),
    ("07-hidden-injection.eml", "escalated", None),
    ("08-negated-contamination.eml", "escalated", None),
])
def test_samples(name, route, department):
    parsed = mime.parse_bytes((MAIL / name).read_bytes())
    decision = run(parsed.subject, parsed.text_body, parsed.from_header)
    assert decision.route == route
    assert decision.provider == "offline"
    if department:
        assert decision.department == department


CASES = [
    # (subject, body, route, claim types, exposure, currency)
    ("Claim lot 22", "We found jute strings in 8 bales of lot 22 (contract US-26-9). We claim "
     "$75k for sorting and downgrade.", "escalated", ["contamination"], 75000, "USD"),
    # BRL 71,850 is below the threshold: rules do not judge contamination, a person does.
    ("Reclamação", "Contrato BR-26/3, lote 14: encontramos contaminação por polipropileno. "
     "Valor da reclamação: R$ 71.850,00.", "needs_review", ["contamination"], 71850, "BRL"),
    ("Weight", "No contamination was found. Weight shortfall of 0.8% on lot 7; please credit "
     "USD 4,950.", "ticket", ["weight_shortfall"], 4950, "USD"),
    ("Peso", "Sem contaminação. Diferença de peso de 300 kg no lote 5, valor R$ 9.800,00.",
     "ticket", ["weight_shortfall"], 9800, "BRL"),
    ("Quality", "Micronaire 5.4 and staple length 26.5 mm are outside the contract on lot 91. "
     "Claim EUR 12.500.", "ticket", ["quality_hvi"], 12500, "EUR"),
    ("Claim", "Quality claim on lot 3: strength 25 g/tex. Claim USD 5,000 now, USD 175,000 "
     "reserved.", "escalated", ["quality_hvi"], 180000, "USD"),  # itemised: the sum
]


@pytest.mark.parametrize("subject,body,route,types,amount,currency", CASES)
def test_claims(subject, body, route, types, amount, currency):
    decision = run(subject, body)
    assert decision.route == route
    assert decision.claim["claim_types"] == types
    assert decision.exposure_amount == amount and decision.exposure_currency == currency


@pytest.mark.parametrize("subject,body,department", [
    ("Fatura 2231", "Segue a fatura 2231 referente ao frete, vencimento 10/12.", "finance"),
    ("Booking confirmation", "Booking MSKU-1 confirmed on vessel Maersk Kobe, ETD 3 Dec.",
     "logistics"),
    ("Price indication", "Please send your best offer for 300 t of Brazilian cotton, CIF Qingdao.",
     "commercial"),
    ("Lunch", "See you at lunch on Friday!", "other"),
])
def test_non_claims(subject, body, department):
    decision = run(subject, body)
    assert (decision.route, decision.department) == ("forwarded", department)
    assert len(decision.calls) == 1


def test_offline_usage_is_honestly_zero():
    decision = run("Claim", "Micronaire 5.1 on lot 7, claim USD 3,000.")
    assert decision.input_tokens == 0 and decision.output_tokens == 0
    assert all(c.model_name == "offline-rules-v1" for c in decision.calls)


def test_the_offline_stand_in_never_escalates_on_its_reading_of_meaning():
    # A threat and affirmed contamination, below the threshold and with no tight deadline:
    # rules cannot judge meaning, so a person decides (needs_review with the reasons).
    decision = run("Claim lot 9", "We found polypropylene strings in 12 bales of lot 9 and "
                   "claim USD 9,500. Failing settlement we shall refer the matter to ICA "
                   "arbitration.")
    assert (decision.route, decision.escalate) == ("needs_review", False)
    assert Code.CONTAMINATION_NOT_ESCALATED in [s["code"] for s in decision.review_signals]
    assert Trigger.ARBITRATION_OR_LEGAL not in decision.model_triggers
    # ...while a count it can make still escalates: the same claim at USD 95,000
    decision = run("Claim lot 9", "We found polypropylene strings in 12 bales of lot 9 and "
                   "claim USD 95,000.")
    assert decision.route == "escalated" and "high_exposure" in decision.model_triggers


def test_a_large_claimed_figure_makes_the_stand_in_read_a_claim():
    decision = run("Fibras curtas - contrato S-2026/0422",
                   "Os lotes 330 a 336 vieram com SFI acima de 12%. Não aceitaremos menos que "
                   "US$ 60 mil de compensação.")
    assert decision.route == "escalated" and decision.exposure_usd == 60000
    assert decision.classification["is_claim"] and decision.claim["exposure_amount"] == 60000
    # The same figure as a price is nobody's claim: no claim, no escalation.
    quote = run("Cotação", "Segue a cotação: US$ 60 mil pelo lote 330, CIF Santos.")
    assert quote.route == "forwarded" and not quote.escalate


def _with_slow_pdf(subject: str, body: str, beside: bytes | None = None) -> EmailInput:
    from tests.test_attachments import eml, slow_pdf
    parts = [(slow_pdf(), "application/pdf", "report.pdf")]
    if beside is not None:
        parts.append((beside, "text/plain", "claim.txt"))
    return EmailInput.from_parsed(mime.parse_bytes(eml(subject, body, attach=parts)),
                                  received_at=datetime(2026, 11, 30, 9, 0, tzinfo=UTC))


def _decide(email: EmailInput):
    spec = llm.model_spec()
    return run_chains(email, model=llm.build_model(spec), spec=spec,
                        config=Config.from_settings())


def test_a_claim_beside_a_slow_pdf_is_read_and_escalates():
    email = _with_slow_pdf("Documents lot 7731", "Please see the attached documents.",
                           b"We claim USD 180,000 for contaminated bales. Respond by tomorrow.")
    decision = _decide(email)
    assert decision.route == "escalated"
    assert any(t["usd"] == "180000.00" for t in decision.backstop_triggers)


def test_a_routine_mail_with_an_unread_part_goes_to_a_person_not_a_forward():
    routine = "Please find our freight invoice OF-5521 for USD 8,740.00 attached."
    decision = _decide(_with_slow_pdf("Freight invoice OF-5521", routine))
    assert decision.route == "needs_review"
    unread = decision.review_signals[0]
    assert unread["code"] == Code.PARTS_UNREAD
    assert [(p["code"], p["part"]) for p in unread["parts"]] == [
        (Code.PDF_TIMED_OUT, ["report.pdf (application/pdf)"])]
    # The same mail read in full is forwarded as before.
    whole = _decide(EmailInput(subject="Freight invoice OF-5521",
                               from_header="Oceanic <billing@oceanic.example.com>", body=routine,
                               received_at=datetime(2026, 11, 30, 9, 0, tzinfo=UTC)))
    assert whole.route == "forwarded"


def test_an_absurdly_long_claimed_amount_escalates_and_a_small_one_stays_a_ticket():
    claim = ("Quality claim: micronaire 5.3 on lot 7731 under contract CT-2026-0142, outside "
             "the contract range. We claim USD {} for the price difference.")
    huge = run("Claim lot 7731", claim.format("9" * 8_000))
    assert huge.route == "escalated"
    small = run("Claim lot 7731", claim.format("9,400.00"))
    assert small.route == "ticket"


def test_what_the_rules_read_is_clipped_and_the_rest_goes_to_a_person(monkeypatch):
    """Past RULES_MAX_CHARS the rules stop reading (they cost ~4 s a megabyte): a
    routine mail that long is not forwarded unread, and says how much was read."""
    from triage.decision import input as decision_input
    monkeypatch.setattr(decision_input, "RULES_MAX_CHARS", 2_000)
    routine = "Please find our freight invoice OF-5521 for USD 8,740.00 attached.\n"
    long = run("Freight invoice OF-5521", routine * 60,
               sender="Oceanic <billing@oceanic.example.com>")
    assert long.route == "needs_review"
    [read] = long.review_signals[0]["parts"]
    assert (read["code"], read["chars"]) == (Code.RULES_READ_FIRST, 2_000)
    assert read["total"] == len(f"Freight invoice OF-5521\n{routine * 60}")
    short = run("Freight invoice OF-5521", routine, sender="Oceanic <billing@oceanic.example.com>")
    assert short.route == "forwarded"
