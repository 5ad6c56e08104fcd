"""The deterministic backstop and routing: pure functions, no model, no database."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from triage import backstop
from triage.backstop import Exposure, Policy
from triage.decision import route as routing
from triage.routes import Code

POLICY = Policy(threshold_usd=Decimal(50000),
                rates={"USD": Decimal(1), "BRL": Decimal("0.18"), "EUR": Decimal("1.08")},
                deadline_business_days=2)
MONDAY = date(2026, 11, 16)


def evaluate(amount=None, currency=None, deadline=None, text="", received=MONDAY,
             read_deadlines=True):
    return backstop.evaluate(extracted=Exposure(Decimal(amount) if amount else None, currency),
                             deadline=deadline,
                             received_at=datetime(received.year, received.month, received.day,
                                                  9, tzinfo=UTC),
                             email_text=text, policy=POLICY, read_deadlines=read_deadlines)


def test_a_claim_the_sender_received_is_the_readers_own_and_its_figure_no_fact_against_it():
    ack = ("We acknowledge receipt of your notice of claim dated 2 April 2027.\n\n"
           "  Claimed amount: USD 310,000.00 (6 containers, seawater ingress)\n")
    result = backstop.evaluate(extracted=Exposure(None, None), deadline=None,
                               received_at=datetime(2026, 11, 16, 9, tzinfo=UTC),
                               email_text=ack, policy=POLICY, figures_ours=True)
    assert not result.escalate and not result.review
    # The same figure in a notice put to us escalates.
    notice = ("Please find our notice of claim dated 2 April 2027.\n\n"
              "  Claimed amount: USD 310,000.00 (6 containers, seawater ingress)\n")
    assert evaluate(text=notice).escalate


def test_mail_read_as_routine_still_escalates_on_a_claimed_amount_but_not_on_a_deadline():
    claim = "Não aceitaremos menos que US$ 60 mil de compensação pelos lotes 330 a 336."
    assert evaluate(text=claim, read_deadlines=False).escalate
    booking = "Please confirm the booking by tomorrow; the invoice total is USD 480,000."
    result = evaluate(text=booking, read_deadlines=False)
    assert not result.escalate and result.deadline is None
    # the same deadline in a claim counts
    assert evaluate(text="We claim USD 4,000. Reply by tomorrow.").escalate


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


def test_an_unknown_currency_goes_to_a_person_when_any_rate_could_cross():
    # The model may be right about COP 42,000,000; without a rate the rules cannot say
    # whether it crosses, so a person converts it: never the desk by itself.
    result = evaluate("50000", "XYZ")
    assert not result.escalate
    assert result.review == [{"code": Code.EXPOSURE_WITHOUT_RATE, "amount": "50000",
                              "currency": "XYZ", "threshold": "50000", "source": "extraction"}]
    assert not evaluate("100", "XYZ").review  # cannot cross at any rate: nothing to weigh
    # No currency at all is unknown too.
    assert evaluate("60000", None).review[0]["currency"] == ""


def test_stated_amount_catches_an_understating_extraction():
    text = "Our claim is USD 180,000 for the contaminated bales of lot 4."
    result = evaluate("5000", "USD", text=text)
    assert result.escalate
    assert result.triggers == [{"code": Code.EXPOSURE_AT_OR_ABOVE_THRESHOLD, "usd": "180000.00",
                                "threshold": "50000", "source": "email",
                                "quote": "USD 180,000"}]


def test_only_a_figure_stated_as_the_claim_escalates_other_large_figures_go_to_a_person():
    for text in ("Claim USD 5,000 now, USD 175,000 reserved pending final tests.",
                 "Please confirm the balance owed to us of USD 180,000 at 30 September."):
        result = evaluate("5000", "USD", text=text)
        assert not result.escalate and not result.triggers, text
        # A reserve, a balance: open, so shown to a person when large.
        assert result.review and all(r["code"] == Code.EXPOSURE_NOT_THE_CLAIM
                                     for r in result.review), text
        assert all(r["quote"] and r["usd"] for r in result.review), text
    for text in ("Our claim of USD 180,000 on lot 5 was settled in October.",
                 "We help mills cut claims over USD 180,000 by half."):
        # A settled claim, a bound: not the open claim, so they contradict no model.
        result = evaluate("5000", "USD", text=text)
        assert not result.escalate and not result.review, text
    for text in ("Wir fordern Schadenersatz in Höhe von USD 180.000 für Partie 5.",
                 "Nous réclamons une indemnisation de 180 000,00 USD pour le lot 5.",
                 "Tazminat talebimiz USD 180.000 tutarındadır.",
                 "Não aceitaremos menos que US$ 180 mil de compensação."):
        assert evaluate("5000", "USD", text=text).escalate, text


@pytest.mark.parametrize("demand,done", [
    # A compensation, a refund, a reimbursement done for us, however late in its sentence
    # the verb comes, is not the claim stated: a person weighs it, the desk is not called.
    ("Wir fordern die Entschädigung in Höhe von EUR 212.000,00 für die sechs Container.",
     "Im Schadenfall HTV-2026-M-04417 (Brand am Terminal, 6 Container, 540 Ballen) haben wir "
     "die Entschädigung in Höhe von EUR 212.000,00 nach Abzug des Selbstbehalts heute auf Ihr "
     "bei uns hinterlegtes Konto überwiesen."),
    ("Pedimos o ressarcimento de R$ 3.214.880,55 referente ao lote 22.",
     "O pedido de ressarcimento de crédito acumulado de ICMS no valor de R$ 3.214.880,55 foi "
     "deferido pela SEFAZ-GO."),
    ("We claim compensation of USD 180,000 for lot 5.",
     "The compensation of USD 180,000 for lot 5 was approved by underwriters and remitted."),
])
def test_a_figure_done_for_us_goes_to_a_person_the_same_figure_demanded_escalates(demand, done):
    assert evaluate("5000", "USD", text=demand).escalate, demand
    result = evaluate("5000", "USD", text=done)
    assert not result.escalate, done
    # Nothing is lost: open for all the rules can tell, it is shown to a person.
    assert [r["code"] for r in result.review] == [Code.EXPOSURE_NOT_THE_CLAIM], done


@pytest.mark.parametrize("made,settled", [
    ("Wir fordern Schadenersatz in Höhe von USD 180.000 für die kontaminierten Ballen.",
     "Die Reklamation über USD 180.000 wurde im Oktober gütlich geregelt."),
    ("Nous réclamons 180 000,00 USD pour le lot 12.",
     "La réclamation de 180 000,00 USD a été retirée."),
    ("Chiediamo un risarcimento di USD 180.000 per le balle contaminate.",
     "Il risarcimento di USD 180.000 è stato pagato il 3 novembre."),
    ("Kontamine balyalar için USD 180.000 tazminat talep ediyoruz.",
     "USD 180.000 tutarındaki tazminat talebimiz ödenmiştir."),
    ("Chúng tôi yêu cầu bồi thường USD 180.000 cho các kiện bông bị nhiễm bẩn.",
     "Khoản bồi thường USD 180.000 đã được thanh toán."),
    ("我方就第12批货物的污染向贵方索赔USD 180,000。", "第12批货物的索赔USD 180,000已结清。"),
    ("A balance of USD 180,000 is now due from you.",
     "A balance of USD 180,000 due from you was paid on 3 November."),
])
def test_a_large_claim_stated_in_any_of_our_languages_escalates_when_the_model_misses_it(
        made, settled):
    assert evaluate(text=made).escalate, made
    # The same words about a claim that is settled, withdrawn or paid: at most a person.
    assert not evaluate(text=settled).escalate, settled


def test_the_same_figure_in_the_body_and_an_attachment_counts_once():
    body = "Survey attached. We claim compensation of CNY 298,000 for the damaged bales."
    report = "Survey report: damage assessed, survey costs CNY 298,000 for the damaged bales."
    policy = Policy(threshold_usd=POLICY.threshold_usd,
                    rates={**POLICY.rates, "CNY": Decimal("0.14")}, deadline_business_days=2)
    kwargs = {"extracted": Exposure(None, None), "deadline": None,
              "received_at": datetime(2026, 11, 16, 9, tzinfo=UTC), "policy": policy}
    once = backstop.evaluate(email_text=f"{body}\n\n{report}", part_starts=(len(body) + 2,),
                             **kwargs)
    assert once.exposure_usd == Decimal("41720.00") and not once.escalate
    # Two distinct items in one part still add up.
    both = backstop.evaluate(
        email_text="We claim CNY 298,000 for lot 4 and CNY 298,000 for lot 5.", **kwargs)
    assert both.exposure_usd == Decimal("83440.00")


def test_amounts_in_two_currencies_that_cross_only_together_go_to_a_person():
    result = evaluate(text="Our claim: USD 30,000 for lot 4 and R$ 150.000 for lot 5.")
    assert not result.escalate
    assert {"code": Code.EXPOSURE_IN_SEVERAL_CURRENCIES, "usd": "57000.00", "threshold": "50000",
            "quotes": ["R$ 150.000", "USD 30,000"]} in result.review
    assert not evaluate(text="Our claim: USD 3,000 for lot 4 and R$ 15.000 for lot 5.").review


def test_a_written_deadline_on_a_mail_only_the_rules_read_as_a_claim_goes_to_a_person():
    text = "We claim USD 4,000. Reply by tomorrow."
    monday = datetime(2026, 11, 16, 9, tzinfo=UTC)
    assert evaluate(text=text).escalate  # the model read a claim
    rules_only = backstop.evaluate(extracted=Exposure(None, None), deadline=None,
                                   email_text=text, policy=POLICY, received_at=monday,
                                   model_claim=False)
    assert not rules_only.escalate
    assert rules_only.review == [{"code": Code.DEADLINE_WITHIN_LIMIT, "date": "2026-11-17",
                                  "days": 1, "limit": 2, "source": "email",
                                  "quote": "Reply by tomorrow", "model_claim": False}]
    # The extraction's own deadline is the model's reading: it escalates.
    extracted = backstop.evaluate(extracted=Exposure(None, None), deadline=date(2026, 11, 17),
                                  email_text="", policy=POLICY, received_at=monday,
                                  model_claim=False)
    assert extracted.escalate


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
    assert routing.combine(True, quiet) == (True, False)
    loud = evaluate("180000", "USD")
    assert routing.combine(False, loud) == (True, True)
    assert routing.combine(True, loud) == (True, False)
    assert routing.combine(False, quiet) == (False, False)


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
    assert routing.route(failed=failed, is_claim=is_claim, escalate=escalate) == expected


@pytest.mark.parametrize("text", [
    "We found polypropylene in 3 bales.",
    "Encontramos contaminação por plástico.",
    "We will refer this to ICA arbitration.",
    "All contracts are subject to ICA arbitration rules.",
])
def test_readings_of_meaning_never_escalate_by_themselves(text):
    # Contamination and threats are the model's to interpret; the backstop escalates
    # on objective facts only.
    assert evaluate(text=text).escalate is False


def test_an_absurd_amount_still_escalates_instead_of_crashing():
    result = evaluate("9" * 5000, "USD")
    assert result.escalate and result.exposure_usd is not None


def test_a_deadline_the_email_states_counts_even_if_the_extraction_missed_it():
    text = "Please confirm settlement by 17/11/2026, failing which we proceed."
    result = evaluate("1000", "USD", text=text)
    assert result.escalate and result.deadline == date(2026, 11, 17)
    assert not evaluate("1000", "USD", text="Settlement expected in December.").escalate


def test_the_earlier_of_the_extracted_and_the_written_deadline_wins():
    result = evaluate(deadline=date(2026, 12, 30), text="respond by 17/11/2026")
    assert result.deadline == date(2026, 11, 17) and result.escalate


@pytest.mark.parametrize("text,model_is_claim,model_escalates,expected", [
    # A contradiction sends the mail to a person...
    ("We found polypropylene in 3 bales of lot 7.", True, False,
     Code.CONTAMINATION_NOT_ESCALATED),
    ("Please kindly note our new bank details for all future payments.", False, False,
     Code.BANK_CHANGE),
    ("We claim compensation for the shortfall in lot 12.", False, False,
     Code.CLAIM_CALLED_ROUTINE),
    # ...and agreement, or nothing to contradict, does not.
    ("We found polypropylene in 3 bales of lot 7.", True, True, None),
    ("No contamination was found; micronaire 5.1.", True, False, None),
    ("Shipping advice: vessel ETA 4 December.", False, False, None),
])
def test_review_signals_are_contradictions_with_the_model(text, model_is_claim,
                                                           model_escalates, expected):
    found = routing.review_signals(text, model_is_claim=model_is_claim,
                                    model_escalates=model_escalates)
    if expected is None:
        assert found == []
    else:
        assert expected in [f["code"] for f in found]


@pytest.mark.parametrize("made,talk", [
    ("Wir reklamieren die Partie 12 wegen Verunreinigung mit Kunststoffteilen.",
     "Prüfbericht: keine Kontamination in den 220 Ballen festgestellt."),
    ("Nous avons constaté des fibres de polypropylène dans 14 balles du lot 22.",
     "Rapport d'inspection : aucune contamination constatée dans les 220 balles."),
    ("Abbiamo riscontrato fibre di polipropilene in 14 balle del lotto 22.",
     "Il reclamo sul contratto CT-99 è stato chiuso in ottobre."),
    ("Cuma gününe kadar ödeme yapılmazsa ICA nezdinde tahkime başvuracağız.",
     "Bu sözleşmeden doğan uyuşmazlıklar ICA tahkimine tabidir."),
    ("Chúng tôi đã phát hiện sợi polypropylen trong 14 kiện của lô 22.",
     "Báo cáo giám định: không phát hiện tạp chất trong 220 kiện."),
    ("我方在第22批货物的14包中发现丙纶丝，现拒收该批货物。", "检验报告：220包中未发现异纤。"),
])
def test_a_claim_made_in_any_of_our_languages_contradicts_a_model_that_called_it_routine(
        made, talk):
    assert {"code": "claim_called_routine"} in routing.review_signals(
        made, model_is_claim=False, model_escalates=False), made
    assert routing.review_signals(talk, model_is_claim=False, model_escalates=False) == [], talk


def test_a_bank_change_is_a_review_signal_even_on_an_escalated_claim():
    text = "Contamination claim USD 180,000. Please note our new bank details: IBAN ..."
    found = routing.review_signals(text, model_is_claim=True, model_escalates=True)
    assert [f["code"] for f in found] == [Code.BANK_CHANGE]
    assert "new bank details" in found[0]["quote"]


def test_routing_sends_a_review_signal_to_a_person():
    assert routing.route(failed=False, is_claim=True, escalate=False, review=True) == \
        "needs_review"
    assert routing.route(failed=False, is_claim=False, escalate=False, review=True) == \
        "needs_review"
    assert routing.route(failed=False, is_claim=True, escalate=True, review=True) == \
        "escalated"


@pytest.mark.parametrize("text", [
    "No contamination was found; micronaire 5.1.",
    "Sem contaminação. Diferença de peso de 1%.",
    "The bales are free of plastic and foreign matter.",
])
def test_negated_contamination_does_not_escalate(text):
    assert evaluate(text=text).escalate is False


@pytest.mark.parametrize("claimed,closed", [
    # A claim withdrawn, a payment received in full and final settlement, a claim revised
    # below the threshold, a partial payment leaving a small balance: nothing open is
    # large, so nothing contradicts a model that read the mail right. The same figure
    # claimed still escalates.
    ("We claim USD 96,000 for lot 5, ref. PTM/27/009.",
     "Accordingly we hereby withdraw our claim ref. PTM/27/009 for USD 96,000."),
    ("Reclamamos USD 61.250,00 por la contaminación del contrato CT-851.",
     "Confirmamos la recepción de su transferencia por USD 61.250,00, correspondiente a la "
     "liquidación total y definitiva del reclamo."),
    ("Por lo tanto, reclamamos USD 58,900.00 por el faltante.",
     "Por lo tanto, revisamos nuestro reclamo de USD 58,900.00 a USD 47,300.00, monto que "
     "sustituye al anterior."),
    ("Wir fordern Schadenersatz in Höhe von EUR 52.800,00 für Partie 5.",
     "Wir reduzieren unsere Forderung von EUR 52.800,00 auf EUR 39.600,00."),
    ("Original claim USD 72.000.", "Original claim USD 72.000 minus partial payment "
     "USD 30.000 -> open balance USD 42.000."),
])
def test_a_closed_or_replaced_figure_contradicts_nothing_the_same_figure_claimed_escalates(
        claimed, closed):
    assert evaluate("5000", "USD", text=claimed).escalate, claimed
    result = evaluate("5000", "USD", text=closed)
    assert not result.escalate and not result.review, closed


@pytest.mark.parametrize("text", [
    # Revised up, or a large balance left of a claim stated: still the desk.
    "We increase our claim from USD 47,300 to USD 58,900.",
    "Wir erhöhen unsere Forderung von EUR 42.000,00 auf EUR 58.900,00.",
    "Our claim is USD 180,000. You paid USD 32,700, so a balance of USD 147,300 is open.",
])
def test_a_large_revised_figure_or_balance_still_escalates(text):
    assert evaluate("5000", "USD", text=text).escalate, text


def test_a_claim_revised_up_to_a_large_figure_is_no_bound_it_reaches_a_person():
    result = evaluate("5000", "USD", text="We revise our claim from USD 47,300 up to USD 58,900.")
    assert [r["code"] for r in result.review] == [Code.EXPOSURE_NOT_THE_CLAIM]


def test_the_invoice_a_claimed_share_is_worked_out_from_contradicts_nothing():
    text = ("Le analisi HVI evidenziano un indice di uniformità medio di 79,1%. Vi addebitiamo "
            "pertanto il 3,5% del valore della fattura n. BC-EXP-26/1172, pari a EUR "
            "412.680,00, a titolo di abbuono qualità.")
    # The model's claim is that share: the invoice is its base, no second claim.
    assert evaluate("14443.80", "EUR", text=text).review == []
    # Another figure, or the invoice itself, against the same text: a person weighs it.
    result = evaluate("9000", "EUR", text=text)
    assert [r["code"] for r in result.review] == [Code.EXPOSURE_NOT_THE_CLAIM]


def test_a_course_s_case_study_is_no_claim_and_a_mill_s_own_figure_escalates():
    course = ("Our two-day course on quality claims comes to Santos.\n\n"
              " - Case study: a USD 1.2 million stickiness claim, from first complaint to appeal")
    assert not evaluate(text=course).escalate
    claim = "Lot 12 is sticky. We claim USD 1.2 million for the stickiness of the lot."
    assert evaluate(text=claim).escalate
