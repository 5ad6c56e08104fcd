"""A month of staff verdicts, driven through the services on rows the factories build
(not the pipeline), and what the quality figures must say about it. The page's, the
command's and the metrics' tests share it."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from tests.factories import (
    CLAIMS,
    CONTAMINATION,
    MAIL,
    SHORTFALL,
    high_exposure_triggers,
    make_email,
    make_forward,
    make_needs_review,
    make_run,
    make_ticket,
)
from triage.models import Escalation, Status, Ticket, TriageRun
from triage.routes import Code, Route, reason
from triage.services import escalations, tickets
from triage.services.emails import email_decide_manually
from triage.services.queue import email_retriage

THRESHOLD_CODE = Code.EXPOSURE_AT_OR_ABOVE_THRESHOLD
MODEL = "model:offline"
BACKSTOP = f"backstop:{THRESHOLD_CODE}"
BANK = f"signal:{Code.BANK_CHANGE}"
ROUTINE = f"signal:{Code.CLAIM_CALLED_ROUTINE}"
# The sender of the one escalation an erasure request removes (``month`` erases it).
ERASED_SENDER = "claims@erased-mill.example.cn"


def _days_ago(run: TriageRun, days: int) -> None:
    """The decision was made ``days`` ago (the rows are built now)."""
    TriageRun.objects.filter(pk=run.pk).update(started_at=timezone.now() - timedelta(days=days))


def _escalation(days: int, *, backstop: bool = True, model: bool = True,
                sender: str = "") -> Escalation:
    raw = (MAIL / CONTAMINATION).read_bytes()
    if sender:
        raw = raw.replace(b"li.wei@jiangsu-mills.example.cn", sender.encode())
    email = make_email(raw)
    claim = CLAIMS[CONTAMINATION]
    run = make_run(email, Route.ESCALATED, claim=claim,
                   backstop_triggers=high_exposure_triggers(claim) if backstop else [],
                   backstop_overrode=backstop and not model)
    _days_ago(run, days)
    return Escalation.objects.create(
        email=email, run=run, exposure_usd=run.exposure_usd, model_triggers=run.model_triggers,
        backstop_triggers=run.backstop_triggers)


def _ticket(days: int) -> Ticket:
    ticket = make_ticket(SHORTFALL)
    _days_ago(ticket.run, days)
    return ticket


def month(staff) -> dict:
    """Twelve decisions over four weeks and what staff did with each; returns the
    emails by name and the figures expected for the 30 days and for the last 7."""
    desk, desk2, claims, claims2 = staff["desk"], staff["desk2"], staff["claims"], staff["claims2"]
    triager = staff["triager"]
    e = {}
    # Escalations: the backstop and the model together, resolved by two desk members.
    e["resolved"] = _escalation(25)
    for who in (desk, desk2):
        escalations.escalation_resolve(e["resolved"].pk, who, "settled with the mill")
    # ... dismissed as unfounded by two (a false alarm of both); its sender later erased.
    e["dismissed"] = _escalation(20, sender=ERASED_SENDER)
    for who in (desk, desk2):
        escalations.escalation_dismiss(e["dismissed"].pk, who, "figure is the contract value")
    # ... raised by the backstop over the model, dismissed (the backstop's false alarm).
    e["backstop_only"] = _escalation(18, model=False)
    for who in (desk, desk2):
        escalations.escalation_dismiss(e["backstop_only"].pk, who, "already settled")
    # ... the model's own (no backstop trigger), resolved by one desk member.
    e["model_only"] = _escalation(3, backstop=False)
    escalations.escalation_resolve(e["model_only"].pk, desk, "credit note agreed")

    # Ticket drafts: approved as drafted; a field corrected then approved; an amount
    # corrected over the threshold (escalated: a miss); rejected.
    e["approved"] = _ticket(24)
    tickets.ticket_approve(e["approved"].pk, claims2, seen_version=1)
    e["corrected"] = _ticket(10)
    tickets.ticket_correct(e["corrected"].pk, claims, seen_version=1,
                           changes={"lot_reference": "5521"})
    tickets.ticket_approve(e["corrected"].pk, claims2, seen_version=2)
    e["missed_ticket"] = _ticket(2)
    tickets.ticket_correct(e["missed_ticket"].pk, claims, seen_version=1,
                           changes={"exposure_amount": "62400"})
    e["rejected"] = _ticket(1)
    tickets.ticket_reject(e["rejected"].pk, claims2, seen_version=1, reason="duplicate")

    # Forwards: one stands; one is re-triaged, the new run sends it to a person (a review
    # signal: it reads as a claim) and the person escalates it: the forward was a miss.
    e["forward"] = make_forward()
    _days_ago(e["forward"].run, 27)
    e["rerouted"] = make_forward()
    _days_ago(e["rerouted"].run, 15)
    email_retriage(e["rerouted"].email_id, triager)
    rerun = make_run(e["rerouted"].email, Route.NEEDS_REVIEW, department="finance",
                     review_signals=[reason(Code.CLAIM_CALLED_ROUTINE)])
    _days_ago(rerun, 14)
    email_decide_manually(e["rerouted"].email_id, triager, route=Route.ESCALATED,
                          reason="a freight claim over the threshold")

    # Needs review (a bank-detail change): the person forwards it as the model would
    # have (the signal's false alarm); another the person escalates (it was right).
    e["bank_forwarded"] = make_needs_review()
    _days_ago(e["bank_forwarded"].current_run, 5)
    email_decide_manually(e["bank_forwarded"].pk, triager, route=Route.FORWARDED,
                          department="finance", reason="verified by phone")
    e["bank_escalated"] = make_needs_review()
    _days_ago(e["bank_escalated"].current_run, 12)
    email_decide_manually(e["bank_escalated"].pk, triager, route=Route.ESCALATED,
                          reason="the caller did not know the contract")
    return e


# What the figures must say: per source (fired, confirmed, overturned, open, missed).
EXPECTED_30_DAYS = {
    # resolved, dismissed, model_only, 3 tickets + rejected, 2 forwards
    MODEL: (9, 5, 4, 0, 2),
    BACKSTOP: (3, 1, 2, 0, 1),  # resolved, dismissed, backstop_only; the missed ticket
    "backstop": (3, 1, 2, 0, 1),
    BANK: (2, 1, 1, 0, 0),
    ROUTINE: (1, 1, 0, 0, 0),
    "signal": (3, 2, 1, 0, 0),
}
EXPECTED_7_DAYS = {
    MODEL: (3, 1, 2, 0, 1),  # model_only, missed_ticket, rejected
    BACKSTOP: (0, 0, 0, 0, 1),  # fired nothing, missed the corrected ticket
    BANK: (1, 0, 1, 0, 0),  # bank_forwarded
}
MEASURES = ("fired", "confirmed", "overturned", "open", "missed")


def figures(report: dict) -> dict[str, tuple[int, ...]]:
    return {row["source"]: tuple(row[m] for m in MEASURES) for row in report["sources"]}


def emails_of(e: dict, *names: str) -> set[int]:
    def email_id(obj) -> int:
        return getattr(obj, "email_id", None) or obj.pk

    return {email_id(e[name]) for name in names}


def escalated_by_correction(e: dict) -> bool:
    e["missed_ticket"].email.refresh_from_db()
    return e["missed_ticket"].email.status == Status.ESCALATED
