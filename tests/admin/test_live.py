"""The live counts' endpoint (``admin:live``): staff only, each part only to whoever
may see its page, never cached, a few queries whatever it is asked; and the pages that
poll it carry what they saw as they were drawn."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.factories import login, make_email, make_escalation, make_ticket, make_user
from triage.services import notes

pytestmark = pytest.mark.django_db
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-BR"}


def live_url(page: str) -> str:
    """The endpoint address a page was drawn with (its ``#triage-live`` mark)."""
    return unescape(re.search(r'id="triage-live" data-url="([^"]+)"', page).group(1))


def test_the_dashboard_counts_what_arrived_since_it_was_drawn(client, staff):
    make_escalation()
    login(client, staff["desk"])
    page = client.get(reverse("admin:index")).content.decode()
    assert 'data-live="queue-desk-total">1<' in page and 'data-live="status-received"' in page
    url = live_url(page)
    first = client.get(url).json()
    assert first["new"] == 0 and first["new_words"] == ""
    assert first["counts"]["queue-desk-total"] == 1

    make_email()
    make_escalation()
    answer = client.get(url).json()
    assert answer["new"] == 2 and answer["new_words"] == \
        "2 new emails since you looked: show them"
    assert answer["counts"]["queue-desk-total"] == 2
    assert answer["counts"]["status-queued"] == 1
    pt = client.get(url, **PT).json()
    assert pt["new_words"] == "2 novos e-mails desde que você olhou: mostrar"


def test_it_is_never_cached_and_costs_a_few_queries(client, staff, django_assert_max_num_queries):
    login(client, staff["claims"])
    url = live_url(client.get(reverse("admin:index")).content.decode())
    with django_assert_max_num_queries(14):
        response = client.get(url)
    assert "no-store" in response["Cache-Control"]
    assert response["Content-Type"] == "application/json"


def test_each_list_counts_its_own_items(client, staff):
    login(client, staff["claims"])
    url = live_url(client.get(reverse("admin:triage_ticket_changelist")).content.decode())
    make_escalation()
    assert client.get(url).json()["new"] == 0
    make_ticket()
    escalations_url = live_url(client.get(
        reverse("admin:triage_escalation_changelist")).content.decode())
    make_escalation()
    assert client.get(escalations_url, **PT).json()["new_words"] == \
        "1 nova escalação desde que você olhou: mostrar"
    assert client.get(url).json()["new_words"] == "1 new ticket since you looked: show it"
    assert "counts" not in client.get(url).json()
    assert client.get(url, **PT).json()["new_words"] == \
        "1 novo ticket desde que você olhou: mostrar"


def test_an_item_page_hears_that_its_item_changed(client, staff):
    esc = make_escalation()
    login(client, staff["desk"])
    page = client.get(reverse("admin:triage_escalation_change", args=[esc.pk])).content.decode()
    url = live_url(page)
    assert client.get(url).json()["changed"] is False
    notes.note_add(esc.email_id, staff["desk2"], body="Called the mill.")
    answer = client.get(url).json()
    assert answer["changed"] is True
    assert answer["changed_words"] == "This item changed since you opened it: reload it"
    assert client.get(url, **PT).json()["changed_words"] == \
        "Este item mudou desde que você o abriu: recarregar"


def test_only_staff_who_may_see_the_page_are_answered(client, staff):
    login(client, staff["desk"])
    url = live_url(client.get(reverse("admin:index")).content.decode())
    client.logout()
    assert client.get(url).status_code == 302  # to the login
    login(client, make_user("nobody"))  # staff, in no group
    assert client.get(url).status_code == 403
    assert client.get(reverse("admin:live") + "?new=ticket&since=0").status_code == 403
    login(client, staff["desk"])
    assert client.get(reverse("admin:live") + "?new=user&since=0").status_code == 403
    assert client.get(reverse("admin:live")).status_code == 400
