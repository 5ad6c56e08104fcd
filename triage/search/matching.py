"""How a list's search terms are matched, one field at a time, each through its own
PostgreSQL index (``triage.search.fields``): a narrow term read once as ids, a broad one
left as a condition along the list's order, another list's email matched row by row by
its id when the term is broad (``EmailMatch``). The admin's search box
(``triage.admin.search``) builds on it."""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass
from functools import reduce

from django.db.models import Exists, Field, ForeignObject, Lookup, OuterRef, Q
from django.db.models.expressions import RawSQL

from triage.models import InboundEmail
from triage.search import fields, fulltext
from triage.search.fields import Condition
from triage.search.terms import Kind, Term
from triage.selectors import COUNT_EXACT_UP_TO, estimated_count, planned_rows

SEARCH_IDS_MAX = COUNT_EXACT_UP_TO  # a term matching more is not read into memory
BROAD_ESTIMATE = 1  # times the cap: a term estimated above is taken as broad, unread
# More ids than this are not written into the page's query (planning a list of 10,000
# constants takes longer than running it): the terms' conditions are, their count known.
IDS_IN_QUERY = 2_000
# Another list walks a term expected in more than IDS_IN_QUERY rows and this share of the
# table: a page of 100 is then found within about 100 / share rows.
WALK_SHARE = 0.01
PAGE = 100  # the rows a walk reads a page of (the email list shows 50 unless asked)


def _any(conditions: list[Condition]) -> Q:
    return reduce(operator.or_, (c if isinstance(c, Q) else Q(c) for c in conditions))


def probe(model, conditions: list[Condition], read: dict | None = None) -> set[int] | None:
    """Every row a term matches, or None when that is more than 10,000. One query per
    field, each on its index and cut at 10,001 rows of its own: a row can match two
    fields, so one cut across them all could leave out some of a term's matches.
    ``read``: what each condition found, by identity, for a condition two terms share
    (the emails with every word of a query, in another list)."""
    found: set[int] = set()
    read = {} if read is None else read
    for condition in conditions:
        if id(condition) not in read:
            part = model.objects.filter(condition).order_by().values_list("pk", flat=True)
            read[id(condition)] = (condition, list(part[:SEARCH_IDS_MAX + 1]))
        found.update(read[id(condition)][1])
        if len(found) > SEARCH_IDS_MAX:
            return None
    return found


def email_conditions(term: Term) -> list[Condition]:
    return [c for lookup in fields.EMAIL if (c := lookup.build(term)) is not None]


def email_groups(terms: list[Term]) -> list[list[Condition]]:
    """The email list's lookups of a query: its words and phrases together, one lookup
    of the full-text index for them all (the index intersects them), then each
    identifier with its own fields."""
    if not fields.full_text():
        return [email_conditions(t) for t in terms]
    words = [t for t in terms if t.kind != Kind.IDENTIFIER]
    together = [[fulltext.Matches(fulltext.EMAIL, *words)]] if words else []
    return together + [email_conditions(t) for t in terms if t.kind == Kind.IDENTIFIER]


class EmailMatch(Exists):
    """This row's email matches every group of conditions, checked for this row alone
    (its email by primary key): along a list's order, a page of a broad term stops at
    100 rows instead of reading every email the term is in. ``OFFSET 0`` keeps it so:
    without it PostgreSQL may read the term's every email into a hash first (a hashed
    subplan, or a join for an ``EXISTS`` alone), which is what took seconds."""

    template = "EXISTS(%(subquery)s OFFSET 0)"  # after the LIMIT 1 of Django's EXISTS

    def __init__(self, groups: list[list[Condition]], *, share: float = 1.0) -> None:
        self.share = share  # of the mailbox, as estimated: a list's rows in the same share
        emails = InboundEmail.objects.filter(pk=OuterRef("email_id"))
        for conditions in groups:
            emails = emails.filter(_any(conditions))
        super().__init__(emails)


class AnyOf(Lookup):
    """``column = ANY(%s)``: a list of ids as one array parameter. Django's ``__in``
    writes each id as a parameter of its own, compiled again by every query that
    repeats the list (2,000 ids: 14 ms a query, five queries a page); PostgreSQL reads
    ``IN (...)`` as this same array. Elsewhere (the SQLite demo) it is ``IN``."""

    lookup_name = "any_of"
    prepare_rhs = False

    def as_sql(self, compiler, connection):
        lhs, params = self.process_lhs(compiler, connection)
        return f"{lhs} IN ({', '.join(['%s'] * len(self.rhs))})", [*params, *self.rhs]

    def as_postgresql(self, compiler, connection):
        lhs, params = self.process_lhs(compiler, connection)
        return f"{lhs} = ANY(%s)", [*params, list(self.rhs)]


Field.register_lookup(AnyOf)
ForeignObject.register_lookup(AnyOf)  # a relation's own lookups: ``email_id__any_of``


def _in(column: str, ids: set[int]) -> Q:
    """``column`` among ``ids``: one array of constants when few (``AnyOf``), else
    one array parameter to unnest. PostgreSQL weighs each constant of a long array:
    10,000 of them made it descend an index once per id. No ids: Django's ``__in``,
    which sends nothing."""
    if not ids:
        return Q(**{f"{column}__in": ids})
    if len(ids) <= IDS_IN_QUERY:
        return Q(**{f"{column}__any_of": sorted(ids)})
    return Q(**{f"{column}__in": RawSQL("SELECT unnest(%s::bigint[])", [sorted(ids)])})


def _email_condition(matched: Matched, groups: list[list[Condition]]) -> Condition:
    """Another list's rows whose email is among ``matched``: by the emails' ids when
    they were read, else each row's email checked on its own."""
    if matched.ids is not None:
        return _in("email_id", matched.ids)
    return EmailMatch(groups, share=min(1.0, matched.expected / max(
        1, estimated_count(InboundEmail) or 0)))


class EmailSide:
    """A query's terms as another list finds them in its rows' emails. An identifier is
    looked up alone; the words of a query of several terms are looked up together, in
    one lookup of the index: a row is found by its email when its email has every one
    of them (or by its own fields, term by term)."""

    def __init__(self, terms: list[Term]) -> None:
        self.terms = terms
        self._joint: Q | None = None

    def joint(self) -> Condition:
        if self._joint is None:
            groups = email_groups(self.terms)
            self._joint = _email_condition(self._match(groups), groups)
        return self._joint

    @staticmethod
    def _match(groups: list[list[Condition]]) -> Matched:
        return match(InboundEmail, groups, broad_above=walk_above(InboundEmail))

    def term(self, term: Term) -> Condition | None:
        conditions = email_conditions(term)
        if not conditions:
            return None
        if len(self.terms) > 1 and term.kind != Kind.IDENTIFIER:
            return self.joint()
        return _email_condition(self._match([conditions]), [conditions])


@dataclass(frozen=True)
class Matched:
    """What a query's terms matched: the ids (all terms narrow, or restricted by a
    narrow one), and the terms too broad to read (each an OR of its conditions)."""

    ids: set[int] | None
    broad: list[list[Condition]]
    # How many rows the broadest-narrowing broad term is expected in (PostgreSQL's
    # estimate, or what a probe read past the cap): the count past a page.
    expected: int = 0


def read_ids_up_to(model) -> int:
    """How many ids of a term's matches a list's page reads rather than walking the
    list's order checking each row's words: n ids cost n lookups; a walk to a page of
    100 checks 100 * rows / n rows, each reading its stored words (a few KB, about twice
    a lookup). Even at n = sqrt(200 * rows): 2,000 at 20,000 emails, 4,500 at 100,000,
    14,000 (past the id cap) at a million, where a phrase in 4,416 emails walked 22,000."""
    rows = estimated_count(model) or 0
    return max(IDS_IN_QUERY, math.isqrt(2 * PAGE * rows))


def walk_above(model) -> int:
    """How many matches make a term broad in another list (and in the emails of its
    rows): more than IDS_IN_QUERY and WALK_SHARE of the table, at most the id cap."""
    rows = estimated_count(model) or 0
    return min(BROAD_ESTIMATE * SEARCH_IDS_MAX, max(IDS_IN_QUERY, int(rows * WALK_SHARE)))


def match(model, per_term: list[list[Condition]], *, broad_above: int | None = None
          ) -> Matched:
    """Rarest term first, by PostgreSQL's estimate; a term estimated above
    ``broad_above`` (the cap unless given) is not probed at all (its matches would be
    read only to be dropped), nor one its rows' emails are checked for row by row."""
    if broad_above is None:
        broad_above = BROAD_ESTIMATE * SEARCH_IDS_MAX
    estimates = [_estimate(model, cs) for cs in per_term]
    ordered = sorted(zip(estimates, range(len(per_term)), per_term, strict=True))
    ids: set[int] | None = None
    broad: list[list[Condition]] = []
    expected: list[int] = []
    read: dict = {}
    for estimate, _, conditions in ordered:
        if not conditions:
            ids = set()  # a term no field can hold (a word in a Message-ID list)
            continue
        found = None
        if not _walked(conditions) and estimate <= broad_above:
            found = probe(model, conditions, read)
            if found is None:
                estimate = max(estimate, SEARCH_IDS_MAX + 1)
            elif len(found) > broad_above:  # the estimate fell short: broad after all
                estimate, found = len(found), None
        if found is not None:
            # Read through its own index and intersected here: checking each of a
            # narrow term's ids against it would read every one of those rows.
            ids = found if ids is None else ids & found
        elif ids is not None:
            ids = _among(model, ids, conditions)
        else:
            broad.append(conditions)
            expected.append(estimate)
    if ids is not None:  # a term probed broad before the narrow one: now restricted
        for conditions in broad:
            ids = _among(model, ids, conditions)
        broad = []
    return Matched(ids, broad, min(expected, default=0))


def _walked(conditions: list[Condition]) -> bool:
    return any(isinstance(c, EmailMatch) for c in conditions)


def _estimate(model, conditions: list[Condition]) -> int:
    """PostgreSQL's estimate of a term's matches (0 elsewhere: probe it). Rows whose
    emails are checked row by row are the list's rows in the share of the mailbox the
    term is in (the planner prices that subplan at half the rows, whatever it is)."""
    if not conditions or not fields.full_text():
        return 0
    own = [c for c in conditions if not isinstance(c, EmailMatch)]
    estimate = planned_rows(model.objects.filter(_any(own))) if own else 0
    walked = [c for c in conditions if isinstance(c, EmailMatch)]
    if walked:  # each row's share of the emails the term is in
        estimate += int((estimated_count(model) or 0) * max(c.share for c in walked))
    return estimate


def _among(model, ids: set[int], conditions: list[Condition]) -> set[int]:
    """Which of ``ids`` also match a term: a lookup by primary key, not a scan."""
    if not ids:
        return ids
    rows = model.objects.filter(pk__in=ids).filter(_any(conditions))
    return set(rows.order_by().values_list("pk", flat=True))
