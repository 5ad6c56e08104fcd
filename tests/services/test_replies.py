"""Replies to the sender: sent only when a person sends one, threaded on the stored
Message-ID, recorded (row and audit), marked as ours, and never a carrier of headers
or of the model's reasoning."""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied

from tests.factories import CONTAMINATION, HVI, make_escalation, make_ticket, triaged_sample
from triage import mime, reply_templates
from triage.admin.replies import facts
from triage.models import EmailEvent, Escalation, InboundEmail, Reply
from triage.routes import Code
from triage.services import replies
from triage.services.ingestion import email_ingest
from triage.services.outcome import ReviewError

pytestmark = pytest.mark.django_db


@pytest.fixture
def claim(staff):
    return make_ticket(HVI).email


def test_triage_never_replies_to_the_sender(django_capture_on_commit_callbacks, mailoutbox):
    with django_capture_on_commit_callbacks(execute=True):
        claim = triaged_sample(HVI)
        escalated = triaged_sample(CONTAMINATION)
    assert mailoutbox  # the desk was told of the escalation...
    senders = {claim.from_address, escalated.from_address}
    assert not [m for m in mailoutbox if senders & set(m.to)]  # ...the senders were not
    assert not Reply.objects.exists()


def test_a_reply_threads_on_the_stored_message_id_and_is_recorded(claim, staff):
    InboundEmail.objects.filter(pk=claim.pk).update(references=["older@x.example", "bad id"])
    outcome = replies.reply_send(claim.pk, staff["claims"], subject="Re: Reclamação",
                                 body="Recebemos.", template="ack-pt")
    # The person is told, without the address: the message waits in their session.
    assert outcome.changed and outcome.message == f"Reply sent to the sender of email #{claim.pk}."
    [sent] = [m for m in mail.outbox if m.to == [claim.from_address]]
    headers = sent.message()
    assert headers["In-Reply-To"] == "<rq-114-7731@fiacaonordeste.example.com.br>"
    assert headers["References"] == ("<older@x.example> "
                                     "<rq-114-7731@fiacaonordeste.example.com.br>")
    assert headers[mime.NOTIFICATION_HEADER].startswith(f"reply; email={claim.pk}; tag=")
    assert "Auto-Submitted" not in headers  # a person wrote it
    reply = Reply.objects.get()
    assert (reply.state, reply.author, reply.to_address, reply.template) == (
        "sent", staff["claims"], claim.from_address, "ack-pt")
    assert headers["Message-ID"] == reply.message_id
    [row] = EmailEvent.objects.filter(kind="reply_recorded")
    assert (row.actor, row.target) == (staff["claims"], f"reply:{reply.pk}")


def test_our_reply_coming_back_is_not_triaged_again(claim, staff):
    replies.reply_send(claim.pk, staff["claims"], subject="Re: x", body="Recebemos.")
    raw = mail.outbox[-1].message().as_bytes()
    result = email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822", provider="import")
    back = InboundEmail.objects.get(pk=result.email_id)
    assert back.automated == Code.OWN_NOTIFICATION and back.status == "ignored"
    assert back.status_reasons == [{"code": Code.OWN_NOTIFICATION}]


def test_a_bounce_of_our_reply_is_not_triaged_but_a_fake_bounce_is(claim, staff):
    """A delivery report is ours only when it returns a message we sent; one that
    returns nothing of ours (a claim dressed as a bounce) is triaged like any mail."""
    replies.reply_send(claim.pk, staff["claims"], subject="Re: x", body="Recebemos.")
    sent = Reply.objects.get().message_id

    def report(returned_id: str, carried: str) -> bytes:
        return (f"From: MAILER-DAEMON@mx.example.net\r\nTo: claims@cottontrade.example.com\r\n"
                f"Subject: Undelivered Mail Returned to Sender\r\n"
                f"Message-ID: <dsn-{returned_id[1:9]}@mx.example.net>\r\n"
                f"Content-Type: multipart/report; report-type=delivery-status; boundary=b\r\n"
                f"\r\n--b\r\nContent-Type: text/plain\r\n\r\nDelivery failed.\r\n"
                f"--b\r\nContent-Type: message/delivery-status\r\n\r\n"
                f"Reporting-MTA: dns; mx.example.net\r\n\r\nFinal-Recipient: rfc822; x@y\r\n"
                f"Action: failed\r\nStatus: 5.1.1\r\n"
                f"--b\r\nContent-Type: message/rfc822\r\n\r\n"
                f"From: someone@mill.example.cn\r\nSubject: Claim lot 7731\r\n"
                f"Message-ID: {returned_id}\r\n\r\n{carried}\r\n--b--\r\n").encode()

    ours = report(sent, "Recebemos.")
    result = email_ingest(mime.parse_bytes(ours), raw=ours, raw_format="rfc822", provider="import")
    back = InboundEmail.objects.get(pk=result.email_id)
    assert back.status == "ignored" and back.automated == Code.BOUNCE_REPORT
    fake = report("<claim-96000@mill.example.cn>",
                  "We claim USD 96,000 for contaminated bales of lot 7731.")
    result = email_ingest(mime.parse_bytes(fake), raw=fake, raw_format="rfc822", provider="import")
    claim_mail = InboundEmail.objects.get(pk=result.email_id)
    assert claim_mail.status == "queued" and claim_mail.automated == ""
    assert "returns no mail of ours" in claim_mail.flags["automated_hint"]
    assert "USD 96,000" in " ".join(claim_mail.flags.get("forwarded", [])) + claim_mail.text_body


def test_claims_staff_and_triage_admins_reply_the_desk_only_on_its_escalations(claim, staff):
    from django.contrib.auth.models import User

    # The desk answers the sender of an escalation, not of a ticket...
    with pytest.raises(ReviewError, match="has none"):
        replies.reply_send(claim.pk, staff["desk"], subject="x", body="y")
    assert replies.reply_send(claim.pk, staff["triager"], subject="x", body="y").changed
    escalated = make_escalation().email
    assert replies.reply_send(escalated.pk, staff["desk"], subject="x", body="y").changed
    # ...unless a colleague has taken it; someone in no group never replies.
    Escalation.objects.filter(email=escalated).update(assignee=staff["desk2"])
    with pytest.raises(ReviewError, match="desk2 has this escalation"):
        replies.reply_send(escalated.pk, staff["desk"], subject="x", body="y")
    nobody = User.objects.create_user("nobody", is_staff=True)
    with pytest.raises(PermissionDenied):
        replies.reply_send(escalated.pk, nobody, subject="x", body="y")
    assert Reply.objects.count() == 2


def test_a_subject_cannot_carry_headers(claim, staff):
    replies.reply_send(claim.pk, staff["claims"], subject="Re: x\r\nBcc: evil@attacker.example",
                       body="ok")
    sent = mail.outbox[-1]
    assert sent.recipients() == [claim.from_address]
    assert "Bcc" not in sent.message()
    assert sent.subject == "Re: x Bcc: evil@attacker.example"


def test_refusals_leave_nothing_behind(claim, staff):
    for kwargs, match in [({"subject": "x", "body": "  "}, "needs some text"),
                          ({"subject": "x", "body": "y" * 10_001}, "at most 10000")]:
        with pytest.raises(ReviewError, match=match):
            replies.reply_send(claim.pk, staff["claims"], **kwargs)
    assert not Reply.objects.exists() and not mail.outbox


def test_a_failed_send_is_recorded_and_said_without_the_address(claim, staff, monkeypatch):
    """The server's refusal quotes the recipient; the person's message names the email
    and the error's kind, the reply's row keeps the server's words (erasure takes them)."""
    import smtplib

    refused = {claim.from_address: (550, b"5.1.1 <" + claim.from_address.encode() + b">")}

    def refuse(self, fail_silently=False):
        raise smtplib.SMTPRecipientsRefused(refused)

    monkeypatch.setattr("django.core.mail.EmailMessage.send", refuse)
    outcome = replies.reply_send(claim.pk, staff["claims"], subject="x", body="y")
    assert not outcome.changed
    assert outcome.message == (f"The reply to the sender of email #{claim.pk} was recorded but "
                               "not sent (SMTPRecipientsRefused); its page says why.")
    assert claim.from_address not in outcome.message
    reply = Reply.objects.get()
    assert reply.state == "failed" and claim.from_address in reply.error
    assert EmailEvent.objects.filter(kind="reply_failed").count() == 1


def test_a_bounce_is_refused_a_reply_without_naming_its_sender(claim, staff):
    InboundEmail.objects.filter(pk=claim.pk).update(
        automated=Code.BOUNCE_SENDER, from_address="mailer-daemon@relay.example.net")
    with pytest.raises(ReviewError) as refused:
        replies.reply_send(claim.pk, staff["claims"], subject="x", body="y")
    assert str(refused.value) == ("This email was not triaged (bounce from a mail server); "
                                  "it gets no reply.")
    assert not Reply.objects.exists()


def test_portuguese_acknowledgement_quotes_contract_and_lot_not_the_model(claim):
    run = claim.current_run
    run.contract_reference, run.lot_reference = "BR-2026/114", "7731"
    run.decision = {**run.decision, "escalation": {"model_reasoning": "SECRET REASONING"}}
    run.save()
    body = reply_templates.render("ack-pt", facts(InboundEmail.objects.get(pk=claim.pk)))
    assert "referente ao contrato BR-2026/114 e ao lote 7731" in body
    assert "Confirmamos o recebimento" in body
    assert "SECRET" not in body
    assert reply_templates.reply_subject("Re:  Reclamação\r\n x") == "Re: Reclamação x"
