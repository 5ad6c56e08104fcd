"""Every reason the product stores reaches staff in their language: each code has its
words in English and in Portuguese, with no English left in the Portuguese, and what
the backstop and the review signals really write is such a code (built here by the real
code, so a new reason without words fails this test)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from triage import backstop, labels
from triage.decision import route as routing
from triage.labels import reason_words
from triage.readers.signals import senders as signals_senders
from triage.routes import Code, reason

POLICY = backstop.Policy(threshold_usd=Decimal(50000), rates={"USD": Decimal(1),
                                                             "BRL": Decimal("0.18")},
                         deadline_business_days=2)

_PDF = {"part": ["laudo.pdf (application/pdf)"], "pages": 2, "total": 9}
# A sample of every code, with the parameters its writer gives it.
SAMPLES = {
    Code.EXPOSURE_AT_OR_ABOVE_THRESHOLD: {"usd": "180000.00", "threshold": "50000",
                                          "source": "email", "quote": "USD 180,000"},
    Code.EXPOSURE_NOT_THE_CLAIM: {"usd": "180000.00", "threshold": "50000",
                                  "quote": "balance USD 180,000"},
    Code.EXPOSURE_IN_SEVERAL_CURRENCIES: {"usd": "57000.00", "threshold": "50000",
                                          "quotes": ["USD 30,000", "R$ 150.000"]},
    Code.EXPOSURE_WITHOUT_RATE: {"amount": "90000.00", "currency": "XYZ", "threshold": "50000",
                                 "source": "extraction"},
    Code.DEADLINE_PASSED: {"date": "2026-11-18", "source": "extraction"},
    Code.DEADLINE_WITHIN_LIMIT: {"date": "2026-11-20", "days": 1, "limit": 2,
                                 "source": "email", "quote": "até amanhã",
                                 "model_claim": False},
    Code.STAFF_CORRECTION: {"version": 2, "date": "2026-11-19", "trigger": {
        "code": Code.EXPOSURE_AT_OR_ABOVE_THRESHOLD, "usd": "310000.00", "threshold": "50000",
        "source": "extraction"}},
    Code.PARTS_UNREAD: {"parts": [{"code": Code.PDF_DAMAGED, "error": "PdfReadError", **_PDF}]},
    Code.BANK_CHANGE: {"quote": "our new bank details"},
    Code.CLAIM_CALLED_ROUTINE: {},
    Code.CONTAMINATION_NOT_ESCALATED: {},
    Code.THREAT_NOT_ESCALATED: {"quote": "we will start ICA arbitration"},
    Code.LOOKALIKE_SENDER: {"domain": "c0tton-trading.com", "known": "cotton-trading.com",
                            "how": "letters"},
    Code.UNSUPPORTED_VALUES: {"fields": ["exposure_amount", "claim_types"]},
    Code.LANGUAGE_UNREAD: {"language": "ru", "claim_words": True, "quote": "претензию"},
    Code.ATTACHMENTS_NOT_STORED: {"skipped": 1800, "stored": 100},
    Code.PARTS_NOT_PARSED: {"parts": 500},
    Code.BODY_CUT: {"chars": 2_000_000},
    Code.HTML_CUT: {"chars": 2_000_000},
    Code.RULES_READ_FIRST: {"chars": 500_000, "total": 612_000},
    Code.ATTACHMENT_PAST_LIMIT: {"part": ["n11.txt (text/plain)"], "limit": 10},
    Code.ATTACHMENTS_OUT_OF_TIME: {"part": ["laudo.pdf (application/pdf)"]},
    Code.FIRST_BYTES_ONLY: {"part": ["big.txt (text/plain)"], "bytes": 2_097_152},
    Code.PDF_TOO_LARGE: {"part": ["scan.pdf (application/pdf)"], "bytes": 12_000_000,
                         "limit": 10_485_760},
    Code.PDF_PAGE_LIMIT: {"part": ["laudo.pdf (application/pdf)"], "pages": 20, "total": 31},
    Code.PDF_NO_TIME: {**_PDF, "pages": 0},
    Code.PDF_READER_UNAVAILABLE: {"error": "OSError", **_PDF},
    Code.PDF_TIMED_OUT: {"seconds": 1.5, **_PDF},
    Code.PDF_ENCRYPTED: {**_PDF, "pages": 0},
    Code.PDF_DAMAGED: {"error": "PdfReadError", **_PDF},
    Code.SHEET_TOO_LARGE: {"bytes": 30_000_000, "limit": 10_485_760},
    Code.SHEET_UNPACKS_TOO_LARGE: {"bytes": 900_000_000, "limit": 20_971_520},
    Code.SHEET_ROWS_CUT: {"rows": 10_000, "cells": 100_000},
    Code.SHEET_CHARS_CUT: {"chars": 2_000_000},
    Code.PDF_READER_STOPPED: _PDF,
    Code.MESSAGE_TOO_DEEP: {"part": ["fwd.eml (message/rfc822)"], "depth": 3},
    Code.MESSAGE_FIRST_BYTES: {"part": ["fwd.eml (message/rfc822)"], "bytes": 2_097_152},
    Code.CHAIN_FAILED: {"chain": "classification", "detail": "HTTP 503"},
    Code.CHAIN_OUT_OF_TIME: {"chain": "extraction"},
    Code.CALL_BUDGET_EXCEEDED: {"calls": 4, "limit": 3},
    Code.MODEL_UNAVAILABLE: {"detail": "no API key"},
    Code.MODEL_REQUIRED: {},
    Code.DECIDED_BY_HAND: {"note": "cliente ligou"},
    Code.MODEL_TRIGGER: {"trigger": "high_exposure"},
    Code.ROUTED: {"route": "ticket", "provider": "offline"},
    Code.OWN_NOTIFICATION: {},
    Code.OWN_ADDRESS: {},
    Code.BOUNCE_REPORT: {},
    Code.BOUNCE_SENDER: {"address": "mailer-daemon@relay.example.com"},
    Code.OUT_OF_OFFICE: {},
    Code.RECEIVED_VIA: {"provider": "import"},
    Code.NEW_EMAIL: {},
    Code.WORKER_CLAIMED: {},
    Code.REDELIVERED: {},
    Code.WORKER_LOST_REDELIVERED: {},
    Code.WORKER_LOST_SWEEPER: {},
    Code.SWEEPER_STILL_RECEIVED: {},
    Code.SWEEPER_QUEUED_TOO_LONG: {},
    Code.SWEEPER_WORKER_LOST: {},
    Code.GAVE_UP_UNFINISHED: {"count": 3, "limit": 3, "last": {"code": Code.WORKER_LOST_SWEEPER}},
    Code.RETRY: {"seconds": 30, "error": "TransientTriageError: timeout"},
    Code.GAVE_UP_RETRIES: {"retries": 5, "error": "TransientTriageError: timeout"},
    Code.BROKER_UNAVAILABLE: {"error": "OperationalError: connection refused"},
    Code.RETRIAGE_REQUESTED: {},
    Code.ESCALATED_AGAIN: {},
    Code.DEMO_INLINE: {},
    Code.REPLY_NOT_SENT: {"error": "SMTPServerDisconnected"},
    Code.RETENTION: {"stage": "raw", "days": 180},
    Code.ERASURE_REQUEST: {"request": 7},
    Code.REQUESTED_BY: {"by": "DPO Maria"},
}
AS_WRITTEN = {Code.LEGACY}  # shown as stored, in whatever language it was written


def test_every_code_has_a_sample_and_words():
    assert set(SAMPLES) | AS_WRITTEN == set(Code)
    assert set(reason_words._WORDS) == set(Code)


@pytest.mark.parametrize("code", sorted(SAMPLES))
def test_each_code_reads_in_portuguese_with_no_english_left(code, monkeypatch):
    stored = {"code": str(code), **SAMPLES[code]}
    asked: list[str] = []

    def recorded(translate):
        def call(*args):
            asked.append(args[0])
            return translate(*args)
        return call

    monkeypatch.setattr(reason_words, "_", recorded(reason_words._))
    monkeypatch.setattr(reason_words, "ngettext", recorded(reason_words.ngettext))
    with translation.override("pt-br"):
        shown = labels.reason(stored)
        catalogue = trans_real.translation("pt-br")._catalog
    # Every message its words asked for has a Portuguese translation...
    assert asked and [m for m in asked if m not in catalogue and (m, 0) not in catalogue] == []
    with translation.override("en"):
        english = labels.reason(stored)
    # ...and what staff read is not the English, nor the bare code.
    assert shown != english
    assert code not in shown


def test_a_reason_keeps_the_facts_in_the_readers_format():
    over = {"code": Code.EXPOSURE_AT_OR_ABOVE_THRESHOLD, "usd": "55800.00", "threshold": "50000",
            "source": "email", "quote": "R$ 310.000"}
    with translation.override("pt-br"):
        assert labels.reason(over).replace("\xa0", " ") == (
            "o e-mail diz \u201cR$ 310.000\u201d = US$ 55.800,00, no limite de US$ 50.000,00 "
            "ou acima")
    deadline = {"code": Code.DEADLINE_WITHIN_LIMIT, "date": "2026-11-23", "days": 1,
                "limit": 2, "source": "extraction"}
    with translation.override("pt-br"):
        assert labels.reason(deadline) == ("o prazo de resposta 23/11/2026 fica a 1 dia útil "
                                           "do recebimento (limite 2)")
    with translation.override("en"):
        assert labels.reason(deadline) == ("response deadline 2026-11-23 is 1 business day "
                                           "after receipt (limit 2)")
        assert labels.reason(SAMPLES[Code.PARTS_UNREAD] | {"code": Code.PARTS_UNREAD}) == (
            "not every part of the email was read (laudo.pdf (application/pdf): it is damaged "
            "(PdfReadError); read 2 of 9 pages): a person must read it")


def test_a_legacy_sentence_is_shown_as_written_and_an_unknown_code_by_its_parameters():
    with translation.override("pt-br"):
        assert labels.reason({"code": "legacy", "text": "the model said something new"}) == (
            "the model said something new")
        assert labels.reasons([{"code": "legacy", "text": "old words"},
                               {"code": Code.NEW_EMAIL}]) == "old words; novo e-mail"
        # A newer release's code is not lost: its code and figures show.
        assert labels.reason({"code": "future_code", "usd": "1.00"}) == "future_code (usd: 1.00)"
        # A reason missing a parameter it needs still shows what it has.
        assert labels.reason({"code": Code.RETRY}) == "retry"


def test_an_erased_quote_shows_as_removed_and_the_facts_stay():
    erased = {"code": Code.BANK_CHANGE}
    with translation.override("pt-br"):
        assert "(palavras removidas)" in labels.reason(erased)
        # A language read by its claim words keeps saying so when its word is erased.
        unread = labels.reason({"code": Code.LANGUAGE_UNREAD, "language": "ru",
                                "claim_words": True})
        assert "palavras de reclamação" in unread and "(palavras removidas)" in unread


def test_a_language_with_no_claim_words_reads_as_unread():
    stored = {"code": Code.LANGUAGE_UNREAD, "language": "ka"}
    with translation.override("pt-br"):
        assert labels.reason(stored).startswith("escrito em ")
        assert "uma língua que as regras não leem" in labels.reason(stored)


def _written() -> list[dict]:
    """What the backstop and the review signals write, built by the real code."""
    def exposure(amount, currency, **source):
        triggers, review, _ = backstop.exposure_triggers(
            backstop.Exposure(Decimal(amount), currency), POLICY, **source)
        return triggers + review

    day = date(2026, 11, 19)
    moment = datetime(2026, 11, 19, 12, tzinfo=UTC)

    def review(text, **kwargs):
        return backstop.evaluate(extracted=backstop.Exposure(None, None), deadline=None,
                                 received_at=moment, email_text=text, policy=POLICY,
                                 **kwargs).review

    over = exposure(310000, "USD")
    written = [
        *over, *exposure(310000, "USD", source=backstop.EMAIL, quote="USD 310.000"),
        *exposure(90000, "XYZ"), *exposure(90000, None, source=backstop.EMAIL, quote="90000"),
        *backstop.deadline_trigger(date(2026, 11, 18), day, POLICY),
        *backstop.deadline_trigger(date(2026, 11, 20), day, POLICY, source=backstop.EMAIL,
                                   quote="até amanhã"),
        *routing.review_signals(
            "Please note our bank details have changed. We found plastic contamination in "
            "bales of lot 5. If not settled we will start ICA arbitration against you.",
            model_is_claim=True, model_escalates=False,
            unread=[reason(Code.PDF_DAMAGED, part=["x.pdf"], error="PdfReadError", pages=0)]),
        *routing.review_signals("We claim compensation for the damaged bales.",
                                model_is_claim=False, model_escalates=False),
        *review("The balance owed on our account is USD 310,000."),
        *review("Our claim: USD 30,000 for lot 4 and R$ 150.000 for lot 5."),
        *review("Please reply by tomorrow.", model_claim=False),
        reason(Code.STAFF_CORRECTION, version=2, date=day, trigger=over[0]),
        *routing.review_signals(
            "Invoice attached.", model_is_claim=False, model_escalates=False,
            lookalikes=signals_senders.sender_lookalikes(["billing@c0tton-trading.com"],
                                                          ["cotton-trading.com"])),
        *routing.review_signals("We claim USD 2,400.", model_is_claim=True,
                                model_escalates=False, unsupported=["exposure_amount"]),
    ]
    assert len(written) == 17, written
    return written


@pytest.mark.parametrize("stored", _written(), ids=lambda d: d["code"])
def test_what_the_backstop_writes_is_a_code_with_words_in_portuguese(stored):
    assert stored["code"] in set(Code)
    with translation.override("pt-br"):
        shown = labels.reason(stored)
    with translation.override("en"):
        english = labels.reason(stored)
    assert shown != english
    for words in (stored.get("quote"), *stored.get("quotes", ())):
        if words:
            assert "\u201c" in shown and words in shown  # the sender's words, as written


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
        assert labels.model_trigger({"code": Code.DECIDED_BY_HAND, "note": "cliente ligou"}) == (
            "decidido manualmente: cliente ligou")
        assert labels.model_trigger({"code": Code.MODEL_REQUIRED}) == (
            "o modelo pediu escalação sem nomear um gatilho")


def test_every_event_the_services_write_has_a_label():
    """The timeline names each kind of audit row in words: the kinds the product writes
    (read from its code) all have a label, so none shows as an identifier."""
    import re

    from tests.factories import ROOT
    from triage.labels import EVENTS

    written = set()
    for path in (ROOT / "triage").rglob("*.py"):
        text = path.read_text()
        written |= set(re.findall(r'audit_write\([^,]+, "([a-z_]+)"', text))
        written |= set(re.findall(r'(?:kind|event)="([a-z_]+)"', text))
    # Kinds written from a variable part, each spelled out.
    written |= {"raw_removed", "content_removed", "raw_opened", "attachment_opened",
                "escalation_dismissal_requested", "escalation_resolution_requested",
                "escalation_resolved", "escalation_dismissed"}
    written -= {"escalation", "forward", "reply", "handover"}  # notification kinds, not events
    assert written - set(EVENTS) == set()
