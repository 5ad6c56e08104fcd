"""Detail pages built around the decision: no default on decide-manually, a refused
form shown again with the error next to its field and the person's input kept, the
sender's own amount on an escalation, tickets without JSON, links both ways."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import (
    login,
    make_escalation,
    make_needs_review,
    make_ticket,
    messages_of,
)
from triage.models import Escalation, Status, Ticket

pytestmark = pytest.mark.django_db


@pytest.fixture
def needs_review(staff):
    email = make_needs_review()
    assert email.status == Status.NEEDS_REVIEW
    return email


def test_decide_manually_has_a_button_per_route_and_none_chosen(client, staff, needs_review):
    change = reverse("admin:triage_inboundemail_change", args=[needs_review.pk])
    page = login(client, staff["triager"]).get(change).content.decode()
    form = page[page.index('id="decide-manually"'):]
    # Each button says what pressing it does; none is pressed for the person.
    for route, words in (("escalated", "Escalate to the trading desk"),
                         ("ticket", "Open a ticket draft"),
                         ("forwarded", "Forward to a department")):
        assert f'name="route" value="{route}" id="decide-{route}">{words}</button>' in form
    assert "triage-chosen" not in form.split("</form>")[0]
    pt = client.get(change, HTTP_ACCEPT_LANGUAGE="pt-BR").content.decode()
    form = pt[pt.index('id="decide-manually"'):]
    assert 'id="decide-escalated">Escalar para a mesa de operações</button>' in form
    assert 'id="decide-forwarded">Encaminhar a um departamento</button>' in form


def test_a_missing_route_is_refused_next_to_the_field_keeping_the_reason(client, staff,
                                                                          needs_review):
    url = reverse("admin:triage_inboundemail_act", args=[needs_review.pk, "decide"])
    response = login(client, staff["triager"]).post(
        url, {"route": "", "department": "finance", "reason": "call the carrier first"})
    assert response.status_code == 400
    page = response.content.decode()
    # On a page of its own, sent again to the same action, with the way back.
    form = page[page.index('id="refused-form"'):]
    assert f'action="{url}"' in form
    assert reverse("admin:triage_inboundemail_change", args=[needs_review.pk]) in form
    assert "errorlist" in form and "This field is required." in form
    assert form.index("errorlist") < form.index('name="route"')  # next to the route
    assert "call the carrier first</textarea>" in form
    assert '<option value="finance" selected>' in form
    assert 'id="decide-forwarded">Forward to a department</button>' in form
    assert "Not done: Route: This field is required." in page
    needs_review.refresh_from_db()
    assert needs_review.status == Status.NEEDS_REVIEW


def test_forwarding_without_a_department_is_refused_on_the_department(client, staff,
                                                                       needs_review):
    url = reverse("admin:triage_inboundemail_act", args=[needs_review.pk, "decide"])
    response = login(client, staff["triager"]).post(
        url, {"route": "forwarded", "department": "", "reason": "genuine"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Department: Forwarding needs a department." in page
    # The button pressed is marked on the page sent back.
    assert 'value="forwarded" id="decide-forwarded" class="triage-chosen">' in page
    needs_review.refresh_from_db()
    assert needs_review.status == Status.NEEDS_REVIEW


def test_the_pressed_button_is_the_decision_and_says_so(client, staff, needs_review):
    url = reverse("admin:triage_inboundemail_act", args=[needs_review.pk, "decide"])
    response = login(client, staff["triager"]).post(
        url, {"route": "escalated", "department": "", "reason": "call the desk"}, follow=True)
    assert f"Email #{needs_review.pk} escalated to the trading desk by hand." in \
        messages_of(response)
    needs_review.refresh_from_db()
    assert needs_review.status == Status.ESCALATED


def test_an_escalation_shows_the_senders_amount_the_rate_and_the_body(client, staff):
    esc = make_escalation()
    run = esc.run
    run.exposure_amount, run.exposure_currency, run.exposure_usd = 310000, "BRL", 55800
    run.save()
    Escalation.objects.filter(pk=esc.pk).update(exposure_usd=55800)
    page = login(client, staff["desk"]).get(
        reverse("admin:triage_escalation_change", args=[esc.pk])).content.decode()
    # The stated amount and the rate beside the USD figure, in the reader's format.
    assert "310,000.00 at 0.18 USD per BRL" in page and "55,800.00" in page
    assert esc.email.text_body.splitlines()[0][:40] in page
    # ...and the email links back to its escalation.
    email_page = client.get(reverse("admin:triage_inboundemail_change",
                                    args=[esc.email_id])).content.decode()
    assert f'href="/triage/escalation/{esc.pk}/change/" id="related-escalation"' in email_page


def test_a_ticket_draft_shows_labelled_values_not_json(client, staff):
    ticket = make_ticket()
    claim = {"claim_types": ["quality_hvi", "weight_shortfall"], "hvi": {"micronaire": 5.3,
             "leaf_grade": None}, "contract_reference": "CT-1",
             "quotes": [{"field": "contract_reference", "quote": ""},
                        {"field": "hvi.micronaire", "quote": "micronaire 5"}]}
    Ticket.objects.filter(pk=ticket.pk).update(data={"claim": claim, "checklist": []})
    page = login(client, staff["claims"]).get(
        reverse("admin:triage_ticket_change", args=[ticket.pk])).content.decode()
    assert "Quality (HVI), Weight shortfall" in page and "Micronaire" in page
    assert "[&quot;quality_hvi&quot;" not in page and "{&quot;micronaire" not in page
    assert "<q></q>" not in page


def test_quotes_are_whole_words_and_cut_at_a_word_boundary():
    from triage.admin.display import cut_at_word, whole_words

    source = "The HVI results show micronaire 5.3 and strength below contract."
    assert whole_words("sults show micronai", source) == "results show micronaire"
    assert whole_words("not in the text", source) == "not in the text"
    cut = cut_at_word("word " * 100, 42)
    assert cut.endswith("word\u2026") and len(cut) <= 43


def test_the_changelist_links_the_subject_and_truncates_it(client, staff):
    email = make_escalation().email
    long = "URGENT: " + "contamination found in several bales of the lot " * 3
    type(email).objects.filter(pk=email.pk).update(subject=long)
    page = login(client, staff["triager"]).get(
        reverse("admin:triage_inboundemail_changelist")).content.decode()
    row = page[page.index('id="result_list"'):]
    link = f'<a href="/triage/inboundemail/{email.pk}/change/"><span title="{long}">'
    assert link in row
