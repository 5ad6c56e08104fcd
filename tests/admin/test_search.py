"""The email list's search on PostgreSQL: every kind of search finds the right emails
(words whole, accent-free and by their stems; phrases; display names; references
exactly and by a fragment), never the false friends; each field through its own index;
ranked, with the matched words marked and escaped; and a count the page does not read
again."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.contrib import admin
from django.core.paginator import Page
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.factories import (
    CONTAMINATION,
    FREIGHT,
    HVI,
    SHORTFALL,
    login,
    make_email,
    make_escalation,
    make_forward,
    make_ticket,
)
from triage.admin.base import EstimatedCountPaginator
from triage.models import InboundEmail, Note, Ticket
from triage.search import fields
from triage.selectors import capped_count

pytestmark = pytest.mark.django_db

fulltext_migration = importlib.import_module("triage.migrations.0015_search_fulltext")
NEGATED = "08-negated-contamination.eml"


@pytest.fixture
def mailbox():
    return {CONTAMINATION: make_escalation().email, HVI: make_ticket(HVI).email,
            FREIGHT: make_forward().email, SHORTFALL: make_ticket(SHORTFALL).email,
            NEGATED: make_email(NEGATED)}


def _changelist(client, staff, params: dict):
    """The changelist as claims staff see it, with the queries it ran."""
    with CaptureQueriesContext(connection) as ctx:
        response = login(client, staff["claims"]).get(
            reverse("admin:triage_inboundemail_changelist"), params)
    assert response.status_code == 200
    return response, ctx


def _found(client, staff, q: str, **params) -> set[str]:
    response, _ = _changelist(client, staff, {"q": q, **params})
    return {e.from_address for e in response.context["cl"].result_list}


def _senders(mailbox, *samples) -> set[str]:
    return {mailbox[s].from_address for s in samples}


# --- every kind of search ---------------------------------------------------------------

@pytest.mark.parametrize("q, samples", [
    ("polypropylene", [CONTAMINATION]),  # a word of the body
    ("POLYPROPYLENE", [CONTAMINATION]),  # in any case
    ("shortfalls", [SHORTFALL, NEGATED]),  # English stem: shortfall
    ("downgrading", [CONTAMINATION]),  # English stem: "downgraded" and "downgrading"
    ("reclamações", [HVI]),  # Portuguese stem: the subject says "Reclamação"
    ("contaminacao", [HVI, CONTAMINATION, NEGATED]),  # accent-free: "contaminação", and
    # its stem is the English word's: the desk reads both languages
    ("reclamacoes", [HVI]),  # accent-free and plural
    ("ressarcimentos", [HVI]),  # Portuguese plural of a word of the body
    ("Fiação Nordeste", [HVI]),  # the sender's display name
    ("fiacao nordeste", [HVI]),  # ... without its accents
    ("fiacaonordeste", [HVI]),  # a word of the sender's address
    ("Li Wei", [CONTAMINATION]),  # not the two "weight" emails
    ("Anatolia weight", [SHORTFALL]),  # two terms: both must match
    ("Jiangsu weight", []),
])
def test_words_are_found_whole_accent_free_and_by_their_stems(client, staff, mailbox, q,
                                                               samples):
    assert _found(client, staff, q) == _senders(mailbox, *samples)


@pytest.mark.parametrize("q", ["Wei", "wei", "weig", "Contam", "olypropylen"])
def test_a_word_is_never_found_inside_another_word(client, staff, mailbox, q):
    """The false friends: "Wei" is in "weight", "contam" in "contamination"; a word
    typed is a whole word (or one of its stems), not a substring."""
    found = _found(client, staff, q)
    assert mailbox[SHORTFALL].from_address not in found
    assert found <= _senders(mailbox, CONTAMINATION)  # "Wei" is Li Wei's own word
    assert (q.lower() == "wei") == bool(found)


@pytest.mark.parametrize("q, samples", [
    ('"bank transfer"', [FREIGHT]),
    ('"transfer bank"', []),  # the words in their order
    ('"diferenca de qualidade"', [HVI]),  # accent-free, stop words kept
    ('"weight shortfall"', [SHORTFALL, NEGATED]),
    ('"shortfall weight"', []),
    ('"contaminated yarn"', [CONTAMINATION]),
    ('"contaminated yarns"', []),  # a phrase is its words as written, not their stems
])
def test_a_phrase_in_quotes_is_its_words_in_order(client, staff, mailbox, q, samples):
    assert _found(client, staff, q) == _senders(mailbox, *samples)


@pytest.mark.parametrize("q, samples", [
    ("CT-2026-0142", [CONTAMINATION]),  # a contract, whole
    ("ct-2026-0142", [CONTAMINATION]),
    ("0142", [CONTAMINATION]),  # ... or a fragment of it
    ("BR-2026/114", [HVI]),
    ("88/A", [CONTAMINATION]),  # a lot
    ("INV-778", [FREIGHT]),  # a fragment of the subject's reference
    ("oceanic-fr", [FREIGHT]),  # of the sender's address
    ("li.wei@jiangsu-mills.example.cn", [CONTAMINATION]),
    ("CT-2026-0142 Jiangsu", [CONTAMINATION]),
    ("CT-2026-0142 Anatolia", []),
])
def test_identifiers_are_found_exactly_or_by_a_fragment(client, staff, mailbox, q, samples):
    assert _found(client, staff, q) == _senders(mailbox, *samples)


def test_a_message_id_is_found_whole_and_not_by_a_part(client, staff, mailbox):
    hvi = mailbox[HVI]
    assert _found(client, staff, hvi.message_id.upper()) == {hvi.from_address}
    assert _found(client, staff, hvi.message_id[:-3]) == set()


def test_a_ticket_number_is_found_whole_or_by_a_fragment(client, staff, mailbox):
    Ticket.objects.filter(email=mailbox[SHORTFALL]).update(arbitration_number="ARB-2026-000417")
    assert _found(client, staff, "ARB-2026-000417") == _senders(mailbox, SHORTFALL)
    assert _found(client, staff, "arb-2026-000417") == _senders(mailbox, SHORTFALL)
    assert _found(client, staff, "000417") == _senders(mailbox, SHORTFALL)
    assert _found(client, staff, "ARB-2026-000418") == set()


def test_a_search_with_a_filter_finds_only_the_filtered_matches(client, staff, mailbox):
    assert _found(client, staff, "contamination") == _senders(mailbox, CONTAMINATION, NEGATED,
                                                              HVI)
    assert _found(client, staff, "contamination", status__exact="escalated") == _senders(
        mailbox, CONTAMINATION)


def test_the_attachments_text_is_searched(client, staff, mailbox):
    InboundEmail.objects.filter(pk=mailbox[FREIGHT].pk).update(
        attachment_text="invoice.pdf\nDemurrage charges for the vessel Aurora")
    assert _found(client, staff, "demurrage") == _senders(mailbox, FREIGHT)


def test_words_of_the_html_are_searched_and_kept_current(client, staff, mailbox):
    """The stored words follow every write (a trigger): a word added to the HTML's text is
    found, a word removed is not."""
    InboundEmail.objects.filter(pk=mailbox[FREIGHT].pk).update(html_text="Hidden tariff")
    assert _found(client, staff, "tariff") == _senders(mailbox, FREIGHT)
    InboundEmail.objects.filter(pk=mailbox[FREIGHT].pk).update(html_text="")
    assert _found(client, staff, "tariff") == set()


# --- ranked, marked, and said -------------------------------------------------------------

def test_best_matches_come_first_then_the_newest(client, staff, mailbox):
    """The claim says "contamination" in its subject, the others only in their body:
    the claim comes first although the others are newer, then the newest."""
    now = timezone.now()
    for days, sample in ((3, CONTAMINATION), (2, HVI), (1, NEGATED)):
        InboundEmail.objects.filter(pk=mailbox[sample].pk).update(
            received_at=now - timedelta(days=days))
    response, _ = _changelist(client, staff, {"q": "contamination"})
    assert [e.pk for e in response.context["cl"].result_list] == [
        mailbox[CONTAMINATION].pk, mailbox[NEGATED].pk, mailbox[HVI].pk]
    assert "Best matches first, then newest." in response.content.decode()


def test_matched_words_are_marked_and_the_sender_s_markup_is_escaped(client, staff,
                                                                       mailbox):
    InboundEmail.objects.filter(pk=mailbox[FREIGHT].pk).update(
        subject='<b onclick="x()">Contaminated</b> freight & co \ue000sneaky\ue001')
    page = _changelist(client, staff, {"q": "contamination"})[0].content.decode()
    assert "&lt;b onclick=&quot;x()&quot;&gt;<mark>Contaminated</mark>&lt;/b&gt; freight " \
           "&amp; co sneaky" in page
    assert "<mark>Contamination</mark> claim" in page  # the claim's own subject
    assert "<b onclick" not in page


def test_the_search_says_what_it_searched(client, staff, mailbox):
    page = _changelist(client, staff, {"q": "polypropylene"})[0].content.decode()
    assert "Searched subject, body, sender, attachments, sender address" in page


def test_no_match_says_where_it_looked_and_where_the_words_are(client, staff, mailbox):
    email = mailbox[CONTAMINATION]
    Note.objects.create(email=email, author=staff["desk"], body="Xylophones at the port")
    response, _ = _changelist(client, staff, {"q": "xylophone"})
    page = response.content.decode()
    assert list(response.context["cl"].result_list) == []
    assert "No inbound email has “xylophone” in subject, body, sender, attachments" in page
    assert f'href="{reverse("admin:triage_note_changelist")}?q=xylophone"' in page
    assert "1 note does" in page
    page = _changelist(client, staff, {"q": "nowhere-at-all"})[0].content.decode()
    assert "No inbound email has “nowhere-at-all”" in page and "does" not in page


def test_the_sqlite_fallback_is_plain_and_says_so(client, staff, mailbox, monkeypatch):
    """Without PostgreSQL's full text (the demo's SQLite), words are substrings as
    typed, and the search box says so."""
    monkeypatch.setattr(fields, "full_text", lambda: False)
    response, _ = _changelist(client, staff, {"q": "polypropylene"})
    assert {e.pk for e in response.context["cl"].result_list} == {mailbox[CONTAMINATION].pk}
    assert "Plain search (SQLite demo)" in response.content.decode()
    assert _found(client, staff, "contaminacao") == set()  # no accent folding there


# --- one index per field, a count read once -------------------------------------------------

@pytest.mark.parametrize("term", ["CT-4242", "contamination", '"bank transfer"'])
def test_each_search_field_is_served_by_an_index(mailbox, term):
    """With sequential scans priced out, the plan of each field's lookup reaches it
    through its index: none of them reads the whole mailbox."""
    model_admin = admin.site.get_model_admin(InboundEmail)
    with CaptureQueriesContext(connection) as ctx:
        model_admin.get_search_results(None, InboundEmail.objects.all(), term)
    plans = []
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        for query in ctx.captured_queries:
            if query["sql"].startswith("EXPLAIN"):  # the terms' estimates
                continue
            cursor.execute(f"EXPLAIN {query['sql']}")
            plans.append("\n".join(row[0] for row in cursor.fetchall()))
    assert not [plan for plan in plans if "Seq Scan" in plan]
    names = ["triage_email_search"]
    if term.startswith("CT"):
        names += ["triage_email_sender_trgm", "triage_email_subject_trgm",
                  "triage_email_msgid_upper", "triage_run_contract_trgm", "triage_run_lot_trgm",
                  "triage_ticket_number_trgm"]
    for name in names:
        assert name in "\n".join(plans), (name, plans)


def test_the_full_text_indexes_are_postgresql_only():
    executed: list[str] = []

    class Editor:
        class connection:  # noqa: N801 - the schema editor's attribute
            vendor = "sqlite"
        execute = staticmethod(executed.append)

    fulltext_migration.create(None, Editor)
    fulltext_migration.drop(None, Editor)
    assert executed == []


def test_a_filtered_count_is_exact_up_to_the_cap_and_estimated_above(mailbox):
    emails = InboundEmail.objects.all()
    assert capped_count(emails, cap=10) == 5
    assert capped_count(emails, cap=2) >= 3


def test_a_term_matching_more_than_the_id_cap_is_still_searched(client, staff, mailbox,
                                                                 monkeypatch):
    monkeypatch.setattr("triage.search.matching.SEARCH_IDS_MAX", 1)
    every = {e.from_address for e in mailbox.values()}
    assert _found(client, staff, "example") == every  # broad: an OR along the dates
    claim = mailbox[CONTAMINATION]
    assert _found(client, staff, f"example {claim.current_run.contract_reference}") == {
        claim.from_address}


def _count_reads(ctx) -> list[str]:
    """The captured queries that count the page's emails by reading them."""
    return [q["sql"] for q in ctx.captured_queries
            if q["sql"].startswith("SELECT COUNT(*)") and "triage_inboundemail" in q["sql"]]


@pytest.fixture
def tiny_caps(monkeypatch):
    """Both caps at 1: five emails then behave like a mailbox with 10,000+ matches.
    (Every term is probed: a five-email table's estimates say nothing.)"""
    monkeypatch.setattr("triage.search.matching.SEARCH_IDS_MAX", 1)
    monkeypatch.setattr("triage.search.matching.BROAD_ESTIMATE", 10**9)
    monkeypatch.setattr(EstimatedCountPaginator, "exact_up_to", 1)


def test_a_term_estimated_far_above_the_cap_is_not_read(client, staff, mailbox,
                                                        monkeypatch):
    """PostgreSQL estimates the term at more than the cap: its ids are
    not read (no probe), and its matches are still listed, newest first."""
    monkeypatch.setattr("triage.search.matching.BROAD_ESTIMATE", 0)
    response, ctx = _changelist(client, staff, {"q": "contamination"})
    probes = [q["sql"] for q in ctx.captured_queries
              if q["sql"].startswith('SELECT "triage_inboundemail"."id" FROM')]
    assert probes == []
    assert {e.pk for e in response.context["cl"].result_list} == {
        mailbox[s].pk for s in (CONTAMINATION, NEGATED, HVI)}
    assert "Best matches first" not in response.content.decode()


def test_a_count_does_not_mark_or_rank_the_rows_it_counts(client, staff, mailbox):
    """The page's marks are one query for its rows, never part of the count."""
    _, ctx = _changelist(client, staff, {"q": "contamination", "status__exact": "escalated"})
    counts = [q["sql"] for q in ctx.captured_queries if "COUNT(*)" in q["sql"]]
    assert counts and not [sql for sql in counts if "ts_headline" in sql or "ts_rank" in sql]


def test_a_broad_term_alone_is_not_read_twice_to_count_it(client, staff, mailbox, tiny_caps):
    """The search's id probe has already seen more matches than the cap: the page takes
    PostgreSQL's estimate instead of counting every match again, and still lists them."""
    response, ctx = _changelist(client, staff, {"q": "example"})
    cl = response.context["cl"]
    assert {e.from_address for e in cl.result_list} == {
        e.from_address for e in mailbox.values()}
    assert cl.result_count >= 2  # more than the cap, as the probe saw
    assert _count_reads(ctx) == []


@pytest.mark.parametrize("params", [
    {"q": "example", "status__exact": "escalated"},  # a filter: the probe saw all mail
    {"q": "example .example"},  # two broad terms: their intersection may be small
])
def test_a_broad_term_with_a_filter_or_another_is_not_counted_by_reading_it(
        client, staff, mailbox, tiny_caps, params):
    """Counting would read every match again: the page reads one page of matches and
    more, and when they fit on it, that is the count, exactly (else the estimate)."""
    response, ctx = _changelist(client, staff, params)
    cl = response.context["cl"]
    matching = [e for e in mailbox.values() if e.status == params.get("status__exact",
                                                                      e.status)]
    assert {e.from_address for e in cl.result_list} == {e.from_address for e in matching}
    assert _count_reads(ctx) == []
    assert cl.result_count == len(matching)


def test_many_narrow_matches_are_listed_by_their_conditions_not_their_ids(
        client, staff, mailbox, monkeypatch):
    """Over ``read_ids_up_to`` ids (matches in so many emails that a page comes sooner
    along the dates), the page's query carries the terms, not the ids; the count is
    still the search's own, exactly."""
    monkeypatch.setattr("triage.search.matching.IDS_IN_QUERY", 1)
    monkeypatch.setattr("triage.search.matching.estimated_count", lambda model: 0)
    response, ctx = _changelist(client, staff, {"q": "contamination"})
    cl = response.context["cl"]
    assert {e.pk for e in cl.result_list} == {mailbox[s].pk for s in (CONTAMINATION, NEGATED,
                                                                      HVI)}
    assert cl.result_count == 3 and _count_reads(ctx) == []
    page = [q["sql"] for q in ctx.captured_queries if "ORDER BY" in q["sql"]
            and '"triage_inboundemail"."subject"' in q["sql"]]
    assert page and all("search_vector @@" in sql and " IN (" not in sql for sql in page)


def test_narrow_terms_are_counted_once_by_the_search_itself(client, staff, mailbox):
    """Every term matched at most 10,000 emails: the ids the search read are the
    results, so their number is the page's count, exactly, without a count query."""
    response, ctx = _changelist(client, staff, {"q": "contract"})
    cl = response.context["cl"]
    assert cl.result_count == len(cl.result_list) == 3
    assert _count_reads(ctx) == []
    claim = mailbox[CONTAMINATION]
    response, ctx = _changelist(client, staff, {"q": f"contract {claim.from_address}"})
    cl = response.context["cl"]
    assert cl.result_count == 1 and [e.pk for e in cl.result_list] == [claim.pk]
    assert _count_reads(ctx) == []


@pytest.mark.parametrize("order", ["broad first", "narrow first"])
def test_a_broad_term_is_looked_up_among_what_a_narrow_term_found(client, staff, mailbox,
                                                                  tiny_caps, order):
    """Whichever order the terms are typed in (and however the estimate orders them),
    the broad one ends up looked up by id among the narrow one's matches: the results
    are exact and counted from those ids, with no count query."""
    claim = mailbox[CONTAMINATION]
    terms = ["example", claim.current_run.contract_reference]
    q = " ".join(terms if order == "broad first" else terms[::-1])
    response, ctx = _changelist(client, staff, {"q": q})
    cl = response.context["cl"]
    assert [e.pk for e in cl.result_list] == [claim.pk] and cl.result_count == 1
    assert _count_reads(ctx) == []
    response, ctx = _changelist(client, staff, {"q": q.replace("example", "nosuchword")})
    cl = response.context["cl"]
    assert list(cl.result_list) == [] and cl.result_count == 0


def test_an_email_matching_two_fields_does_not_hide_another_match(client, staff, mailbox,
                                                                  tiny_caps):
    """One email matches the term in its sender and its subject, another in its subject:
    two matches, over the cap of 1, so both are found (a cut across the fields' rows
    together would have seen the first email twice and stopped there)."""
    first, second = mailbox[CONTAMINATION], mailbox[FREIGHT]
    InboundEmail.objects.filter(pk=first.pk).update(from_address="qa@acme-dup.example",
                                                    subject="acme-dup: claim")
    InboundEmail.objects.filter(pk=second.pk).update(subject="about acme-dup")
    response, _ = _changelist(client, staff, {"q": "acme-dup"})
    cl = response.context["cl"]
    assert {e.pk for e in cl.result_list} == {first.pk, second.pk}
    assert cl.result_count >= 2


def test_a_filter_estimated_far_past_the_cap_is_not_counted(client, staff, mailbox,
                                                            monkeypatch):
    """A status filter PostgreSQL expects at twice the cap or more takes the estimate:
    counting it to the cap read 8,000 heap pages at a million emails. Below that, the
    count is exact up to the cap."""
    monkeypatch.setattr(EstimatedCountPaginator, "exact_up_to", 2)
    monkeypatch.setattr("triage.admin.base.planned_rows", lambda queryset: 4)
    response, ctx = _changelist(client, staff, {"status__exact": "escalated"})
    assert response.context["cl"].result_count == 4
    assert _count_reads(ctx) == []
    monkeypatch.setattr("triage.admin.base.planned_rows", lambda queryset: 3)
    response, ctx = _changelist(client, staff, {"status__exact": "escalated"})
    assert response.context["cl"].result_count == 1 and _count_reads(ctx)


def test_a_filter_that_lists_nothing_is_not_sent_to_be_planned(client, staff, mailbox):
    """A filter Django knows matches no row (a figure the quality page never links) has
    no query, so no plan to estimate from: the list is empty, not a server error."""
    from triage.models import InboundEmail
    from triage.selectors import planned_rows

    assert planned_rows(InboundEmail.objects.none()) == 0
    assert planned_rows(InboundEmail.objects.filter(pk__in=[])) == 0
    assert planned_rows(InboundEmail.objects.all()) >= 0
    response, _ = _changelist(client, staff, {"quality": "everything"})
    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == []


@pytest.mark.parametrize("emails, ids", [(20_000, 2_000), (100_000, 4_472),
                                         (1_000_000, 14_142)])
def test_a_page_reads_a_term_s_ids_while_that_costs_less_than_walking_the_dates(
        monkeypatch, emails, ids):
    """n ids cost n lookups; walking the dates to a page of 100 checks 100 * rows / n
    emails' words: the page reads the ids up to where the two meet, which grows as the
    square root of the mailbox (a phrase in 4,416 of a million emails walked 22,000)."""
    from triage.search import matching

    monkeypatch.setattr(matching, "estimated_count", lambda model: emails)
    assert matching.read_ids_up_to(InboundEmail) == ids


def _pages(client, staff, q: str) -> list[list[int]]:
    pages = []
    for page in (0, 1):
        response, ctx = _changelist(client, staff, {"q": q, "p": page + 1})
        pages.append(([e.pk for e in response.context["cl"].result_list], ctx))
    return pages


@pytest.mark.parametrize("q", ["contamination", "example"])
def test_a_searched_page_reads_its_rows_by_their_ids(client, staff, mailbox, monkeypatch,
                                                      q):
    """A searched page is chosen over the emails alone and only its own rows are read
    with their run, escalation and ticket: in one query PostgreSQL joined every match
    (9,821 emails with a sender's name) to the three tables before sorting them for a
    page. The same rows, in the same order, page by page."""
    model_admin = admin.site.get_model_admin(InboundEmail)
    monkeypatch.setattr(model_admin, "list_per_page", 2)
    keys_first = _pages(client, staff, q)
    for _, ctx in keys_first:
        joined = [query["sql"] for query in ctx.captured_queries
                  if 'JOIN "triage_triagerun"' in query["sql"]
                  and '"triage_inboundemail"."subject"' in query["sql"]]
        assert joined and all("search_vector" not in sql and ' IN (' in sql
                              for sql in joined), joined
    monkeypatch.setattr(EstimatedCountPaginator, "_get_page",
                        lambda self, rows, number, paginator: Page(rows, number, paginator))
    one_query = _pages(client, staff, q)
    assert [rows for rows, _ in keys_first] == [rows for rows, _ in one_query]
    assert sum(len(rows) for rows, _ in keys_first) >= 3



def test_a_searched_page_s_queries_do_not_grow_with_its_rows(client, staff, mailbox,
                                                             monkeypatch):
    """Each row's run, escalation, ticket and owner come with the page's rows, read by
    their ids: a page of twice the rows, the same number of queries."""
    for _ in range(6):
        make_escalation()
    model_admin = admin.site.get_model_admin(InboundEmail)
    _changelist(client, staff, {"q": "contamination"})  # the session, once
    counts = []
    for per_page in (2, 4):
        monkeypatch.setattr(model_admin, "list_per_page", per_page)
        response, ctx = _changelist(client, staff, {"q": "contamination"})
        assert len(response.context["cl"].result_list) == per_page
        assert response.context["cl"].multi_page
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1], counts
