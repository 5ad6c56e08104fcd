"""Data subjects' requests (export_sender, erase_sender) and the retention command:
content goes, decisions and audit stay with a tombstone; everything is recorded. The
retention stages themselves are tested in ``test_retention``."""

from __future__ import annotations

import html
import json
from datetime import timedelta
from decimal import Decimal
from io import StringIO
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.contrib.admin.models import LogEntry
from django.core.management import CommandError, call_command
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from tests.factories import HVI, login, make_forward, make_ticket, triaged_raw
from triage.models import (
    Attachment,
    DataRequest,
    EmailEvent,
    Escalation,
    InboundEmail,
    Note,
    Notification,
    Reply,
    Ticket,
    TicketVersion,
    Tombstone,
    TriageRun,
)
from triage.routes import ERASED, Code
from triage.services import privacy, tickets

pytestmark = pytest.mark.django_db

SENDER = "qualidade@fiacaonordeste.example.com.br"


def _age(email: InboundEmail, days: int) -> None:
    InboundEmail.objects.filter(pk=email.pk).update(
        received_at=timezone.now() - timedelta(days=days))


def _forwarded(days_old: int) -> InboundEmail:
    email = make_forward().email  # forwarded: nobody still works on it
    _age(email, days_old)
    return email


def test_export_sender_writes_everything_held_and_records_the_request():
    email = make_ticket(HVI).email
    other = make_forward().email
    out = StringIO()
    call_command("export_sender", SENDER.upper(), "--requested-by", "titular, protocolo 77",
                 "--reason", "identity checked by DPO", stdout=out)
    data = json.loads(out.getvalue())
    assert [e["id"] for e in data["emails"]] == [email.pk]
    exported = data["emails"][0]
    assert exported["text_body"] == email.text_body and exported["raw_message_base64"]
    assert exported["runs"][0]["decision"]["route"] == email.current_run.route
    request = DataRequest.objects.get()
    assert (request.kind, request.email_ids) == ("export", [email.pk])
    assert request.subject_hash == privacy.subject_hash(SENDER) and SENDER not in str(
        request.__dict__)
    assert EmailEvent.objects.filter(email=email, kind="data_exported").count() == 1
    assert not EmailEvent.objects.filter(email=other, kind="data_exported").exists()


def test_erase_sender_removes_content_keeps_the_decision_and_says_who_asked():
    email = make_ticket(HVI).email  # a ticket draft: erasure still applies
    other = make_forward().email
    out = StringIO()
    call_command("erase_sender", SENDER, "--requested-by", "titular, protocolo 78",
                 "--reason", "identity checked by DPO", stdout=out)
    assert "erased 1 email(s)" in out.getvalue()
    email.refresh_from_db()
    assert (bytes(email.raw_message), email.text_body, email.from_address) == (b"", "", "")
    assert email.current_run.route == "ticket" and email.ticket.state == "draft"
    tombs = Tombstone.objects.filter(email_id=email.pk)
    assert {t.requested_by for t in tombs} == {"titular, protocolo 78"}
    request = DataRequest.objects.get()
    # Why, as data, and the request's own words as the DPO wrote them.
    assert {(t.reasons[0]["code"], t.reasons[0]["request"], t.reason) for t in tombs} == {
        (Code.ERASURE_REQUEST, request.pk, "identity checked by DPO")}
    assert DataRequest.objects.get().kind == "erase"
    other.refresh_from_db()
    assert other.text_body  # someone else's mail is untouched
    # Nothing is left to export about the sender.
    assert privacy.sender_export(SENDER, requested_by="x", reason="y")["emails"] == []


def test_requests_need_an_address_a_requester_and_a_reason():
    with pytest.raises(CommandError, match="required"):
        call_command("erase_sender", SENDER, "--requested-by", " ", "--reason", "r")
    with pytest.raises(CommandError, match="address"):
        call_command("export_sender", "nobody", "--requested-by", "a", "--reason", "r")
    assert not DataRequest.objects.exists()


def test_purge_command_reports_counts():
    _forwarded(200)
    out = StringIO()
    call_command("purge_expired", stdout=out)
    assert out.getvalue().strip() == "raw: 1 content: 0 record: 0"


def test_beat_runs_the_purge_daily(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["purge-expired-content"]
    assert entry["task"] == "triage.privacy_tasks.purge_expired"
    assert "triage.privacy_tasks" in settings.CELERY_INCLUDE


# --- Erase means erased: every row an email has, through the console as staff use it --

JOANA = "joana.bezerra@tecelagem-sertao.example.com.br"
# What must go: the address, the display name, the subject, the body's words (a phrase,
# the IBAN in it), the attachment's name, and what staff wrote about her mail (the
# claim's party and contact, a phone number in a correction, notes and replies).
PERSONAL = [JOANA, "tecelagem-sertao", "Joana Bezerra", "Reclamação: fardos manchados",
            "óleo hidráulico", "BR1800360305000010009795493C1", "laudo-sertao.csv",
            "Tecelagem Sertão", "99876-5432", "Liguei para a Joana", "resposta à Joana",
            '"nova conta"', "confirmou a conta por telefone"]
LAB_REPORT = b"lote,fardos,defeito\n4471,37,manchas de oleo\n"


def _mail(sender: str, subject: str, body: str, attachment: str, msgid: str) -> bytes:
    return (f"From: {sender}\r\nTo: claims@cottontrade.example.com\r\nSubject: {subject}\r\n"
            f"Date: Mon, 16 Nov 2026 09:00:00 +0000\r\nMessage-ID: <{msgid}>\r\n"
            'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b1"\r\n\r\n'
            "--b1\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n--b1\r\n"
            f'Content-Type: text/csv; name="{attachment}"\r\n'
            f'Content-Disposition: attachment; filename="{attachment}"\r\n\r\n'
            ).encode() + LAB_REPORT + b"\r\n--b1--\r\n"


JOANA_MAIL = _mail(
    f'"Joana Bezerra" <{JOANA}>', "Reclamação: fardos manchados, contrato CT-2026-0777",
    "Prezados,\r\n\r\nNo lote 4471 do contrato CT-2026-0777 encontramos 37 fardos "
    "contaminados com óleo hidráulico. Nossa reclamação totaliza USD 240,000.00 e, sem "
    "resposta até 20 de novembro de 2026, levaremos o caso à arbitragem da ICA.\r\n"
    "Depositem o reembolso na conta IBAN BR1800360305000010009795493C1.\r\n\r\n"
    "Joana Bezerra\r\nTecelagem Sertão Ltda", "laudo-sertao.csv", "c-0777@tecelagem.example")
# Her next mail: the rules quote it in the reason that sends it to a person.
JOANA_BANK_MAIL = _mail(
    f'"Joana Bezerra" <{JOANA}>', "Fatura do frete, lote 4471",
    "Prezados,\r\n\r\nSegue a fatura do frete do lote 4471, USD 3,200.00. Informamos que "
    "nossos dados bancários mudaram: a nova conta é IBAN BR1800360305000010009795493C1."
    "\r\n\r\nJoana Bezerra", "laudo-sertao.csv", "f-4471@tecelagem.example")
# Another sender's mail with the same attachment bytes (one content-addressed file).
CARLOS_MAIL = _mail(
    '"Carlos Mendes" <carlos@fiacao-litoral.example.com>', "Laudo do lote 5120",
    "Segue o laudo do lote 5120 para registro.\r\n\r\nCarlos Mendes\r\nFiação Litoral",
    "laudo-litoral.csv", "l-5120@fiacao-litoral.example")


def _act(client, model: str, pk: int, action: str, data: dict):
    response = client.post(reverse(f"admin:triage_{model}_act", args=[pk, action]), data,
                           follow=True)
    assert response.status_code == 200, response.content[:500]
    return response


@pytest.fixture
def worked(client, staff, mailoutbox):
    """Joana's claim and bank change, and Carlos's report, triaged offline, then worked
    in the console: notes, replies, the desk's notes on the escalation, a ticket draft
    corrected and rejected, a manual decision. Every admin action is in Django's log."""
    joana, bank, carlos = (triaged_raw(JOANA_MAIL), triaged_raw(JOANA_BANK_MAIL),
                           triaged_raw(CARLOS_MAIL))
    assert joana.status == "escalated", joana.status_reasons
    assert any("nova conta" in r.get("quote", "") for r in bank.status_reasons)
    assert bank.current_run.review_signals
    run = joana.current_run
    claim = {**run.decision["claim"], "claiming_party": "Tecelagem Sertão Ltda",
             "contact": JOANA}
    tickets.ticket_open_draft(joana, run, {"claim": claim, "checklist": [
        {"number": 1, "question": "Survey attached?", "answer": "yes", "confidence": 0.9,
         "quote": "37 fardos contaminados com óleo hidráulico"}]})
    ticket = Ticket.objects.get(email=joana)
    login(client, staff["claims"])
    for email, who in ((joana, "Joana"), (carlos, "Carlos")):
        _act(client, "inboundemail", email.pk, "note",
             {"body": f"Liguei para a {who}: confirma os fardos"})
        _act(client, "inboundemail", email.pk, "reply",
             {"subject": f"Re: resposta à {who}", "body": f"Prezada {who}, recebemos."})
    _act(client, "ticket", ticket.pk, "correct",
         {"seen_version": 1, "contact": "Joana Bezerra, +55 84 99876-5432"})
    _act(client, "ticket", ticket.pk, "reject",
         {"seen_version": 2, "reason": "Joana Bezerra retirou a reclamação"})
    escalation = Escalation.objects.get(email=joana)
    login(client, staff["desk"])
    _act(client, "escalation", escalation.pk, "acknowledge",
         {"note": "Joana Bezerra pede retorno até sexta"})
    _act(client, "escalation", escalation.pk, "dismiss",
         {"note": "Tecelagem Sertão desistiu (e-mail da Joana Bezerra)"})
    login(client, staff["triager"])
    _act(client, "inboundemail", bank.pk, "decide",
         {"route": "forwarded", "department": "finance",
          "reason": "Joana Bezerra confirmou a conta por telefone"})
    assert Notification.objects.filter(email=joana).exists()
    return SimpleNamespace(joana=InboundEmail.objects.get(pk=joana.pk),
                           bank=InboundEmail.objects.get(pk=bank.pk),
                           carlos=InboundEmail.objects.get(pk=carlos.pk),
                           escalation=escalation, ticket=ticket)


def _database_text() -> str:
    """Every row of every triage table and of Django's admin log, as PostgreSQL
    writes it out: every text and JSON column of each."""
    tables = [m._meta.db_table for m in apps.get_app_config("triage").get_models()]
    rows = []
    with connection.cursor() as cursor:
        for table in [*tables, LogEntry._meta.db_table]:
            cursor.execute(f'SELECT t::text FROM "{table}" t')  # noqa: S608 - our own names
            rows += [row for (row,) in cursor.fetchall()]
    return "\n".join(rows).lower()


def _counts() -> dict:
    return {
        "emails": sorted(InboundEmail.objects.values_list("pk", "status")),
        "runs": sorted(TriageRun.objects.values_list("email_id", "attempt", "route",
                                                     "department", "exposure_usd")),
        "escalations": sorted(Escalation.objects.values_list("email_id", "state",
                                                             "exposure_usd")),
        "tickets": sorted(Ticket.objects.values_list("email_id", "state", "version")),
        "versions": TicketVersion.objects.count(),
        "replies": sorted(Reply.objects.values_list("email_id", "template", "state")),
        "notes": sorted(Note.objects.values_list("email_id", "target")),
        "notifications": sorted(Notification.objects.values_list("email_id", "kind", "state")),
        "admin log": sorted(LogEntry.objects.values_list("object_id", "action_flag")),
        "attachments": Attachment.objects.count(),
    }


def test_erase_leaves_no_personal_string_anywhere_and_every_count_standing(worked):
    text = _database_text()
    assert all(s.lower() in text for s in PERSONAL)  # the setup wrote every one
    carlos_text = {
        "body": worked.carlos.text_body, "subject": worked.carlos.subject,
        "reply": list(Reply.objects.filter(email=worked.carlos).values_list("to_address",
                                                                             "body")),
        "note": list(Note.objects.filter(email=worked.carlos).values_list("body", flat=True)),
        "log": sorted(LogEntry.objects.filter(object_id=str(worked.carlos.pk))
                      .values_list("object_repr", "change_message")),
    }
    before = _counts()
    events = EmailEvent.objects.filter(email=worked.joana).count()

    out = StringIO()
    call_command("erase_sender", JOANA, "--requested-by", "titular, protocolo 2026-118",
                 "--reason", "identity checked by the DPO", stdout=out)
    assert "erased 2 email(s)" in out.getvalue()

    text = _database_text()
    assert [s for s in PERSONAL if s.lower() in text] == []
    joana = InboundEmail.objects.get(pk=worked.joana.pk)
    assert bytes(joana.raw_message) == b""
    # What counts and decides stands: every row, route, status, state and figure.
    assert _counts() == before
    assert EmailEvent.objects.filter(email=joana).count() == events + 2  # raw, content
    bank = InboundEmail.objects.get(pk=worked.bank.pk)
    assert (bank.status, bank.current_run.provider, bank.current_run.department) == (
        "forwarded", "manual", "finance")
    assert all("quote" not in r for r in bank.status_reasons)
    assert (joana.status, joana.current_run.route) == ("escalated", "escalated")
    assert joana.current_run.exposure_usd == Decimal("240000.00")
    assert joana.current_run.contract_reference == "CT-2026-0777"
    reply = Reply.objects.get(email=joana)
    assert (reply.body, reply.to_address, reply.state) == (ERASED, "", "sent")
    # Carlos's mail, his reply and note, his admin log, and the file both carried stay.
    carlos = InboundEmail.objects.get(pk=worked.carlos.pk)
    assert carlos_text == {
        "body": carlos.text_body, "subject": carlos.subject,
        "reply": list(Reply.objects.filter(email=carlos).values_list("to_address", "body")),
        "note": list(Note.objects.filter(email=carlos).values_list("body", flat=True)),
        "log": sorted(LogEntry.objects.filter(object_id=str(carlos.pk))
                      .values_list("object_repr", "change_message"))}
    assert "Segue o laudo do lote 5120" in carlos.text_body
    kept = Attachment.objects.get(email=carlos)
    assert kept.stored and kept.filename == "laudo-litoral.csv"
    with kept.file.open("rb") as fh:
        assert fh.read() == LAB_REPORT
    gone = Attachment.objects.get(email=joana)
    assert (gone.stored, gone.filename, gone.sha256) == (False, "", kept.sha256)


def _pages(client, worked) -> dict[str, str]:
    """Every page that showed Joana's mail: the emails', the escalation's and the
    ticket's pages and histories, the lists, the runs, the audit trail, the
    notifications, and the admin's index with its recent actions."""
    admin = "admin:triage_"
    joana, bank = worked.joana, worked.bank
    run = TriageRun.objects.filter(email=joana).first()
    urls = {
        "email": reverse(f"{admin}inboundemail_change", args=[joana.pk]),
        "bank email": reverse(f"{admin}inboundemail_change", args=[bank.pk]),
        "email history": reverse(f"{admin}inboundemail_history", args=[joana.pk]),
        "escalation": reverse(f"{admin}escalation_change", args=[worked.escalation.pk]),
        "escalation history": reverse(f"{admin}escalation_history",
                                      args=[worked.escalation.pk]),
        "ticket": reverse(f"{admin}ticket_change", args=[worked.ticket.pk]),
        "ticket history": reverse(f"{admin}ticket_history", args=[worked.ticket.pk]),
        "run": reverse(f"{admin}triagerun_change", args=[run.pk]),
        "emails": reverse(f"{admin}inboundemail_changelist"),
        "escalations": reverse(f"{admin}escalation_changelist"),
        "tickets": reverse(f"{admin}ticket_changelist"),
        "runs": reverse(f"{admin}triagerun_changelist"),
        "audit": reverse(f"{admin}emailevent_changelist"),
        "notifications": reverse(f"{admin}notification_changelist"),
        "index": reverse("admin:index"),
    }
    pages = {}
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        pages[name] = response.content.decode()
    return pages


def _shown(strings: list[str], page: str) -> list[str]:
    page = page.lower()
    return [s for s in strings if s.lower() in page or html.escape(s).lower() in page]


def test_after_erase_no_page_shows_her_and_every_page_still_counts(client, staff, worked):
    login(client, staff["triager"])  # the triage admin sees every page
    before = _pages(client, worked)
    assert _shown(PERSONAL, "".join(before.values()))  # they were on the pages
    privacy.sender_erase(JOANA, requested_by="titular, protocolo 2026-118",
                         reason="identity checked by the DPO")
    after = _pages(client, worked)
    assert {name: _shown(PERSONAL, page) for name, page in after.items()} == {
        name: [] for name in after}
    # The route, the status, the figures and the staff's work stand.
    for page in ("email", "escalation", "emails", "escalations"):
        assert "240,000" in after[page], page
    assert "Escalated" in after["email"] and "Acknowledged" in after["escalation"]
    assert "Rejected" in after["ticket"] and "content removed" in after["ticket"]
    assert after["email"].count("triage-sent-reply") == 1  # the reply, as a row
    # Nobody left to write to: no reply form (the page offered one before).
    assert 'id="reply-form"' in before["email"] and 'id="reply-form"' not in after["email"]
    assert "content removed" in after["email"]
    assert "Forwarded" in after["bank email"] and "MANUAL" in after["bank email"]
    assert "carlos@fiacao" in after["emails"] and "Laudo do lote 5120" in after["emails"]
    # In Portuguese, what stands for the words is Portuguese too.
    page = client.get(reverse("admin:triage_inboundemail_change", args=[worked.joana.pk]),
                      HTTP_ACCEPT_LANGUAGE="pt-BR").content.decode()
    at = page.find("content removed")
    assert "conteúdo removido" in page and at < 0, page[max(0, at - 300):at + 60]


def test_the_export_holds_everything_an_erasure_removes(worked):
    out = StringIO()
    call_command("export_sender", JOANA, "--requested-by", "titular, protocolo 2026-117",
                 "--reason", "identity checked by the DPO", stdout=out)
    data = json.loads(out.getvalue())
    emails = {e["id"]: e for e in data["emails"]}
    assert set(emails) == {worked.joana.pk, worked.bank.pk}  # not Carlos's
    claim = emails[worked.joana.pk]
    assert [(r["to"], r["subject"], r["body"], r["state"]) for r in claim["replies"]] == [
        (JOANA, "Re: resposta à Joana", "Prezada Joana, recebemos.", "sent")]
    assert [n["text"] for n in claim["notes"]] == [
        "Liguei para a Joana: confirma os fardos", "Joana Bezerra retirou a reclamação",
        "Joana Bezerra pede retorno até sexta",
        "Tecelagem Sertão desistiu (e-mail da Joana Bezerra)"]
    assert claim["escalation"]["dismissal_reason"].startswith("Tecelagem Sertão desistiu")
    assert claim["ticket"]["rejection_reason"] == "Joana Bezerra retirou a reclamação"
    assert claim["ticket_versions"][1]["changes"]["contact"][1] == (
        "Joana Bezerra, +55 84 99876-5432")
    assert any(JOANA in (n["body"] + n["subject"]) for n in claim["notifications"])
    assert {"to": JOANA, "template": ""} in [e["data"] for e in claim["events"]]
    assert f"Reply sent to the sender of email #{worked.joana.pk}." in [
        e["message"] for e in claim["admin_log"]]
    # Every string the erasure removes was given to her first.
    text = json.dumps(data, ensure_ascii=False).lower()
    assert [s for s in PERSONAL if s.lower() not in text] == []
