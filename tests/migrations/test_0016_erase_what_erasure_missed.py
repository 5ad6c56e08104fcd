"""Migration 0016 finishes the erasures done before an erasure covered what staff did
with an email: Joana's mail, worked in the console (notes, replies, the desk's notes, a
corrected and rejected draft, a manual decision) and erased the old way, keeps none of
her words once it has run, while Carlos's mail, his reply, his note, his admin log and
the attachment file both carried stay as they were, and every row still counts."""

from __future__ import annotations

import importlib

import pytest
from django.contrib.admin.models import LogEntry
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor

from tests.services.test_privacy import (  # noqa: F401 - worked is a fixture
    JOANA,
    LAB_REPORT,
    PERSONAL,
    _counts,
    _database_text,
    worked,
)
from triage.models import (
    Attachment,
    ChainCall,
    EmailEvent,
    Escalation,
    Forward,
    InboundEmail,
    Note,
    Notification,
    Reply,
    Ticket,
    TicketVersion,
    Tombstone,
    TriageRun,
)
from triage.routes import ERASED
from triage.services import retention

BEFORE = [("triage", "0015_search_fulltext")]
AFTER = [("triage", "0016_erase_what_erasure_missed")]
migration = importlib.import_module("triage.migrations.0016_erase_what_erasure_missed")


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def _old_decision_facts(decision: dict | None) -> dict:
    """The content stage's decision before 83c4b14: the triggers kept as stored."""
    decision = decision or {}
    claim = decision.get("claim") or {}
    escalation = decision.get("escalation") or {}
    return {
        **{k: decision.get(k) for k in ("route", "is_claim", "department") if k in decision},
        "escalation": {k: escalation.get(k) for k in
                       ("required", "model_required", "model_triggers", "backstop_triggers",
                        "backstop_overrode_model") if k in escalation},
        "claim": {k: claim.get(k) for k in retention._CLAIM_KEPT if k in claim} or None,
        "content_removed": True,
    }


def _erase_the_old_way(email_id: int, *, delete: bool = False) -> None:
    """The raw and content stages as they were before 83c4b14 (and the records stage,
    which was the same), with their tombstones."""
    with transaction.atomic():
        retention._remove_raw(email_id)
        InboundEmail.objects.filter(pk=email_id).update(
            subject="", text_body="", html_body="", html_text="", from_header="",
            from_address="", to=[], cc=[], envelope_sender="", envelope_recipients=[],
            message_id="", in_reply_to="", references=[], flags={})
        Attachment.objects.filter(email_id=email_id).update(filename="")
        ChainCall.objects.filter(run__email_id=email_id).update(output=None)
        for run in TriageRun.objects.filter(email_id=email_id):
            TriageRun.objects.filter(pk=run.pk).update(
                decision=_old_decision_facts(run.decision))
        Ticket.objects.filter(email_id=email_id).update(data={"removed": "content"})
        TicketVersion.objects.filter(ticket__email_id=email_id).update(data={}, changes={})
        Notification.objects.filter(email_id=email_id).update(subject="", body="")
        EmailEvent.objects.filter(email_id=email_id).update(before=None, after=None)
        for stage in ("raw", "content"):
            Tombstone.objects.create(email_id=email_id, stage=stage,
                                     requested_by="titular, protocolo 2026-118")
        if delete:
            Escalation.objects.filter(email_id=email_id).delete()
            Ticket.objects.filter(email_id=email_id).delete()
            Forward.objects.filter(email_id=email_id).delete()
            InboundEmail.objects.filter(pk=email_id).update(current_run=None)
            InboundEmail.objects.filter(pk=email_id).delete()
            Tombstone.objects.create(email_id=email_id, stage="record")


def _carlos(carlos_id: int) -> dict:
    return {
        "email": InboundEmail.objects.filter(pk=carlos_id).values(
            "subject", "text_body", "from_address", "status_reasons").get(),
        "runs": list(TriageRun.objects.filter(email_id=carlos_id).values_list(
            "decision", "review_signals", "backstop_triggers")),
        "reply": list(Reply.objects.filter(email_id=carlos_id).values_list(
            "to_address", "subject", "body")),
        "note": list(Note.objects.filter(email_id=carlos_id).values_list("body", flat=True)),
        "events": list(EmailEvent.objects.filter(email_id=carlos_id).order_by("pk")
                       .values_list("reason", "reasons", "data")),
        "log": sorted(LogEntry.objects.filter(object_id=str(carlos_id))
                      .values_list("object_repr", "change_message")),
    }


@pytest.mark.django_db(transaction=True)
def test_an_email_erased_the_old_way_keeps_none_of_her_words(worked):  # noqa: F811
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("triage")
    joana, bank, carlos = worked.joana, worked.bank, worked.carlos
    bank_log = list(LogEntry.objects.filter(object_id=str(bank.pk)).values_list("pk",
                                                                              flat=True))
    assert bank_log  # the manual decision was logged, with the subject in its name
    _erase_the_old_way(joana.pk)
    _erase_the_old_way(bank.pk, delete=True)
    # The old erasure left her words in the replies, notes, reasons, audit and admin log.
    text = _database_text()
    left = [s for s in PERSONAL if s.lower() in text]
    assert JOANA in left and "Liguei para a Joana" in left and '"nova conta"' not in left
    assert "Fatura do frete" in "".join(LogEntry.objects.filter(pk__in=bank_log)
                                        .values_list("object_repr", flat=True))
    # The frozen scrub says what today's says, on every reason and detail she left.
    values = [*TriageRun.objects.filter(email=joana).values_list("review_signals",
                                                                  "backstop_triggers"),
              *EmailEvent.objects.filter(email=joana).values_list("reasons", "data"),
              *InboundEmail.objects.filter(pk=joana.pk).values_list("status_reasons",
                                                                    "status_note")]
    for value in (v for pair in values for v in pair):
        assert migration.scrub_reasons(value) == retention.scrub_reasons(value)
    for decision in TriageRun.objects.filter(email=carlos).values_list("decision", flat=True):
        assert migration.decision_facts(decision) == retention._decision_facts(decision)
    before, carlos_before = _counts(), _carlos(carlos.pk)

    try:
        _migrate(BEFORE)
        _migrate(AFTER)
    finally:
        _migrate(latest)

    assert [s for s in PERSONAL if s.lower() in _database_text()] == []
    # Every row and figure stands; the reply is a row without her words.
    assert _counts() == before
    reply = Reply.objects.get(email_id=joana.pk)
    assert (reply.to_address, reply.subject, reply.body, reply.state) == ("", "", ERASED,
                                                                          "sent")
    assert set(Note.objects.filter(email_id=joana.pk).values_list("body", flat=True)) == {
        ERASED}
    run = TriageRun.objects.get(email_id=joana.pk)
    assert (run.route, run.exposure_usd, run.contract_reference) == (
        "escalated", worked.joana.current_run.exposure_usd, "CT-2026-0777")
    assert all("quote" not in r for r in run.backstop_triggers)
    # The deleted email's admin log names it by its id, with no message.
    assert set(LogEntry.objects.filter(pk__in=bank_log).values_list(
        "object_repr", "change_message")) == {(f"#{bank.pk}", "")}
    # Carlos's mail, his reply, note, audit and admin log, and the shared file stay.
    assert _carlos(carlos.pk) == carlos_before
    kept = Attachment.objects.get(email=carlos)
    assert kept.stored and kept.filename == "laudo-litoral.csv"
    with kept.file.open("rb") as fh:
        assert fh.read() == LAB_REPORT


@pytest.mark.django_db(transaction=True)
def test_an_email_erased_today_comes_out_the_same(worked):  # noqa: F811
    """Idempotent: an erasure done by today's service is left exactly as it was."""
    from triage.services import privacy

    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("triage")
    privacy.sender_erase(JOANA, requested_by="titular, protocolo 2026-118",
                         reason="identity checked by the DPO")
    before = _rows_but_derived()
    try:
        _migrate(BEFORE)
        _migrate(AFTER)
    finally:
        _migrate(latest)
    assert _rows_but_derived() == before


def _rows_but_derived() -> list[str]:
    """Every row, in whatever order, but the correspondents': derived from the mail, that
    table is dropped on the way back and refilled (new ids) on the way to the latest."""
    from triage.models import CorrespondentDomain

    with connection.cursor() as cursor:
        cursor.execute(f'SELECT t::text FROM "{CorrespondentDomain._meta.db_table}" t')  # noqa: S608
        derived = {row.lower() for (row,) in cursor.fetchall()}
    return sorted(r for r in _database_text().splitlines() if r not in derived)
