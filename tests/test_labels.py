"""Every sentence the backstop and the review signals write reaches staff translated:
the sentences are built here by the real code, so a new wording without a pattern in
``triage.labels`` fails this test."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from django.utils import translation

from triage import backstop, labels
from triage.decision import route as routing
from triage.readers.signals import senders as signals_senders

POLICY = backstop.Policy(threshold_usd=Decimal(50000), rates={"USD": Decimal(1),
                                                             "BRL": Decimal("0.18")},
                         deadline_business_days=2)


def _sentences() -> list[str]:
    def exposure(amount, currency, source):
        triggers, review, _ = backstop.exposure_triggers(
            backstop.Exposure(Decimal(amount), currency), POLICY, source=source)
        return triggers + review

    over = exposure(310000, "USD", "extracted exposure")
    stated = exposure(310000, "USD", "email states 'USD 310.000' =")
    no_rate = exposure(90000, "XYZ", "extracted exposure")
    no_currency = exposure(90000, None, "email states '90000' =")
    day = date(2026, 11, 19)
    past = backstop.deadline_trigger(date(2026, 11, 18), day, POLICY)
    close = backstop.deadline_trigger(date(2026, 11, 20), day, POLICY,
                                      source="email states 'até amanhã': deadline")
    moment = datetime(2026, 11, 19, 12, tzinfo=UTC)

    def review(text, **kwargs):
        return backstop.evaluate(extracted=backstop.Exposure(None, None), deadline=None,
                                 received_at=moment, email_text=text, policy=POLICY,
                                 **kwargs).review

    balance = review("The balance owed on our account is USD 310,000.")
    currencies = review("Our claim: USD 30,000 for lot 4 and R$ 150.000 for lot 5.")
    rules_only = review("Please reply by tomorrow.", model_claim=False)
    signals = routing.review_signals(
        "Please note our bank details have changed. We found plastic contamination in bales "
        "of lot 5. If not settled we will start ICA arbitration against you.",
        model_is_claim=True, model_escalates=False)
    routine = routing.review_signals("We claim compensation for the damaged bales.",
                                      model_is_claim=False, model_escalates=False)
    sender = routing.review_signals(
        "Invoice attached.", model_is_claim=False, model_escalates=False,
        lookalikes=signals_senders.sender_lookalikes(["billing@c0tton-trading.com"],
                                                      ["cotton-trading.com"]))
    sentences = [*over, *stated, *no_rate, *no_currency, *past, *close, *signals, *routine,
                 *balance, *currencies, *rules_only, *sender,
                 f"staff correction (version 2, from 2026-11-19): {over[0]}"]
    assert len(sentences) == 15, sentences
    return sentences


@pytest.mark.parametrize("sentence", _sentences())
def test_each_backstop_sentence_has_a_portuguese_label(sentence):
    with translation.override("pt-br"):
        shown = labels.sentence(sentence)
    assert shown != sentence
    with translation.override("en"):
        english = labels.sentence(sentence)
    # The English label reads the same facts (amounts re-formatted, dates kept ISO).
    assert shown.split()[0] != english.split()[0] or shown != english


def test_a_label_keeps_the_facts_in_the_readers_format():
    sentence = "email states 'R$ 310.000' = USD 55,800.00 >= threshold USD 50,000"
    with translation.override("pt-br"):
        assert labels.sentence(sentence).replace("\xa0", " ") == (
            "o e-mail diz 'R$ 310.000' = US$ 55.800,00, no limite de US$ 50.000,00 ou acima")
    deadline = "response deadline 2026-11-23 is 1 business day(s) after receipt (limit 2)"
    with translation.override("pt-br"):
        assert labels.sentence(deadline) == ("o prazo de resposta 23/11/2026 fica a 1 dia útil "
                                             "do recebimento (limite 2)")
    with translation.override("en"):
        assert labels.sentence(deadline) == ("response deadline 2026-11-23 is 1 business day "
                                             "after receipt (limit 2)")


def test_an_unknown_sentence_is_shown_as_written():
    with translation.override("pt-br"):
        assert labels.sentence("the model said something new") == "the model said something new"
        assert labels.sentences(["the model said something new", "new email"]) == (
            "the model said something new; novo e-mail")


def test_identifiers_become_words():
    with translation.override("pt-br"):
        assert labels.model_trigger("quality_hvi") == "quality hvi"  # not a trigger
        assert labels.claim_type("quality_hvi") == "Qualidade (HVI)"
        assert labels.model_trigger("high_exposure") == "Exposição alta"
        assert labels.field("hvi.strength_gpt") == "Resistência (g/tex)"
        assert labels.field("hvi.uniformity_pct") == "Uniformidade (%)"
        assert labels.field("hvi.staple_length_mm") == "Comprimento da fibra (mm)"
        assert labels.field("claiming_party") == "Reclamante"
        assert labels.route("needs_review") == "Precisa de revisão"
        assert labels.department("finance") == "Financeiro"
        assert labels.model_trigger("manual: cliente ligou") == (
            "decidido manualmente: cliente ligou")
