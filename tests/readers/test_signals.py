"""Claim, threat and bank-change signals: each reading that fires is paired with the
routine look-alike that must not, in English, Portuguese and Spanish."""

from __future__ import annotations

import json
import re

import pytest

from tests.factories import ROOT
from tests.growth import assert_linear
from triage import mime
from triage.readers import signals
from triage.readers.signals import (
    bank_accounts,
    bank_change_signal,
    claim_types,
    find_affirmed,
    has_claim_signal,
    threat_signal,
)
from triage.routes import ClaimType


def contaminated(text: str) -> bool:
    return "contamination" in claim_types(text)


# --- Scoped negation -------------------------------------------------------------

NEGATED = [
    "No foreign matter was detected in the 40 bales we opened.",
    "Não houve contaminação no lote 12.",
    "The bales of lot 7 are free from contamination.",
    "El algodón llegó sin contaminación.",
    "No se encontró contaminación en las pacas del contrato AR-22.",
    "We found no plastic in lot 5.",
    "The cotton was not contaminated.",
    "Contamination: none",
    "Contaminação: nenhuma. Umidade 7,2%.",
    "Negative for stickiness.",
    "Não foi encontrada contaminação durante a abertura dos fardos.",
    "We did not find any plastic, jute or PP strings.",
    "No plastic, jute or polypropylene was found on opening.",
    "Contamination was not found during opening.",
    "Nenhum fardo apresentou contaminação.",
    "Sin rastro de yute ni de plástico.",
    "A contaminação foi descartada pelo laudo da SGS.",
    "No contaminated bales were found in lot 3.",
]
AFFIRMED = [
    "The contaminated bales cannot be accepted.",
    "We cannot accept this cotton, which is contaminated.",
    "Without prejudice to our rights, we reject the contaminated bales.",
    "Recusamos os fardos contaminados.",
    "Não aceitaremos o algodão contaminado.",
    "No later than Friday the contaminated bales must be replaced.",
    "Contract No. 12: contaminated bales found in lot 4.",
    "No. of bales contaminated: 12",
    "Nº do lote contaminado: 5531",
    "We found not only plastic but also jute in 8 bales.",
    "No lote 12 do contrato BR-26/077 encontramos contaminação por plástico em 9 fardos.",
    "No contamination was found in lot 1. Lot 2, however, contains polypropylene in 5 bales.",
    "Encontramos yute en 12 pacas del lote 7.",
    "There was no answer from you about the contamination we found in lot 5.",
]


@pytest.mark.parametrize("text", NEGATED)
def test_a_negator_negates_what_it_governs(text):
    assert not contaminated(text)
    assert not has_claim_signal(text)


@pytest.mark.parametrize("text", AFFIRMED)
def test_a_negator_elsewhere_in_the_sentence_negates_nothing(text):
    assert contaminated(text)
    assert has_claim_signal(text)


def test_negation_stops_at_its_clause():
    text = "Contamination was not detected, but there is a weight shortfall of 2%."
    assert claim_types(text) == ["weight_shortfall"]
    assert claim_types("Sem contaminação. Falta de peso de 2%.") == ["weight_shortfall"]


@pytest.mark.parametrize("text,affirmed", [
    ("Thank you for your courtesy.", False),  # "court" is not "courtesy"
    ("Our staff will reclaim the warehouse space.", False),  # "reclaim" is not a claim
    ("Please read the disclaimer below.", False),
    ("The claimant asks USD 5,000 for lot 4.", True),  # "claimant" is
    ("Send your reply to claims@cottontrade.example.com.", False),
    ("Please forward this to the claims department.", False),
    ("Emails claiming to be from our bank are fraudulent.", False),
    ("We claim USD 5,000 for lot 4.", True),
])
def test_claim_words_are_whole_words(text, affirmed):
    assert has_claim_signal(text) is affirmed


# --- Claim vocabulary ------------------------------------------------------------

# (the claim, its routine look-alike)
VOCABULARY = [
    ("We reject lot 44 because of its quality.", "We reject your offer of 82 cents."),
    ("Rejeitamos o lote 12.", "Rejeitamos a proposta de preço."),
    ("Rechazamos la mercancía del contrato 55.", "Rechazamos su oferta de precio."),
    ("We refuse delivery of the remaining bales.", "We refuse to pay more than 80 cents."),
    ("We hold you fully responsible for the damages.", "You are responsible for the booking."),
    ("Responsabilizamos a empresa pelos prejuízos.", "A empresa é responsável pelo frete."),
    ("Los hacemos responsables por los daños.", "Usted es responsable del flete."),
    ("The cotton from lot 8 is sticky; honeydew is visible in the yarn.",
     "Stickiness test negative for all lots."),
    ("O algodão apresentou melado em vários fardos.", "Teste de melado: negativo."),
    ("Detectamos pegajosidad en 20 pacas.", "Pegajosidad: negativa."),
    ("Moisture 11%, above the contract limit of 8.5%.", "Moisture 7.2%, within contract limits."),
    ("Umidade de 13% nos fardos, acima do contratado.", "Umidade média 7,4%, dentro do padrão."),
    ("Humedad excesiva en las pacas del lote 3.", "Humedad 7,1%, dentro de los límites."),
    ("High neps count on lot 7: 320/g.", "AFIS report for lot 7: neps 180/g."),
    ("Fibra curta acima do contratado no lote 5.", "Fibra curta 7% no lote 5."),
    ("Fibra corta por encima del contrato en el lote 9.", "Fibra corta 6,5% en el lote 9."),
    ("We found plastic bags in 3 bales of lot 9.", "Please send the samples in plastic bags."),
    ("Encontramos sacos plásticos em 4 fardos.", "Os fardos seguem cobertos com lonas plásticas."),
    ("Short fibre content above the contract maximum on lot 12.",
     "Short fibre content 7.5% on lot 12."),
    ("Encontramos pedaços de plástico e fios de juta em 6 fardos.",
     "Os fardos devem vir sem plástico e sem juta."),
    ("Hallamos hilos de polipropileno y yute en el lote 4.",
     "Recordamos que las pacas deben estar libres de polipropileno y yute."),
    ("Micronaire 5.4, out of range for contract VN-101.",
     "HVI results: micronaire 4.2, strength 30 g/tex, uniformity 82%."),
    ("Encontramos matéria estranha (polipropileno) em 4 fardos.",
     "Favor garantir que os fardos estejam livres de matéria estranha."),
    ("Encontramos materia extraña en 4 pacas.", "Las pacas deben estar libres de materia extraña."),
    ("Falta de peso de 1,8% no contrato BR-26/090.", "Não houve falta de peso no embarque."),
    ("Faltante de peso de 350 kg en el contrato 22.", "Le informamos que no hubo merma."),
    ("Merma de peso de 2% en el lote 3.", "Sin merma de peso en el lote 3."),
    ("Weight shortfall of 450 kg on lot 5520.", "Weight difference within the franchise."),
    ("Segue nossa reclamação referente ao lote 5.",
     "A reclamação do lote 12 foi encerrada e o crédito já foi pago."),
    ("Adjuntamos nuestro reclamo por la calidad del lote 9.",
     "La reclamación del contrato 88 ya fue cerrada el año pasado."),
    ("Presentamos reclamación por la humedad del algodón.", "No tenemos ningún reclamo."),
    ("Solicitamos indenização pelos danos no lote 3.", "Não temos nada a reclamar."),
    ("Solicitamos una indemnización por los daños.", "Sin reclamaciones este año."),
    ("We request compensation for the cleaning costs.", "There is no compensation due."),
    ("Please find our debit note DN-77 for the quality difference on lot 5.",
     "Please find our debit note DN-12 for demurrage at Santos."),
    ("Segue a nota de débito 45 referente à diferença de peso do lote 8.",
     "Segue a nota de débito 46 referente ao frete."),
    # a reference marked closed, a full and final settlement, a past season
    ("Claim ref CL-2025-044: we maintain our claim for the colour grade.",
     "Claim ref CL-2025-044 - settled - credit note copy, please."),
    ("Claim ref CL-2025-044: we maintain our claim for the colour grade.",
     "Claim ref CL-2025-044 - closure: thank you for the credit note."),
    ("Reclamo 2025-012: insistimos en el reclamo por la diferencia de peso.",
     "Reclamo 2025-012 (cerrado) - copia de nota de crédito."),
    ("El reclamo 2025-012 por diferencia de peso sigue abierto.",
     "El reclamo 2025-012 por diferencia de peso quedó cerrado en julio."),
    ("Our claim on lot CF-B-5488 stands at USD 9,200.",
     "We accept USD 9,200 in full and final settlement of our claim on lot CF-B-5488."),
    ("Thanks for looking into the colour claim we sent on Monday.",
     "Thanks again for the fair settlement of the small colour claim last spring."),
    # signatures and disclaimers
    ("Claims team here: we hold you responsible for the losses on lot 12.",
     "Purchasing | Legal & Claims Coordination, Izmir"),
    ("Reclamamos pelos prejuízos do lote 4.",
     "A empresa não se responsabiliza por reclamações decorrentes do uso indevido desta "
     "mensagem."),
    ("Presentamos reclamación por los daños en el lote 3.",
     "Hilaturas Catalanas no se hace responsable de reclamaciones derivadas de su uso."),
    # a check, a test report, a dashboard name their topic
    ("We found contamination in 12 bales of lot 7.",
     "Contamination check (visual, 10% of bales opened): no contamination found."),
    ("Stickiness: 14 sticky points per sample on lot 301, well above the contract.",
     "Results of the stickiness testing requested on 18 November are attached."),
    ("New claims today: 3 (lot 4 weight shortfall, lot 9 micronaire, lot 12 contamination).",
     "[ERP] Daily claims dashboard\nNew claims today        : 0"),
    # a count of zero, a list after a parenthesis, a label answered with "sin"
    ("Fardos com contaminação: 14 (plástico e juta).", "Fardos com contaminação: 0"),
    ("Contaminación: encontramos polipropileno en 6 pacas.",
     "Contaminación: sin contaminación visible (plástico, polipropileno, yute)."),
    ("Encontramos ráfia em 3 fardos do lote 8.",
     "Usar somente lonas aprovadas, nada de ráfia perto dos fardos."),
    ("The terminal's plastic sheeting was found inside 9 of our bales.",
     "The terminal has started using plastic sheeting to cover pallets in the shed."),
]


@pytest.mark.parametrize("claim,routine", VOCABULARY)
def test_claim_vocabulary_fires_and_its_routine_look_alike_does_not(claim, routine):
    assert has_claim_signal(claim), claim
    assert not has_claim_signal(routine), routine


@pytest.mark.parametrize("text,types", [
    ("We found polypropylene strands in 12 bales.", ["contamination"]),
    ("No contamination was found; micronaire 5.3 is out of contract.", ["quality_hvi"]),
    ("A contaminação por plástico foi confirmada pelo laudo.", ["contamination"]),
    ("Os fardos chegaram molhados e com mofo.", ["moisture"]),
    ("Contract CT-81, lot 8: micronaire 5.5. We claim USD 130,000.", ["quality_hvi"]),
    ("HVI results attached. We claim USD 4,000 for the weight shortfall.",
     ["weight_shortfall"]),
    ("We claim USD 9,000 for the late shipment of contract 7.", ["late_shipment"]),
    ("The vessel is delayed; delayed shipment notice attached.", []),
    ("The bales are free of foreign matter.", []),
])
def test_claim_types(text, types):
    assert claim_types(text) == types


def test_claim_types_are_the_extraction_schemas():
    assert set(signals.CLAIM_TYPE_PATTERNS) <= {t.value for t in ClaimType}


# --- Topic naming is not a claim ---------------------------------------------------

TOPIC = [
    "Please send the contamination-free certificate for contract 12.",
    "Favor enviar o certificado de análise de contaminação do lote 5.",
    "You are invited to our seminar on contamination control in Bremen on 12 March.",
    "Inscrições abertas: seminário sobre contaminação do algodão.",
    "Disputes shall be settled by ICA arbitration.",
    "Contrato sujeito às regras da ICA.",
    "Cualquier controversia será sometida al arbitraje de la ICA.",
    "Please make sure bales are free of polypropylene.",
    "To avoid plastic contamination in future shipments, use cotton bagging only.",
    "Para evitar contaminação, não use sacos plásticos na colheita.",
    "This month's newsletter: how spinners reduce contamination. Unsubscribe here.",
    "Regarding the claim for lot 12, settled in March, could you send the credit note?",
    "Our claim for lot 9 was settled last year; please send a copy of the credit note.",
    "If any contamination is found, please inform us immediately.",
    "Caso seja encontrada contaminação, favor nos avisar.",
    "Si se encuentra contaminación, por favor avísenos.",
    "Our offer: mic 3.7-4.9, strength min 28 g/tex; mic above 5.0 is discounted.",
]
CLAIMS = [
    "We found polypropylene in 12 bales of lot 88 and hold you responsible.",
    "Encontramos contaminação por plástico em 9 fardos do lote 12.",
    "We will refer the matter to ICA arbitration.",
    "Please let us know if you accept our claim for USD 12,000.",
    "If the micronaire issue on contract CT-98 is not resolved this week, we will claim "
    "USD 200,000.",
    "Further to our previous email, we still await your reply about the contaminated bales.",
    "Please make sure the contaminated bales are collected by Friday.",
]


@pytest.mark.parametrize("text", TOPIC)
def test_naming_the_topic_is_not_a_claim(text):
    assert not has_claim_signal(text)


@pytest.mark.parametrize("text", CLAIMS)
def test_a_claim_is(text):
    assert has_claim_signal(text)


# --- Threats -----------------------------------------------------------------------

THREATS = [
    ("We will refer the matter to ICA arbitration.", "ICA arbitration"),
    ("Failing settlement we will take legal action.", "legal action"),
    ("Iniciaremos arbitragem na ICA.", "arbitragem"),
    ("Acionaremos a justiça caso não haja resposta.", "justiça"),
    ("Iniciaremos acciones legales contra su empresa.", "acciones legales"),
    ("We shall cancel the contract.", "cancel the contract"),
    ("If this is repeated we will cancel the contract.", "cancel the contract"),
    ("Caso a diferença não seja paga, nossos advogados iniciarão ação judicial.", "advogados"),
    ("We hereby give notice that we will commence ICA arbitration.", "arbitration"),
    ("Legal action will be taken if we do not hear from you by Friday.", "Legal action"),
    ("Cancelaremos el contrato si no recibimos respuesta.", "el contrato"),
]
NOT_THREATS = [
    "Disputes shall be settled by ICA arbitration.",
    "Contrato sujeito às regras da ICA.",
    "All disputes arising out of this contract shall be referred to arbitration in "
    "accordance with the ICA bylaws.",
    "We do not intend to take legal action.",
    "We will not take legal action.",
    "Join the ICA arbitration seminar in Liverpool.",
    "The tests were done at an ICA Bremen certified laboratory.",
    "Our lawyer is on holiday until Monday.",
    "We shall refer any dispute to ICA arbitration as per the contract.",
    "Contract confirmation CT-2026-200: 500 bales, SLM 1-1/16, ICA rules, arbitration in "
    "Liverpool.",
]


@pytest.mark.parametrize("text,words", THREATS)
def test_a_threat_is_quoted(text, words):
    quote = threat_signal(text)
    assert words in quote
    assert has_claim_signal(text)


@pytest.mark.parametrize("text", NOT_THREATS)
def test_a_clause_or_a_denial_is_not_a_threat(text):
    assert threat_signal(text) == ""


def test_legacy_arbitration_words_skip_the_clause_but_keep_the_threat():
    clause = "Disputes shall be settled by ICA arbitration."
    threat = "Failing settlement we will refer the matter to ICA arbitration under the bylaws."
    assert find_affirmed(clause, signals.ARBITRATION_WORDS) == []
    assert find_affirmed(threat, signals.ARBITRATION_WORDS)
    assert find_affirmed("If this is repeated we will cancel the contract.",
                         signals.CANCELLATION_WORDS)


# --- Bank details ------------------------------------------------------------------

BANK_CHANGES = [
    "Kindly route future payments to the account below.",
    "Our old account will be closed at the end of the month.",
    "Please amend your vendor file accordingly.",
    "Please update your records with our new beneficiary.",
    "Please remit to the account below (new): IBAN DE89 3704 0044 0532 0130 00.",
    "Favor atualizar o cadastro bancário.",
    "Dados para depósito alterados: Banco Itaú, agência 1234, conta 56789-0.",
    "Segue nossa nova conta para pagamento.",
    "Informamos cambio de cuenta bancaria.",
    "Nuevos datos bancarios: CBU 2850590940090418135201.",
    "Nuestros datos bancarios han cambiado. Por favor actualicen sus registros.",
    "IBAN: DE89 3704 0044 0532 0130 00 (new)",
    "Nova conta: agência 1234-5, conta 67890-1.",
    "Note our new bank details: IBAN GB00 EVIL 0000 0000. Pay to the new account from today.",
    "We have changed our bank. IBAN GB29 NWBK 6016 1331 9268 19.",
    "Please update your records: our IBAN is now GB29 NWBK 6016 1331 9268 19.",
    "A partir de agora, os pagamentos devem ser feitos na conta do Banco Inter.",
]
NOT_BANK_CHANGES = [
    "Please find invoice INV-77812, USD 8,740.00. Payment to IBAN DE89 3704 0044 0532 0130 00, "
    "SWIFT COBADEFFXXX.",
    "Pagamento: Banco do Brasil, agência 1234-5, conta 67890-1. Vencimento 10/12.",
    "Adjuntamos la factura 5531. Datos bancarios: Banco Galicia, CBU 2850590940090418135201.",
    "We will never change our bank details by email. Never pay to new bank details without "
    "calling us first.",
    "Nunca enviaremos novos dados bancários por e-mail.",
    "There is no change to our bank details.",
    "Não houve alteração nos dados bancários.",
    "Sin cambio en los datos bancarios.",
    "Please find our new invoice attached. IBAN DE89 3704 0044 0532 0130 00.",
    "Payment by bank transfer to the account on file.",
    "Please update your records with our new address: Rua das Flores 100, São Paulo.",
    "Happy new year! Our IBAN remains DE89 3704 0044 0532 0130 00.",
    "Beware of fraudsters announcing new bank details.",
    "Please pay outstanding invoices to our usual account.",
    "Our new bank holiday schedule is attached.",
    "Please note the new payment terms: 60 days from B/L date.",
]


@pytest.mark.parametrize("text", BANK_CHANGES)
def test_a_bank_detail_change_is_quoted(text):
    assert bank_change_signal(text)


@pytest.mark.parametrize("text", NOT_BANK_CHANGES)
def test_usual_payment_details_and_warnings_are_not_a_change(text):
    assert bank_change_signal(text) == ""


def test_bank_accounts_are_read_and_checked():
    text = ("IBAN DE89 3704 0044 0532 0130 00 SWIFT: COBADEFFXXX. Ag. 1234-5 c/c 67890-1. "
            "CBU 2850590940090418135201, CLABE 002010077777777771. "
            "Not an IBAN: DE89 3704 0044 0532 0130 01; BIC TRANSFER; CBU 2850590940090418135202.")
    assert bank_accounts(text) == [
        "IBAN DE89370400440532013000", "BIC COBADEFFXXX", "AG 1234-5 CC 67890-1",
        "CBU 2850590940090418135201", "CLABE 002010077777777771"]
    assert bank_accounts("Agência 0001, conta corrente 12345-6") == ["AG 0001 CC 12345-6"]
    assert bank_accounts("Swift transfer received, thanks.") == []


# --- Look-alikes, the legacy API and the labelled set ----------------------------------


def test_look_alike_letters_and_invisible_characters_do_not_hide_a_claim():
    assert contaminated("We found соntаminаtion with рlastic in lot 3.")
    assert contaminated("Contract CT-90, lot 2: con\u200btami\u200cnation with pl\u200bastic "
                        "found.")
    assert bank_change_signal("Our nеw bаnk dеtаils are below.")  # Cyrillic е, а


def test_the_legacy_helpers_still_work():
    pattern = signals.words(r"vencid", r"\bSGS\b")
    assert pattern.search("Fatura vencida") and pattern.search("sgs attended")
    text = "No contamination was found"
    m = re.search("contamination", text)
    assert signals.is_negated(text, m.start(), m.end())
    assert not signals.is_negated("We found contamination", 9, 22)
    # A caller's own pattern is matched as written (case-sensitive here) and negation-aware.
    own = re.compile(r"SGS")
    assert [m.group(0) for m in find_affirmed("SGS confirmed it. No SGS report.", own)] == ["SGS"]


@pytest.mark.parametrize("text", AFFIRMED + CLAIMS + [c for c, _ in VOCABULARY])
def test_find_affirmed_agrees_with_claim_types(text):
    for name in claim_types(text):
        assert find_affirmed(text, signals.CLAIM_TYPE_PATTERNS[name]), (name, text)


EVAL = ROOT / "lab" / "data" / "eval"


def test_the_labelled_set_reads_as_labelled():
    """Every claim in the labelled set reads as a claim and nothing routine does; none
    changes bank details."""
    wrong = []
    for case in json.loads((EVAL / "labels.json").read_text())["cases"]:
        parsed = mime.parse_bytes((EVAL / case["file"]).read_bytes())
        text = f"{parsed.subject}\n{parsed.text_body}"
        is_claim = case["expected"]["route"] != "forwarded"
        if has_claim_signal(text) is not is_claim or bank_change_signal(text):
            wrong.append(case["file"])
    assert wrong == []


# --- Linear time -----------------------------------------------------------------------

ADVERSARIAL = [
    "claim contamination plastic micronaire reclamação ", "contamination ",
    "no contamination ", "not no não sin without ", "no any visible signs of ", "micronaire ",
    "claim seminar ", "IBAN ", "DE89 3704 0044 0532 0130 00 ", "1", " ", ", ", ". ",
    "new bank details ", "please update your records ", "arbitration ", "if ",
    "we will refer to arbitration ", "agência 1234 conta ", "соntаminаtion ",
]


@pytest.mark.parametrize("unit", ADVERSARIAL)
def test_repeated_words_read_linearly(unit):
    def read_all(text: str) -> None:
        signals._folded.cache_clear()
        signals._doc.cache_clear()
        for read in (has_claim_signal, claim_types, threat_signal, bank_change_signal,
                     bank_accounts, lambda t: find_affirmed(t, signals.CLAIM_WORDS)):
            read(text)
    assert_linear(lambda n: (unit * (n // len(unit) + 1))[:n], read_all, 25_000, label=unit)


def test_a_claim_after_a_megabyte_of_routine_text_is_still_read():
    text = "The vessel sails on Friday. " * 36_000 + "We found plastic in 12 bales."
    assert contaminated(text) and has_claim_signal(text)


@pytest.mark.parametrize(("change", "same"), [
    ("Unsere Bankverbindung hat sich geändert, bitte überweisen Sie künftig auf die neue IBAN.",
     "Bankverbindung: Deutsche Bank, IBAN DE89 3704 0044 0532 0130 00 (unverändert)."),
    ("Veuillez noter nos nouvelles coordonnées bancaires : IBAN FR76 3000 6000 0112 3456 78.",
     "Nos coordonnées bancaires restent inchangées."),
    ("Banka hesap bilgilerimiz değişmiştir. Yeni IBAN: TR33 0006 1005 1978 6457 8413 26.",
     "Banka hesabımız: TR33 0006 1005 1978 6457 8413 26, ödemeniz için teşekkürler."),
    ("Vi informiamo che le nostre coordinate bancarie sono cambiate: nuovo IBAN IT60X054.",
     "Le coordinate bancarie restano quelle del contratto."),
    # The subordinate clause, and the company's account in the third person.
    ("Bitte beachten Sie, dass sich unsere Bankverbindung geändert hat.",
     "Bitte beachten Sie, dass sich unsere Lieferadresse geändert hat."),
    ("Şirketimizin banka hesap bilgileri değişmiştir; ödemelerinizi yeni hesabımıza yapınız.",
     "Şirketimizin banka hesap bilgileri faturanın altındadır; teşekkür ederiz."),
])
def test_bank_changes_in_german_french_turkish_and_italian(change, same):
    assert bank_change_signal(change)
    assert not bank_change_signal(same)


_ACCOUNT = ("\n\nBeneficiary: Whitmore Services Ltd\nBank: Thames Commercial Bank plc, "
            "London\nIBAN: GB29 NWBK 6016 1331 9268 19\nSWIFT: NWBKGB2L\n")


def test_a_secret_transfer_to_an_escrow_account_is_read_as_paying_new_details():
    # A CEO fraud writes no change of bank: it asks for a secret wire to an account we
    # never paid. A supplier's invoice with its account and a confidentiality footer does not.
    fraud = ("I need you to handle a wire today of USD 248,500.00 to the escrow account of "
             "our legal counsel. This is confidential until we sign, so please keep it "
             "between us." + _ACCOUNT)
    assert "keep it between us" in bank_change_signal(fraud)
    invoice = ("Please find our invoice 4471 for the June freight, USD 9,850.00, due in 30 "
               "days." + _ACCOUNT + "This message is confidential.")
    assert bank_change_signal(invoice) == ""
    # "Between us" in a claim's friendly close is no secret; kept between us, it is.
    amicable = ("We revise our claim to USD 47,500.00. We trust that we can settle this "
                "amicably between us as in the past." + _ACCOUNT)
    assert bank_change_signal(amicable) == ""
    assert "só entre nós" in bank_change_signal(
        "Preciso de uma transferência hoje para a conta abaixo; fica só entre nós." + _ACCOUNT)
    assert bank_accounts(invoice)  # the account itself is still read


# The same words about a claim, and a claim being made: each pair is one catch and its
# false alarm. Only a claim being made contradicts a model that called the mail routine.
MADE_OR_TALKED = [
    ("We found polypropylene strings in 14 bales of lot 22 and reject them.",
     "Our new bale covers cut polypropylene contamination claims by half; ask for a demo."),
    ("Quality claim on contract CT-99, lot 2: micronaire 5.1, claim USD 2,500.",
     "Our claim on contract CT-99 was settled in October; thank you for the credit note."),
    ("We hereby give notice of arbitration under the ICA Bylaws for contract CT-7.",
     "After 30 years and more ICA arbitrations than I can count, I retire on Friday."),
    ("Reclamamos R$ 48.300,00 pela diferença de peso no lote 14.",
     "Relatório de inspeção: nenhuma contaminação encontrada nos 220 fardos."),
    # A claim word and an open figure in one sentence, not a report's heading above
    # its figures.
    ("Reclamação: R$ 480.600,00 pela diferença de peso do lote 4.",
     "Claims notified YTD: 14\nOutstanding reserves (underwriters): 3 - USD 155,500\n"
     "No action is needed from your side."),
    # A story told of the past, or a statistic, finds nothing in this email's goods.
    ("We found jute in 37 bales of lot 4.",
     "Or the Chittagong contamination dispute in 2014, when we found the jute was from the "
     "mill's own wrapping."),
    ("We saw polypropylene in 12 bales of lot 4 and claim USD 8,300.",
     "Last season the average polypropylene claim we saw in South Asia was USD 83,000."),
    # A payment in settlement of the claim, bales and all.
    ("We found PP contamination on 22 bales of LT-4340 and claim USD 58,000.00.",
     "Please find attached the swift copy of USD 58,000.00 in full and final settlement of "
     "the PP contamination claim on 22 bales of LT-4340."),
    # The sender withdraws its claim, in another sentence than the claim's.
    ("Con relación a nuestro reclamo del 20 de noviembre por micronaire fuera de contrato en "
     "el lote LT-4482, por USD 27.300,00, le pedimos una respuesta.",
     "Con relación a nuestro reclamo del 20 de noviembre por micronaire fuera de contrato en "
     "el lote LT-4482, por USD 27.300,00, le comunicamos que los resultados están dentro del "
     "contrato.\n\nPor lo tanto, retiramos formalmente el reclamo y damos el asunto por "
     "cerrado."),
    ("Further to the joint re-test, we maintain our claim of USD 12,000 on lot 7.",
     "Further to the joint re-test, we hereby withdraw our claim of USD 12,000 on lot 7."),
]


@pytest.mark.parametrize("made,talked", MADE_OR_TALKED)
def test_a_claim_being_made_is_told_from_talk_about_claims(made, talked):
    assert signals.claim_is_made(made)
    assert not signals.claim_is_made(talked)


# --- German, French, Italian, Turkish, Vietnamese and Chinese --------------------------

# (a claim being made, the same words about a claim that is not being made: a pitch, a
# settled claim, a report that found nothing)
MADE_OR_TALKED_ABROAD = [
    # German
    ("Wir haben in 14 Ballen der Partie 22 Polypropylenfäden festgestellt und weisen die "
     "Ware zurück.",
     "Prüfbericht: keine Kontamination in den 220 Ballen festgestellt."),
    ("Wir fordern Schadenersatz in Höhe von USD 180.000 für die kontaminierten Ballen.",
     "Die Reklamation zu Kontrakt CT-99 wurde im Oktober erledigt; danke für die Gutschrift."),
    ("Wir reklamieren die Partie 12 wegen Verunreinigung mit Kunststoffteilen.",
     "Unsere neuen Ballenhüllen halbieren Reklamationen wegen Kontamination; fordern Sie "
     "eine Vorführung an."),
    # French
    ("Nous avons constaté des fibres de polypropylène dans 14 balles du lot 22 et refusons "
     "la marchandise.",
     "Rapport d'inspection : aucune contamination constatée dans les 220 balles."),
    ("Nous réclamons une indemnisation de 61 500,00 EUR pour le lot 12.",
     "La réclamation du contrat CT-99 a été réglée en octobre ; merci pour l'avoir."),
    ("Réclamation CT-99 : nous maintenons notre réclamation sur le grade.",
     "Réclamation CT-99 - clôture : merci pour la note de crédit."),
    ("Nous maintenons notre réclamation sur le contrat CT-99.",
     "La réclamation sur le contrat CT-99 est donc définitivement réglée."),
    # Italian
    ("Abbiamo riscontrato fibre di polipropilene in 14 balle del lotto 22 e rifiutiamo la "
     "merce.",
     "Rapporto di ispezione: nessuna contaminazione riscontrata nelle 220 balle."),
    ("Chiediamo un risarcimento di USD 180.000 per le balle contaminate.",
     "Il reclamo sul contratto CT-99 è stato chiuso in ottobre; grazie per la nota di "
     "credito."),
    # Turkish
    ("22 numaralı partinin 14 balyasında polipropilen ipler tespit ettik ve malı "
     "reddediyoruz.",
     "Muayene raporu: 220 balyada kontaminasyon tespit edilmedi."),
    ("Kontamine balyalar için USD 180.000 tazminat talep ediyoruz.",
     "CT-99 sözleşmesine ilişkin reklamasyon ekim ayında kapatılmıştır."),
    # Vietnamese
    ("Chúng tôi đã phát hiện sợi polypropylen trong 14 kiện của lô 22 và từ chối nhận lô "
     "hàng.",
     "Báo cáo giám định: không phát hiện tạp chất trong 220 kiện."),
    ("Chúng tôi yêu cầu bồi thường USD 180.000 cho các kiện bông bị nhiễm bẩn.",
     "Khiếu nại về hợp đồng CT-99 đã được giải quyết vào tháng 10."),
    # Chinese, written without spaces
    ("我方在第22批货物的14包中发现丙纶丝，现拒收该批货物。", "检验报告：220包中未发现异纤。"),
    ("我方就第12批货物的污染向贵方索赔USD 180,000。",
     "CT-99合同的索赔已于十月结清，感谢贵方的贷记单。"),
    ("我方就第12批货物的污染向贵方索赔USD 180,000。",
     "我司新型包装可将污染索赔减少一半，欢迎索取演示。"),
]


@pytest.mark.parametrize("made,talked", MADE_OR_TALKED_ABROAD)
def test_a_claim_made_in_any_of_our_languages_is_told_from_talk_about_claims(made, talked):
    assert signals.claim_is_made(made) and has_claim_signal(made), made
    assert not signals.claim_is_made(talked), talked


@pytest.mark.parametrize("text", [
    "Prüfbericht: keine Kontamination in den 220 Ballen festgestellt.",
    "Die Ballen sind frei von Fremdfasern.",
    "Kontamination wurde nicht festgestellt.",
    "Aucune contamination n'a été constatée.",
    "Les balles sont exemptes de corps étrangers.",
    "Nessuna contaminazione riscontrata nelle 220 balle.",
    "Le balle sono prive di materiale estraneo.",
    "220 balyada kontaminasyon tespit edilmedi.",
    "Kontaminasyon: yok",
    "Không phát hiện tạp chất trong 220 kiện.",
    "Bông không bị nhiễm bẩn.",
    "220包中未发现异纤。",
    "经检验，该批货物没有污染。",
    "异纤：无",
    # a negated list: every item is negated, in any of these languages
    "Bitte achten Sie darauf, dass die Ballen frei von Fremdfasern (Kunststoff oder Jute) "
    "sind.",
    "Les balles doivent arriver sans contamination (plastique, jute et polypropylène).",
    "Le balle sono risultate prive di contaminazione (plastica o polipropilene).",
])
def test_a_negated_finding_in_these_languages_is_no_contamination(text):
    assert not contaminated(text), text
    assert not has_claim_signal(text), text


@pytest.mark.parametrize("text", [
    "Lettre d'information de mars : réclamations, arbitrages et marchés. Pour vous "
    "désabonner, écrivez-nous.",
    "Unser Newsletter: Reklamationen und Schiedsverfahren im Baumwollhandel. Newsletter "
    "abbestellen.",
])
def test_a_newsletter_in_these_languages_only_names_claims(text):
    assert not has_claim_signal(text)


@pytest.mark.parametrize("threat,clause", [
    ("Sollte die Angelegenheit bis Freitag nicht geregelt sein, werden wir ein "
     "Schiedsverfahren bei der ICA einleiten.",
     "Alle Streitigkeiten aus diesem Vertrag unterliegen dem ICA-Schiedsverfahren."),
    ("À défaut de règlement, nous engagerons une procédure d'arbitrage auprès de l'ICA.",
     "Tout litige sera soumis à l'arbitrage de l'ICA."),
    ("In mancanza di una risposta entro venerdì, avvieremo un arbitrato presso l'ICA.",
     "Qualsiasi controversia sarà sottoposta all'arbitrato ICA."),
    ("Cuma gününe kadar ödeme yapılmazsa ICA nezdinde tahkime başvuracağız.",
     "Bu sözleşmeden doğan uyuşmazlıklar ICA tahkimine tabidir."),
    ("Nếu không nhận được phản hồi trước thứ Sáu, chúng tôi sẽ khởi kiện ra trọng tài ICA.",
     "Mọi tranh chấp phát sinh từ hợp đồng này sẽ được giải quyết bằng trọng tài ICA."),
    ("如贵方周五前不予答复，我方将提起ICA仲裁。", "凡因本合同引起的任何争议，均应提交ICA仲裁。"),
    ("Wir werden vom Vertrag zurücktreten, wenn die Ware nicht ersetzt wird.",
     "Wir werden nicht vom Vertrag zurücktreten."),
    ("Nous allons résilier le contrat CT-12.", "Veuillez trouver ci-joint le contrat CT-12."),
    ("否则我方将解除合同。", "请查收合同副本。"),
])
def test_a_threat_in_these_languages_is_told_from_a_dispute_clause(threat, clause):
    assert threat_signal(threat), threat
    assert signals.claim_is_made(threat)
    assert threat_signal(clause) == "", clause


@pytest.mark.parametrize("unit", [
    "Reklamation Kontamination keine ", "réclamation aucune contamination ",
    "tespit edilmedi kontaminasyon ", "không phát hiện tạp chất ", "索赔污染未发现",
    "werden wir Schiedsverfahren ", "我方将仲裁",
])
def test_these_languages_read_linearly(unit):
    def read_all(text: str) -> None:
        signals._folded.cache_clear()
        signals._doc.cache_clear()
        for read in (has_claim_signal, claim_types, threat_signal, signals.claim_is_made):
            read(text)
    assert_linear(lambda n: (unit * (n // len(unit) + 1))[:n], read_all, 25_000, label=unit)
