"""Triage through the service with the offline provider: routes, side effects,
idempotency and the claim."""

from __future__ import annotations

import time

import pytest

from lab.scripted_gemini import Reply
from tests.factories import MAIL
from triage import mime
from triage.chains.llm import build_model, model_spec
from triage.models import (
    Escalation,
    Forward,
    InboundEmail,
    Notification,
    RunStatus,
    Status,
    Ticket,
    TriageRun,
)
from triage.routes import Code, reason
from triage.services.ingestion import email_ingest
from triage.services.status import TransitionError, email_transition
from triage.services.triage import TransientTriageError, email_claim, email_triage

pytestmark = pytest.mark.django_db


def queued(name: str) -> InboundEmail:
    raw = (MAIL / name).read_bytes()
    result = email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822", provider="import")
    assert result.status == Status.QUEUED
    return InboundEmail.objects.get(pk=result.email_id)


def queued_raw(raw: bytes) -> InboundEmail:
    result = email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822", provider="import")
    assert result.status == Status.QUEUED
    return InboundEmail.objects.get(pk=result.email_id)


def triage(email: InboundEmail, django_capture_on_commit_callbacks, task_id="t-1") -> str:
    with django_capture_on_commit_callbacks(execute=True):
        route = email_triage(email.pk, task_id=task_id)
    email.refresh_from_db()
    return route


def test_contamination_claim_is_escalated_and_the_desk_notified(
        mailoutbox, django_capture_on_commit_callbacks, settings):
    settings.TRIAGE_TRADING_DESK_EMAILS = ["desk@cottontrade.example.com"]
    email = queued("01-contamination-claim-ica.eml")
    assert triage(email, django_capture_on_commit_callbacks) == "escalated"
    assert email.status == Status.ESCALATED
    run = email.current_run
    assert run.provider == "offline" and run.exposure_usd == 180000
    # The offline stand-in escalates on what it can count; threats are a model's reading.
    assert "high_exposure" in run.model_triggers
    escalation = Escalation.objects.get(email=email)
    assert escalation.state == "pending" and escalation.exposure_usd == 180000
    assert len(mailoutbox) == 1
    message = mailoutbox[0]
    assert message.to == ["desk@cottontrade.example.com"]
    assert message.extra_headers["Auto-Submitted"] == "auto-generated"
    assert message.extra_headers[mime.NOTIFICATION_HEADER].startswith("escalation")
    # In TRIAGE_NOTIFICATION_LANGUAGE, pt-BR by default: money as Brazilians write it.
    assert "Exposição: US$\xa0180.000,00" in message.body
    assert "exposição extraída de US$\xa0180.000,00 atinge ou passa o limite" in message.body
    assert Notification.objects.get(email=email).state == "sent"


def test_quality_claim_below_threshold_becomes_a_ticket_draft(
        mailoutbox, django_capture_on_commit_callbacks):
    email = queued("02-reclamacao-hvi.eml")
    assert triage(email, django_capture_on_commit_callbacks) == "ticket"
    ticket = Ticket.objects.get(email=email)
    assert ticket.state == "draft" and ticket.version == 1
    claim = ticket.data["claim"]
    assert claim["contract_reference"] == "BR-2026/114"
    assert claim["exposure_amount"] == 71850.0 and claim["exposure_currency"] == "BRL"
    assert claim["hvi"]["micronaire"] == 5.1
    assert "contamination" not in claim["claim_types"]
    assert len(ticket.data["checklist"]) == 6
    assert mailoutbox == []


def test_invoice_is_forwarded_to_finance(mailoutbox, django_capture_on_commit_callbacks,
                                         settings):
    settings.TRIAGE_DEPARTMENT_EMAILS = {**settings.TRIAGE_DEPARTMENT_EMAILS,
                                         "finance": "ap@cottontrade.example.com"}
    email = queued("04-freight-invoice.eml")
    assert triage(email, django_capture_on_commit_callbacks) == "forwarded"
    forward = Forward.objects.get(email=email)
    assert (forward.department, forward.to_address) == ("finance", "ap@cottontrade.example.com")
    assert [m.to for m in mailoutbox] == [["ap@cottontrade.example.com"]]
    assert "INV-77812" in mailoutbox[0].body


def test_rerun_of_a_decision_sends_nothing_twice(mailoutbox, django_capture_on_commit_callbacks):
    email = queued("01-contamination-claim-ica.eml")
    triage(email, django_capture_on_commit_callbacks)
    email_transition(email.pk, old=Status.ESCALATED, new=Status.QUEUED,
                     reasons=[reason(Code.RETRIAGE_REQUESTED)])
    assert triage(email, django_capture_on_commit_callbacks, task_id="t-2") == "escalated"
    assert TriageRun.objects.filter(email=email).count() == 2
    assert Escalation.objects.filter(email=email).count() == 1
    assert Notification.objects.filter(email=email).count() == 1
    assert len(mailoutbox) == 1


def test_retriaged_ticket_draft_gets_a_new_version(django_capture_on_commit_callbacks):
    email = queued("03-weight-shortfall.eml")
    triage(email, django_capture_on_commit_callbacks)
    email_transition(email.pk, old=Status.TICKET, new=Status.QUEUED,
                     reasons=[reason(Code.RETRIAGE_REQUESTED)])
    triage(email, django_capture_on_commit_callbacks, task_id="t-2")
    ticket = Ticket.objects.get(email=email)
    assert ticket.version == 2 and ticket.run_id == email.current_run_id


def test_only_one_claim_wins():
    email = queued("04-freight-invoice.eml")
    assert email_claim(email.pk, "task-a") is True
    assert email_claim(email.pk, "task-b") is False
    # The same task redelivered after its worker died takes over its own claim.
    assert email_claim(email.pk, "task-a") is True
    assert email_triage(email.pk, task_id="task-b") == "skipped"
    email.refresh_from_db()
    assert email.status == Status.PROCESSING and email.triage_attempts == 2


def test_a_plain_out_of_office_reply_is_stored_not_forwarded_and_one_that_says_more_is_triaged(
        django_capture_on_commit_callbacks):
    raw = (MAIL / "09-out-of-office.eml").read_bytes()
    with django_capture_on_commit_callbacks(execute=True) as published:
        result = email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822",
                              provider="import")
    plain = InboundEmail.objects.get(pk=result.email_id)
    assert (result.status, plain.status) == (Status.IGNORED, Status.IGNORED)
    assert plain.status_reasons == [{"code": "out_of_office"}]
    assert plain.flags["out_of_office"] == "Auto-Submitted: auto-replied"
    assert published == [] and not TriageRun.objects.filter(email=plain).exists()
    assert email_triage(plain.pk, task_id="t-0") == "skipped"
    # The same reply with a claim in it is triaged, with the hint that it looks automated.
    claim = raw.replace(b"<ooo-5521@", b"<ooo-5522@").replace(
        b"limited access to email.", b"limited access to email. Meanwhile: lot 9 was found "
        b"contaminated and we claim USD 75,000 under contract CT-2026-0150.")
    email = queued_raw(claim)
    assert email.automated == "" and "out_of_office" not in email.flags
    assert email.flags["automated_hint"] == "Auto-Submitted: auto-replied"
    assert triage(email, django_capture_on_commit_callbacks) == "escalated"


def test_an_erp_noreply_claim_is_triaged(django_capture_on_commit_callbacks):
    raw = (b"From: ERP <noreply@erp.jiangsu-mills.example.cn>\r\n"
           b"To: claims@cottontrade.example.com\r\nSubject: Claim CL-2026-0091\r\n"
           b"Message-ID: <cl-0091@erp.example.cn>\r\nAuto-Submitted: auto-generated\r\n"
           b"Precedence: bulk\r\n\r\nContract CT-2026-0142, lot 9: plastic contamination "
           b"found in 40 bales. We claim USD 75,000.\r\n")
    result = email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822", provider="import")
    assert result.status == Status.QUEUED
    email = InboundEmail.objects.get(pk=result.email_id)
    assert email.flags["automated_hint"] == "Auto-Submitted: auto-generated"
    assert triage(email, django_capture_on_commit_callbacks) != "skipped"
    assert email.status not in (Status.IGNORED, Status.QUEUED)


def _ours(settings) -> tuple[bytes, bytes]:
    """Our notification as sent (tagged for its Message-ID), and a bounce returning it."""
    from triage.signing import outbound_header
    tag = outbound_header(settings.SECRET_KEY, "escalation", 1, "<n2@localhost>").encode()
    notification = (b"From: triage@localhost\r\nSubject: [ESCALATION] x\r\n"
                    b"Message-ID: <n2@localhost>\r\nX-Triage-Notification: " + tag
                    + b"\r\n\r\nbody\r\n")
    bounce = (b"From: MAILER-DAEMON@relay.example.com\r\nSubject: Undelivered Mail\r\n"
              b"Message-ID: <b3@relay.example.com>\r\nContent-Type: multipart/report; "
              b"report-type=delivery-status; boundary=b\r\n\r\n--b\r\nContent-Type: "
              b"text/plain\r\n\r\nDelivery failed.\r\n--b\r\nContent-Type: "
              b"text/rfc822-headers\r\n\r\n" + notification.split(b"\r\n\r\n")[0]
              + b"\r\n--b--\r\n")
    return notification, bounce


def test_our_own_notifications_and_their_bounces_are_stored_but_not_triaged(settings):
    for raw in _ours(settings):
        result = email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822",
                              provider="import")
        assert result.status == Status.IGNORED
        assert email_triage(result.email_id, task_id="t") == "skipped"
    assert not TriageRun.objects.exists()


@pytest.mark.parametrize("raw", [
    b"From: desk@evil.example\r\nSubject: [ESCALATION] x\r\nMessage-ID: <n2@localhost>\r\n"
    b"X-Triage-Notification: escalation; email=1\r\n\r\nbody\r\n",
    b"From: MAILER-DAEMON@relay.example.com\r\nSubject: Undelivered Mail\r\n"
    b"Message-ID: <b1@relay.example.com>\r\n\r\nDelivery failed.\r\n",
    b"From: Mail Delivery <mail@relay.example.com>\r\nSubject: Delivery Status\r\n"
    b"Message-ID: <b2@relay.example.com>\r\nContent-Type: multipart/report; "
    b"report-type=delivery-status; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n"
    b"Delivery failed.\r\n--b--\r\n",
])
def test_what_only_claims_to_be_ours_is_triaged_with_a_hint(raw):
    """An untagged notification header, a bounce that returns nothing we sent: anyone
    can write those, so they are triaged (a person sees why they look automated)."""
    result = email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822", provider="import")
    assert result.status == Status.QUEUED
    email = InboundEmail.objects.get(pk=result.email_id)
    assert email.automated == "" and "triaged" in email.flags["automated_hint"]


def test_transitions_outside_the_lifecycle_are_refused():
    email = queued("04-freight-invoice.eml")
    with pytest.raises(TransitionError):
        email_transition(email.pk, old=Status.QUEUED, new=Status.FORWARDED)
    email.refresh_from_db()
    assert email.status == Status.QUEUED


def test_a_slow_model_cannot_hold_the_run_past_its_time_budget(gemini, settings):
    """The extraction hangs past the run's budget: the run gives up on it, stores the
    failed run and asks for a retry, instead of waiting on the thread pool."""
    settings.TRIAGE_LLM_TIMEOUT_S = 30
    # Margins a busy machine keeps: the classification answers well within the budget,
    # the extraction answers long after it.
    gemini.script.chains["extraction"] = Reply(delay_s=15, obj={})
    email = queued("03-weight-shortfall.eml")
    # The client's first import (1-2 s on a loaded machine) is not the run's to spend.
    build_model(model_spec())
    with pytest.raises(TransientTriageError, match="time budget"):
        email_triage(email.pk, task_id="t-slow", deadline=time.monotonic() + 5)
    assert gemini.in_flight == 1  # it returned while the extraction was still answering
    run = TriageRun.objects.get(email=email)
    assert run.status == RunStatus.ERROR and run.finished_at is not None
    assert {"code": Code.CHAIN_OUT_OF_TIME, "chain": "extraction"} in run.errors
    assert {c.chain for c in run.calls.all()} >= {"classification", "extraction"}


def test_a_slow_model_within_the_budget_routes_as_usual(gemini, settings,
                                                        django_capture_on_commit_callbacks):
    settings.TRIAGE_LLM_TIMEOUT_S = 20
    gemini.script.latency_s = 0.5
    email = queued("03-weight-shortfall.eml")
    with django_capture_on_commit_callbacks(execute=True):
        route = email_triage(email.pk, task_id="t-ok", deadline=time.monotonic() + 30)
    assert route == "ticket"


def test_the_attachments_text_the_run_read_is_kept_for_search(django_capture_on_commit_callbacks):
    """The worker reads the attachments (never the web request); what it read is stored
    on the email, where the search index reads it, and stays as it was on a re-run."""
    from email.message import EmailMessage

    message = EmailMessage()
    message["From"] = "Rota Sul <ops@rotasul.example.com.br>"
    message["To"] = "finance@cottontrade.example.com"
    message["Subject"] = "Freight"
    message["Message-ID"] = "<att-1@rotasul.example.com.br>"
    message.set_content("See the attached statement.")
    message.add_attachment(b"Demurrage charges for the vessel Aurora: USD 4,000",
                           maintype="text", subtype="plain", filename="statement.txt")
    email = queued_raw(message.as_bytes())
    assert email.attachment_text == ""
    triage(email, django_capture_on_commit_callbacks)
    assert "statement.txt" in email.attachment_text
    assert "Demurrage charges for the vessel Aurora" in email.attachment_text
    from triage.search import fulltext, terms

    words = fulltext.Matches(fulltext.EMAIL, terms.term("demurrage"))
    assert list(InboundEmail.objects.filter(words)) == [email]
