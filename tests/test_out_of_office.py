"""A plain out-of-office reply is stored and shown, never forwarded to a department; an
automatic reply that says something (a claim, an amount, a deadline, bank details) and
an ERP's auto-submitted claim notice are triaged like any other mail."""

from __future__ import annotations

import base64
import itertools

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import login
from tests.test_sheets import claim_book
from triage import labels, mime
from triage.models import InboundEmail, Status
from triage.services.ingestion import email_ingest

pytestmark = pytest.mark.django_db
_IDS = itertools.count(1)


def message(subject: str, body: str, *headers: str, attach: bytes = b"") -> bytes:
    head = "".join(f"{h}\r\n" for h in headers)
    raw = (f"From: Nadia Rahman <nadia@jamunacomposite.example.com>\r\n"
           f"To: claims@cottontrade.example.com\r\nSubject: {subject}\r\n"
           f"Date: Tue, 08 Dec 2026 05:11:09 +0000\r\nMessage-ID: <ooo-{next(_IDS)}@x>\r\n"
           f"{head}")
    if not attach:
        return (raw + f"Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n").encode()
    return (raw + 'Content-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\n'
            f"Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n--b\r\n"
            "Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            '\r\nContent-Disposition: attachment; filename="claim.xlsx"\r\n'
            "Content-Transfer-Encoding: base64\r\n\r\n"
            f"{base64.encodebytes(attach).decode()}\r\n--b--\r\n").encode()


def ingest(raw: bytes, django_capture_on_commit_callbacks) -> tuple[InboundEmail, list]:
    with django_capture_on_commit_callbacks(execute=True) as published:
        result = email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822",
                              provider="import")
    return InboundEmail.objects.get(pk=result.email_id), published


PLAIN = [
    ("rfc 3834", "Automatic reply: S/C 2026/0355 - bale numbers",
     "I am out of the office until Monday 14 December with limited access to email.",
     ["Auto-Submitted: auto-replied"], "Auto-Submitted: auto-replied"),
    ("gmail vacation, own subject", "Vacation",
     "Thanks for your message. I am on annual leave and will return on 4 January 2027.",
     ["Auto-Submitted: auto-replied"], "Auto-Submitted: auto-replied"),
    ("x-autoreply, pt", "Resposta automática: contrato CT-2026-0150",
     "Estou de férias até 10/12, com acesso limitado ao e-mail. Em caso de urgência, "
     "ligue para a recepção.", ["X-Autoreply: yes"], "x-autoreply: yes"),
    ("exchange, es", "Respuesta automática: Nota crédito contrato 2026/0355",
     "Estoy fuera de la oficina hasta el lunes 14 de diciembre.",
     ["Auto-Submitted: auto-generated", "X-Auto-Response-Suppress: All"],
     "subject: Respuesta automática: Nota crédito contrato 2026/0355"),
    ("exchange suppress header and the body's words", "RE: contrato 2026/0355",
     "Estoy de vacaciones hasta el 20 de diciembre, con acceso limitado al correo.",
     ["X-Auto-Response-Suppress: OOF"], "X-Auto-Response-Suppress: oof"),
    ("no header, the subject", "Out of Office: RE: S/C 2026/0379 - documents",
     "I am currently on leave. For urgent quality claims please contact "
     "qa@jamunacomposite.example.com.", [], "subject: Out of Office: RE: S/C 2026/0379 - "
     "documents"),
    ("pt, ausente", "Ausente: Re: embarque lote 7731",
     "Estou fora do escritório até 7 de dezembro.", [], "subject: Ausente: Re: embarque "
     "lote 7731"),
    ("es, fuera de la oficina", "Fuera de la oficina", "Regreso el lunes.", [],
     "subject: Fuera de la oficina"),
]


@pytest.mark.parametrize("case,subject,body,headers,evidence", PLAIN, ids=[c[0] for c in PLAIN])
def test_a_plain_out_of_office_reply_is_stored_and_shown_not_forwarded(
        case, subject, body, headers, evidence, django_capture_on_commit_callbacks, mailoutbox):
    email, published = ingest(message(subject, body, *headers),
                              django_capture_on_commit_callbacks)
    assert (email.status, email.automated) == (Status.IGNORED, "out_of_office")
    assert email.status_reasons == [{"code": "out_of_office"}]
    assert email.flags["out_of_office"] == evidence
    # "Looks automated (triaged anyway)" would say the opposite of what happened.
    assert "automated_hint" not in email.flags
    assert published == [] and mailoutbox == []


SAYS_MORE = [
    ("a claim", "We found plastic contamination in lot 7731 and reject the bales."),
    ("an amount", "Please note the outstanding invoice of USD 8,740.00."),
    ("a deadline", "Please respond by 4 December or the shipment will be released."),
    ("bank details", "Please note our bank details have changed: IBAN "
                     "GB33BUKB20201555555555."),
]


@pytest.mark.parametrize("case,extra", SAYS_MORE, ids=[c[0] for c in SAYS_MORE])
def test_an_auto_reply_that_says_something_is_triaged_as_today(
        case, extra, django_capture_on_commit_callbacks):
    plain = "I am out of the office until Monday 14 December with limited access to email."
    email, published = ingest(message("Automatic reply: S/C 2026/0355", f"{plain}\n\n{extra}",
                                      "Auto-Submitted: auto-replied"),
                              django_capture_on_commit_callbacks)
    assert (email.status, email.automated) == (Status.QUEUED, "")
    assert email.flags["automated_hint"] == "Auto-Submitted: auto-replied"
    assert len(published) == 1  # its triage is queued


def test_an_auto_reply_with_a_spreadsheet_is_triaged(django_capture_on_commit_callbacks):
    email, _ = ingest(message("Automatic reply: claim lots 7731-7733",
                              "I am out of the office until Monday.",
                              "Auto-Submitted: auto-replied", attach=claim_book()),
                      django_capture_on_commit_callbacks)
    assert email.status == Status.QUEUED


def test_an_erp_claim_notice_and_a_person_writing_are_triaged(
        django_capture_on_commit_callbacks):
    erp, _ = ingest(message(
        "[ERP] Quality Claim Notification QC-2026-00871",
        "This is an automatically generated notification. Please do not reply.\n"
        "Claim QC-2026-00871: micronaire 5.4 on lot 7731, outside the contract range. "
        "Claimed amount: USD 13,870.00.", "Auto-Submitted: auto-generated"),
        django_capture_on_commit_callbacks)
    assert (erp.status, erp.automated) == (Status.QUEUED, "")
    # Machine-sent but no absence: an ERP's notice is not an out-of-office reply.
    notice, _ = ingest(message("[ERP] Daily shipments", "3 shipments booked today.",
                               "Auto-Submitted: auto-generated"),
                       django_capture_on_commit_callbacks)
    assert notice.status == Status.QUEUED
    for subject in ("Re: Automatic reply: S/C 2026/0355",  # a person answering one
                    "Ausente na inspeção de ontem: remarcar",  # a word, not a notice
                    "Lot 7731 documents (I am out of office tomorrow)"):
        person, _ = ingest(message(subject, "Could you send the documents again?"),
                           django_capture_on_commit_callbacks)
        assert person.status == Status.QUEUED, subject


def test_the_reason_is_on_the_email_page_and_the_list(client, staff,
                                                      django_capture_on_commit_callbacks):
    email, _ = ingest(message("Automatic reply: S/C 2026/0355",
                              "I am out of the office until Monday 14 December.",
                              "Auto-Submitted: auto-replied"),
                      django_capture_on_commit_callbacks)
    login(client, staff["triager"])
    page = client.get(reverse("admin:triage_inboundemail_change", args=[email.pk]))
    assert "out-of-office reply" in page.content.decode()
    listing = client.get(reverse("admin:triage_inboundemail_changelist")).content.decode()
    assert "Out-of-office reply, not triaged" in listing
    found = client.get(reverse("admin:triage_inboundemail_changelist"),
                       {"flag": "out_of_office"}).content.decode()
    assert "S/C 2026/0355" in found
    with translation.override("pt-br"):
        assert labels.reasons(email.status_reasons) == "resposta de ausência"
