"""Every list's search box: Django's semantics (every term must match one field), each
field through its own PostgreSQL index (``triage.search.fields``), emails ranked when
their matches are few enough to rank, and a count the page does not read again.

A term is looked up one field at a time (one ``OR`` across the email, its run and its
ticket would read the whole mailbox), rarest term first by PostgreSQL's estimate. A
term matching at most 10,000 rows is read once as ids; every later term is then
looked up only among those ids. A term broader than that, with no narrow term to
restrict it, is an ``OR`` along the list's order, where a page of matches comes early.

What was searched, how, and where else the words appear when nothing matched, is on
``request.triage_search`` for the search box (``search_form.html``)."""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from functools import reduce

from django.contrib import admin
from django.contrib.admin.views.main import ORDER_VAR
from django.db.models import Q
from django.http import QueryDict
from django.urls import reverse

from triage.admin.base import EstimatedCountPaginator, KnownMatches
from triage.models import InboundEmail
from triage.search import fields, fulltext
from triage.search.fields import Condition, Lookup
from triage.search.terms import Kind, Term, parse
from triage.selectors import COUNT_EXACT_UP_TO, planned_rows

SEARCH_IDS_MAX = COUNT_EXACT_UP_TO  # a term matching more is not read into memory
BROAD_ESTIMATE = 1  # times the cap: a term estimated above is taken as broad, unread
# Emails are ranked when the search matched at most this many: the rank reads each
# match's words (a few KB), so a broad search lists the newest first instead.
RANK_UP_TO = 2_000
# More ids than this are not written into the page's query (planning a list of 10,000
# constants takes longer than running it): the terms' conditions are, their count known.
IDS_IN_QUERY = 2_000


@dataclass
class SearchState:
    """One search on one page, for the search box and the columns that mark words."""

    terms: list[Term]
    searched: list[str]  # the fields' names, as staff read them
    ranked: bool = False
    found_nothing: bool = False
    elsewhere: list[dict] = field(default_factory=list)  # {"noun", "count", "url"}


def _any(conditions: list[Condition]) -> Q:
    return reduce(operator.or_, (c if isinstance(c, Q) else Q(c) for c in conditions))


def probe(model, conditions: list[Condition]) -> set[int] | None:
    """Every row a term matches, or None when that is more than 10,000. One query per
    field, each on its index and cut at 10,001 rows of its own: a row can match two
    fields, so one cut across them all could leave out some of a term's matches."""
    found: set[int] = set()
    for condition in conditions:
        part = model.objects.filter(condition).order_by().values_list("pk", flat=True)
        found.update(part[:SEARCH_IDS_MAX + 1])
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


def _email_condition(matched: Matched, groups: list[list[Condition]]) -> Q:
    """Another list's rows whose email is among ``matched``: by their ids when they are
    few, else as a subquery of the terms' conditions."""
    if matched.ids is not None and len(matched.ids) <= IDS_IN_QUERY:
        return Q(email_id__in=matched.ids)
    emails = InboundEmail.objects.all()
    for conditions in groups:
        emails = emails.filter(_any(conditions))
    return Q(email__in=emails.values("pk"))


class EmailSide:
    """A query's terms as another list finds them in its rows' emails. An identifier is
    looked up alone; the words of a query of several terms are looked up together, in
    one lookup of the index: a row is found by its email when its email has every one
    of them (or by its own fields, term by term)."""

    def __init__(self, terms: list[Term]) -> None:
        self.terms = terms
        self._joint: Q | None = None

    def joint(self) -> Q:
        if self._joint is None:
            groups = email_groups(self.terms)
            self._joint = _email_condition(match(InboundEmail, groups), groups)
        return self._joint

    def term(self, term: Term) -> Condition | None:
        conditions = email_conditions(term)
        if not conditions:
            return None
        if len(self.terms) > 1 and term.kind != Kind.IDENTIFIER:
            return self.joint()
        return _email_condition(match(InboundEmail, [conditions]), [conditions])


@dataclass(frozen=True)
class Matched:
    """What a query's terms matched: the ids (all terms narrow, or restricted by a
    narrow one), and the terms too broad to read (each an OR of its conditions)."""

    ids: set[int] | None
    broad: list[list[Condition]]


def match(model, per_term: list[list[Condition]]) -> Matched:
    """Rarest term first, by PostgreSQL's estimate; a term estimated above the cap is
    not probed at all (its matches would be read only to be dropped)."""
    estimates = [_estimate(model, cs) for cs in per_term]
    ordered = sorted(zip(estimates, range(len(per_term)), per_term, strict=True))
    ids: set[int] | None = None
    broad: list[list[Condition]] = []
    for estimate, _, conditions in ordered:
        if not conditions:
            ids = set()  # a term no field can hold (a word in a Message-ID list)
        elif estimate <= BROAD_ESTIMATE * SEARCH_IDS_MAX and (
                found := probe(model, conditions)) is not None:
            # Read through its own index and intersected here: checking each of a
            # narrow term's ids against it would read every one of those rows.
            ids = found if ids is None else ids & found
        elif ids is not None:
            ids = _among(model, ids, conditions)
        else:
            broad.append(conditions)
    if ids is not None:  # a term probed broad before the narrow one: now restricted
        for conditions in broad:
            ids = _among(model, ids, conditions)
        broad = []
    return Matched(ids, broad)


def _estimate(model, conditions: list[Condition]) -> int:
    """PostgreSQL's estimate of a term's matches (0 elsewhere: probe it)."""
    if not conditions or not fields.full_text():
        return 0
    return planned_rows(model.objects.filter(_any(conditions)))


def _among(model, ids: set[int], conditions: list[Condition]) -> set[int]:
    """Which of ``ids`` also match a term: a lookup by primary key, not a scan."""
    if not ids:
        return ids
    rows = model.objects.filter(pk__in=ids).filter(_any(conditions))
    return set(rows.order_by().values_list("pk", flat=True))


class ListSearch:
    """A ModelAdmin mixin: ``search_lookups`` (its own fields) and, unless it is the
    email list, its email's sender, words and references."""

    search_lookups: list[Lookup] = []
    search_via_email = True
    # A searched page's count is the search's own (``KnownMatches``); no full count.
    paginator = EstimatedCountPaginator
    show_full_result_count = False

    def search_groups(self, terms: list[Term]) -> list[list[Condition]]:
        """Each term's conditions, one per field (a row matches the term in any)."""
        side = EmailSide(terms)
        groups = []
        for term in terms:
            own = [c for lookup in self.search_lookups if (c := lookup.build(term)) is not None]
            email = side.term(term)
            groups.append(own + ([email] if email is not None else []))
        return groups

    def searched_fields(self) -> list[str]:
        names = [str(lookup.label) for lookup in self.search_lookups]
        return names + ([str(fields.EMAIL_LABEL)] if self.search_via_email else [])

    def get_search_results(self, request, queryset, search_term):
        terms = parse(search_term)
        if not terms:
            return queryset, False
        groups = self.search_groups(terms)
        matched = match(self.model, groups)
        state = SearchState(terms, self.searched_fields())
        unfiltered = not queryset.query.where
        known = None
        if unfiltered and matched.ids is not None:
            known = KnownMatches(len(matched.ids), exact=True)
        elif matched.broad:
            # Terms matching more than the search reads: PostgreSQL's estimate (counting
            # would read every match again); with a filter or another broad term, the
            # whole query's estimate, or exactly its matches when they fit on a page.
            alone = unfiltered and len(matched.broad) == 1
            known = KnownMatches(SEARCH_IDS_MAX, exact=False, filtered=not alone)
        if matched.ids is not None and len(matched.ids) <= IDS_IN_QUERY:
            queryset = queryset.filter(pk__in=matched.ids)
        else:  # the terms' own conditions: a long list of ids costs more to plan
            for conditions in groups if matched.ids is not None else matched.broad:
                queryset = queryset.filter(_any(conditions))
        if matched.ids == set():
            state.found_nothing = True
            state.elsewhere = elsewhere(request, self.model, terms)
        reorder = request is None or ORDER_VAR not in request.GET  # a column's order wins
        queryset, state.ranked = self.search_ranked(queryset, terms, matched, reorder=reorder)
        if request is not None:
            request.triage_search = state
            request.triage_search_matches = known
        return queryset, False

    def search_ranked(self, queryset, terms: list[Term], matched: Matched, *,
                      reorder: bool):
        """(queryset, whether it is in rank order): the lists keep their own order."""
        return queryset, False

    def get_paginator(self, request, queryset, per_page, orphans=0,
                      allow_empty_first_page=True):
        return self.paginator(queryset, per_page, orphans, allow_empty_first_page,
                              known=getattr(request, "triage_search_matches", None))

    def get_changelist_instance(self, request):
        cl = super().get_changelist_instance(request)
        cl.triage_search = getattr(request, "triage_search", None)
        cl.triage_search_plain = str(fields.PLAIN_SEARCH) if not fields.full_text() else ""
        return cl


class EmailSearch(ListSearch):
    """The email list: ranked by the rank of the words (subject and sender first),
    then newest first, when the matches are few enough to rank; the subject with the
    matched words marked."""

    search_lookups = fields.EMAIL
    search_via_email = False

    def search_groups(self, terms: list[Term]) -> list[list[Condition]]:
        return email_groups(terms)

    def searched_fields(self) -> list[str]:
        return [str(lookup.label) for lookup in self.search_lookups]

    def search_ranked(self, queryset, terms: list[Term], matched: Matched, *,
                      reorder: bool):
        if not fields.full_text() or not reorder:
            return queryset, False
        if matched.ids is None or len(matched.ids) > RANK_UP_TO:
            return queryset, False
        return (queryset.annotate(search_rank=fulltext.rank(terms))
                .order_by("-search_rank", "-received_at", "-pk"), True)


    def get_changelist_instance(self, request):
        """The page's subjects with the words that matched marked: one query for the
        page (never in the count, which would mark every match). Subjects only: a
        snippet of each body cost more than a millisecond a row."""
        cl = super().get_changelist_instance(request)
        state = cl.triage_search
        if state is not None and fields.full_text() and cl.result_list:
            rows = InboundEmail.objects.filter(pk__in=[e.pk for e in cl.result_list])
            marks = dict(rows.annotate(marked=fulltext.marked("subject", state.terms))
                         .values_list("pk", "marked"))
            for email in cl.result_list:
                email.search_subject = marks.get(email.pk)
        return cl


def elsewhere(request, model, terms: list[Term]) -> list[dict]:
    """Where else the words appear, when this list has none: each other list that
    searches, with how many of its rows match (at most 10,000 counted) and the link
    to them. Only lists the person may read."""
    if request is None:
        return []
    out = []
    query = " ".join(f'"{t.text}"' if t.kind == Kind.PHRASE else t.text for t in terms)
    for other, model_admin in admin.site._registry.items():
        if other is model or not isinstance(model_admin, ListSearch):
            continue
        if not model_admin.has_view_permission(request):
            continue
        ids = match(other, model_admin.search_groups(terms)).ids
        count = SEARCH_IDS_MAX + 1 if ids is None else len(ids)
        if count:
            meta = other._meta
            url = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
            out.append({"noun": meta.verbose_name if count == 1 else meta.verbose_name_plural,
                        "count": count, "more": count > SEARCH_IDS_MAX,
                        "url": f"{url}?{_q(query)}"})
    return out


def _q(query: str) -> str:
    params = QueryDict(mutable=True)
    params["q"] = query
    return params.urlencode()
