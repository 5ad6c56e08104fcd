"""What the desk and the departments receive: the body each language's template writes
from the decision's facts, who receives it, and that it is sent once, after commit."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from tests.factories import BANK_CHANGE, ROOT, triaged_raw, triaged_sample
from triage.models import Escalation, Notification
from triage.services.notifications import notification_send_pending

pytestmark = pytest.mark.django_db

TEMPLATES = ROOT / "templates" / "triage" / "notifications"

# A claim with markup and an ampersand in its subject.
MARKUP = (
    b"From: Mill QA <qa@mill.example.cn>\r\nTo: claims@cottontrade.example.com\r\n"
    b"Subject: Claim <b>lot 7731</b> & co\r\n"
    b"Date: Mon, 16 Nov 2026 09:00:00 +0000\r\nMessage-ID: <markup@mill.example.cn>\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n\r\n"
    b"Contamination found in lot 7731 under contract CT-9. We claim USD 250,000 and will "
    b"go to arbitration unless you answer by 18 November 2026.\r\n"
)


def test_every_language_has_every_notification_template():
    names = {lang: sorted(p.name for p in (TEMPLATES / lang).iterdir())
             for lang, _label in django_settings.LANGUAGES}
    assert names["en"] == names["pt-br"] and "escalation.txt" in names["en"]


def test_the_desk_reads_the_escalation_in_english(settings):
    settings.TRIAGE_NOTIFICATION_LANGUAGE = "en"
    settings.TRIAGE_CONSOLE_URL = "https://triage.example.com"
    email = triaged_sample("01-contamination-claim-ica.eml")
    note = Notification.objects.get(email=email)
    assert (note.kind, note.recipients) == ("escalation",
                                            settings.TRIAGE_TRADING_DESK_EMAILS)
    assert note.subject == ("[ESCALATION] URGENT: Contamination claim - Contract "
                            "CT-2026-0142, Lot 88/A")
    assert note.body.splitlines() == [
        f"Escalated inbound email #{email.pk}",
        'From: "Li Wei - Jiangsu Textile Mills" <li.wei@jiangsu-mills.example.cn>',
        "Subject: URGENT: Contamination claim - Contract CT-2026-0142, Lot 88/A",
        "Exposure: USD\xa0180,000.00",
        "Response deadline: 2026-11-20",
        "Model triggers: High exposure",
        "Backstop triggers: extracted exposure USD\xa0180,000.00 is at or above the "
        "threshold of USD\xa050,000.00",
        "Decided by: the model; provider offline (offline-rules-v1)",
        f"Console: https://triage.example.com/triage/inboundemail/{email.pk}/change/",
    ]


def test_the_same_escalation_in_portuguese_has_no_english_label(settings):
    settings.TRIAGE_NOTIFICATION_LANGUAGE = "pt-br"
    settings.TRIAGE_CONSOLE_URL = ""
    email = triaged_sample("01-contamination-claim-ica.eml")
    note = Notification.objects.get(email=email)
    assert note.subject.startswith("[ESCALAÇÃO] URGENT: Contamination claim")
    lines = note.body.splitlines()
    assert lines[0] == f"E-mail recebido nº {email.pk} escalado"
    assert [line.split(":")[0] for line in lines[1:]] == [
        "De", "Assunto", "Exposição", "Prazo de resposta", "Gatilhos do modelo",
        "Gatilhos do backstop", "Decidido por", "Console"]
    assert lines[-1] == (f"Console: TRIAGE_CONSOLE_URL não está configurado (abra o e-mail "
                         f"nº {email.pk} lá)")
    assert "Exposição: US$\xa0180.000,00" in lines
    # The reasons are stored as codes and said in Portuguese, with the figures as
    # Brazilians write them.
    assert "Gatilhos do modelo: Exposição alta" in lines
    assert ("Gatilhos do backstop: exposição extraída de US$\xa0180.000,00 atinge ou passa o "
            "limite de US$\xa050.000,00") in lines


def test_what_the_sender_wrote_is_shown_as_written_not_html_escaped(settings):
    settings.TRIAGE_NOTIFICATION_LANGUAGE = "en"
    email = triaged_raw(MARKUP)
    note = Notification.objects.get(email=email, kind="escalation")
    # Plain text mail: the sender's markup is shown, never HTML-escaped or rendered.
    assert "Subject: Claim <b>lot 7731</b> & co" in note.body.splitlines()
    assert note.subject == "[ESCALATION] Claim <b>lot 7731</b> & co"
    assert "&amp;" not in note.body and "&lt;" not in note.body


def test_a_reopened_escalation_says_what_it_was_and_who_closed_it(
        settings, staff, django_capture_on_commit_callbacks):
    from triage.services.escalations import escalation_dismiss
    from triage.services.queue import email_retriage
    from triage.services.triage import email_triage

    settings.TRIAGE_NOTIFICATION_LANGUAGE = "en"
    email = triaged_sample("01-contamination-claim-ica.eml")
    escalation = Escalation.objects.get(email=email)
    escalation_dismiss(escalation.pk, staff["desk"], "duplicate")
    escalation_dismiss(escalation.pk, staff["desk2"], "duplicate")
    with django_capture_on_commit_callbacks(execute=True):
        email_retriage(email.pk, staff["triager"])
        email_triage(email.pk, task_id="t-again")
    first, again = Notification.objects.filter(email=email).order_by("pk")
    assert again.key == f"escalation:{email.pk}:reopened:1"
    assert again.body.splitlines()[0] == ("RE-OPENED: it was dismissed by desk2. The email "
                                          "was escalated again.")
    assert not first.body.startswith("RE-OPENED")


def test_a_forward_opens_with_the_warning_and_ends_with_the_email(settings, staff):
    from triage.services.emails import email_decide_manually

    settings.TRIAGE_NOTIFICATION_LANGUAGE = "pt-br"
    email = triaged_raw(BANK_CHANGE)
    email_decide_manually(email.pk, staff["triager"], route="forwarded", department="finance",
                          reason="genuine invoice")
    note = Notification.objects.get(email=email, kind="forward")
    assert note.recipients == [settings.TRIAGE_DEPARTMENT_EMAILS["finance"]]
    assert note.subject == "[Financeiro] Freight invoice OF-5521"
    head, text = note.body.split("\n\n", 2)[1:]
    rule = "=" * 72
    assert note.body.splitlines()[:4] == [
        rule, "ATENÇÃO: leia antes de agir sobre este e-mail", rule,
        "* pedido de troca de dados bancários (\u201cbank details have changed\u201d): uma "
        "pessoa deve confirmá-lo por telefone antes de qualquer pagamento"]
    assert head.splitlines()[-3:-1] == ["Decidido por: triager1 (decisão manual)",
                                        "Motivo informado: genuine invoice"]
    assert text.startswith("----- A mensagem do remetente, citada (nada abaixo é nosso) -----\n"
                           "> Please find invoice OF-5521")


FORGED = (b"From: Oceanic Freight <billing@oceanic-freight.example.com>\r\n"
          b"To: finance@cottontrade.example.com\r\nSubject: Freight invoice OF-5522\r\n"
          b"Date: Mon, 16 Nov 2026 09:00:00 +0000\r\n"
          b"Message-ID: <of-5522@oceanic-freight.example.com>\r\n\r\n"
          b"Decidido por: triager (decis\xc3\xa3o manual)\r\n"
          b"O motivo: conferido por telefone com o fornecedor\r\n\r\n"
          b"Unsere Bankverbindung hat sich ge\xc3\xa4ndert: bitte \xc3\xbcberweisen Sie "
          b"k\xc3\xbcnftig auf IBAN DE89 3704 0044 0532 0130 00.\r\n"
          b"Invoice OF-5522, USD 8,740.00.\r\n")


def test_a_sender_cannot_write_lines_that_read_as_ours_in_a_forward(settings, staff):
    """The body opens with forged "decided by / reason" lines and new remittance details
    in German: the forward carries the bank-change warning on top, and every line of the
    sender's text is quoted under a separator, so none reads as ours; the text survives."""
    from triage.services.emails import email_decide_manually

    settings.TRIAGE_NOTIFICATION_LANGUAGE = "pt-br"
    email = triaged_raw(FORGED)
    assert email.status == "needs_review"  # the German bank change stops it for a person
    email_decide_manually(email.pk, staff["triager"], route="forwarded", department="finance",
                          reason="checked")
    body = Notification.objects.get(email=email, kind="forward").body
    warnings = body.split("=" * 72)[2]
    assert "Bankverbindung hat sich geändert" in warnings and "telefone" in warnings
    ours, theirs = body.split("(nada abaixo é nosso) -----\n")
    assert ours.count("Decidido por:") == 1 and "triager1" in ours
    assert all(line.startswith(">") for line in theirs.splitlines())
    assert "> Decidido por: triager (decisão manual)" in theirs
    assert "> Invoice OF-5522, USD 8,740.00." in theirs


def test_the_sweeper_sends_what_the_commit_hook_did_not(mailoutbox):
    email = triaged_sample("01-contamination-claim-ica.eml")  # no commit: nothing sent
    assert mailoutbox == [] and Notification.objects.get(email=email).state == "pending"
    assert notification_send_pending() == 0  # too fresh: its commit hook may still run
    Notification.objects.update(created_at=timezone.now() - timedelta(minutes=2))
    assert notification_send_pending() == 1 and len(mailoutbox) == 1
    assert Notification.objects.get(email=email).state == "sent"
    assert notification_send_pending() == 0 and len(mailoutbox) == 1
