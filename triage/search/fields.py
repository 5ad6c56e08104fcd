"""Where each list looks a term up: one ``Lookup`` per field or index, each a query of
its own (``triage.admin.search`` runs them one index at a time), with the words that
name it to staff ("no email has 'x' in subject, body, sender...").

The emails' own lookups (``EMAIL``) serve every list: an escalation, a ticket, a note
or a reply is found by its email's sender, words and references (through the email's
ids), and by its own fields. On PostgreSQL words go through the full-text index; on any
other database (the SQLite demo) they are plain substring matches of the text as typed
(no stems, accents as typed), and the page says so (``PLAIN_SEARCH``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from triage.search import fulltext
from triage.search.terms import Kind, Term, is_fragment

Condition = Q | fulltext.Matches


@dataclass(frozen=True)
class Lookup:
    """A term's condition on one field (None: not looked up there, e.g. a word in a
    Message-ID), and how staff call that field."""

    label: object  # lazy text
    build: Callable[[Term], Condition | None]


def full_text() -> bool:
    return connection.vendor == "postgresql"


def words(index: str, *columns: str) -> Callable[[Term], Condition]:
    """A term in a table's words: its full-text index on PostgreSQL, else a substring
    of any of ``columns`` as typed."""
    def build(term: Term) -> Condition:
        if full_text():
            return fulltext.Matches(index, term)
        q = Q()
        for column in columns:
            q |= Q(**{f"{column}__icontains": term.text})
        return q
    return build


def fragment(path: str) -> Callable[[Term], Condition | None]:
    """An identifier inside ``path`` (trigram index): ``0142`` in ``CT-2026-0142``."""
    return lambda term: Q(**{f"{path}__icontains": term.text}) if is_fragment(term) else None


def exact(path: str) -> Callable[[Term], Condition | None]:
    """An identifier that is the whole of ``path``, in any case (a Message-ID)."""
    return lambda term: (Q(**{f"{path}__iexact": term.text})
                         if term.kind == Kind.IDENTIFIER else None)


def person(path: str) -> Callable[[Term], Condition | None]:
    """A staff member by user name (an owner, an author): the whole name, read first as
    the users' ids (a handful of rows), so the list's own column is looked up through
    its index. Joined to the users' table instead, the condition sat in an ``OR`` no
    index serves: PostgreSQL read every ticket, parsing its words again, for a ticket
    number (a second at 100,000 emails), and expected every row to match. No such
    user: not looked up there."""
    def build(term: Term) -> Condition | None:
        if term.kind == Kind.PHRASE:
            return None
        users = get_user_model().objects.filter(username__iexact=term.text)
        ids = sorted(users.values_list("pk", flat=True))
        return Q(**{f"{path}__in": ids}) if ids else None
    return build


EMAIL = [
    Lookup(_("subject, body, sender, attachments"),
           words(fulltext.EMAIL, "subject", "from_header", "text_body", "html_text",
                 "attachment_text")),
    Lookup(_("sender address"), fragment("from_address")),
    Lookup(_("subject"), fragment("subject")),
    Lookup(_("Message-ID"), exact("message_id")),
    Lookup(_("contract"), fragment("current_run__contract_reference")),
    Lookup(_("lot"), fragment("current_run__lot_reference")),
    Lookup(_("ticket number"), fragment("ticket__arbitration_number")),
]
# The email's lookups as one entry of another list (its email's ids): named once.
EMAIL_LABEL = _("the email's sender, words and references")

ESCALATION = [
    Lookup(_("desk notes and reasons"),
           words(fulltext.ESCALATION, "note", "resolution_note", "dismissal_reason")),
    Lookup(_("owner"), person("assignee")),
]
TICKET = [
    Lookup(_("ticket number"), fragment("arbitration_number")),
    Lookup(_("claiming party and rejection reason"),
           words(fulltext.TICKET, "rejection_reason", "data__claim__claiming_party")),
    Lookup(_("owner"), person("assignee")),
]
NOTE = [
    Lookup(_("note"), words(fulltext.NOTE, "body")),
    Lookup(_("author"), person("author")),
]
REPLY = [
    Lookup(_("reply subject and text"), words(fulltext.REPLY, "subject", "body")),
    Lookup(_("recipient"), fragment("to_address")),
    Lookup(_("Message-ID"), exact("message_id")),
    Lookup(_("author"), person("author")),
]

PLAIN_SEARCH = _("Plain search (SQLite demo): words are matched as typed, inside other "
                 "words too, without stems or accent folding. PostgreSQL searches whole "
                 "words, accent-free, with their stems.")
