"""The console in the reader's language: chosen from the browser, overridden by the
header's switcher; forms read amounts and dates as that language writes them."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.factories import login, make_escalation, make_ticket, messages_of, triaged_sample
from triage.models import Escalation, TriageRun

pytestmark = pytest.mark.django_db
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9,en;q=0.5"}


def test_the_browser_language_chooses_the_console_language(client, staff):
    make_escalation()
    login(client, staff["desk"])
    page = client.get(reverse("admin:index"), **PT).content.decode()
    assert '<html lang="pt-br"' in page
    assert "Painel de triagem" in page and "Escalações pendentes mais antigas" in page
    assert 'id="language-switcher"' in page and 'action="/i18n/setlang/"' in page
    english = client.get(reverse("admin:index")).content.decode()
    assert '<html lang="en"' in english and "Triage dashboard" in english


def test_the_switcher_overrides_the_browser(client, staff):
    login(client, staff["desk"])
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"}, **PT)
    assert response.status_code == 302 and response.url == "/"
    page = client.get(reverse("admin:index"), **PT).content.decode()
    assert '<html lang="en"' in page and "Triage dashboard" in page


def test_the_email_page_in_portuguese_shows_words_local_times_and_money(client, staff):
    email = make_escalation().email
    page = login(client, staff["desk"]).get(
        reverse("admin:triage_inboundemail_change", args=[email.pk]), **PT).content.decode()
    for expected in ("Exposição alta", "Escalado", "gatilhos do backstop",
                     "exposição extraída de US$\xa0180.000,00 atinge ou passa o limite de "
                     "US$\xa050.000,00", "Linha do tempo", "Rota decidida", " -03"):
        assert expected in page, expected
    # The runs panel keeps each chain's raw output on record; what staff read above it
    # is words.
    decision = page.split('class="triage-run"')[0]
    assert "high_exposure" not in decision and "+00:00" not in page


def test_the_escalation_shows_the_stated_amount_and_the_rate(client, staff):
    esc = make_escalation()
    # A claim stated in reais, converted at the configured BRL rate (0.18).
    TriageRun.objects.filter(pk=esc.run_id).update(exposure_amount=310000,
                                                   exposure_currency="BRL")
    Escalation.objects.filter(pk=esc.pk).update(exposure_usd=55800)
    page = login(client, staff["desk"]).get(
        reverse("admin:triage_escalation_change", args=[esc.pk]), **PT).content.decode()
    assert "US$\xa055.800,00 (declarado R$\xa0310.000,00, a 0,18 USD por BRL)" in page
    page = client.get(reverse("admin:triage_escalation_change", args=[esc.pk])).content.decode()
    assert "USD\xa055,800.00 (stated BRL\xa0310,000.00 at 0.18 USD per BRL)" in page


def _correct(client, ticket, data, headers):
    url = reverse("admin:triage_ticket_act", args=[ticket.pk, "correct"])
    response = client.post(url, {"seen_version": ticket.version, **data}, follow=True,
                           **headers)
    ticket.refresh_from_db()
    return messages_of(response)


def test_a_correction_in_brazilian_format(client, staff):
    ticket = make_ticket()
    login(client, staff["claims"])
    _correct(client, ticket, {"exposure_amount": "12.400", "response_deadline": "15/12/2026"},
             PT)
    claim = ticket.data["claim"]
    assert (claim["exposure_amount"], claim["response_deadline"]) == (12400.0, "2026-12-15")
    _correct(client, ticket, {"exposure_amount": "1.850,00"}, PT)
    assert ticket.data["claim"]["exposure_amount"] == 1850.0
    # The form shows it back as it was typed.
    page = client.get(reverse("admin:triage_ticket_change", args=[ticket.pk]), **PT)
    assert 'value="1.850,00"' in page.content.decode()
    assert 'value="15/12/2026"' in page.content.decode()


@pytest.mark.parametrize(("headers", "amount", "day", "expected"), [
    (PT, "12,400", "15/12/2026", "Informe o valor como em 71.850,00"),
    (PT, "1.5", "15/12/2026", "Informe o valor como em 71.850,00"),
    (PT, "71,850.00", "15/12/2026", "Informe o valor como em 71.850,00"),
    (PT, "100", "12/15/2026", "Informe a data como em 15/12/2026 (DD/MM/AAAA)"),
    ({}, "71.850,00", "2026-12-15", "Enter the amount as in 71,850.00"),
    ({}, "12.400", "2026-12-15", "Enter the amount as in 71,850.00"),
    ({}, "100", "15/12/2026", "Enter the date as in 2026-12-15"),
])
def test_an_ambiguous_value_is_refused_with_the_expected_format(client, staff, headers, amount,
                                                                 day, expected):
    ticket = make_ticket()
    login(client, staff["claims"])
    messages = _correct(client, ticket, {"exposure_amount": amount, "response_deadline": day},
                        headers)
    assert ticket.version == 1  # nothing half-done
    assert any(expected in m for m in messages), messages


def test_a_correction_in_english_format(client, staff):
    ticket = make_ticket()
    login(client, staff["claims"])
    messages = _correct(client, ticket, {"exposure_amount": "71,850.00",
                                         "response_deadline": "2026-12-15"}, {})
    claim = ticket.data["claim"]
    assert (claim["exposure_amount"], claim["response_deadline"]) == (71850.0, "2026-12-15")
    assert any("now version 2" in m for m in messages)


def test_notifications_follow_the_configured_language(settings, django_capture_on_commit_callbacks,
                                                      mailoutbox):
    settings.TRIAGE_NOTIFICATION_LANGUAGE = "en"
    with django_capture_on_commit_callbacks(execute=True):
        triaged_sample("01-contamination-claim-ica.eml")
    assert mailoutbox[0].subject.startswith("[ESCALATION]")
    assert "Exposure: USD\xa0180,000.00" in mailoutbox[0].body


def test_translated_names_need_no_migration():
    call_command("makemigrations", "triage", "--check", "--dry-run", verbosity=0)
