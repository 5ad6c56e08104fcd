"""The changelist's free-text search: Django's semantics, each field through its own
index on PostgreSQL (migration 0009), and the same answers on any database."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest
from django.contrib import admin
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import (
    CONTAMINATION,
    FREIGHT,
    HVI,
    login,
    make_escalation,
    make_forward,
    make_ticket,
)
from triage.admin.base import EstimatedCountPaginator
from triage.models import InboundEmail
from triage.selectors import capped_count

pytestmark = pytest.mark.django_db

search_indexes = importlib.import_module("triage.migrations.0009_search_indexes")


@pytest.fixture
def mailbox():
    return {CONTAMINATION: make_escalation().email, HVI: make_ticket(HVI).email,
            FREIGHT: make_forward().email}


def _changelist(client, staff, params: dict):
    """The changelist as claims staff see it, with the queries it ran."""
    with CaptureQueriesContext(connection) as ctx:
        response = login(client, staff["claims"]).get(
            reverse("admin:triage_inboundemail_changelist"), params)
    assert response.status_code == 200
    return response.context["cl"], ctx


def _found(client, staff, q: str) -> set[str]:
    cl, _ = _changelist(client, staff, {"q": q})
    return {e.from_address for e in cl.result_list}


def test_search_matches_part_of_a_sender_or_subject_in_any_case(client, staff, mailbox):
    invoice = mailbox["04-freight-invoice.eml"]
    assert _found(client, staff, invoice.from_address.split("@")[1][:8].upper()) == {
        invoice.from_address}
    assert _found(client, staff, invoice.subject[3:12].lower()) == {invoice.from_address}


def test_search_matches_message_id_contract_and_lot_exactly(client, staff, mailbox):
    hvi = mailbox["02-reclamacao-hvi.eml"]
    run = hvi.current_run
    assert _found(client, staff, hvi.message_id.upper()) == {hvi.from_address}
    assert _found(client, staff, run.contract_reference.lower()) == {hvi.from_address}
    assert _found(client, staff, hvi.message_id[:-3]) == set()  # exact: no partial id


def test_every_term_must_match_and_quotes_keep_a_phrase(client, staff, mailbox):
    claim = mailbox["01-contamination-claim-ica.eml"]
    domain = claim.from_address.split("@")[1]
    assert _found(client, staff, f"{domain} {claim.current_run.contract_reference}") == {
        claim.from_address}
    assert _found(client, staff, f"{domain} no-such-word") == set()
    words = claim.subject.split()[:2]
    assert _found(client, staff, f'"{" ".join(words)}"') == {claim.from_address}


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL indexes")
def test_each_search_field_is_served_by_an_index(mailbox):
    """With sequential scans priced out, the plan of a search reaches every field
    through its index: none of the branches has to read the whole mailbox."""
    model_admin = admin.site.get_model_admin(InboundEmail)
    with CaptureQueriesContext(connection) as ctx:
        model_admin.get_search_results(None, InboundEmail.objects.all(), "CT-4242")
    lookups = [q["sql"] for q in ctx.captured_queries]  # the term's, one query a field
    assert len(lookups) == len(model_admin.search_fields)
    plans = []
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        for sql in lookups:
            cursor.execute(f"EXPLAIN {sql}")
            plans.append("\n".join(row[0] for row in cursor.fetchall()))
    assert not [plan for plan in plans if "Seq Scan" in plan]
    for name, _, _ in search_indexes.INDEXES:
        assert name in "\n".join(plans), plans


def test_the_indexes_are_postgresql_only():
    executed: list[str] = []
    editor = SimpleNamespace(connection=SimpleNamespace(vendor="sqlite"),
                             execute=executed.append)
    search_indexes.create(None, editor)
    search_indexes.drop(None, editor)
    assert executed == []
    editor.connection.vendor = "postgresql"
    search_indexes.create(None, editor)
    assert executed[0] == "CREATE EXTENSION IF NOT EXISTS pg_trgm"
    assert all("CONCURRENTLY" in sql for sql in executed[1:])


def test_a_filtered_count_is_exact_up_to_the_cap_and_estimated_above(mailbox):
    emails = InboundEmail.objects.all()
    assert capped_count(emails, cap=10) == 3
    over = capped_count(emails, cap=2)
    assert over >= 3 if connection.vendor == "postgresql" else over == 3


def test_a_term_matching_more_than_the_id_cap_is_still_searched(client, staff, mailbox,
                                                                 monkeypatch):
    monkeypatch.setattr("triage.admin.search.SEARCH_IDS_MAX", 1)
    every = {e.from_address for e in mailbox.values()}
    assert _found(client, staff, "example") == every  # broad: an OR along the dates
    claim = mailbox["01-contamination-claim-ica.eml"]
    assert _found(client, staff, f"example {claim.current_run.contract_reference}") == {
        claim.from_address}


def _count_reads(ctx) -> list[str]:
    """The captured queries that count the page's emails by reading them."""
    return [q["sql"] for q in ctx.captured_queries
            if q["sql"].startswith("SELECT COUNT(*)") and "triage_inboundemail" in q["sql"]]


@pytest.fixture
def tiny_caps(monkeypatch):
    """Both caps at 1: three emails then behave like a mailbox with 10,000+ matches."""
    monkeypatch.setattr("triage.admin.search.SEARCH_IDS_MAX", 1)
    monkeypatch.setattr(EstimatedCountPaginator, "exact_up_to", 1)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's estimate")
def test_a_broad_term_alone_is_not_read_twice_to_count_it(client, staff, mailbox, tiny_caps):
    """The search's id probe has already seen more matches than the cap: the page takes
    PostgreSQL's estimate instead of counting every match again, and still lists them."""
    cl, ctx = _changelist(client, staff, {"q": "example"})
    assert {e.from_address for e in cl.result_list} == {
        e.from_address for e in mailbox.values()}
    assert cl.result_count >= 2  # more than the cap, as the probe saw
    assert _count_reads(ctx) == []


@pytest.mark.parametrize("params", [
    {"q": "example", "status__exact": "escalated"},  # a filter: the probe saw all mail
    {"q": "example .example"},  # two broad terms: their intersection may be small
])
def test_a_broad_term_with_a_filter_or_another_term_is_counted(client, staff, mailbox,
                                                               tiny_caps, params):
    cl, ctx = _changelist(client, staff, params)
    matching = [e for e in mailbox.values() if e.status == params.get("status__exact",
                                                                      e.status)]
    assert {e.from_address for e in cl.result_list} == {e.from_address for e in matching}
    assert len(_count_reads(ctx)) == 1
    # Exact up to the cap (1 here), PostgreSQL's estimate (never below the cap) above.
    assert cl.result_count == len(matching) if len(matching) <= 1 else cl.result_count >= 2


@pytest.mark.parametrize("q", ["mill", "example"])
def test_narrow_terms_are_counted_once_by_the_search_itself(client, staff, mailbox, q):
    """Every term matched at most 10,000 emails: the ids the search read are the
    results, so their number is the page's count, exactly, without a count query."""
    expected = {e.from_address for e in mailbox.values() if q in e.from_address.lower()}
    cl, ctx = _changelist(client, staff, {"q": q})
    assert {e.from_address for e in cl.result_list} == expected
    assert cl.result_count == len(expected) and expected
    assert _count_reads(ctx) == []
    claim = mailbox["01-contamination-claim-ica.eml"]
    cl, ctx = _changelist(client, staff, {"q": f"{q} {claim.current_run.contract_reference}"})
    assert cl.result_count == 1 and [e.pk for e in cl.result_list] == [claim.pk]
    assert _count_reads(ctx) == []


def test_a_narrow_term_with_a_filter_is_counted_exactly(client, staff, mailbox):
    cl, ctx = _changelist(client, staff, {"q": "example", "status__exact": "escalated"})
    expected = [e for e in mailbox.values() if e.status == "escalated"]
    assert cl.result_count == len(expected) and expected
    assert {e.pk for e in cl.result_list} == {e.pk for e in expected}
    assert len(_count_reads(ctx)) == 1


@pytest.mark.parametrize("order", ["broad first", "narrow first"])
def test_a_broad_term_is_looked_up_among_what_a_narrow_term_found(client, staff, mailbox,
                                                                  tiny_caps, order):
    """Whichever order the terms are typed in (and however the estimate orders them),
    the broad one ends up looked up by id among the narrow one's matches: the results
    are exact and counted from those ids, with no count query."""
    claim = mailbox["01-contamination-claim-ica.eml"]
    terms = ["example", claim.current_run.contract_reference]
    q = " ".join(terms if order == "broad first" else terms[::-1])
    cl, ctx = _changelist(client, staff, {"q": q})
    assert [e.pk for e in cl.result_list] == [claim.pk] and cl.result_count == 1
    assert _count_reads(ctx) == []
    cl, ctx = _changelist(client, staff, {"q": q.replace("example", "no-such-word")})
    assert list(cl.result_list) == [] and cl.result_count == 0


def test_an_email_matching_two_fields_does_not_hide_another_match(client, staff, mailbox,
                                                                  tiny_caps):
    """One email matches the term in its sender and its subject, another in its subject:
    two matches, over the cap of 1, so both are found (a cut across the fields' rows
    together would have seen the first email twice and stopped there)."""
    first, second = mailbox["01-contamination-claim-ica.eml"], mailbox["04-freight-invoice.eml"]
    InboundEmail.objects.filter(pk=first.pk).update(from_address="qa@acme-dup.example",
                                                    subject="acme-dup: claim")
    InboundEmail.objects.filter(pk=second.pk).update(subject="about acme-dup")
    cl, _ = _changelist(client, staff, {"q": "acme-dup"})
    assert {e.pk for e in cl.result_list} == {first.pk, second.pk}
    assert cl.result_count >= 2
