"""Migration 0013 turns every stored sentence into its reason: a row of each legacy
kind, written as the code before it wrote them, comes out as the right code with its
parameters and quote; a sentence no pattern knows, and a person's words, stay as
written."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.exceptions import IrreversibleError
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("triage", "0012_run_failed_closed")]
AFTER = [("triage", "0013_reasons_as_data")]

# (stored sentence, the reason it must become), as the backstop and the review signals
# wrote them before 0013.
SENTENCES = [
    ("extracted exposure USD 180,000.00 >= threshold USD 50,000",
     {"code": "exposure_at_or_above_threshold", "usd": "180000.00", "threshold": "50000",
      "source": "extraction"}),
    ("email states 'USD 180,000' = USD 180,000.00 >= threshold USD 50,000",
     {"code": "exposure_at_or_above_threshold", "usd": "180000.00", "threshold": "50000",
      "source": "email", "quote": "USD 180,000"}),
    ("email states \"the mill's USD 310,000\" = USD 310,000.00 >= threshold USD 50,000, but "
     "the model did not take it as the claim",
     {"code": "exposure_not_the_claim", "usd": "310000.00", "threshold": "50000",
      "quote": "the mill's USD 310,000"}),
    ("email states 'USD 30,000 + R$ 150.000' = USD 57,000.00 >= threshold USD 50,000, in "
     "several currencies together",
     {"code": "exposure_in_several_currencies", "usd": "57000.00", "threshold": "50000",
      "quotes": ["USD 30,000", "R$ 150.000"]}),
    ("extracted exposure 90,000.00 in XYZ (no rate) could exceed USD 50,000",
     {"code": "exposure_without_rate", "amount": "90000.00", "currency": "XYZ",
      "threshold": "50000", "source": "extraction"}),
    ("email states '90000' = 90,000.00 in no currency (no rate) could exceed USD 50,000",
     {"code": "exposure_without_rate", "amount": "90000.00", "currency": "",
      "threshold": "50000", "source": "email", "quote": "90000"}),
    ("response deadline 2026-11-18 is already past",
     {"code": "deadline_passed", "date": "2026-11-18", "source": "extraction"}),
    ("email states 'até amanhã': deadline 2026-11-20 is 1 business day(s) after receipt "
     "(limit 2), but the model did not read a claim",
     {"code": "deadline_within_limit", "date": "2026-11-20", "days": 1, "limit": 2,
      "source": "email", "quote": "até amanhã", "model_claim": False}),
    ("staff correction (version 2, from 2026-11-19): response deadline 2026-11-20 is 0 "
     "business day(s) after receipt (limit 2)",
     {"code": "staff_correction", "version": 2, "date": "2026-11-19", "trigger": {
         "code": "deadline_within_limit", "date": "2026-11-20", "days": 0, "limit": 2,
         "source": "extraction"}}),
    ("bank details change requested ('our new bank details'): a person must verify it by "
     "phone before any payment", {"code": "bank_change", "quote": "our new bank details"}),
    ("not every part of the email was read ('laudo.pdf (application/pdf): it is damaged "
     "(PdfReadError); read 0 pages; fwd.eml (message/rfc822): survey.pdf: its reading took "
     "over 0.3 s and was stopped; read 0 of 1 pages; attachments: 1800 past the first 100 "
     "were not stored or read'): a person must read it",
     {"code": "parts_unread", "parts": [
         {"code": "pdf_damaged", "error": "PdfReadError", "pages": 0,
          "part": ["laudo.pdf (application/pdf)"]},
         {"code": "pdf_timed_out", "seconds": 0.3, "pages": 0, "total": 1,
          "part": ["fwd.eml (message/rfc822)", "survey.pdf"]},
         {"code": "attachments_not_stored", "skipped": 1800, "stored": 100}]}),
    ("the email reads as a claim, but the model called it routine",
     {"code": "claim_called_routine"}),
    ("the email affirms contamination, but the model did not escalate",
     {"code": "contamination_not_escalated"}),
    ("the email threatens arbitration, legal action or cancellation ('we will refer this "
     "to ICA arbitration'), but the model did not escalate",
     {"code": "threat_not_escalated", "quote": "we will refer this to ICA arbitration"}),
    ("classification: output failed validation: is_claim: Field required",
     {"code": "chain_failed", "chain": "classification",
      "detail": "output failed validation: is_claim: Field required"}),
    ("extraction: the run's time budget ran out; call abandoned",
     {"code": "chain_out_of_time", "chain": "extraction"}),
    ("LLM call budget exceeded: 3 calls > limit 2",
     {"code": "call_budget_exceeded", "calls": 3, "limit": 2}),
    ("the model said something new", {"code": "legacy", "text": "the model said something new"}),
]
# (event kind, stored reason, its reasons, the person's words left in ``reason``).
EVENTS = [
    ("received", "via import", [{"code": "received_via", "provider": "import"}], ""),
    ("status", "new email", [{"code": "new_email"}], ""),
    ("status", "not triaged: bounce from mailer-daemon@relay.example.com",
     [{"code": "bounce_sender", "address": "mailer-daemon@relay.example.com"}], ""),
    ("claimed", "redelivered after worker loss", [{"code": "redelivered"}], ""),
    ("retry", "retry in 30s: TransientTriageError: timeout",
     [{"code": "retry", "seconds": 30, "error": "TransientTriageError: timeout"}], ""),
    ("failed", "gave up: 3 attempt(s) never finished (hard time limit or worker lost; limit "
     "3); last: worker lost or hard time limit mid-run (sweeper)",
     [{"code": "gave_up_unfinished", "count": 3, "limit": 3,
       "last": {"code": "worker_lost_sweeper"}}], ""),
    ("failed", "gave up after 5 retries: TransientTriageError: timeout",
     [{"code": "gave_up_retries", "retries": 5, "error": "TransientTriageError: timeout"}], ""),
    ("enqueue_failed", "broker unavailable, the sweeper will retry: OperationalError: down",
     [{"code": "broker_unavailable", "error": "OperationalError: down"}], ""),
    ("republished", "sweeper: queued too long", [{"code": "sweeper_queued_too_long"}], ""),
    ("routed", "ticket (offline)", [{"code": "routed", "route": "ticket",
                                     "provider": "offline"}], ""),
    ("routed", "the email reads as a claim, but the model called it routine; classification: "
     "HTTP 500; boom", [{"code": "claim_called_routine"},
                        {"code": "chain_failed", "chain": "classification",
                         "detail": "HTTP 500; boom"}], ""),
    ("escalation_reopened", "the email was escalated again", [{"code": "escalated_again"}], ""),
    ("raw_removed", "retention: raw kept 180 days",
     [{"code": "retention", "stage": "raw", "days": 180}], ""),
    ("content_removed", "erasure request 4: identity checked by the DPO",
     [{"code": "erasure_request", "request": 4}], "identity checked by the DPO"),
    ("data_exported", "requested by Maria (DPO)",
     [{"code": "requested_by", "by": "Maria (DPO)"}], ""),
    ("reply_failed", "Connection refused", [{"code": "reply_not_sent",
                                             "error": "Connection refused"}], ""),
    # A person's words are never converted, even when they read like a sentence of ours.
    ("escalation_dismissed", "new email", [], "new email"),
    ("decided_manually", "the carrier confirmed by phone", [], "the carrier confirmed by phone"),
]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _email(apps, n: int, **fields):
    return apps.get_model("triage", "InboundEmail").objects.create(
        provider="import", dedupe_key=f"{n:064d}", dedupe_basis="content",
        received_at=timezone.now(), status_changed_at=timezone.now(), content_hash="x",
        raw_message=b"", raw_format="rfc822", raw_size=0, **fields)


@pytest.mark.django_db(transaction=True)
def test_every_legacy_sentence_becomes_its_reason():
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("triage")
    old = _migrate(BEFORE)
    try:
        sentences = [s for s, _ in SENTENCES]
        email = _email(old, 1, status="needs_review",
                       status_reason="; ".join(sentences[9:12]))
        bounce = _email(old, 2, status="ignored", automated="bounce from mailer-daemon@x.example",
                        status_reason="not triaged: bounce from mailer-daemon@x.example")
        by_hand = _email(old, 3, status="ticket", status_reason="the carrier confirmed by phone")
        run = old.get_model("triage", "TriageRun").objects.create(
            email=email, attempt=1, provider="offline", model_name="m",
            backstop_triggers=sentences, review_signals=sentences,
            model_triggers=["high_exposure", "model: requires escalation"], errors=sentences,
            decision={"route": "escalated", "escalation": {
                "backstop_triggers": sentences[:2], "model_triggers": ["manual: ligou"]},
                "review_signals": sentences[9:10], "errors": sentences[14:15]})
        old.get_model("triage", "Escalation").objects.create(
            email=email, run=run, backstop_triggers=sentences[:1],
            model_triggers=["manual: cliente ligou", "tight_deadline"])
        Event = old.get_model("triage", "EmailEvent")
        for kind, text, _, _ in EVENTS:
            Event.objects.create(email=by_hand if kind == "decided_manually" else email,
                                 kind=kind, reason=text)
        # The pipeline's routed event joined its run's lists: they say where each ends.
        escalated = old.get_model("triage", "TriageRun").objects.create(
            email=bounce, attempt=1, provider="offline", model_name="m",
            backstop_triggers=sentences[:1], model_triggers=["high_exposure"],
            review_signals=sentences[13:14], errors=["extraction: a: x; b: y"])
        Event.objects.create(email=email, kind="routed", data={"run": escalated.pk},
                             reason="; ".join(sentences[13:14] + ["extraction: a: x; b: y"]))
        Event.objects.create(email=email, kind="routed", data={"run": escalated.pk},
                             reason=f"{sentences[0]}; high_exposure")

        Tomb = old.get_model("triage", "Tombstone")
        Tomb.objects.create(email_id=1, stage="raw", reason="retention: raw kept 180 days")
        Tomb.objects.create(email_id=1, stage="content",
                            reason="erasure request 4: identity checked by the DPO")

        new = _migrate(AFTER)
        want = [reason for _, reason in SENTENCES]
        run = new.get_model("triage", "TriageRun").objects.get(pk=run.pk)
        assert run.backstop_triggers == want
        assert run.review_signals == want and run.errors == want
        assert run.model_triggers == ["high_exposure", {"code": "model_required"}]
        assert run.decision["escalation"] == {
            "backstop_triggers": want[:2],
            "model_triggers": [{"code": "decided_by_hand", "note": "ligou"}]}
        assert (run.decision["review_signals"], run.decision["errors"]) == (want[9:10],
                                                                            want[14:15])
        escalation = new.get_model("triage", "Escalation").objects.get()
        assert escalation.backstop_triggers == want[:1]
        assert escalation.model_triggers == [{"code": "decided_by_hand", "note": "cliente ligou"},
                                             "tight_deadline"]
        Email = new.get_model("triage", "InboundEmail")
        email, bounce, by_hand = (Email.objects.get(pk=e.pk) for e in (email, bounce, by_hand))
        # A status that joined sentences, one holding "; " in its quote, splits right.
        assert (email.status_reasons, email.status_note) == (want[9:12], "")
        assert bounce.automated == "bounce_sender"
        assert bounce.status_reasons == [{"code": "bounce_sender",
                                          "address": "mailer-daemon@x.example"}]
        # The person's reason for a manual decision stays theirs, as written.
        assert (by_hand.status_reasons, by_hand.status_note) == (
            [], "the carrier confirmed by phone")
        got = list(new.get_model("triage", "EmailEvent").objects.order_by("pk")
                   .values_list("reasons", "reason"))
        assert got == [(reasons, note) for _, _, reasons, note in EVENTS] + [
            ([want[13], {"code": "chain_failed", "chain": "extraction", "detail": "a: x; b: y"}],
             ""),
            ([want[0], {"code": "model_trigger", "trigger": "high_exposure"}], "")]
        assert list(new.get_model("triage", "Tombstone").objects.order_by("pk")
                    .values_list("reasons", "reason")) == [
            ([{"code": "retention", "stage": "raw", "days": 180}], ""),
            ([{"code": "erasure_request", "request": 4}], "identity checked by the DPO")]
    finally:
        _migrate(latest)


@pytest.mark.django_db(transaction=True)
def test_a_database_with_reasons_stored_refuses_to_go_back():
    from tests.factories import make_email

    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("triage")
    make_email()  # its "received" event holds a reason
    try:
        with pytest.raises(IrreversibleError, match="restore the database backup"):
            _migrate(BEFORE)
        assert MigrationExecutor(connection).loader.applied_migrations.keys() >= set(AFTER)
    finally:
        # The later migrations were unapplied on the way down: the next tests need them.
        _migrate(latest)
