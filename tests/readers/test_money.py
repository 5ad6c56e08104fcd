"""Money as senders write it: figures, words, scale words, currencies on either side,
what is not money, what a sender claims, and the reader's cost on hostile input."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.growth import assert_linear
from triage.readers import money, signals


def read(text: str) -> list[tuple[Decimal, str | None]]:
    return [(m.amount, m.currency) for m in money.find_amounts(text)]


# --- Figures, scale words, codes, symbols and names -----------------------------------

@pytest.mark.parametrize("text,amount,currency", [
    # English
    ("Our claim is USD 180,000.00 for the contaminated bales.", "180000", "USD"),
    ("We claim 180,000 usd for lot 4.", "180000", "USD"),
    ("Total due usd180000 as per our debit note.", "180000", "USD"),
    ("Please settle 180000USD by Friday.", "180000", "USD"),
    ("We hold you liable for $75k.", "75000", "USD"),
    ("Estimated exposure: 0.18M USD.", "180000", "USD"),
    ("The loss is USD 1.2 million.", "1200000", "USD"),
    ("Damages amount to 1.5mm USD.", "1500000", "USD"),
    ("Exposure USD 2mn pending the yarn tests.", "2000000", "USD"),
    ("Our claim: USD 180 thousand.", "180000", "USD"),
    ("We claim 3 M USD for the whole shipment.", "3000000", "USD"),
    ("Compensation of €9.999,50 is requested.", "9999.50", "EUR"),
    ("A re-grading cost of £12,500 was incurred.", "12500", "GBP"),
    ("Claim value 250'000 CHF, as per the surveyor.", "250000", "CHF"),
    ("Claim value CHF 250’000.50.", "250000.50", "CHF"),
    ("The mill claims ₹2,50,000 for cleaning.", "250000", "INR"),
    ("Claim of Rs. 1,80,00,000 against contract IN-2026-310.", "18000000", "INR"),
    ("We claim 5 lakh rupees for the downgrade.", "500000", "INR"),
    ("Total exposure INR 2 crore.", "20000000", "INR"),
    ("We claim ¥1,250,000 for the yarn downgrade.", "1250000", "CNY"),
    ("The claim is 320,000 yuan.", "320000", "CNY"),
    ("The claim is RMB 320,000.", "320000", "CNY"),
    ("We claim 12,000 pounds sterling.", "12000", "GBP"),
    ("We claim 9,000 US dollars.", "9000", "USD"),
    ("We claim 9,000 dollars.", "9000", "USD"),
    ("Our claim is one hundred and eighty thousand US dollars.", "180000", "USD"),
    ("We claim USD fifty thousand for the delay.", "50000", "USD"),
    ("Claim amounts to 180 000 USD.", "180000", "USD"),
    ("Claim amounts to 180\u00a0000 USD.", "180000", "USD"),
    ("Claim amounts to 180\u2009000,50 EUR.", "180000.50", "EUR"),
    ("Claim amounts to 180\u202f000 EUR.", "180000", "EUR"),
    ("Claim amount | USD | 180,000", "180000", "USD"),
    ("Amount: | 180.000,00 | USD", "180000.00", "USD"),
    ("Total claim USD\n180,000.", "180000", "USD"),
    ("Total claim USD: 180,000.", "180000", "USD"),
    # Real ISO codes with no configured rate keep their code for the caller's rule.
    ("We claim AUD 50,000 for re-sorting.", "50000", "AUD"),
    ("We claim TRY 500.000 for the delay.", "500000", "TRY"),
    ("Reclamamos PEN 80,000.", "80000", "PEN"),
    ("Claim USD 1\u200b80,000.", "180000", "USD"),  # a zero-width space inside
    ("Claim ＵＳＤ １８０，０００.", "180000", "USD"),  # fullwidth forms
    # Portuguese
    ("Solicitamos ressarcimento de R$ 71.850,00.", "71850.00", "BRL"),
    ("Valor da reclamação: US$ 118.300,00.", "118300.00", "USD"),
    ("O prejuízo é de R$ 310 mil.", "310000", "BRL"),
    ("Valor da reclamação: 4,5 mil reais.", "4500", "BRL"),
    ("Pedimos indenização de R$ 1,2 milhão.", "1200000", "BRL"),
    ("A perda chega a 2 milhões de reais.", "2000000", "BRL"),
    ("Reclamamos cento e oitenta mil dólares pelo lote 12.", "180000", "USD"),
    ("Pedimos um milhão de reais de indenização.", "1000000", "BRL"),
    ("Valor: BRL 15.300,00. Favor emitir nota de crédito.", "15300.00", "BRL"),
    ("O desconto pedido é de 22.000,00 reais.", "22000.00", "BRL"),
    ("Reclamamos 1 bilhão de reais.", "1000000000", "BRL"),
    # Spanish
    ("Reclamamos USD 45.000 por el lote 7.", "45000", "USD"),
    ("La pérdida asciende a ciento ochenta mil dólares.", "180000", "USD"),
    ("Exigimos una compensación de 2 millones de dólares.", "2000000", "USD"),
    ("Reclamo por U$S 12.500 por diferencia de calidad.", "12500", "USD"),
    ("Solicitamos un descuento de 30 mil dólares.", "30000", "USD"),
    ("La indemnización es de 1,5 millones de euros.", "1500000", "EUR"),
    ("Reclamamos un millón de dólares.", "1000000", "USD"),
    ("Reclamamos 20.000 dolares estadounidenses.", "20000", "USD"),
    ("Reclamamos MXN 250,000 por el retraso.", "250000", "MXN"),
    ("El reclamo es de 500.000 pesos argentinos.", "500000", "ARS"),
    ("Reclamamos $ 1.500.000 pesos mexicanos.", "1500000", "MXN"),
    ("Reclamamos mil millones de pesos colombianos.", "1000000000", "COP"),
])
def test_it_reads_the_amount(text, amount, currency):
    assert read(text) == [(Decimal(amount), currency)]


@pytest.mark.parametrize("text", [
    "El reclamo es de 500.000 pesos.",
    "Reclamamos 2.000 rupias.",
])
def test_an_ambiguous_currency_is_money_in_no_known_currency(text):
    (found,) = money.find_amounts(text)
    assert found.currency is None and found.amount > 0


def test_the_quote_and_offsets_are_the_senders():
    text = "Dear Sirs, our claim is one hundred and eighty thousand US dollars, i.e. USD 180,000."
    words, figure = money.find_amounts(text)
    assert words.quote == "one hundred and eighty thousand US dollars"
    assert text[words.start:words.end] == words.quote
    assert figure.quote == "USD 180,000" and text[figure.start:figure.end] == "USD 180,000"


def test_offsets_point_into_the_original_text_when_invisible_characters_were_removed():
    text = "x\u200b\u200b Claim USD 1\u200b80,000 now"
    (found,) = money.find_amounts(text)
    assert found.quote == "USD 180,000"
    assert text[found.start:found.end] == "USD 1\u200b80,000"


# --- Not money ------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Lot 123, 40 bales.",
    "LOT 123 KGS 1,000 BAL 40",
    "ALL 40 BALES WERE OPENED",
    "Please try 5 bales from lot 4.",
    "Contract 2026/114, lot 88/A.",
    "Contract CT-2026-0142, invoice INV-77812, booking MSKU1234567.",
    "Reply by 15/12/2026 or 2026-12-15 or 15.12.2026.",
    "Call us on +55 11 3456-7890.",
    "Micronaire 4.2, staple length 28.5 mm, strength 29.1 g/tex.",
    "Uniformity 81.5% and a 2.1% short weight.",
    "Colour grade 41-4 against 31-3, leaf 5.",
    "Packing list 45,360 kg net, weigh-in 44,910 kg.",
    "A shortfall of 2,500 pounds of lint.",
    "500 tonnes of cotton, 1.000 fardos, 12 containers.",
    "We found one hundred bales with plastic.",
    "Quinientos fardos y mil toneladas.",
    "Price 85 USc/lb.",
    "1,1,1,1,1,1",
    "180,000 in total",
    "",
])
def test_it_finds_no_money(text):
    assert money.find_amounts(text) == []


@pytest.mark.parametrize("text,expected", [
    ("180,000.00", "180000.00"), ("118.300,00", "118300.00"), ("71.850", "71850"),
    ("4,2", "4.2"), ("0.180", "0.180"), ("1234,567", "1234.567"), ("2,50,000", "250000"),
    ("1,80,00,000", "18000000"), ("250'000", "250000"), ("180 000,50", "180000.50"),
    ("1.234.567,89", "1234567.89"), ("1,234,567.89", "1234567.89"), ("12", "12"),
    ("15.12.2026", None), ("1,1,1", None), ("1.234,567.8", None), ("", None), ("12,34", "12.34"),
    ("012,500", "12.500"), ("1,2345", "1.2345"), ("1 000 000", "1000000"),
])
def test_parse_number(text, expected):
    assert money.parse_number(text) == (Decimal(expected) if expected else None)


# --- What the sender claims -----------------------------------------------------------

def exposure(text: str) -> tuple[Decimal, str | None] | None:
    found = money.claimed_exposure(text)
    return (found.amount, found.currency) if found else None


@pytest.mark.parametrize("text,amount,currency", [
    ("Contract CT-2026-0142, lot 88/A: polypropylene in 37 bales. Our claim is "
     "USD 180,000.00.", "180000", "USD"),
    # itemised per lot: the sum
    ("We claim compensation as follows:\nLot 4: USD 10,000\nLot 5: USD 10,000\n"
     "Lot 6: USD 12,500\n", "32500", "USD"),
    # per bale category (Portuguese)
    ("Reclamação por categoria de fardos:\n- Categoria A (120 fardos): R$ 60.000,00\n"
     "- Categoria B (80 fardos): R$ 40.000,00\n", "100000", "BRL"),
    # "plus" costs (Spanish)
    ("Reclamamos USD 40.000 por la diferencia de calidad, más USD 2.500 de costos de "
     "inspección.", "42500", "USD"),
    ("We claim USD 40,000 for the quality difference plus USD 2,500 survey costs.",
     "42500", "USD"),
    # a stated total after its items is not counted twice
    ("Claim lot 4: USD 12,000; lot 5: USD 8,000. Total claim: USD 20,000.", "20000", "USD"),
    ("Reclamamos:\nLote 4: R$ 10.000,00\nLote 5: R$ 10.000,00\nTotal: R$ 20.000,00",
     "20000", "BRL"),
    # ...nor a total before its breakdown
    ("We claim USD 20,000: lot 4 USD 12,000, lot 5 USD 8,000.", "20000", "USD"),
    # a figure said twice is one figure
    ("Our claim is USD 50,000. Please pay the USD 50,000 within 5 days.", "50000", "USD"),
    ("Our claim is one hundred and eighty thousand US dollars (USD 180,000.00).",
     "180000", "USD"),
    # a claim next to a larger contract value
    ("Contract value USD 900,000 (500 bales at USc 85/lb). We claim USD 12,000 for the "
     "weight shortfall.", "12000", "USD"),
    ("Valor do contrato: R$ 2.500.000,00. Solicitamos ressarcimento de R$ 38.500,00.",
     "38500", "BRL"),
    ("Reclamamos USD 30.000 por el lote 3. El valor del contrato es USD 800.000.",
     "30000", "USD"),
    # what was already paid is not claimed
    ("We already paid USD 300,000 for this shipment and claim USD 18,000 for the "
     "shortfall.", "18000", "USD"),
    ("Claim USD 20,000. USD 5,000 was already paid as an advance.", "20000", "USD"),
    # a claim against an invoice is still a claim
    ("Our claim against invoice INV-123 is USD 45,000.", "45000", "USD"),
    # no cue next to the amount, but the email is a claim
    ("Quality claim, contract VN-2026-101.\n\nAmount USD 14,200.", "14200", "USD"),
    ("Claim USD 5,000 now, USD 175,000 reserved pending final tests.", "180000", "USD"),
    # equal figures for different items are two items
    ("We claim USD 10,000 for lot 4.\nWe also claim USD 10,000 for lot 5.", "20000", "USD"),
    ("Survey costs: USD 2,500\nLab tests: USD 2,500\nQuality claim: USD 30,000",
     "35000", "USD"),
    ("Our claim for lot 4 is USD 50,000. Please pay the USD 50,000 for lot 4 by Friday.",
     "50000", "USD"),
    ("We hereby claim:\n1) Lot 4: USD 10,000\n2) Lot 5: USD 10,000\n3) Lot 6: USD 10,000\n"
     "Total: USD 30,000", "30000", "USD"),
    # a stated total absorbs a breakdown that does not add up exactly
    ("Total claim USD 50,000, made up of lot 4 USD 30,000 and lot 5 USD 15,000.",
     "50000", "USD"),
    # a quoted reply repeats the items: counted once
    ("Claim USD 20,000.\n\n> Lot 4: USD 12,000\n> Lot 5: USD 8,000\nLot 4: USD 12,000\n"
     "Lot 5: USD 8,000", "20000", "USD"),
    ("Invoice total USD 500,000; we deduct USD 20,000 for quality.", "20000", "USD"),
    ("Solicitamos ressarcimento de R$ 71.850,00.", "71850", "BRL"),
    ("El reclamo es de 500.000 pesos.", "500000", None),
    # a hard-wrapped line: the sentence's claim word is on the line before the amount
    ("Levantamos o prejuízo: fio, tecido e frete de devolução somam\nR$ 1,2 milhão.",
     "1200000", "BRL"),
    ("Our claim for the difference in value amounts to one hundred and\ntwenty-five "
     "thousand United States dollars.", "125000", "USD"),
])
def test_claimed_exposure(text, amount, currency):
    assert exposure(text) == (Decimal(amount), currency)


@pytest.mark.parametrize("text", [
    "Please find attached invoice INV-77812 for ocean freight, USD 8,740.00, due 19 Dec.",
    "Segue a fatura 2231, valor total da fatura R$ 18.400,00, vencimento 10/12/2026.",
    "Adjunto la factura 55. Total de la factura: USD 500.000.",
    "Our offer: 500 tonnes at USD 1,850 per MT CIF Qingdao.",
    "Freight rate USD 120 per ton; price USD 0.85/lb.",
    "Preço: US$ 0,85 por libra-peso, frete marítimo US$ 95/t.",
    "Contract value USD 2,000,000 for 1,000 tonnes.",
    "Payment of USD 300,000 was received, thank you.",
    "Lot 4: 40 bales, micronaire 4.2.",
    "Please settle invoice INV-1 for USD 8,000.",
    "We request payment of invoice INV-9, USD 8,000.",
    "Solicitamos o pagamento da fatura 123 no valor de R$ 18.400,00.",
    "Survey fees: USD 2,500 as per our invoice 77.",
    # wrapped, with no claim word anywhere in the paragraph
    "Freight invoice 88 for the December sailings: the ocean freight\ntotals USD 80,000.00.",
])
def test_nothing_is_claimed(text):
    assert money.claimed_exposure(text) is None
    assert money.claimed_amounts_by_currency(text) == []


# (the figure stated as an open claim, the same words about a claim that is not open)
STATED_OR_NOT = [
    ("Wir fordern Schadenersatz in Höhe von USD 180.000 für die kontaminierten Ballen.",
     "Die Reklamation über USD 180.000 wurde im Oktober gütlich geregelt."),
    ("Forderung: CHF 47'800.– für Partie 12.",
     "Wir haben keinen Anspruch auf die CHF 47'800.– für Partie 12."),
    ("Nous réclamons 61 500,00 EUR pour le lot 12.",
     "La réclamation de 61 500,00 EUR pour le lot 12 a été retirée."),
    ("Chiediamo un risarcimento di USD 180.000 per le balle contaminate.",
     "Il risarcimento di USD 180.000 è stato pagato il 3 novembre."),
    ("Kontamine balyalar için USD 180.000 tazminat talep ediyoruz.",
     "USD 180.000 tutarındaki tazminat talebimiz ödenmiştir."),
    ("Chúng tôi yêu cầu bồi thường USD 180.000 cho các kiện bông bị nhiễm bẩn.",
     "Khoản bồi thường USD 180.000 đã được thanh toán."),
    ("我方就第12批货物的污染向贵方索赔USD 180,000。",
     "第12批货物的索赔USD 180,000已结清。"),
    ("我们要求赔偿180,000美元。", "我方不再索赔180,000美元。"),
    ("A balance of USD 180,000 is now due from you.",
     "A balance of USD 180,000 due from you was paid on 3 November."),
    ("Reclamamos USD 180.000 por el lote 7.", "No reclamamos los USD 180.000 del lote 7."),
    # a loss word between the claim word and the figure does not hide the claim word
    ("Chiediamo il risarcimento del danno subito, pari a USD 180.000.",
     "Il risarcimento del danno subito, pari a USD 180.000, è stato saldato."),
    # closed by the sender's own act: a claim withdrawn, a debit note cancelled, a
    # payment received (bound to what it closes, read to the sentence's end)
    ("We claim USD 96,000 for lot 5, ref. PTM/27/009.",
     "We hereby withdraw our claim ref. PTM/27/009 for USD 96,000."),
    ("Reclamamos USD 52.400,00 por el contrato CT-930.",
     "Retiramos nuestro reclamo y anulamos la Nota de Débito ND-2291 por USD 52.400,00."),
    ("Reclamamos US$ 180.000,00 referente ao lote 5.",
     "Retiramos nossa reclamação de US$ 180.000,00 referente ao lote 5."),
    ("Wir fordern Schadenersatz in Höhe von EUR 180.000,00 für Partie 5.",
     "Hiermit ziehen wir unsere Reklamation über EUR 180.000,00 zurück."),
    ("Nous réclamons 180 000,00 USD pour le lot 5.",
     "Nous retirons notre réclamation de 180 000,00 USD pour le lot 5."),
    ("Chiediamo un risarcimento di USD 180.000 per il lotto 5.",
     "Ritiriamo il nostro reclamo di USD 180.000 per il lotto 5."),
    ("Kontamine balyalar için USD 180.000 tazminat talep ediyoruz.",
     "USD 180.000 tutarındaki tazminat talebimizi geri alıyoruz."),
    ("Chúng tôi yêu cầu bồi thường USD 180.000 cho lô 5.",
     "Chúng tôi rút lại yêu cầu bồi thường USD 180.000 cho lô 5."),
    ("我方就第5批向贵方索赔USD 180,000。", "我方撤回第5批的索赔USD 180,000。"),
    ("Reclamamos USD 61.250,00 por la contaminación del contrato CT-851.",
     "Confirmamos la recepción de su transferencia por USD 61.250,00, correspondiente a la "
     "liquidación total y definitiva del reclamo."),
    ("Reclamamos USD 72.000,00 pela contaminação do lote 4391.",
     "O pagamento de USD 72.000,00 da reclamação foi feito em 30/11."),
    ("Wir fordern Schadenersatz in Höhe von EUR 180.000,00 für Partie 5.",
     "Wir bestätigen den Eingang Ihrer Zahlung von EUR 180.000,00 für unsere Reklamation."),
    ("Nous réclamons 180 000,00 USD pour le lot 5.",
     "Nous accusons réception de votre virement de 180 000,00 USD pour notre réclamation."),
    ("Chiediamo un risarcimento di USD 180.000 per il lotto 5.",
     "Confermiamo la ricezione del bonifico di USD 180.000 per il nostro reclamo."),
    ("Kontamine balyalar için USD 180.000 tazminat talep ediyoruz.",
     "Tazminat talebimiz için USD 180.000 ödemenizi aldık."),
    ("Chúng tôi yêu cầu bồi thường USD 180.000 cho lô 5.",
     "Chúng tôi đã nhận được khoản thanh toán bồi thường USD 180.000."),
    ("我方就第5批向贵方索赔USD 180,000。", "我方已收到贵方就索赔支付的款项USD 180,000。"),
    # A carrier acknowledging the notice of claim we sent it: our claim, not one on us.
    ("Please accept our notice of claim for USD 92,000.00 for wet damage to 96 bales.",
     "We acknowledge receipt of your notice of claim dated 25 August for USD 92,000.00 in "
     "respect of wet damage to 96 bales."),
    # An accounting provision for claims.
    ("Reclamação de clientes do lote 4: R$ 18.412.600,00 conforme laudo.",
     "Confirmação do saldo da conta \"Provisão para reclamações de clientes\", de "
     "R$ 18.412.600,00 em 31/12/2026."),
    # A credit note received after a long sentence, a claim dismissed by an award.
    ("We claim USD 74,500.00 for the contamination of lot TFL-26-1087.",
     "The credit note of USD 74,500.00 issued by you against contract TFS-26/0790 (lot "
     "TFL-26-1087) has been received and adjusted in our accounts."),
    ("我方就合同TFS-26/0802向贵方索赔美元135,000元。",
     "裁决驳回了我司提出的美元135,000元索赔。本案就此结案。"),
    # A year's claims counted in a bulletin.
    ("我方就第5批向贵方索赔1.2亿美元。",
     "2026年度,会员企业共报告进口棉质量索赔186起,涉及金额约1.2亿美元。"),
    # An insurer's record of claims it paid out.
    ("Nossa reclamação pela molhadura em Paranaguá soma R$ 1,2 milhão.",
     "Histórico de sinistros 2026: 2 avisos (molhadura em Paranaguá e roubo de carreta), "
     "total indenizado R$ 1,2 milhão."),
]


@pytest.mark.parametrize("stated,not_open", STATED_OR_NOT)
def test_a_figure_stated_as_the_claim_in_any_of_our_languages_is_told_from_a_closed_one(
        stated, not_open):
    (claimed,) = money.claimed_totals(stated)
    assert claimed.stated and claimed.open, stated
    assert not any(c.stated or c.open for c in money.claimed_totals(not_open)), not_open


@pytest.mark.parametrize("text", [
    "Rechnung 123 über EUR 180.000 ist fällig.",
    "Facture 123 : montant dû 180 000,00 EUR.",
    "Fattura 123: importo dovuto EUR 180.000.",
    "Fatura 123 için 180.000 USD ödemenizi talep ediyoruz.",
    "Hóa đơn 123: số dư USD 180.000.",
    "发票金额USD 180,000，请于周五前付款。",
    "Invoice 123: a balance of USD 180,000 is due.",
    "Vertragswert EUR 900.000 für 500 Ballen.",
    "Unser Angebot: 500 t zu USD 1.850 je Tonne.",
    "合同金额USD 900,000。",
])
def test_an_invoice_a_contract_value_or_a_price_in_these_languages_is_not_claimed(text):
    assert money.claimed_totals(text) == []


def test_the_quote_of_a_sum_joins_its_items():
    found = money.claimed_exposure("Claim: lot 4 USD 10,000; lot 5 USD 2,500; plus survey "
                                   "fees USD 500.")
    assert found.amount == Decimal(13000)
    assert found.quote == "USD 10,000 + USD 2,500 + USD 500"


def test_several_currencies_are_totalled_apart_and_left_to_the_caller():
    text = "We claim EUR 20,000 for lot 1 and USD 30,000 for lot 2, plus USD 1,000 survey."
    totals = money.claimed_amounts_by_currency(text)
    assert [(m.amount, m.currency) for m in totals] == [(Decimal(31000), "USD"),
                                                        (Decimal(20000), "EUR")]
    assert money.claimed_exposure(text) is None
    rates = {"USD": Decimal(1), "EUR": Decimal("1.08")}
    assert money.claimed_exposure(text, rates=rates).currency == "USD"
    assert money.claimed_exposure(text, rates={"USD": Decimal(1), "EUR": Decimal(2)}
                                  ).currency == "EUR"


def test_an_unknown_currency_ranks_at_the_highest_rate():
    text = "We claim USD 30,000 for lot 2 and AUD 25,000 for lot 3."
    found = money.claimed_exposure(text, rates={"USD": Decimal(1), "GBP": Decimal("1.27")})
    assert (found.amount, found.currency) == (Decimal(25000), "AUD")


def test_claimed_amount_keeps_its_largest_figure_reading():
    assert money.claimed_amount("Claim USD 5,000 now, USD 175,000 reserved.").amount == 175000
    assert money.claimed_amount("no money here") is None


# --- Properties ---------------------------------------------------------------------

# (how it is written, the currency it means, where it may go)
CURRENCY_FORMS = [
    ("USD", "USD", "both"), ("usd", "USD", "both"), ("Usd", "USD", "both"),
    ("BRL", "BRL", "both"), ("brl", "BRL", "both"), ("EUR", "EUR", "both"),
    ("GBP", "GBP", "both"), ("CNY", "CNY", "both"), ("INR", "INR", "both"),
    ("CHF", "CHF", "both"), ("AUD", "AUD", "both"), ("TRY", "TRY", "both"),
    ("MXN", "MXN", "both"),
    ("US$", "USD", "both"), ("U$S", "USD", "both"), ("R$", "BRL", "both"),
    ("$", "USD", "both"), ("€", "EUR", "both"), ("£", "GBP", "both"),
    ("¥", "CNY", "both"), ("₹", "INR", "both"),
    ("US dollars", "USD", "after"), ("dollars", "USD", "after"), ("dólares", "USD", "after"),
    ("dolares", "USD", "after"), ("reais", "BRL", "after"), ("euros", "EUR", "after"),
    ("rupees", "INR", "after"), ("yuan", "CNY", "after"),
]
GROUPINGS = [",", ".", " ", "\u00a0", "\u2009", "\u202f", "'", "indian", ""]
SCALES = [  # (word, factor)
    ("k", 1_000), ("K", 1_000), ("thousand", 1_000), ("mil", 1_000), ("m", 10**6),
    ("M", 10**6), ("mm", 10**6), ("mn", 10**6), ("million", 10**6), ("milhões", 10**6),
    ("millones", 10**6), ("lakh", 100_000), ("crore", 10**7), ("billion", 10**9),
]
TEMPLATES = [
    "Our claim is {} for the contaminated bales.",
    "Solicitamos ressarcimento de {} referente ao lote 12.",
    "Reclamamos {} por la diferencia de calidad.",
    "{}",
    "Claim amount | {} |",
]


def group(digits: str, sep: str) -> str:
    """Thousands groups (``1,234,567``), Indian groups (``12,34,567``) or none."""
    if not sep:
        return digits
    size, joiner = (2, ",") if sep == "indian" else (3, sep)
    head, parts = digits[:-3], [digits[-3:]]
    while head:
        parts.insert(0, head[-size:])
        head = head[:-size]
    return joiner.join(parts)


def render_number(value: Decimal, sep: str, point: str) -> str:
    whole, _, frac = f"{value:f}".partition(".")
    return group(whole, sep) + (point + frac if frac else "")


def decimal_with_places(draw, low: int, high: int) -> Decimal:
    whole = draw(st.integers(low, high))
    places = draw(st.sampled_from([0, 1, 2]))
    if not places:
        return Decimal(whole)
    return Decimal(whole) + Decimal(draw(st.integers(0, 10**places - 1))).scaleb(-places)


@st.composite
def written_amounts(draw):
    """An amount (1 to 10^9, 0-2 decimals), written one of the ways senders write it:
    separator and decimal style, code/symbol/name before or after, glued or spaced,
    and a scale word when the amount is exact in it."""
    scale = ""
    if draw(st.booleans()):
        scale, factor = draw(st.sampled_from(SCALES))
        mantissa = decimal_with_places(draw, 0, min(999_999, 10**9 // factor - 1))
        if mantissa == 0:
            mantissa = Decimal(1)
        amount = mantissa * factor
    else:
        mantissa = amount = decimal_with_places(draw, 1, 10**9 - 1)
    sep = draw(st.sampled_from(GROUPINGS))
    point = "." if sep in (",", "indian") else "," if sep == "." else draw(
        st.sampled_from([".", ","]))
    number = render_number(mantissa, sep, point)
    if scale:
        glued = scale in ("k", "K", "m", "M", "mm", "mn") and draw(st.booleans())
        number += ("" if glued else " ") + scale
    form, currency, where = draw(st.sampled_from(CURRENCY_FORMS))
    glue = " "
    if not scale and form.isalpha() and len(form) == 3 and draw(st.booleans()):
        glue = ""  # usd180000, 180000usd
    if form in ("$", "€", "£", "¥", "₹", "US$", "R$", "U$S") and draw(st.booleans()):
        glue = ""  # $75k, 75€
    if where == "both" and draw(st.booleans()):
        written = f"{form}{glue}{number}"
    else:
        written = f"{number}{' ' if scale else glue}{form}"
    template = draw(st.sampled_from(TEMPLATES))
    return template.format(written), amount, currency


@settings(max_examples=400, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(written_amounts())
def test_any_written_amount_reads_back(case):
    text, amount, currency = case
    assert read(text) == [(amount, currency)], text


@settings(max_examples=200, deadline=None, database=None)
@given(st.text(alphabet="0123456789.,' \u00a0|$USDBRLmilk\n-/%", max_size=200))
def test_it_never_raises_on_noise(text):
    for found in money.find_amounts(text):
        assert found.amount >= 0 and found.quote
    money.claimed_exposure(text)


# --- Cost on hostile input ------------------------------------------------------------

# Each repeated to the size under test.
HOSTILE = {
    "a million digits": "7",
    "1,1,1,...": "1,",
    "USD repeated": "USD ",
    "spaces": " ",
    "1.1.1.": "1.",
    "no-break digit groups": "1\u00a0000\u00a0",
    "table cells": "USD | ",
    "zero-width inside digits": "1\u200b",
    "Swiss francs with dashes": "CHF 1'000.– ",
    "Chinese glued names and scale words": "美元1万",
    "Arabic-Indic digit groups": "١٬",
    "locale currency names": "1 dollars des États-Unis ",
    "German claim words": "Schadenersatz USD 1 ",
    "Chinese claim words": "索赔USD 1。已结清",
    "claims revised": "we revise our claim from USD 3 to USD 2 ",
    "balances after payments": "claim USD 7 paid USD 3 balance USD 4 ",
    "balances of one value": "balance USD 4 ",
    "claims withdrawn and payments received": "we withdraw our claim receipt of USD 1 ref. ",
    "words to close a claim with no claim": "ziehen wir unsere Forderung ",
}


@pytest.mark.parametrize("name", list(HOSTILE))
@pytest.mark.parametrize("reader", [money.find_amounts, money.claimed_exposure,
                                    money.claimed_amount], ids=lambda r: r.__name__)
def test_hostile_input_reads_linearly(name, reader):
    unit = HOSTILE[name]
    assert_linear(lambda n: (unit * (n // len(unit) + 1))[:n], reader, 50_000,
                  label=f"{reader.__name__} on {name}")


def test_a_table_whose_header_names_the_currency_is_read_per_row():
    csv = ("lot | bales | defect | claim_usd\n"
           "HS-1 | 88 | micronaire | 12300.00\n"
           "HS-2 | 88 | strength | 14150.00\n")
    text = "Our claim statement for contract CT-9 is attached.\n\n" + csv
    exposure = money.claimed_exposure(text)
    assert (exposure.amount, exposure.currency) == (Decimal("26450.00"), "USD")


def test_a_currency_that_ends_a_table_row_is_that_rows_not_the_next_rows():
    text = ("Please find our debit note for the quality claim:\n\n"
            "Lot | Bales | Claim | Currency\n33 | 96 | 38,450.00 | USD\n"
            "34 | 92 | 19,300.00 | USD\nTotal | 188 | 57,750.00 | USD\n")
    assert read(text) == [(Decimal("38450.00"), "USD"), (Decimal("19300.00"), "USD"),
                          (Decimal("57750.00"), "USD")]  # not "USD\n34", the next lot
    assert exposure(text) == (Decimal("57750.00"), "USD")


def test_an_amount_aligned_in_a_column_keeps_its_currency():
    # Column-aligned statements pad the number: "USD    93,400.00" is still USD 93,400;
    # the currency after a lot number's cell is still the next cell's, not the lot's.
    text = ("Invoice CFX-27-0790   USD 1,204,000.00   paid\n"
            "Debit note DN-0912    USD    93,400.00   open\n"
            "Lot 4          USD        12,000.00\n")
    assert read(text) == [(Decimal("1204000.00"), "USD"), (Decimal("93400.00"), "USD"),
                          (Decimal("12000.00"), "USD")]


SHEET = ("Statement of account\nAs of 30.04.2027\t\t\t\tCurrency: USD\n"
         "Date\tReference\tDescription\tDebit\tCredit\n"
         "04.01.2027\tINV 1\tYour invoice, 1,000 MT\t\t1713600\n"
         "18.01.2027\tLC 1\tPayment under LC\t1713600\n"
         "27.04.2027\tDN-0427\tWeight shortage claim - 45,820 kg @ USD 1.56/kg\t71479.2\n"
         "\t\tTOTALS\t1785079.2\t1713600\n")


def test_a_sheet_that_names_its_currency_once_has_its_rows_in_it():
    # An XLSX statement of account: "Currency: USD" in its heading, each row's amount in
    # its last cell; the claim row is the claim, the totals row no item of it.
    assert (Decimal("71479.2"), "USD") in read(SHEET)
    assert [(c.money.amount, c.stated) for c in money.claimed_totals(SHEET)] == [
        (Decimal("71479.2"), True)]
    # The same sheet with no currency named: its numbers are not money.
    assert read(SHEET.replace("\t\t\t\tCurrency: USD", "")) == [(Decimal("1.56"), "USD")]


def test_pesos_take_the_country_the_email_names_or_none():
    # The claim restated in words: one amount, in the pesos the email names.
    assert read("Reclamamos MXN 840,000.00 (ochocientos cuarenta mil pesos 00/100 M.N.).") == [
        (Decimal("840000.00"), "MXN"), (Decimal(840000), "MXN")]
    assert exposure("Reclamamos MXN 840,000.00 (ochocientos cuarenta mil pesos 00/100 "
                    "M.N.).") == (Decimal("840000.00"), "MXN")
    # A bare "$" restated as pesos in words is pesos (of no named country: no rate, so
    # a person weighs it), not US dollars.
    assert read("Pagamos aranceles por $ 37.600.000 (treinta y siete millones seiscientos mil "
                "pesos).") == [(Decimal(37600000), None), (Decimal(37600000), None)]
    # A dollar figure with a conversion to pesos beside it stays in dollars.
    assert read("We claim $60,000 (approx. 1,100,000 pesos) for lot 4.") == [
        (Decimal(60000), "USD"), (Decimal(1100000), None)]


def test_a_figure_replaced_by_this_revised_amount_is_not_counted():
    text = ("We hereby revise our claim to USD 47,500.00 (forty-seven thousand five hundred US "
            "dollars). Our previous claim figure of USD 96,000.00 is withdrawn and replaced by "
            "this revised amount.\n\n> We claim USD 96,000.00 for yarn downgrading.")
    assert exposure(text) == (Decimal("47500.00"), "USD")
    # Without the replacement, the two claims are both open.
    assert exposure("We claim USD 47,500.00 for lot 4. We also claim USD 96,000.00 for lot "
                    "5.") == (Decimal("143500.00"), "USD")


def test_a_wrapped_sentence_is_read_whole_for_what_closes_its_figure():
    # Claims we notified to our insurer, their reserve on the wrapped line: not open;
    # the same wrapping around a claim put to us leaves it open.
    told = ("For your records, underwriters currently hold 3 open cargo claims notified by "
            "you under this\ncover (total reserve USD 410,000); we will report on progress.")
    assert not any(c.open for c in money.claimed_totals(told))
    put = ("For your records, after the joint survey we hold you liable for the damaged "
           "cargo under this\ncover (total claim USD 410,000); we await your proposal.")
    assert [c.open for c in money.claimed_totals(put)] == [True]


def test_a_figure_restated_rounded_counts_once():
    assert exposure("Reclamamos R$ 18.412.600,00 (aprox. R$ 18,4 milhões) pelo lote 4.") == (
        Decimal("18412600.00"), "BRL")
    # Two figures of two lots, near in value, both count.
    assert exposure("Reclamamos R$ 100.000,00 pelo lote 4 e R$ 98.000,00 pelo lote 5.") == (
        Decimal("198000.00"), "BRL")


def test_a_balance_left_open_after_an_instalment_is_the_claim():
    claim = ("Just a friendly reminder on the quality claim on contract CCT-S-2026/0934. We "
             "received your first instalment of USD 30,000 in May, thank you.\n\nThe remaining "
             "balance of USD 118,400 is still open in our books.")
    assert exposure(claim) == (Decimal(118400), "USD")
    assert signals.claim_is_made(claim)
    # An account's balance after an invoice paid, no claim named: nothing claimed.
    account = ("We received your payment of USD 30,000 for invoice 7, thank you.\n\nThe "
               "remaining balance of USD 118,400 is still open in our books.")
    assert money.claimed_totals(account) == []
    assert not signals.claim_is_made(account)


def test_a_new_figure_that_replaces_the_previous_claim_is_the_claim():
    text = ("Klaim awal kami sebesar Rp 1.250.000.000 didasarkan pada 186 bal.\n\nDengan "
            "demikian, klaim kami revisi menjadi Rp 690.000.000. Nilai ini menggantikan klaim "
            "sebelumnya.")
    assert exposure(text) == (Decimal(690000000), "IDR")
    assert exposure("Our claim for lot 4 is USD 40,000. Our claim for lot 5 is USD 30,000. "
                    "Both stand.") == (Decimal(70000), "USD")


def test_a_penalty_we_paid_our_customer_is_a_cost_claimed_and_open():
    # Paid to the claimant's own customer: a loss claimed from us, still open.
    (claimed,) = money.claimed_totals(
        "Our losses for sorting labour, rejected yarn and the penalty paid to our garment "
        "customer total USD 212,600.00.")
    assert claimed.money.amount == Decimal("212600.00") and claimed.open
    # Paid to us, the same figure is not open.
    assert not any(c.open for c in money.claimed_totals(
        "Our losses for sorting labour were paid to you in full: USD 212,600.00."))


def test_an_italian_damage_figure_is_claimed_and_its_claim_phrase_states_it():
    assert exposure("Il danno complessivo ammonta a EUR 46.800,00.") == (
        Decimal("46800.00"), "EUR")
    (claimed,) = money.claimed_totals(
        "Chiediamo pertanto il risarcimento del danno, quantificato in USD 74.000.")
    assert claimed.stated


def test_a_rate_per_container_or_day_is_a_price():
    assert exposure("We claim liquidated damages: USD 150 per FEU of MQC shortfall.") is None
    assert exposure("We claim liquidated damages of USD 150 for the MQC shortfall.") == (
        Decimal(150), "USD")


def test_a_rate_times_a_quantity_is_a_price_not_a_claim():
    # "24.985,20 kg x EUR 1,80": the rate is a price; the product is the claim.
    assert exposure("Zu vergüten 24.985,20 kg x EUR 1,80 = EUR 44.973,36 Schadenersatz.") == (
        Decimal("44973.36"), "EUR")


def test_a_table_without_a_currency_header_is_not_money():
    # Bales, HVI values and lot numbers in cells are not amounts.
    text = "lot | bales | mic | strength\nHS-1 | 88 | 4.7 | 28.1\nHS-2 | 90 | 4.8 | 27.9\n"
    assert money.find_amounts(text) == []


# An ERP's notice: the amount and its currency on separate labelled lines or columns.
@pytest.mark.parametrize("text,amount,currency", [
    ("[ERP] Claim notice CL-2026-0412\nSupplier: Jiangsu Textile\nAmount 415,000.00\n"
     "Currency CNY\nReason: contamination, lot 7", "415000.00", "CNY"),
    ("Reklamation Nr. 88\nBetrag: 415.000,00\nWährung: EUR", "415000.00", "EUR"),
    ("Réclamation n° 88\nMontant : 415 000,00\nDevise : EUR", "415000.00", "EUR"),
    ("Reclamo n. 88\nValuta: EUR\nImporto: 415.000,00", "415000.00", "EUR"),
    ("Hasar talebi 88\nTutar: 415.000,00\nPara birimi: TRY", "415000.00", "TRY"),
    ("Khiếu nại số 88\nSố tiền: 415.000,00\nLoại tiền: USD", "415000.00", "USD"),
    ("索赔通知\n金额：415,000.00\n币种：CNY", "415000.00", "CNY"),
    ("Claim no | Amount | Currency\nCL-0412 | 415,000.00 | CNY", "415000.00", "CNY"),
    ("Claim no    Amount        Currency\nCL-0412     415,000.00    CNY", "415000.00", "CNY"),
])
def test_an_amount_whose_currency_is_on_its_own_line_or_column_is_read(text, amount,
                                                                       currency):
    assert read(text) == [(Decimal(amount), currency)]
    assert exposure(text) == (Decimal(amount), currency)


@pytest.mark.parametrize("text", [
    "Lot 12\nTotal bales 415\nCurrency CNY",  # goods counted, not money
    "Auftrag 88\nDatum: 15.12.2026\nWährung: EUR",  # a date
    "Kontakt\nTelefon: 044 123 45 67\nWährung: CHF",  # a phone number
    "Lieferadresse\nPLZ: 8001\nWährung: CHF",  # a Swiss postcode
    "Lot no | Bales | Remarks | Currency\n47800 | 415 | none | CNY",  # a lot and a count
    "Amount 415,000.00\n\n\n\n\n\n\n\n\nCurrency CNY",  # too far apart to be one
    "Valuta 15.12.2026\nAmount 1,000",  # a value date, and no currency
])
def test_a_labelled_number_that_is_not_money_is_not_read(text):
    assert money.find_amounts(text) == []


def test_labelled_lines_read_linearly():
    assert_linear(lambda n: "Amount 1,000.00\nCurrency CNY\n" * (n // 28 + 1),
                  money.find_amounts, 2_000, label="labelled lines")
    assert_linear(lambda n: "Amount | Currency\n" + "1 | CNY\n" * (n // 8 + 1),
                  money.find_amounts, 2_000, label="currency column")


def test_table_reading_stays_linear():
    def table(rows: int) -> str:
        return "lot | claim_usd\n" + "A | 1\n" * rows
    assert_linear(table, money.find_amounts, 5_000, label="table rows")


@pytest.mark.parametrize("digits", [41, 8_000])
def test_an_amount_with_more_digits_than_any_real_one_reads_as_at_least_ten_to_the_40(digits):
    """An absurd claim fails closed: read as a huge amount, never as no amount."""
    text = f"We claim USD {'9' * digits} in damages for lot 7731."
    assert money.claimed_exposure(text).amount == Decimal(10) ** 40
    # A real amount beside it is read as written, and a run that is no number is none.
    assert money.claimed_exposure("We claim USD 99,999.00 in damages.").amount == Decimal(
        "99999.00")
    assert money.find_amounts(f"USD {'0' * digits}") == []
    assert money.find_amounts(f"USD {'9.' * (digits // 2)}") == []


# --- German, French, Italian, Turkish, Vietnamese and Chinese formats -------------------

@pytest.mark.parametrize("text,amount,currency", [
    # Swiss apostrophe groups, and whole francs written with a dash for the cents
    ("Forderung: CHF 47'800.– für Lot 12.", "47800", "CHF"),
    ("Wir fordern 47’800.— CHF.", "47800", "CHF"),
    ("Schadenersatz SFr. 47'800.50", "47800.50", "CHF"),
    ("Wir verlangen EUR 1.200,-- Minderung.", "1200", "EUR"),
    ("Minderung 500,- € je Ballen", "500", "EUR"),
    # French and Swiss French: space or narrow no-break space groups, comma decimals,
    # the currency after the number
    ("Nous réclamons 61 500,00 EUR pour le lot 12.", "61500.00", "EUR"),
    ("Nous réclamons 61\u202f500,00\u00a0€.", "61500.00", "EUR"),
    ("Indemnisation de 61'500,00 francs suisses.", "61500.00", "CHF"),
    ("Montant réclamé : 180 000 dollars des États-Unis.", "180000", "USD"),
    # Names as CLDR (Babel) writes them, and the scale words of each language
    ("Schadenersatz in Höhe von 180.000 US-Dollar.", "180000", "USD"),
    ("Wir fordern 1,2 Mio. EUR.", "1200000", "EUR"),
    ("Chiediamo un risarcimento di 180 mila euro.", "180000", "EUR"),
    ("Chiediamo 47.800,50 dollari statunitensi.", "47800.50", "USD"),
    ("180 bin ABD doları tazminat talep ediyoruz.", "180000", "USD"),
    ("Toplam tazminat 180.000 TL.", "180000", "TRY"),
    ("Tazminat tutarı ₺47.800,50.", "47800.50", "TRY"),
    ("Chúng tôi yêu cầu bồi thường 180.000 đô la Mỹ.", "180000", "USD"),
    ("Tổng thiệt hại 4,5 tỷ đồng.", "4500000000", "VND"),
    # Chinese: no spaces, names and scale words glued to the number
    ("我方就第12批货物的污染向贵方索赔USD 180,000。", "180000", "USD"),
    ("我们要求赔偿180,000美元。", "180000", "USD"),
    ("索赔金额为18万美元。", "180000", "USD"),
    ("索赔金额：人民币415,000元。", "415000", "CNY"),
    ("赔偿金额41.5万元人民币", "415000", "CNY"),
    # Other scripts' digits: Arabic-Indic with Arabic separators, Persian, fullwidth
    ("We claim USD ١٨٠٬٠٠٠٫٥٠ for lot 4.", "180000.50", "USD"),
    ("Forderung ۱۸۰٬۰۰۰ EUR", "180000", "EUR"),
    ("索赔金额：ＵＳＤ１８０，０００", "180000", "USD"),
])
def test_it_reads_the_amount_in_other_languages_and_formats(text, amount, currency):
    assert read(text) == [(Decimal(amount), currency)]


@pytest.mark.parametrize("text", [
    # dates, phone numbers, lot numbers and Swiss postcodes beside a currency word
    "Zahlung in CHF an Postfach, CH-8001 Zürich.",
    "Konto in CHF, PLZ 8001 Zürich, Tel. +41 44 123 45 67.",
    "Lot 47'800 – 40 Ballen, Preis in CHF folgt.",
    "Valuta EUR 15.12.2026, Zahlung per Banküberweisung.",
    "Paiement en EUR le 15.12.2026 ; tél. 01 61 50 00 00.",
    "Lotto 61 500 – 40 balle, fattura in EUR.",
    "第12批货物180,000吨，合同号CT-2026-12。",
    "交货日期：２０２６年１２月１５日。",
    "تاريخ الشحن ١٥/١٢/٢٠٢٦ رقم الهاتف ٠١١ ٣٤٥٦ ٧٨٩٠",
    "Lô 12 gồm 180 kiện, hợp đồng số 415.",
    "180 bin balya pamuk, lot 12.",
])
def test_a_look_alike_in_these_languages_is_not_money(text):
    assert money.find_amounts(text) == []


# Every locale our mail comes from, in Babel's (CLDR's) own currency formats: symbol,
# code and full name, singular and plural.
BABEL_LOCALES = ["de", "de_CH", "de_AT", "fr", "fr_CH", "it", "it_CH", "tr", "vi", "zh",
                 "zh_Hant", "en", "pt_BR", "es"]
BABEL_CURRENCIES = ["EUR", "USD", "CHF", "CNY", "TRY", "VND", "GBP", "HKD", "INR", "BRL"]


@settings(max_examples=300, deadline=None, database=None)
@given(st.sampled_from(BABEL_LOCALES), st.sampled_from(BABEL_CURRENCIES),
       st.sampled_from(["standard", "name"]),
       # Below a billion: there Babel's de_CH pattern writes "1000000'000.00".
       st.decimals(min_value=1, max_value=10**9 - 1, places=2, allow_nan=False))
def test_an_amount_as_babel_formats_it_in_any_of_our_locales_reads_back(
        locale, currency, form, amount):
    from babel.numbers import format_currency, get_currency_precision

    written = format_currency(amount, currency, locale=locale, format_type=form)
    places = get_currency_precision(currency)
    expected = amount.quantize(Decimal(1).scaleb(-places)) if places else \
        amount.quantize(Decimal(1))
    assert read(f"Wir fordern {written} für Lot 4.") == [(expected, currency)], written


# A claim revised in each of our languages: the new figure replaces the old one, whichever
# way it moves; the same figures with no revision are two claims.
REVISED = [
    "We have revised our claim from USD 180,000 down to USD 47,300.",
    "Revisamos nossa reclamação de US$ 180.000,00 para US$ 47.300,00.",
    "Revisamos nuestro reclamo de USD 180.000,00 a USD 47.300,00, monto que sustituye al "
    "anterior.",
    "Wir haben unsere Berechnung angepasst und reduzieren unsere ursprüngliche Forderung\n"
    "von EUR 180.000,00 auf\n\n      EUR 47.300,00\n",
    "Nous réduisons notre réclamation de 180 000,00 USD à 47 300,00 USD.",
    "Riduciamo il nostro reclamo da USD 180.000 a USD 47.300.",
    "Tazminat talebimizi USD 180.000'den USD 47.300'e düşürüyoruz.",
    "Chúng tôi điều chỉnh yêu cầu bồi thường từ USD 180.000 xuống USD 47.300.",
    "我方将索赔金额从USD 180,000下调至USD 47,300。",
]


@pytest.mark.parametrize("text", REVISED)
def test_a_revised_claim_counts_its_new_figure_only(text):
    (claimed,) = money.claimed_totals(text)
    assert claimed.money.amount == Decimal(47300) and claimed.open, text
    # Revised up (47,000 -> 180,300), the new figure counts the same way.
    up = text.replace("180", "@").replace("47", "180").replace("@", "47")
    (claimed,) = money.claimed_totals(up)
    assert claimed.money.amount == Decimal(180300) and claimed.open, up


def test_the_same_two_figures_not_revised_are_both_claimed():
    (claimed,) = money.claimed_totals("We claim USD 180,000 for lot 4 and USD 47,300 for lot 5.")
    assert claimed.money.amount == Decimal(227300)


# A partial payment or a credit leaves an open balance: the balance is the claim, in each
# of our languages; paid in full, or with no payment beside it, the claim stands.
BALANCES = [
    "Our claim was USD 180,000.00; after your payment of USD 132,700.00 a balance of "
    "USD 47,300.00 is still outstanding.",
    "Nossa reclamação de US$ 180.000,00, menos o pagamento parcial de US$ 132.700,00, deixa "
    "um saldo em aberto de US$ 47.300,00.",
    "Del reclamo de USD 180.000,00 recibimos un abono de USD 132.700,00; queda un saldo "
    "pendiente de USD 47.300,00.",
    "Von unserer Forderung über EUR 180.000,00 haben Sie EUR 132.700,00 gezahlt; der "
    "Restbetrag von EUR 47.300,00 ist offen.",
    "Sur notre réclamation de 180 000,00 USD, votre paiement de 132 700,00 USD laisse un "
    "solde de 47 300,00 USD.",
    "Del nostro reclamo di USD 180.000 avete pagato USD 132.700; il saldo di USD 47.300 resta "
    "aperto.",
    "USD 180.000 tutarındaki tazminat talebimizden USD 132.700 ödeme alındı; kalan bakiye "
    "USD 47.300.",
    "Yêu cầu bồi thường USD 180.000, đã thanh toán USD 132.700, số dư còn lại USD 47.300.",
    "索赔USD 180,000，贵方已付USD 132,700，余额USD 47,300。",
    "Thank you for the credit note CN-6 for USD 132,700.00 which we have received on "
    "account of our claim.\nHence the\nbalance amount of USD 47,300.00 is still open.\n\n"
    "> We have studied your claim of USD 180,000 and accept USD 132,700.00.",
    # Italian, the balance on a hard-wrapped line of its own.
    "Abbiamo ricevuto il vostro bonifico di USD 132.700 a titolo di acconto.\n\nA fronte del "
    "reclamo complessivo di USD 180.000, resta quindi da saldare l'importo di\nUSD 47.300. "
    "Vi preghiamo di comunicarci le modalità di pagamento.",
]


@pytest.mark.parametrize("text", BALANCES)
def test_the_open_balance_after_a_payment_is_the_claim(text):
    (claimed,) = money.claimed_totals(text)
    assert claimed.money.amount == Decimal(47300) and claimed.open, text


def test_a_balance_of_a_claim_stated_is_stated_and_a_large_one_stays_open():
    (claimed,) = money.claimed_totals(
        "Our claim is USD 180,000. You paid USD 32,700, so a balance of USD 147,300 is open.")
    assert claimed.money.amount == Decimal(147300) and claimed.stated and claimed.open
    # Beside a word of payment in its own sentence, a balance is still open.
    (claimed,) = money.claimed_totals(
        "Yêu cầu bồi thường USD 180.000, đã thanh toán USD 32.700, số dư còn lại USD 147.300.")
    assert claimed.money.amount == Decimal(147300) and claimed.open


def test_figures_that_do_not_leave_a_balance_are_claimed_as_before():
    # no payment beside the smaller figure: items, not a balance
    (claimed,) = money.claimed_totals(
        "We claim USD 180,000: lot 4 USD 132,700 and, for the balance of the lot, USD 47,300.")
    assert claimed.money.amount == Decimal(180000)
    # a payment that does not add up: the claim stands
    (claimed,) = money.claimed_totals(
        "Our claim is USD 180,000. You paid USD 30,000; a balance of USD 47,300 is open.")
    assert claimed.money.amount >= Decimal(180000)
