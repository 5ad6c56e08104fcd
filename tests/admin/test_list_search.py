"""Every list has a search box: escalations, tickets, notes and replies are found by
their email's sender, words and references and by their own fields; an erasure takes
an address out of everything the search reads."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from tests.factories import (
    SHORTFALL,
    login,
    make_escalation,
    make_forward,
    make_ticket,
)
from triage.models import Escalation, InboundEmail, Note, Reply, Ticket
from triage.services.privacy import sender_erase

pytestmark = pytest.mark.django_db


@pytest.fixture
def work(staff):
    escalation = make_escalation(resolution_note="Surveyor confirmed: settle at half",
                                 assignee=staff["desk"])
    ticket = make_ticket(SHORTFALL, arbitration_number="ARB-2026-000123",
                         assignee=staff["claims"], rejection_reason="")
    freight = make_forward().email
    Note.objects.create(email=escalation.email, author=staff["desk"],
                        target=f"escalation:{escalation.pk}",
                        body="Called the mill: the bales are quarantined in Nantong")
    Note.objects.create(email=ticket.email, author=staff["claims"], body="Waiting for Cotecna")
    Reply.objects.create(email=freight, author=staff["triager"], to_address=freight.from_address,
                         subject="Re: Invoice INV-77812", message_id="<r1@triage.example>",
                         body="We will pay the invoice once the vessel sails.", state="sent")
    return {"escalation": escalation, "ticket": ticket, "freight": freight}


def _found(client, user, model: str, q: str) -> set[int]:
    response = login(client, user).get(reverse(f"admin:triage_{model}_changelist"), {"q": q})
    assert response.status_code == 200
    assert 'id="searchbar"' in response.content.decode()
    return {row.pk for row in response.context["cl"].result_list}


@pytest.mark.parametrize("q", [
    "Jiangsu",  # the email's sender's display name
    "li.wei@jiangsu-mills.example.cn",  # its address
    "polypropylene",  # a word of its body
    "contaminated",  # ... by its stem
    "CT-2026-0142",  # its contract
    "0142",  # a fragment of it
    "surveyor settles",  # the desk's own resolution note, stemmed
    "desk1",  # its owner
])
def test_the_escalation_list_finds_by_its_email_and_its_own_fields(client, staff, work, q):
    assert _found(client, staff["desk"], "escalation", q) == {work["escalation"].pk}


@pytest.mark.parametrize("q", ["Anatolia", "shortfall", "TR-2026-031", "ARB-2026-000123",
                               "000123", "claims1"])
def test_the_ticket_list_finds_by_its_email_and_its_own_fields(client, staff, work, q):
    assert _found(client, staff["claims"], "ticket", q) == {work["ticket"].pk}


def test_a_word_in_no_ticket_finds_none(client, staff, work):
    assert _found(client, staff["claims"], "ticket", "Wei") == set()
    assert _found(client, staff["claims"], "ticket", "ARB-2026-000124") == set()


@pytest.mark.parametrize("q, which", [
    ("quarantine", "escalation"),  # the note's own words, stemmed
    ("Nantong quarantined", "escalation"),
    ("Cotecna", "ticket"),  # in the note and in its email: found once
    ("polypropylene", "escalation"),  # a word of the note's email
    ("desk1", "escalation"),  # its author
])
def test_the_note_list_finds_by_its_words_author_and_email(client, staff, work, q, which):
    expected = set(Note.objects.filter(email=work[which].email).values_list("pk", flat=True))
    assert _found(client, staff["claims"], "note", q) == expected


@pytest.mark.parametrize("q", ["vessel sails", "paying", "oceanic-fr", "<r1@triage.example>",
                               "INV-77812", "triager1", "Santos"])
def test_the_reply_list_finds_by_its_words_recipient_and_email(client, staff, work, q):
    assert _found(client, staff["claims"], "reply", q) == set(
        Reply.objects.values_list("pk", flat=True))


@pytest.mark.parametrize("model, user, q", [
    ("ticket", "claims", "ARB-2026-000123"),  # a ticket number
    ("ticket", "claims", "claims1"),  # its owner
    ("escalation", "desk", "desk1"),
    ("escalation", "desk", "Jiangsu polypropylene"),
    ("note", "claims", "Cotecna"),
    ("note", "claims", "claims1"),  # its author
])
def test_a_list_s_search_reads_its_rows_through_their_indexes(client, staff, work, model,
                                                               user, q):
    """No query a list's search sends reads the whole list, even where PostgreSQL
    expects a term in every row: an owner or an author is looked up by the users' ids
    first, so a term's own fields are an OR of the list's own indexes. (Joined to the
    users' table, PostgreSQL expected every ticket to match a ticket number, read them
    all and parsed their words again: a second at 100,000 emails, and the escalations
    with a sender's name were counted as every escalation.)"""
    model_admin = admin.site.get_model_admin(
        {"escalation": Escalation, "ticket": Ticket, "note": Note, "reply": Reply}[model])
    expected = _found(client, staff[user], model, q)
    assert expected
    with CaptureQueriesContext(connection) as ctx:
        queryset, _ = model_admin.get_search_results(None, model_admin.model.objects.all(), q)
        assert {row.pk for row in queryset} == expected
    # The owner's condition is on the list's own column: PostgreSQL estimates it and
    # an index serves it (never a join the OR of the term's fields must wait for).
    assert not [q["sql"] for q in ctx.captured_queries if 'JOIN "auth_user"' in q["sql"]]
    whole = []
    with connection.cursor() as cursor:
        # Only a bitmap scan can use an index: a read of the whole table is a Seq Scan.
        cursor.execute("SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off; "
                       "SET LOCAL enable_indexonlyscan = off")
        for query in ctx.captured_queries:
            if not query["sql"].startswith("EXPLAIN"):
                cursor.execute(f"EXPLAIN {query['sql']}")
                plan = "\n".join(row[0] for row in cursor.fetchall())
                whole += [plan] if "Seq Scan on triage_" in plan else []
    assert not whole, whole


def test_each_list_says_what_it_searched(client, staff, work):
    page = login(client, staff["desk"]).get(reverse("admin:triage_escalation_changelist"),
                                            {"q": "polypropylene"}).content.decode()
    assert escape("Searched desk notes and reasons, owner, the email's sender, words and "
                  "references.") in page


def test_an_empty_list_points_to_the_lists_that_have_the_words(client, staff, work):
    """No ticket has the words; the escalation and its note do, and the desk may read
    both lists: the page says so, with links that search there."""
    page = login(client, staff["desk"]).get(reverse("admin:triage_ticket_changelist"),
                                            {"q": "quarantined"}).content.decode()
    assert "No ticket has “quarantined” in ticket number" in page
    assert f'{reverse("admin:triage_note_changelist")}?q=quarantined' in page
    assert "1 note does" in page
    assert "1 inbound email does" not in page  # the email's own words do not say it


def test_erasure_takes_the_address_out_of_everything_search_reads(client, staff, work):
    """After ``erase_sender``, the address, the display name and the words of the mail
    are found in no list and are in no stored search vector; another sender's mail is
    still found by the same kinds of search."""
    email = work["escalation"].email
    address = email.from_address
    InboundEmail.objects.filter(pk=email.pk).update(attachment_text="survey.pdf\nSGS survey")
    sender_erase(address, requested_by="the data subject", reason="LGPD art. 18")
    for model in ("inboundemail", "escalation", "note", "reply", "ticket"):
        for q in (address, "Jiangsu", "polypropylene", "quarantined", "SGS",
                  "Surveyor confirmed"):
            assert _found(client, staff["triager"], model, q) == set(), (model, q)
    with connection.cursor() as cursor:
        cursor.execute("SELECT search_vector::text FROM triage_inboundemail WHERE id = %s",
                       [email.pk])
        words = cursor.fetchone()[0]
    for part in ("jiangsu", "wei", "polypropylen", "sgs", address):
        assert part not in words
    # The legitimate data survives: the other senders' mail, by the same searches.
    freight = work["freight"]
    assert _found(client, staff["triager"], "inboundemail", freight.from_address) == {
        freight.pk}
    assert _found(client, staff["triager"], "reply", "vessel sails") == set(
        Reply.objects.filter(email=freight).values_list("pk", flat=True))
    assert _found(client, staff["triager"], "ticket", "Anatolia") == {work["ticket"].pk}
    assert Escalation.objects.filter(pk=work["escalation"].pk).exists()


def test_the_email_list_finds_a_ticket_number_and_an_escalated_email(client, staff, work):
    ticket = Ticket.objects.get(pk=work["ticket"].pk)
    assert _found(client, staff["claims"], "inboundemail", "ARB-2026-000123") == {
        ticket.email_id}
    assert _found(client, staff["claims"], "inboundemail", "polypropylene") == {
        work["escalation"].email_id}


def test_a_note_and_a_reply_open_read_only(client, staff, work):
    note = Note.objects.filter(email=work["escalation"].email).get()
    reply = Reply.objects.get()
    client = login(client, staff["claims"])
    for url in (reverse("admin:triage_note_change", args=[note.pk]),
                reverse("admin:triage_reply_change", args=[reply.pk])):
        page = client.get(url).content.decode()
        assert 'name="_save"' not in page  # nothing is edited in place
    assert "Called the mill" in client.get(
        reverse("admin:triage_note_change", args=[note.pk])).content.decode()
    assert client.post(reverse("admin:triage_note_change", args=[note.pk]),
                       {"body": "rewritten"}).status_code == 403
    assert Note.objects.get(pk=note.pk).body.startswith("Called the mill")


def test_the_search_speaks_portuguese(client, staff, work):
    pt = {"HTTP_ACCEPT_LANGUAGE": "pt-br"}
    client = login(client, staff["desk"])
    page = client.get(reverse("admin:triage_ticket_changelist"), {"q": "quarantined"},
                      **pt).content.decode()
    assert "Nenhum(a) ticket tem “quarantined” em número do ticket" in page
    assert "1 nota tem" in page
    page = client.get(reverse("admin:triage_note_changelist"), {"q": "quarantined"},
                      **pt).content.decode()
    assert "Buscado em nota, autor, remetente, palavras e referências do e-mail." in page


def test_words_of_many_emails_are_found_through_the_emails_that_have_them_all(
        client, staff, work, monkeypatch):
    """Each word matches more emails than the search reads (the cap at 0 here): the
    escalation is found through the emails that have every word, in one lookup."""
    monkeypatch.setattr("triage.search.matching.SEARCH_IDS_MAX", 0)
    monkeypatch.setattr("triage.search.matching.BROAD_ESTIMATE", 10**9)
    assert _found(client, staff["desk"], "escalation", "Jiangsu polypropylene") == {
        work["escalation"].pk}
    assert _found(client, staff["desk"], "escalation", "Jiangsu Anatolia") == set()


def test_the_emails_two_words_share_are_read_once(client, staff, work):
    """Two words of a query are looked up in the emails together; the list reads its
    rows of those emails once, not once for each word."""
    with CaptureQueriesContext(connection) as ctx:
        found = _found(client, staff["desk"], "escalation", "Jiangsu polypropylene")
    assert found == {work["escalation"].pk}
    by_email = [q["sql"] for q in ctx.captured_queries
                if q["sql"].startswith('SELECT "triage_escalation"."id" AS "pk"')
                and 'WHERE "triage_escalation"."email_id"' in q["sql"]]
    assert len(by_email) == 1, by_email


# --- a broad term walks the list's order ------------------------------------------------

@pytest.fixture
def walked(monkeypatch):
    """Every term is broad for the other lists (the thresholds at 0): each row's email is
    checked on its own along the list's order, as a word in a third of a big mailbox is."""
    monkeypatch.setattr("triage.search.matching.IDS_IN_QUERY", 0)
    monkeypatch.setattr("triage.search.matching.WALK_SHARE", 0)


WALKED = [("escalation", "desk", "escalation", "Jiangsu"),
          ("escalation", "desk", "escalation", "contaminated"),
          ("escalation", "desk", "escalation", "surveyor settles"),
          ("escalation", "desk", "escalation", "Jiangsu polypropylene"),
          ("escalation", "desk", "escalation", "0142"),
          ("ticket", "claims", "ticket", "Anatolia"),
          ("ticket", "claims", "ticket", "000123"),
          ("note", "claims", "escalation", "quarantined"),
          ("note", "claims", "escalation", "polypropylene"),
          ("note", "claims", "ticket", "Cotecna"),
          ("reply", "claims", "freight", "vessel sails"),
          ("reply", "claims", "freight", "Santos")]


def _rows(model: str, which, work) -> set[int]:
    email = work[which].email if which != "freight" else work["freight"]
    return set({"escalation": Escalation, "ticket": Ticket, "note": Note, "reply": Reply}[model]
               .objects.filter(email=email).values_list("pk", flat=True))


@pytest.mark.parametrize("model, user, which, q", WALKED)
def test_a_walked_term_finds_the_same_rows(client, staff, work, walked, model, user, which, q):
    assert _found(client, staff[user], model, q) == _rows(model, which, work)


@pytest.mark.parametrize("model, user, q", [("escalation", "desk", "Jiangsu Anatolia"),
                                            ("ticket", "claims", "Wei"),
                                            ("note", "claims", "Liguei")])
def test_a_walked_term_in_no_row_finds_none(client, staff, work, walked, model, user, q):
    assert _found(client, staff[user], model, q) == set()


def test_a_walk_checks_each_row_s_email_and_stops_at_the_page(client, staff, work, walked):
    """The page's query checks each row's email by its id (never a hash of the term's
    every email, which read a third of a big mailbox for every page), the list's order
    walked and cut at the page; the count is the rows themselves when they fit on it."""
    with CaptureQueriesContext(connection) as ctx:
        response = login(client, staff["desk"]).get(
            reverse("admin:triage_escalation_changelist"), {"q": "polypropylene"})
    page = [q["sql"] for q in ctx.captured_queries
            if "ORDER BY" in q["sql"] and 'FROM "triage_escalation"' in q["sql"]]
    assert page and all("OFFSET 0" in sql for sql in page)
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN {page[-1]}")
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "hashed SubPlan" not in plan and "Hash Semi Join" not in plan, plan
    assert "triage_inboundemail_pkey" in plan
    assert response.context["cl"].result_count == 1
    assert not [q for q in ctx.captured_queries if q["sql"].startswith("SELECT COUNT(*)")]


def test_erasure_takes_the_sender_out_of_a_walked_search_too(client, staff, work, walked):
    email = work["escalation"].email
    sender_erase(email.from_address, requested_by="the data subject", reason="LGPD art. 18")
    for model in ("escalation", "note"):
        for q in ("Jiangsu", "polypropylene", "quarantined", email.from_address):
            assert _found(client, staff["triager"], model, q) == set(), (model, q)
    assert _found(client, staff["triager"], "reply", "vessel sails") == _rows(
        "reply", "freight", work)


def test_many_ids_go_in_one_array(client, staff, work, monkeypatch):
    """Past IDS_IN_QUERY, the emails' ids are one array parameter, not a list of
    constants (planning 10,000 of them took longer than running the query)."""
    monkeypatch.setattr("triage.search.matching.IDS_IN_QUERY", 0)
    monkeypatch.setattr("triage.search.matching.WALK_SHARE", 1)  # probe, do not walk
    monkeypatch.setattr("triage.admin.search.walk_above", lambda model: 10_000)
    monkeypatch.setattr("triage.search.matching.walk_above", lambda model: 10_000)
    with CaptureQueriesContext(connection) as ctx:
        found = _found(client, staff["claims"], "note", "polypropylene")
    assert found == _rows("note", "escalation", work)
    assert any("unnest" in q["sql"] for q in ctx.captured_queries)
