"""The decision quality page: a month of staff verdicts driven through the services
(``tests/quality_month.py``) reads the same on the page, in ``triage_quality --json``
and in ``/metrics``; each number lists the emails behind it; an erasure keeps the
figures and takes the email out of the lists; who may see it; both languages under the
strict Content-Security-Policy."""

from __future__ import annotations

import json
import re
from io import StringIO

import lxml.html
import pytest
from django.contrib.auth.models import Permission
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from tests.admin.test_site import INLINE
from tests.factories import login, make_user
from tests.quality_month import (
    BACKSTOP,
    BANK,
    ERASED_SENDER,
    EXPECTED_7_DAYS,
    EXPECTED_30_DAYS,
    MEASURES,
    MODEL,
    emails_of,
    escalated_by_correction,
    figures,
    month,
)
from triage import roles
from triage.services.privacy import sender_erase

pytestmark = pytest.mark.django_db
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9,en;q=0.5"}
QUALITY = "/quality/"


def _page(client, **headers) -> lxml.html.HtmlElement:
    response = client.get(QUALITY, **headers)
    assert response.status_code == 200
    return lxml.html.fromstring(response.content)


def _row(page, source: str) -> tuple[int, ...]:
    cells = page.get_element_by_id(f"source-{source.replace(':', '-')}").findall("td")
    numbers = [c.text_content().strip() for c in cells]
    # fired, confirmed, overturned, open | precision | missed
    return tuple(int(n) for n in numbers[:4] + numbers[5:])


def _precision(page, source: str) -> str:
    row = page.get_element_by_id(f"source-{source.replace(':', '-')}")
    return row.find_class("triage-precision")[0].text_content().strip()


def _link(page, source: str, measure: str) -> str:
    cells = page.get_element_by_id(f"source-{source.replace(':', '-')}").findall("td")
    index = {"fired": 0, "confirmed": 1, "overturned": 2, "open": 3, "missed": 5}[measure]
    return cells[index].find("a").get("href")


def _listed(client, url: str) -> set[int]:
    html = client.get(url).content.decode()
    return {int(pk) for pk in re.findall(r'href="/triage/inboundemail/(\d+)/change/', html)}


def _metrics(client) -> dict[tuple, float]:
    out = {}
    for family in text_string_to_metric_families(client.get("/metrics").content.decode()):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def test_a_month_of_verdicts_reads_the_same_on_the_page_in_the_command_and_the_metrics(
        client, staff):
    e = month(staff)
    assert escalated_by_correction(e)  # the corrected amount crossed the backstop

    login(client, staff["triager"])
    page = _page(client)
    for source, expected in EXPECTED_30_DAYS.items():
        assert _row(page, source) == expected, source
    assert _precision(page, MODEL) == "55.6%" and _precision(page, BACKSTOP) == "33.3%"
    assert _precision(page, BANK) == "50.0%"

    out = StringIO()
    call_command("triage_quality", "--json", stdout=out)
    report = json.loads(out.getvalue())
    assert {k: v for k, v in figures(report).items() if k in EXPECTED_30_DAYS} \
        == EXPECTED_30_DAYS
    assert {r["source"]: r["precision"] for r in report["sources"]}[MODEL] == pytest.approx(5 / 9)

    # The gauges are the last seven days': four decisions of the twelve.
    samples = _metrics(client)
    for source, expected in EXPECTED_7_DAYS.items():
        got = tuple(samples[("triage_quality_decisions",
                             (("outcome", m), ("source", source)))] for m in MEASURES)
        assert got == expected, source
    assert samples[("triage_quality_precision", (("source", MODEL),))] == pytest.approx(1 / 3)
    assert samples[("triage_quality_precision", (("source", BANK),))] == 0
    # The backstop fired nothing this week: no precision sample, not a made-up 0.
    assert ("triage_quality_precision", (("source", BACKSTOP),)) not in samples
    assert samples[("triage_quality_overturned_share", ())] == pytest.approx(3 / 4)
    assert samples[("triage_quality_route_changed_share", (("route", "ticket"),))] == 1


def test_each_number_lists_the_emails_behind_it_and_no_words_of_theirs(client, staff):
    e = month(staff)
    login(client, staff["triager"])
    response = client.get(QUALITY)
    page = lxml.html.fromstring(response.content)
    assert _listed(client, _link(page, MODEL, "overturned")) == emails_of(
        e, "dismissed", "missed_ticket", "rejected", "rerouted")
    assert _listed(client, _link(page, MODEL, "missed")) == emails_of(
        e, "missed_ticket", "rerouted")
    assert _listed(client, _link(page, BACKSTOP, "missed")) == emails_of(e, "missed_ticket")
    assert _listed(client, _link(page, BANK, "confirmed")) == emails_of(e, "bank_escalated")
    corrected = page.get_element_by_id("field-lot_reference").find(".//a").get("href")
    assert _listed(client, corrected) == emails_of(e, "corrected")
    # The list says which figure it is.
    listing = client.get(_link(page, BACKSTOP, "overturned")).content.decode()
    assert "Backstop: exposure at or above the threshold, overturned by staff" in listing
    # Counts and links only: no subject, sender or body reaches the page.
    html = response.content.decode()
    for words in ("Contamination claim", "li.wei@", "Jiangsu", "Oceanic", "bank details",
                  "IBAN", "settled with the mill"):
        assert words not in html


def test_an_erasure_keeps_the_figures_and_takes_the_email_out_of_the_lists(client, staff):
    e = month(staff)
    login(client, staff["triager"])
    before = _page(client)
    link = _link(before, BACKSTOP, "overturned")
    assert _listed(client, link) == emails_of(e, "dismissed", "backstop_only")

    erased = sender_erase(ERASED_SENDER, requested_by="the mill's DPO", reason="verified")
    assert erased["erased"] == [e["dismissed"].email_id]
    after = _page(client)
    for source in EXPECTED_30_DAYS:
        assert _row(after, source) == _row(before, source), source
    assert _listed(client, link) == emails_of(e, "backstop_only")


def test_the_triage_admins_and_the_desk_lead_see_it_nobody_else(client, staff):
    month(staff)
    for name in ("desk", "claims"):
        login(client, staff[name])
        assert client.get(QUALITY).status_code == 403
        assert b"quality-link" not in client.get(reverse("admin:index")).content
        # Nor the emails behind a figure.
        link = f"{reverse('admin:triage_inboundemail_changelist')}?quality=" \
               "2026-01-01,2026-12-31,decisions:decided"
        assert _listed(client, link) == set()
    lead = make_user("desklead", roles.TRADING_DESK)
    lead.user_permissions.add(Permission.objects.get(codename="view_quality"))
    login(client, type(lead).objects.get(pk=lead.pk))  # a fresh permission cache
    assert client.get(QUALITY).status_code == 200
    assert b"quality-link" in client.get(reverse("admin:index")).content
    login(client, staff["triager"])
    assert b"quality-link" in client.get(reverse("admin:index")).content
    # A figure the page never links lists nothing, rather than every email.
    changelist = reverse("admin:triage_inboundemail_changelist")
    for made_up in ("everything", "2026-01-01,2026-12-31,source:model:offline:all",
                    "2026-12-31,2026-01-01,decisions:decided"):
        assert _listed(client, f"{changelist}?quality={made_up}") == set(), made_up
    assert _listed(client, f"{changelist}?quality=2020-01-01,2020-12-31,decisions:decided") \
        == set()


def test_the_period_is_chosen_and_a_wrong_one_refused(client, staff):
    month(staff)
    login(client, staff["triager"])
    today = timezone.localdate()
    week = lxml.html.fromstring(client.get(
        QUALITY, {"since": (today - timezone.timedelta(days=6)).isoformat(),
                  "until": today.isoformat()}).content)
    assert _row(week, MODEL) == EXPECTED_7_DAYS[MODEL]
    refused = client.get(QUALITY, {"since": today.isoformat(),
                                   "until": (today - timezone.timedelta(days=3)).isoformat()})
    assert refused.status_code == 200
    assert "The period must start before it ends." in refused.content.decode()


def test_the_page_speaks_portuguese_and_needs_no_inline_code(client, staff):
    month(staff)
    login(client, staff["triager"])
    english = client.get(QUALITY)
    portuguese = client.get(QUALITY, **PT)
    for response in (english, portuguese):
        html = response.content.decode()
        policy = response["Content-Security-Policy"]
        assert "style-src 'self'" in policy and "unsafe-inline" not in policy
        assert not INLINE.search(html)
        assert "<svg" in html and 'role="img"' in html
    html = portuguese.content.decode()
    page = lxml.html.fromstring(portuguese.content)
    assert '<html lang="pt-br"' in html
    for words in ("Qualidade das decisões", "Por origem", "Backstop: exposição no limite ou "
                  "acima", "Modelo: provedor offline (simulado)", "precisão"):
        assert words in html, words
    assert _precision(page, MODEL) == "55,6%"
    assert re.search(r"\d\d/\d\d/\d{4}", page.get_element_by_id("quality-weeks").text_content())
