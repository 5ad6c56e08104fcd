"""Helpers tests share: where test data lives, users in a role, and the rows a test
needs, built directly (``make_email``, ``make_escalation``, ``make_ticket``...): a test
of a page or a staff action does not depend on what the rules decide today. Only
tests of triage itself run it (``triaged_sample``, ``triaged_raw``). Fixtures stay in
``conftest.py``; plain functions live here."""

from __future__ import annotations

import time
import uuid
from datetime import date
from decimal import Decimal
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.utils import timezone

from triage import backstop, mime
from triage.decision import Config
from triage.models import (
    ChainCall,
    EmailEvent,
    Escalation,
    Forward,
    InboundEmail,
    Notification,
    RunStatus,
    Status,
    Ticket,
    TicketVersion,
    TriageRun,
)
from triage.routes import Code, Route, reason
from triage.services.ingestion import email_ingest
from triage.services.triage import email_triage

ROOT = Path(__file__).resolve().parent.parent
# The tests' own mail (a copy of the demo's samples when they were written, kept
# apart so the demo can change without moving the tests' ground).
MAIL = Path(__file__).resolve().parent / "data" / "mail"
ARTIFACTS = ROOT / "artifacts"


def make_user(username: str, group: str | None = None, *, superuser: bool = False):
    user = User.objects.create_user(username, f"{username}@example.com", "pw-" + username,
                                    is_staff=True, is_superuser=superuser)
    if group:
        user.groups.add(Group.objects.get(name=group))
    return User.objects.get(pk=user.pk)  # fresh permission cache


def wait_for(predicate, *, timeout: float = 30, interval: float = 0.2, message: str = ""):
    deadline = time.time() + timeout
    while time.time() < deadline:
        result = predicate()
        if result:
            return result
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {message or predicate}")


def triaged_sample(name: str):
    """Ingest a sample and triage it in-process with the offline provider."""
    return triaged_raw((MAIL / name).read_bytes())


# A freight invoice asking for new bank details: the rules send it to a person.
BANK_CHANGE = (
    b"From: Oceanic Freight <billing@oceanic-freight.example.com>\r\n"
    b"To: finance@cottontrade.example.com\r\nSubject: Freight invoice OF-5521\r\n"
    b"Date: Mon, 16 Nov 2026 09:00:00 +0000\r\n"
    b"Message-ID: <of-5521@oceanic-freight.example.com>\r\n"
    b"\r\nPlease find invoice OF-5521 for ocean freight, USD 8,740.00.\r\n"
    b"Please note our bank details have changed: kindly remit to IBAN GB33BUKB20201555555555.\r\n"
)


def triaged_raw(raw: bytes):
    """Ingest raw message bytes and triage them in-process (offline provider)."""
    parsed = mime.parse_bytes(raw)
    # The sample "arrives" at its Date header, so its deadlines read as written.
    result = email_ingest(parsed, raw=raw, raw_format="rfc822", provider="import",
                          received_at=parsed.date)
    email_triage(result.email_id, task_id=f"t-{result.email_id}")
    return InboundEmail.objects.get(pk=result.email_id)


def login(client, user):
    client.force_login(user)
    return client


def messages_of(response) -> list[str]:
    """The admin's flash messages on a response, as text."""
    return [str(m) for m in response.context["messages"]] if response.context else []


# --- Rows built directly ----------------------------------------------------------------
# The claims the samples make, as the extraction reads them: what the pages, the forms
# and the services read from a run and a ticket.
CONTAMINATION, HVI, SHORTFALL, FREIGHT = ("01-contamination-claim-ica.eml",
                                          "02-reclamacao-hvi.eml", "03-weight-shortfall.eml",
                                          "04-freight-invoice.eml")
CLAIMS: dict[str, dict] = {
    CONTAMINATION: {
        "claiming_party": "Jiangsu Textile Mills", "contact": "li.wei@jiangsu-mills.example.cn",
        "contract_reference": "CT-2026-0142", "lot_reference": "88/A", "origin": None,
        "claim_types": ["contamination"], "exposure_amount": 180000.0,
        "exposure_currency": "USD", "response_deadline": "2026-11-20",
        "required_action": "Please confirm settlement by 20 November 2026",
        "quotes": [{"field": "contract_reference", "quote": "Contract CT-2026-0142"},
                   {"field": "exposure_amount", "quote": "USD 180,000.00"}]},
    HVI: {
        "claiming_party": "Fiação Nordeste Ltda",
        "contact": "qualidade@fiacaonordeste.example.com.br",
        "contract_reference": "BR-2026/114", "lot_reference": "7731", "origin": "Brazil",
        "claim_types": ["quality_hvi"], "exposure_amount": 71850.0, "exposure_currency": "BRL",
        "response_deadline": "2026-12-15", "hvi": {"micronaire": 5.1, "staple_length_mm": 27.2},
        "required_action": "Solicitamos o ressarcimento da diferença de qualidade",
        "quotes": [{"field": "contract_reference", "quote": "contrato BR-2026/114"},
                   {"field": "hvi.micronaire", "quote": "micronaire 5,1"}]},
    SHORTFALL: {
        "claiming_party": "Anatolia Spinning", "contact": "purchasing@anatolia-spin.example.com.tr",
        "contract_reference": "TR-2026-031", "lot_reference": "5520", "origin": None,
        "claim_types": ["weight_shortfall"], "exposure_amount": 12400.0,
        "exposure_currency": "USD", "response_deadline": "2026-12-18",
        "required_action": "We request a credit note for this",
        "quotes": [{"field": "contract_reference", "quote": "contract TR-2026-031"},
                   {"field": "exposure_amount", "quote": "USD 12,400"}]},
}


def make_email(sample: str | bytes = CONTAMINATION, *, status: str = Status.QUEUED,
               **fields) -> InboundEmail:
    """An email as ingestion stores it, from a file of ``MAIL`` or raw bytes; it
    "arrives" at its Date header, so deadlines read as written."""
    raw = sample if isinstance(sample, bytes) else (MAIL / sample).read_bytes()
    parsed = mime.parse_bytes(raw)
    now = timezone.now()
    email = InboundEmail.objects.create(**{
        "provider": "import", "dedupe_key": uuid.uuid4().hex * 2, "dedupe_basis": "message_id",
        "message_id": parsed.message_id, "in_reply_to": parsed.in_reply_to,
        "references": parsed.references, "from_header": parsed.from_header,
        "from_address": parsed.from_address, "to": parsed.to, "cc": parsed.cc,
        "subject": parsed.subject, "text_body": parsed.text_body,
        "html_body": parsed.html_body, "received_at": parsed.date or now,
        "date_header": parsed.date, "content_hash": parsed.content_hash(parsed.from_address),
        "raw_message": raw, "raw_format": "rfc822", "raw_size": len(raw),
        "flags": parsed.flags, "status": status, "status_changed_at": now, **fields})
    EmailEvent.objects.create(email=email, kind="received", new_status=Status.RECEIVED,
                              reasons=[reason(Code.RECEIVED_VIA, provider="import")])
    return email


def make_run(email: InboundEmail, route: str, *, claim: dict | None = None,
             department: str = "", model_triggers: list[str] | None = None,
             backstop_triggers: list[dict] | None = None,
             review_signals: list[dict] | None = None, **fields) -> TriageRun:
    """A finished run routing ``email`` as the offline provider would, with its chain
    calls, and the email moved to the route's status with this run as its current one."""
    claim = dict(claim) if claim is not None else None
    facts = claim or {}
    currency, amount = facts.get("exposure_currency"), facts.get("exposure_amount")
    rate = {"USD": Decimal(1), **settings.TRIAGE_USD_RATES}.get(currency or "")
    usd = (Decimal(str(amount)) * rate).quantize(Decimal("0.01")) \
        if amount is not None and rate is not None else None
    deadline = facts.get("response_deadline")
    escalate = route == Route.ESCALATED
    model_triggers = list(model_triggers or ([] if not escalate else ["high_exposure"]))
    backstop_triggers = list(backstop_triggers or [])
    review_signals = list(review_signals or [])
    classification = {"is_claim": claim is not None, "department": department or "other",
                      "confidence": 0.6, "reason": "affirmed claim language: "
                      + ", ".join(facts.get("claim_types") or [])
                      if claim is not None else "no affirmed claim language"}
    model_escalation = {"requires_escalation": escalate, "triggers": model_triggers,
                        "reasoning": "Rules matched: the amount" if escalate else ""}
    calls = [("classification", classification)]
    if claim is not None:
        calls += [("extraction", claim), ("escalation", model_escalation)]
    run = TriageRun.objects.create(**{
        "email": email, "attempt": email.triage_attempts + 1, "task_id": f"t-{email.pk}",
        "status": RunStatus.FAILED_CLOSED if route == Route.NEEDS_REVIEW else RunStatus.DONE,
        "provider": "offline", "model_name": "offline-rules-v1", "finished_at": timezone.now(),
        "route": route, "department": department, "is_claim": claim is not None,
        "escalation_required": escalate, "model_triggers": model_triggers,
        "backstop_triggers": backstop_triggers, "review_signals": review_signals,
        "exposure_amount": amount, "exposure_currency": currency or "", "exposure_usd": usd,
        "response_deadline": date.fromisoformat(deadline) if deadline else None,
        "contract_reference": facts.get("contract_reference") or "",
        "lot_reference": facts.get("lot_reference") or "", "llm_calls": len(calls),
        "duration_ms": 40, "decision": {
            "route": route, "is_claim": claim is not None, "department": department or None,
            "claim_signal_override": False, "classification": classification,
            "escalation": {"required": escalate, "model_required": escalate,
                           "model_triggers": model_triggers,
                           "model_reasoning": model_escalation["reasoning"] or None,
                           "backstop_triggers": backstop_triggers,
                           "backstop_overrode_model": False},
            "review_signals": review_signals,
            "claim": {**claim, "exposure_usd": float(usd) if usd is not None else None}
            if claim is not None else None,
            "checklist": [], "llm": {"provider": "offline", "model": "offline-rules-v1",
                                     "calls": len(calls)}},
        **fields})
    ChainCall.objects.bulk_create([
        ChainCall(run=run, chain=chain, provider="offline", model_name="offline-rules-v1",
                  prompt_version="0" * 12, output=output) for chain, output in calls])
    status = Route(route).status
    why = (review_signals + list(fields.get("errors") or []) if route == Route.NEEDS_REVIEW
           else backstop_triggers + [reason(Code.MODEL_TRIGGER, trigger=t)
                                     for t in model_triggers]
           if route == Route.ESCALATED else [reason(Code.ROUTED, route=route,
                                                     provider="offline")])
    EmailEvent.objects.create(email=email, kind="routed", old_status=Status.PROCESSING,
                              new_status=status, reasons=why, data={"run": run.pk})
    InboundEmail.objects.filter(pk=email.pk).update(
        status=status, status_reasons=why, current_run=run, triage_attempts=run.attempt)
    email.refresh_from_db()
    return run


def high_exposure_triggers(claim: dict) -> list[dict]:
    """The backstop's own reasons for the claim's amount (no deadline, no text)."""
    policy = Config.from_settings(history=False).policy
    return backstop.evaluate(
        extracted=backstop.Exposure(Decimal(str(claim["exposure_amount"])),
                                    claim["exposure_currency"]),
        deadline=None, received_at=timezone.now(), email_text="", policy=policy).triggers


def make_escalation(sample: str = CONTAMINATION, *, state: str = Escalation.State.PENDING,
                    backstop: bool = True, notify: bool = False, **fields) -> Escalation:
    """An escalated email and its escalation; ``backstop`` when the backstop raised it
    (closing it then takes two desk members); ``notify`` adds the desk's notification."""
    email = make_email(sample)
    claim = CLAIMS[sample]
    run = make_run(email, Route.ESCALATED, claim=claim, department="logistics",
                   backstop_triggers=high_exposure_triggers(claim) if backstop else [])
    escalation = Escalation.objects.create(
        email=email, run=run, state=state, exposure_usd=run.exposure_usd,
        response_deadline=run.response_deadline, model_triggers=run.model_triggers,
        backstop_triggers=run.backstop_triggers, **fields)
    if notify:
        make_notification(email, kind="escalation", key=f"escalation:{email.pk}",
                          recipients=settings.TRIAGE_TRADING_DESK_EMAILS,
                          subject=f"[ESCALATION] {email.subject}")
    return escalation


def make_ticket(sample: str = SHORTFALL, *, state: str = Ticket.State.DRAFT,
                **fields) -> Ticket:
    """A claim routed to a ticket draft (version 1, from the pipeline)."""
    email = make_email(sample)
    claim = CLAIMS[sample]
    run = make_run(email, Route.TICKET, claim=claim, department="logistics")
    data = {"claim": run.decision["claim"],
            "checklist": [{"number": i, "question": q, "answer": "unknown", "confidence": 0.0,
                           "quote": None}
                          for i, q in enumerate(settings.TRIAGE_CHECKLIST_QUESTIONS, 1)]}
    ticket = Ticket.objects.create(email=email, run=run, state=state, data=data, **fields)
    TicketVersion.objects.create(ticket=ticket, version=1, data=data, source="pipeline")
    return ticket


def make_forward(sample: str | bytes = FREIGHT, *, department: str = "finance") -> Forward:
    email = make_email(sample)
    run = make_run(email, Route.FORWARDED, department=department)
    return Forward.objects.create(email=email, run=run, department=department,
                                  to_address=settings.TRIAGE_DEPARTMENT_EMAILS[department])


BANK_CHANGE_SIGNAL = reason(Code.BANK_CHANGE, quote="bank details have changed")


def make_needs_review(sample: str | bytes = BANK_CHANGE, *,
                      review_signals: tuple[dict, ...] = (BANK_CHANGE_SIGNAL,),
                      **run_fields) -> InboundEmail:
    """An email sent to a person: by default the rules read a bank-detail change;
    ``errors=[...]`` for a run that failed closed."""
    email = make_email(sample)
    make_run(email, Route.NEEDS_REVIEW, department="finance",
             review_signals=list(review_signals), **run_fields)
    return email


def make_notification(email: InboundEmail, *, kind: str = "escalation", key: str = "",
                      state: str = Notification.State.PENDING, **fields) -> Notification:
    return Notification.objects.create(**{
        "key": key or f"{kind}:{email.pk}:{uuid.uuid4().hex[:8]}", "email": email,
        "kind": kind, "recipients": ["trading-desk@localhost"], "subject": f"[{kind}]",
        "body": f"email #{email.pk}", "state": state, **fields})


def decide_text(body: str, *, subject: str = "Lot 22", received=None):
    """The decision on a mail with this body, through the chains and the configured model
    (a scripted Gemini under the ``gemini`` fixture)."""
    from datetime import UTC, datetime

    from triage.chains import llm
    from triage.decision import EmailInput, run_chains

    spec = llm.model_spec()
    email = EmailInput(subject=subject, from_header="Mill <qa@mill.example.com>", body=body,
                       received_at=received or datetime(2026, 12, 1, 9, 0, tzinfo=UTC))
    return run_chains(email, model=llm.build_model(spec), spec=spec,
                      config=Config.from_settings())
