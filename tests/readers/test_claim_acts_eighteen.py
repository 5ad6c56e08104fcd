"""An eighteenth fresh set's readings (lab/data/fresh18), each false alarm paired with the
claim it must still catch, or each catch paired with the same words in mail that makes no
claim on us."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django.conf import settings

from tests.test_backstop import POLICY
from triage import backstop
from triage.backstop import Exposure
from triage.offline import _claimed_usd, computed
from triage.readers import money, signals
from triage.readers.claim_words import claim_word
from triage.readers.language import unread_claim_language
from triage.routes import Code


def _escalates(text: str) -> bool:
    result = backstop.evaluate(extracted=Exposure(None, None), deadline=None,
                               received_at=datetime(2027, 5, 17, 9, tzinfo=UTC),
                               email_text=text, policy=POLICY, read_deadlines=False)
    return result.escalate


BULLETIN = (
    "Rundschreiben 07/2027: Schiedsgerichtsstatistik\nSehr geehrte Mitglieder,\n\n"
    "im Geschäftsjahr 2026 wurden beim Schiedsgericht 38 technische Schiedsverfahren "
    "durchgeführt; das höchste Einzelverfahren betraf eine Forderung von 7,9 Mio. USD wegen "
    "Nichterfüllung eines Liefervertrags.\n\nAbmelden: Antwort mit „Abmelden“ im Betreff.")


def test_a_bulletin_s_largest_case_is_no_exposure_and_a_claim_in_a_bulletin_s_dress_is():
    assert signals.told_in_a_bulletin(BULLETIN, "7,9 Mio. USD")
    assert not _escalates(BULLETIN)
    # The same stated figure in a mail that makes the claim escalates.
    claim = ("Sehr geehrte Damen und Herren,\n\nwir haben in 40 Ballen Polypropylen "
             "festgestellt und machen eine Forderung von 79.000 USD geltend.")
    assert _escalates(claim)
    # A claim made in a newsletter's dress ("unsubscribe" under it) is still made.
    dressed = (claim + "\n\nMonthly update for our suppliers. To unsubscribe, reply STOP.")
    assert not signals.told_in_a_bulletin(dressed, "79.000 USD")
    assert _escalates(dressed)


@pytest.mark.parametrize("footer", [
    "To unsubscribe from these emails click here.",
    "I will be out of the office from 20 May; please contact my colleague.",
    "Informativo LGPD: esta mensagem pode conter informações confidenciais.",
    "Obs.: o curso de classificação custa R$ 1.200 por participante.",
])
def test_an_exact_sum_claimed_above_any_footer_still_escalates(footer):
    # A claim states its sum; only a bulletin's round millions are the story's.
    claim = ("Prezados,\n\nValor da reclamação: US$ 90.000,00 referente a 40 fardos do lote "
             "2214 contaminados com polipropileno (laudo anexo). Aguardamos retorno em 10 "
             "dias.\n\nAtenciosamente,\nDepto. de Qualidade\n")
    assert _escalates(claim + footer)


@pytest.mark.parametrize("routine", [
    # A course: its fee per participant and its enrolment date.
    "Seu próximo claim de US$ 500 mil pode ser evitado! Aprenda a responder reclamações.\n"
    "Carga horária: 16 horas. Investimento: R$ 3.900,00 por participante. "
    "Inscrições até 25/05/2027.",
    # A bulletin named at the start of its subject line.
    "Informativo AEFB: 27 disputas na ICA\nA AEFB acompanha 27 disputas na ICA envolvendo "
    "algodão brasileiro (reclamações de contaminação), com valor total estimado de US$ 19 "
    "milhões.",
    # A pitch asking for a demo, and its clients' "claim payouts".
    "Cotton merchants paid more than USD 1.2 billion in quality claims last year. Our clients "
    "cut claim payouts by 31% in the first year.\nCould we book 20 minutes next week for a "
    "demo?",
])
def test_a_course_a_bulletin_and_a_pitch_make_no_claim(routine):
    assert not signals.claim_is_made(routine)
    assert not _escalates(routine)


def test_informativo_inside_a_claim_s_sentence_and_our_claim_stated_still_make_it():
    assert signals.claim_is_made(
        "Em caráter informativo: encontramos plástico em 12 fardos e nossa reclamação é de "
        "US$ 64.000,00.")
    assert signals.claim_is_made("Our claim is USD 64,000.00 for the plastic found in 12 bales.")


def test_a_claim_dismissed_by_the_tribunal_is_closed_and_one_not_dismissed_is_open():
    award = ("(a) The Claimants' claim for USD 214,600.00 for alleged quality deficiency is "
             "dismissed in its entirety;")
    assert not [c for c in money.claimed_totals(award) if c.open]
    for still in (
            "The tribunal has not dismissed our claim. We maintain our claim for USD "
            "214,600.00 for the quality deficiency.",
            "Our claim for USD 214,600.00 for the 40 bales, which has not been dismissed by "
            "any tribunal, remains open.",
            # An argument or a defence dismissed closes no claim.
            "We claim USD 214,600.00, since your arguments were rejected in their entirety.",
            "We claim USD 214,600.00 as your force majeure defence has been dismissed."):
        assert [c.money.amount for c in money.claimed_totals(still) if c.open] == [214600]


def test_a_claim_revised_with_its_previous_figure_cancelled_counts_the_revised_one():
    text = ("We therefore revise our claim to USD 46,250.00 (previous USD 72,000.00 is "
            "cancelled).\n\n-----Original Message-----\nWe claim USD 72,000.00 for the "
            "difference in quality.")
    assert [c.money.amount for c in money.claimed_totals(text)] == [Decimal("46250.00")]
    # Two claims of one currency, neither said to replace the other, still add up: an
    # older one "previous" but still unpaid too.
    for both in ("We claim USD 46,250.00 for leaf grade and USD 72,000.00 for colour.",
                 "We have revised our claim for lot 2215 to USD 46,250.00 (previous USD "
                 "72,000.00 for lot 2214 remains unpaid and is added to it)."):
        assert [c.money.amount for c in money.claimed_totals(both)] == [Decimal("118250.00")]


def test_a_share_of_the_invoice_is_the_claim_and_not_the_invoice_it_is_worked_from():
    text = ("Reclamo per umidità eccessiva\nLe prove hanno rilevato un tasso di umidità medio "
            "del 10,9% contro il massimo contrattuale dell'8,5%.\n\nChiediamo un abbuono pari "
            "all'1,75% del valore della fattura INV-27-0588 di EUR 2.360.000,00, da "
            "regolarsi mediante nota di credito.")
    amount, usd = _claimed_usd(text)
    assert (amount.amount, amount.currency) == (Decimal("41300.00"), "EUR")
    # An invoice's "n." is no sentence's end: the share and its invoice are read together.
    numbered = text.replace("fattura INV", "fattura n. INV")
    assert computed.computed_claim(numbered).amount == Decimal("41300.00")
    assert usd < settings.TRIAGE_ESCALATION_THRESHOLD_USD
    # A claim of the invoice's whole value, no share named, stays that figure.
    whole = ("Abbiamo riscontrato plastica in 40 balle e chiediamo un risarcimento di "
             "EUR 412.680,00, pari al valore della fattura n. BC-EXP-26/1172.")
    assert _claimed_usd(whole)[0].amount == Decimal("412680.00")


@pytest.mark.parametrize("text,total", [
    # No lot weighs 412,500 tonnes: "412.500 MT" is 412.5.
    ("We request allowance of USD 110.00 per MT on the invoiced net weight of 412.500 MT.",
     Decimal("45375.00")),
    # "2.500 toneladas" is two and a half thousand, whatever the dollar's decimal point.
    ("Reclamamos um desconto de USD 25.00 por tonelada sobre as 2.500 toneladas embarcadas.",
     Decimal("62500.00")),
])
def test_tonnes_written_with_a_lone_separator_read_as_a_lot_can_weigh(text, total):
    assert computed.computed_claim(text).amount == total


GEORGIAN = ("გამარჯობა, გვსურს თქვენი ოფისის მონახულება ოქტომბერში და ბამბის ნიმუშების "
            "ნახვა. გთხოვთ შეგვატყობინოთ თქვენთვის მოსახერხებელი თარიღი.")


def test_a_language_without_words_goes_to_a_person_only_with_a_sum_or_a_claim_word():
    assert claim_word("ka", GEORGIAN) == ""
    assert unread_claim_language("", GEORGIAN) is None
    language, quote = unread_claim_language("", GEORGIAN + " ზარალი USD 48,000.00")
    assert (language, quote) == ("ka", "USD 48,000.00")
    assert unread_claim_language("", GEORGIAN + " claim")[1] == "claim"


@pytest.mark.parametrize("claim,language,quote", [
    ("ბატონებო, ლოტ 2214-ის 40 ჩალაში აღმოვაჩინეთ პლასტმასი. ვითხოვთ ზარალის ანაზღაურებას "
     "90 000 აშშ დოლარის ოდენობით 14 დღის ვადაში.", "ka", "90 000 აშშ დოლარ"),
    ("ልዩነቱን 90,000 የአሜሪካ ዶላር በ14 ቀናት ውስጥ እንድትከፍሉን እንጠይቃለን። የጥጥ ጥራት ጉድለት ተገኝቷል።",
     "am", "90,000 የአሜሪካ ዶላር"),
    ("ဝါဂွမ်းအရည်အသွေး ချို့ယွင်းသဖြင့် အမေရိကန်ဒေါ်လာ 90,000 ကို ၁၄ ရက်အတွင်း ပေးချေရန် "
     "တောင်းဆိုအပ်ပါသည်။", "my", "ဒေါ်လာ 90,000"),
], ids=["Georgian", "Amharic", "Burmese"])
def test_a_sum_named_in_words_in_an_unlisted_language_goes_to_a_person(claim, language, quote):
    assert unread_claim_language("", " ".join([claim] * 3)) == (language, quote)


@pytest.mark.django_db  # the decision reads the correspondents
def test_a_visit_asked_for_in_an_unlisted_language_keeps_the_model_s_forward(called_routine):
    from tests.factories import decide_text

    decision = decide_text(GEORGIAN * 2)
    assert decision.route == "forwarded"
    decision = decide_text(GEORGIAN * 2 + " USD 48,000.00")
    assert decision.route == "needs_review"
    assert any(s["code"] == Code.LANGUAGE_UNREAD for s in decision.review_signals)
