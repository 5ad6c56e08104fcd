"""What the console says in the reader's language and what it quotes: the model's own
words marked as its words, a chain call's error as what failed (the technical text
behind a toggle), the parser's flags and the records' kinds in words, page titles
and the checklist in Portuguese."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import HVI, login, make_escalation, make_notification, make_ticket
from triage.models import ChainCall, InboundEmail, TriageRun
from triage.routes import Code, reason

pytestmark = pytest.mark.django_db
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-BR"}


def test_the_models_words_are_quoted_as_its_words(client, staff):
    esc = make_escalation()
    page = login(client, staff["desk"]).get(
        reverse("admin:triage_inboundemail_change", args=[esc.email_id]), **PT).content.decode()
    assert '<q class="triage-model-words" lang="en">Rules matched: the amount</q> ' \
           "<small>(palavras do modelo)</small>" in page


def test_a_chain_error_says_what_failed_with_the_technical_text_apart(client, staff):
    email = make_ticket().email
    run = email.current_run
    technical = "extraction: model call timed out (ReadTimeout)"
    TriageRun.objects.filter(pk=run.pk).update(errors=[
        reason(Code.CHAIN_FAILED, chain="extraction", kind="timeout", detail=technical)])
    ChainCall.objects.filter(run=run, chain="extraction").update(error=technical)
    page = login(client, staff["claims"]).get(
        reverse("admin:triage_inboundemail_change", args=[email.pk]), **PT).content.decode()
    runs = page[page.index('class="triage-run"'):]
    assert "a chamada de extração falhou: o modelo não respondeu a tempo " \
           '<details class="triage-technical"><summary>texto técnico</summary>' \
           f'<code lang="en">{technical}</code></details>' in runs
    # The run's reasons say it without the technical text.
    decision = page[:page.index('class="triage-run"')]
    assert "o modelo não respondeu a tempo" in decision and "ReadTimeout" not in decision


def test_flags_are_said_in_words(client, staff):
    email = make_ticket(HVI).email
    InboundEmail.objects.filter(pk=email.pk).update(flags={
        "header_decoding": {"from": "utf-8"},
        "automated_hint": "Auto-Submitted: auto-generated"})
    page = login(client, staff["claims"]).get(
        reverse("admin:triage_inboundemail_change", args=[email.pk]), **PT).content.decode()
    assert "Bytes de cabeçalho decodificados" in page and \
        "o cabeçalho From: decodificado como utf-8" in page
    assert "o cabeçalho Auto-Submitted diz “auto-generated”" in page
    assert "header_decoding" not in page.split('id="content"')[1]


def test_titles_checklist_and_records_in_portuguese(client, staff):
    ticket = make_ticket()
    login(client, staff["claims"])
    page = client.get(reverse("admin:triage_ticket_change", args=[ticket.pk]),
                      **PT).content.decode()
    assert f"<title>Ticket do e-mail #{ticket.email_id}, versão 1 |" in page
    assert "A reclamação foi avaliada por um vistoriador independente?" in page
    assert "<td>desconhecido</td>" in page and "o pipeline" in page
    make_notification(ticket.email, kind="forward")
    notes = client.get(reverse("admin:triage_notification_changelist"), **PT).content.decode()
    assert "Encaminhamento ao departamento" in notes
    english = client.get(reverse("admin:triage_ticket_change", args=[ticket.pk])).content
    assert f"<title>Ticket for email #{ticket.email_id}, version 1 |" in english.decode()
