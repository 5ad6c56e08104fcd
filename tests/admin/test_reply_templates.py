"""Replies for everyone who owns the item: the trading desk answers from an escalation
it has (or nobody has yet); the templates follow what the item is (a claim, a
bank-detail change under review, anything else) in English, Portuguese and Spanish,
pre-selected in the sender's language, and are signed by the person (name and role)."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.factories import (
    CLAIMS,
    FREIGHT,
    HVI,
    login,
    make_email,
    make_escalation,
    make_forward,
    make_needs_review,
    make_run,
    make_ticket,
    messages_of,
)
from triage import reply_templates
from triage.models import Escalation, Reply
from triage.routes import Route

pytestmark = pytest.mark.django_db

SPANISH = (
    b"From: Hilados del Sur <calidad@hiladosdelsur.example.com.ar>\r\n"
    b"To: claims@cottontrade.example.com\r\n"
    b"Subject: =?utf-8?q?Reclamaci=C3=B3n_por_contaminaci=C3=B3n_del_lote_5520?=\r\n"
    b"Date: Mon, 16 Nov 2026 09:00:00 +0000\r\nMessage-ID: <es-5520@hiladosdelsur.example>\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n\r\n"
    b"Estimados: en la apertura de los fardos del lote 5520 encontramos contaminaci\xc3\xb3n "
    b"con pl\xc3\xa1stico. Solicitamos una compensaci\xc3\xb3n y quedamos a la espera de su "
    b"respuesta.\r\n")


def offered(page: str) -> set[str]:
    block = page[page.index('id="reply-templates"'):page.index('id="reply-form"')]
    return {name.split("-")[0] for name in re.findall(r'id="template-([a-z]+-[a-z]+)"', block)}


def chosen(page: str) -> str:
    return re.search(r'id="template-([a-z]+-[a-z]+)" [^>]*class="triage-chosen"', page)[1]


def test_the_desk_replies_from_an_escalation_it_has(client, staff):
    esc = make_escalation()
    change = reverse("admin:triage_escalation_change", args=[esc.pk])
    page = login(client, staff["desk"]).get(change).content.decode()
    body = page[page.index('id="content"'):]
    assert 'id="reply-form"' in body
    assert body.index(esc.email.text_body.splitlines()[0][:30]) < body.index('id="reply-form"')
    url = reverse("admin:triage_escalation_act", args=[esc.pk, "reply"])
    mail.outbox.clear()
    response = client.post(url, {"template": "ack-en", "subject": "Re: claim",
                                 "body": "We are looking into it."}, follow=True)
    assert any("Reply sent to" in m for m in messages_of(response))
    assert mail.outbox[-1].to == [esc.email.from_address]
    assert Reply.objects.get().author == staff["desk"]
    # Once a colleague has it, they answer it: no form, and a post is refused.
    Escalation.objects.filter(pk=esc.pk).update(assignee=staff["desk"])
    page = login(client, staff["desk2"]).get(change).content.decode()
    assert 'id="reply-form"' not in page
    response = client.post(url, {"subject": "x", "body": "y"}, follow=True)
    assert any("desk1 has this escalation" in m for m in messages_of(response))
    assert Reply.objects.count() == 1


def test_the_desk_has_no_reply_on_what_is_not_its_own(client, staff):
    email = make_ticket().email
    login(client, staff["desk"])
    page = client.get(reverse("admin:triage_inboundemail_change", args=[email.pk]))
    assert 'id="reply-form"' not in page.content.decode()
    url = reverse("admin:triage_inboundemail_act", args=[email.pk, "reply"])
    assert client.post(url, {"subject": "x", "body": "y"}).status_code == 403
    # Claims staff reply from the email's page; the escalation page links there.
    esc = make_escalation()
    page = login(client, staff["claims"]).get(
        reverse("admin:triage_escalation_change", args=[esc.pk])).content.decode()
    assert f"/triage/inboundemail/{esc.email_id}/change/#reply" in page
    assert 'id="reply-form"' not in page


def test_templates_follow_what_the_item_is(client, staff):
    login(client, staff["triager"])

    def page_of(email):
        return client.get(reverse("admin:triage_inboundemail_change",
                                  args=[email.pk])).content.decode()

    assert offered(page_of(make_ticket().email)) == {"ack", "docs", "decision"}
    assert offered(page_of(make_escalation().email)) == {"ack", "docs"}
    # A possible fraudster gets nothing about a claim, and the bank answer first...
    bank = make_needs_review()
    page = page_of(bank)
    assert offered(page) == {"bank", "received"} and chosen(page) == "bank-en"
    assert "on a number we already hold for you" in page
    # ...even asked for a claim template by hand.
    forced = client.get(reverse("admin:triage_inboundemail_change", args=[bank.pk]),
                        {"reply": "ack-en"}).content.decode()
    assert chosen(forced) == "bank-en" and "receipt of your claim" not in forced
    # A freight invoice is no claim.
    assert offered(page_of(make_forward(FREIGHT).email)) == {"received"}


@pytest.mark.parametrize(("sample", "lang", "words"), [
    ("03-weight-shortfall.eml", "en", "We confirm receipt of your claim regarding contract"),
    (HVI, "pt", "Confirmamos o recebimento da sua reclamação referente ao contrato"),
    (SPANISH, "es", "Confirmamos la recepción de su reclamación relativa"),
])
def test_the_senders_language_is_pre_selected(client, staff, sample, lang, words):
    if isinstance(sample, bytes):
        email = make_email(sample)
        make_run(email, Route.ESCALATED, claim={**CLAIMS["03-weight-shortfall.eml"],
                                                 "contract_reference": "AR-2026-5"})
        Escalation.objects.create(email=email, run=email.current_run)
    else:
        email = make_ticket(sample).email
    page = login(client, staff["claims"]).get(
        reverse("admin:triage_inboundemail_change", args=[email.pk])).content.decode()
    assert chosen(page) == f"ack-{lang}"
    assert words in page


def test_a_reply_is_signed_by_the_person_in_the_replys_language(staff):
    from triage.admin.replies import facts

    email = make_ticket(HVI).email
    claims, desk = staff["claims"], staff["desk"]
    claims.first_name, claims.last_name = "Ana", "Ribeiro"
    claims.save()
    pt = reply_templates.render("ack-pt", facts(email, claims))
    assert pt.endswith("Atenciosamente,\nAna Ribeiro\nEquipe de reclamações")
    en = reply_templates.render("docs-en", facts(email, claims))
    assert en.endswith("Kind regards,\nAna Ribeiro\nClaims team")
    # No full name: the username; the desk signs as the desk, in Spanish too.
    es = reply_templates.render("received-es", facts(email, desk))
    assert es.endswith("Atentamente,\ndesk1\nMesa de operaciones")
    assert "Equipo" not in es and "Claims team" not in reply_templates.render(
        "received-en", facts(email, desk))
