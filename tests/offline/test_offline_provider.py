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
                        config=Config.from_settings(history=False))


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
                        config=Config.from_settings(history=False))


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


# A large claim in each of our other markets' languages, and the same words about a claim
# that is not being made (settled, a report that found nothing, a pitch): the claim is
# never forwarded; the talk never reaches the desk.
ABROAD = [
    ("Partie 22", "Sehr geehrte Damen und Herren,\n\nwir haben in 14 Ballen der Partie 22 "
     "Polypropylenfäden festgestellt. Wir fordern Schadenersatz in Höhe von USD 180.000. "
     "Bitte antworten Sie bis Freitag.",
     "Sehr geehrte Damen und Herren,\n\ndie Reklamation zu Kontrakt DE-26/114 über "
     "USD 180.000 wurde im Oktober gütlich erledigt. Vielen Dank für die Gutschrift."),
    ("Lot 22", "Madame, Monsieur,\n\nNous avons constaté des fibres de polypropylène dans 14 "
     "balles du lot 22. Nous réclamons une indemnisation de 180 000,00 USD.",
     "Madame, Monsieur,\n\nNotre nouvelle housse de balle réduit de moitié les réclamations "
     "pour contamination, qui coûtent en moyenne 180 000 USD par saison."),
    ("Lotto 22", "Gentili Signori,\n\nabbiamo riscontrato fibre di polipropilene in 14 balle "
     "del lotto 22. Chiediamo un risarcimento di USD 180.000.",
     "Gentili Signori,\n\nil reclamo sul contratto IT-26/5 per USD 180.000 è stato chiuso "
     "in ottobre. Grazie per la nota di credito."),
    ("Parti 22", "Sayın İlgili,\n\n22 numaralı partinin 14 balyasında polipropilen ipler "
     "tespit ettik. USD 180.000 tazminat talep ediyoruz.",
     "Sayın İlgili,\n\nMuayene raporu: 220 balyada kontaminasyon tespit edilmedi."),
    ("Lô 22", "Kính gửi Quý công ty,\n\nChúng tôi đã phát hiện sợi polypropylen trong 14 kiện "
     "của lô 22. Chúng tôi yêu cầu bồi thường USD 180.000.",
     "Kính gửi Quý công ty,\n\nKhiếu nại về hợp đồng VN-26/8 đã được giải quyết vào tháng 10."),
    ("第22批", "贵司：\n\n我方在第22批货物的14包中发现丙纶丝。我方就此向贵方索赔USD 180,000。",
     "贵司：\n\n检验报告：220包中未发现异纤。感谢贵方的配合。"),
    ("Contract CT-2026-114", "Dear Sirs,\n\nFollowing the quality arbitration on contract "
     "CT-2026-114, a balance of USD 180,000 is now due from you.",
     "Dear Sirs,\n\nOur claim of USD 180,000 on contract CT-2026-114 was settled in October."),
    ("[ERP] Claim notice CL-2026-0412", "Supplier: Jiangsu Textile\nClaim: contamination, "
     "lot 7\nAmount 415,000.00\nCurrency CNY",
     "Supplier: Jiangsu Textile\nPayment advice for invoice 7781, paid in full\n"
     "Amount 415,000.00\nCurrency CNY"),
]


@pytest.mark.parametrize("subject,claim,talk", ABROAD)
def test_a_large_claim_in_any_of_our_languages_escalates_offline_and_talk_about_one_does_not(
        subject, claim, talk):
    decision = run(subject, claim)
    assert decision.route == "escalated", claim
    assert decision.exposure_usd >= 50000
    assert run(subject, talk).route != "escalated", talk


def test_a_claim_forwarded_as_a_turkish_message_rfc822_is_not_forwarded_offline():
    from email.message import EmailMessage

    inner = EmailMessage()
    inner["From"] = "Ege Iplik <kalite@egeiplik.example.com.tr>"
    inner["Subject"] = "Reklamasyon - parti 22"
    inner.set_content("Sayın İlgili,\n\n22 numaralı partinin 14 balyasında polipropilen ipler "
                      "tespit ettik. USD 180.000 tazminat talep ediyoruz. Lütfen cuma gününe "
                      "kadar cevap veriniz.\n")
    outer = EmailMessage()
    outer["From"] = "Agent <agent@broker.example.com>"
    outer["To"] = "claims@cottontrade.example.com"
    outer["Subject"] = "Fwd: parti 22"
    outer.set_content("FYI, see the mill's message below.\n")
    outer.add_attachment(inner)
    parsed = mime.parse_bytes(outer.as_bytes())
    decision = run(parsed.subject, parsed.text_body, parsed.from_header)
    assert decision.route == "escalated"
    assert decision.exposure_amount == 180000 and decision.exposure_currency == "USD"


def test_the_stand_ins_quotes_are_whole_words():
    """No quote starts or ends inside a word ("odão de origem Brasil" was one), and each
    is still the email's own words, so the grounding finds it."""
    body = ("Prezados, o algodão de origem Brasil do contrato CT-2026-0311, lote 88, chegou "
            "com polipropileno em 12 fardos. Reclamamos USD 4.800,00 pelos fardos afetados.")
    decision = run("Reclamação de contaminação, contrato CT-2026-0311", body)
    quotes = [q["quote"] for q in decision.claim["quotes"]]
    assert len(quotes) >= 3, decision.claim
    # What the model reads: the From and Subject lines, then the body (angle brackets of
    # the headers are neutralised in the delimited block).
    text = ("From: Mill ‹qa@mill.example.com> Subject: Reclamação de contaminação, contrato "
            "CT-2026-0311 " + " ".join(body.split()))
    words = {w.strip(",.;:").casefold() for w in text.split()}
    for quote in quotes:
        first, last = (w.strip(",.;:").casefold() for w in (quote.split()[0], quote.split()[-1]))
        assert first in words and last in words, quote
    assert "not_found" not in decision.grounding.values(), decision.grounding


# (a large claim put to us, mail that quotes as large a figure about claims without making
# one: the stand-in extracts a figure only where the rules read a claim being made)
TALKED_FIGURES = [
    ("Quality claims - S-2026/0370",
     "The HVI results are not as per contract and we are claiming as follows:\n\n"
     "Lot 210 - mic 4.9 : USD 38,400\nLot 211 - strength 26.8 g/tex : USD 29,750\n",
     "COTTON TRADE WEEKLY\n\nAn ICA tribunal has ordered a Geneva merchant to pay USD 3.4 "
     "million in damages to a Vietnamese spinner over contaminated bales."),
    ("Debit note DN-26/118",
     "Refer to the quality claim agreed in principle, please find our debit note:\n\n"
     "Lot | Bales | Claim | Currency\n33 | 96 | 38,450.00 | USD\n34 | 92 | 19,300.00 | USD\n",
     "Claims report 2026, as at 30 Nov:\n\nLot | Claim | Status | Currency\n"
     "33 | 38,450.00 | paid | USD\n34 | 19,300.00 | settled | USD\n"),
    ("Job application - head of claims",
     "Dear Sirs, our documented loss on contract CT-2026-0333 is USD 95,000 and we ask for "
     "your proposal.",
     "Dear Sirs, as head of claims I handled 25 arbitrations and a USD 38 million claims "
     "portfolio; I would welcome an interview."),
]


@pytest.mark.parametrize("subject,claim,talk", TALKED_FIGURES)
def test_the_stand_in_extracts_a_figure_only_from_a_claim_being_made(subject, claim, talk):
    decision = run(subject, claim)
    assert decision.route == "escalated" and decision.exposure_usd >= 50000, claim
    told = run(subject, talk)
    assert told.route != "escalated", talk
    assert (told.claim or {}).get("exposure_amount") is None, talk


def test_a_small_claim_asking_for_new_bank_details_is_a_ticket_carrying_the_warning():
    # The claim is the business the mail brings; the claims team sees the bank change in
    # red on the ticket's card (triage/admin/evidence.py) and confirms it by phone.
    claim = run("Weight shortfall lot 5", "The weigh-in shows a weight shortfall of 300 kg on "
                "lot 5. At the contract price this is USD 2,850; we claim this amount. Please "
                "note our bank account has changed: kindly remit to our new account.")
    assert claim.route == "ticket"
    assert [s["code"] for s in claim.review_signals] == [Code.BANK_CHANGE]
    # The same request with no claim read is a review, never a forward.
    invoice = run("Invoice 7781", "Please note our bank account has changed: kindly remit "
                  "invoice 7781 to our new account.")
    assert invoice.route == "needs_review"


def test_the_stand_in_reads_a_seminar_on_claims_as_talk_and_a_short_claim_as_one():
    # A subject naming the mail's genre makes its claim words a topic, as in the rules'
    # own text: an invitation's case study of a USD 1.2 million dispute is no claim.
    seminar = run("Invitation : séminaire « Réclamations qualité et arbitrage ICA » – Tanger",
                  "La Fédération organise un séminaire le jeudi 10 juin 2027.\n\n"
                  "Au programme :\n- Étude de cas : un litige de contamination de 1,2 million "
                  "USD porté devant l'ICA\n- Réclamations de poids : franchise de 0,5 %\n\n"
                  "Frais de participation : 2 400,00 MAD par personne.",
                  sender="FFN <secretariat@ffn.example.ma>")
    assert (seminar.route, seminar.escalate) == ("forwarded", False)
    # A two-line weight claim, its figure beside a credit note asked for: a ticket.
    claim = run("Weight shortfall claim - contract TR-2026-031, lot 5520",
                "Contract TR-2026-031, lot 5520: packing list 45,360 kg net, weigh-in "
                "44,910 kg.\nA weight shortfall of 450 kg, USD 12,400. Please issue a credit "
                "note within 30 days.")
    assert claim.route == "ticket" and claim.exposure_amount == 12400
