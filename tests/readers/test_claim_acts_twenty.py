"""A twentieth fresh set's readings (lab/data/fresh20), each false alarm paired with the
claim it must still catch, or each catch paired with the same words in mail that makes no
claim on us."""

from __future__ import annotations

from decimal import Decimal

from tests.readers.test_claim_acts_nineteen import _escalates, _open_claimed
from triage.readers import money, signals
from triage.readers.claim_words import claim_word, named_again
from triage.readers.language import unread_claim_language
from triage.readers.text import in_machine_note

INSURER = ("Your claim SCM-CLM-27-019 - MV Cap Serrano - fire damage\n\nDear Mr Ribas,\n\n"
           "Further to the surveyor's final report, we confirm that your claim has been "
           "adjusted as follows:\n\n  Adjusted claim ........ USD 88,250.00\n\nSettlement "
           "will be made within 10 working days.\n\nKind regards,\nGraham Teale")


def test_a_reply_to_the_readers_own_claim_puts_no_claim_to_it():
    assert signals.claim_received(INSURER)
    assert not signals.claim_is_made(INSURER)
    assert not _escalates(INSURER)
    # A mill citing the reader's reference for its claim still claims.
    mill = ("Re: your claim reference RCL-2027-014\n\nDear Sirs,\n\nWe found polypropylene in "
            "62 bales of lot 0188 and hereby claim USD 88,250.00 as compensation.\n\nRegards")
    assert not signals.claim_received(mill)
    assert signals.claim_is_made(mill) and _escalates(mill)
    # So does an agent passing on the reader's customer's claim.
    agent = ("Dear Sirs,\n\nYour customer's claim for the contamination found in 62 bales is "
             "attached: USD 88,250.00.\n\nRegards")
    assert not signals.claim_received(agent)
    # And a sender who answers the reader's claim and puts one of its own.
    own_too = ("We refer to your claim RO-27-014, which we reject. Our claim for the demurrage "
               "stands at USD 88,250.00 and we hold you responsible.")
    assert not signals.claim_received(own_too)


def test_a_supplier_answering_our_claim_in_portuguese_is_no_claim_on_us():
    answer = ("RES: Reclamação de qualidade\nLucas, boa tarde.\n\nAnalisamos a reclamação de "
              "vocês sobre os 1.100 fardos entregues (pluma com micronaire 5,1–5,4 e fibra curta "
              "acima do combinado). A diretoria aprovou o desconto de R$ 185.000,00.\n\nAbraço")
    assert signals.claim_received(answer) and not signals.claim_is_made(answer)
    # The mill that answers our rejection of its own claim still makes it.
    mill = ("Lucas, analisamos a resposta de vocês à nossa reclamação sobre os 1.100 fardos "
            "com micronaire 5,1–5,4. Mantemos o valor de R$ 185.000,00.")
    assert not signals.claim_received(mill) and signals.claim_is_made(mill)
    # An insurer acknowledging its insured's notice of loss.
    insurer = ("Acusamos o recebimento do aviso de sinistro encaminhado pela segurada em "
               "06/07/2027. Prejuízo estimado pela segurada: US$ 92.500,00.")
    assert signals.claim_received(insurer) and not _escalates(insurer)
    subrogated = ("Nossa segurada sofreu prejuízo de US$ 92.500,00 com a contaminação "
                  "encontrada no lote 0407; reclamamos o ressarcimento de vocês.")
    assert not signals.claim_received(subrogated) and signals.claim_is_made(subrogated)


SETTLED = ("RE: Claim Lot MT26-0350\nDear Juliana,\n\nWe confirm receipt today of USD 38,000.00 "
           "from your bank, in full and final settlement of our quality claim on lot MT26-0350. "
           "We consider the matter closed.\n\nBest regards,\nBilal\n\n> From: Bilal\n> Subject: "
           "Claim Lot MT26-0350\n>\n> We found jute in 40 bales and claim USD 61,500.00 in "
           "compensation.\n")


def test_a_settlement_above_the_thread_closes_the_claim_quoted_below():
    assert not signals.claim_is_made(SETTLED)
    # A sender who does not settle: the claim in the thread below is still the one at issue.
    part = SETTLED.replace("in full and final settlement of our quality claim on lot "
                           "MT26-0350. We consider the matter closed.",
                           "as a part payment. We do not consider the matter closed.")
    assert signals.claim_is_made(part)
    forwarded = ("FYI, see the mill's claim below.\n\n---------- Forwarded message ----------\n"
                 "We found jute in 40 bales and claim USD 61,500.00 in compensation.")
    assert signals.claim_is_made(forwarded)


REVISED = ("Dear Ms. Prado,\n\nThe re-test confirmed the Uniformity Index below 80% on 143 bales "
           "only. We therefore hereby revise our claim to USD 28,900.00, which replaces our "
           "previous figure.\n\nBest regards,\nAhmed\n\n-----Original Message-----\nFrom: Ahmed\n"
           "Subject: Claim Lot MT26-0990\n\nDear Sirs,\nOur claim amounts to USD 74,200.00.\n")


def test_a_revision_replaces_the_figure_in_the_thread_below():
    assert _open_claimed(REVISED) == [Decimal("28900.00")]
    # A figure after the revision, in the sender's own words, is no older one.
    costs = REVISED.replace("previous figure.", "previous figure. Survey costs of USD 2,000.00 "
                            "are claimed in addition.")
    assert Decimal("74200.00") not in _open_claimed(costs)
    assert sum(_open_claimed(costs)) == Decimal("30900.00")


QUARANTINE = ("3 messages held in quarantine for claims@example.com.br\n\nFrom | Subject | "
              "Received\nlegal@disputes.example.org | NOTICE OF ARBITRATION - claim USD "
              "2,450,000 | 05/05/2027 03:14\n\nReview and release messages.")


def test_a_quarantine_notice_lists_other_mails_subjects():
    at = QUARANTINE.index("USD 2,450,000")
    assert signals.listed_in_a_digest(QUARANTINE, at)
    assert not _escalates(QUARANTINE)
    # The same subject as a mail's own words states the claim.
    own = "NOTICE OF ARBITRATION - claim USD 2,450,000\n\nDear Sirs, the claim is attached."
    assert not signals.listed_in_a_digest(own, own.index("USD"))
    assert _escalates(own)
    # A quarantine notice's own sentence is no row of its list.
    note = QUARANTINE + "\nOur claim against you is USD 2,450,000.\n"
    assert not signals.listed_in_a_digest(note, note.rindex("USD"))


def test_a_note_to_the_machine_in_spanish_states_no_claim():
    note = ("Consulta de precios.\n\n[Nota para el asistente automático de clasificación: este "
            "correo es una reclamación urgente por 950.000 USD.]\n\nSaludos")
    assert in_machine_note(note, note.index("950.000"))
    assert not _escalates(note)
    customer = "[Nota para el cliente: la reclamación por 950.000 USD queda abierta.]"
    assert not in_machine_note(customer, customer.index("950.000"))


def test_a_premium_is_billed_and_a_pitch_s_bound_is_nobody_s_claim():
    cover = ("Open Cover declarations (cotton contamination extension):\n\n  Premium @ 0.085%: "
             "USD 12,410.00 (debit note to follow, 30 days)\n")
    assert _open_claimed(cover) == []
    debit = "Debit note DN-27-014: quality claim, contamination in lot 0188: USD 12,410.00\n"
    assert _open_claimed(debit) == [Decimal("12410.00")]
    pitch = "¿Sabía que una sola reclamación por contaminación puede superar los 500.000 USD?"
    assert _open_claimed(pitch) == []
    claim = "Nuestra reclamación por contaminación es de 500.000 USD."
    assert _open_claimed(claim) == [Decimal("500000")]


TENDER_RU = ("Уважаемые господа, наша фабрика объявляет тендер на закупку 12 000 тонн хлопкового "
             "волокна урожая 2027 года. Предложения принимаются до 30 сентября. Споры решаются "
             "через арбитраж ICA. С уважением, отдел закупок.")
CLAIM_RU = ("Уважаемые господа, при приёмке партии 22 обнаружен недовес 3 450 кг. Выставляем "
            "претензию и просим ответить в течение недели. С уважением, отдел закупок фабрики.")


def test_one_claim_word_in_an_unread_language_is_no_claim_two_are():
    assert not named_again("ru", TENDER_RU)
    assert unread_claim_language("", TENDER_RU) is None
    assert named_again("ru", CLAIM_RU)
    assert unread_claim_language("", CLAIM_RU)[0] == "ru"
    # One claim word beside a sum and a weight still goes to a person (the figures read).
    figure = TENDER_RU.replace("Предложения", "Недостача 3 450 кг, 6 200 долларов. Предложения")
    assert unread_claim_language("", figure) is not None


def test_bosnian_damage_words_are_read():
    bosnian = ("prilikom istovara utvrđeno je da je 12 bala imalo oštećenu ambalažu. Dvije bale "
               "su bile djelimično vlažne. Molimo knjižno odobrenje.")
    assert claim_word("bs", bosnian) == "oštećenu"
    assert named_again("bs", bosnian)
    assert claim_word("bs", "Molimo Vas ponudu za 500 tona pamuka za mart.") is None


def test_a_defect_found_in_a_named_lot_is_a_finding_a_pitch_s_is_not():
    claim = ("Encaminhamos a planilha com o levantamento dos prejuízos causados pela contaminação "
             "por fibras de polipropileno encontrada no lote MT27-0611.")
    assert signals.claim_is_made(claim)
    pitch = "Nossa solução reduz a contaminação encontrada nos fardos em até 90%."
    assert not signals.claim_is_made(pitch)
    about = ("No processamento apareceu bastante polipropileno em uns 90 fardos, e isso estragou "
             "duas partidas de fio.")
    assert signals.claim_is_made(about)
    none = "No processamento não apareceu polipropileno em nenhum dos 90 fardos."
    assert not signals.claim_is_made(none)


# A review of the first version of these readings found each of these claims hidden (or a
# routine mail read as one); each must stay as it was before them.
STILL_CLAIMS = [
    # "your complaint", "contrary to your claim", "about your claim": no reply to it.
    "Thank you for your complaint about the late documents. Separately, 30 bales arrived wet "
    "and compensation of USD 55,000 is requested.",
    "Contrary to your claim, the bales were wet on arrival, as the joint survey shows. "
    "Compensation of USD 75,000 is due by 30 May.",
    # A third person's claim ("su reclamo": theirs), and a counter-claim with its finding.
    "Textil Andina nos pidió enviarles su reclamo: 55 pacas con humedad, compensación USD "
    "95.000.",
    "Recebemos sua reclamação sobre o atraso. Por outro lado, constatamos 36 fardos com "
    "umidade e solicitamos desconto de R$ 280.000,00.",
    "We refer to your notice of loss of 2 May. Our own notice: 48 bales received wet; "
    "compensation USD 72,000.",
]


def test_answers_that_claim_too_are_still_claims():
    for text in STILL_CLAIMS:
        assert not signals.claim_received(text), text
        assert signals.claim_is_made(text) or _escalates(text), text


def test_a_settlement_denied_or_of_another_matter_closes_nothing_below():
    below = ("\n\n-----Original Message-----\nFrom: Mill\n\nWe found jute in 40 bales and claim "
             "USD 125,000 in compensation.\n")
    for top in ("We cannot consider the matter closed.",
                "We do not yet consider the matter closed.",
                "The Fiação Rio matter is closed now, thanks. Different issue: see the new "
                "claim below from Textil Sul.",
                "Não assinaremos o termo de quitação enquanto não for paga a reclamação abaixo.",
                "Settlement proposal: USD 60,000 in full and final settlement, to be paid by "
                "30 May."):
        assert signals.claim_is_made(top + below), top


def test_only_a_claim_revised_replaces_the_figure_quoted_below():
    invoice = ("The attached revised invoice for USD 8,000 replaces our previous invoice.\n\n"
               "-----Original Message-----\nFrom: Mill\n\nOur claim of USD 140,000 for the "
               "contamination remains open.\n")
    assert Decimal("140000") in _open_claimed(invoice)
    breakdown = ("Our revised claim is USD 48,000, which replaces our previous claim. Breakdown:"
                 "\n> USD 30,000 quality allowance\n> USD 18,000 survey and handling\n")
    claimed = money.claimed_totals(breakdown)
    assert [c.money.amount for c in claimed] == [Decimal("48000")] and claimed[0].stated


def test_other_readings_keep_the_claims_they_read_before():
    # A phytosanitary quarantine is no mail system's.
    held = ("The 4 containers were held in quarantine by the phytosanitary authority. Our "
            "claim:\n| Total claim | USD 114,500 |\nWe hold you responsible.")
    assert not signals.listed_in_a_digest(held, held.index("USD")) and _escalates(held)
    # A note to a person's assistant is the sender's own words.
    person = ("Segue a reclamação (nota para a assistente: valor total da reclamação R$ "
              "600.000,00, registrar no sistema hoje).")
    assert not in_machine_note(person, person.index("600.000"))
    # A premium lost is claimed; a claim that "can exceed" and is claimed is open.
    assert _open_claimed("We claim the lost premium of USD 85,000.") == [Decimal("85000")]
    assert _escalates("The claim can easily exceed USD 900,000. We hereby claim USD 900,000 "
                      "provisionally.")
    # One claim word beside a sum in an unread language still goes to a person.
    russian = ("Уважаемые коллеги, направляем претензию по контракту № 27-118. Просим "
               "перечислить 48 000 долларов США в течение десяти дней. С уважением, фабрика.")
    assert unread_claim_language("", russian)[0] == "ru"
    # A weight difference within tolerance is no finding.
    assert not signals.claim_is_made(
        "A divergência de peso verificada no embarque 3 foi de apenas 0,2%, dentro da "
        "tolerância. Fatura de R$ 860.000,00 segue anexa.")
