"""Every list's search box: Django's semantics (every term must match one field), each
field through its own PostgreSQL index (``triage.search.fields``), emails ranked when
their matches are few enough to rank, and a count the page does not read again.

A term is looked up one field at a time (one ``OR`` across the email, its run and its
ticket would read the whole mailbox), rarest term first by PostgreSQL's estimate. A
term matching at most 10,000 rows is read once as ids; every later term is then
looked up only among those ids. A term broader than that, with no narrow term to
restrict it, is an ``OR`` along the list's order, where a page of matches comes early.

The other lists (escalations, tickets, notes, replies) walk a term sooner: one PostgreSQL
expects in more than 2,000 rows and 1 % of the table (of the list's rows, or of the
mailbox for their emails' words) is checked row by row along the list's own index, each
row's email looked up by its id (``EmailMatch``), and the page stops at 100 matches. A
term in a third of the mailbox fills a page within a few hundred rows; reading its
emails' ids instead (a hash join) read tens of thousands of emails for every page.

What was searched, how, and where else the words appear when nothing matched, is on
``request.triage_search`` for the search box (``search_form.html``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import admin
from django.contrib.admin.views.main import ORDER_VAR
from django.http import QueryDict
from django.urls import reverse

from triage.admin.base import EstimatedCountPaginator, KnownMatches
from triage.models import InboundEmail
from triage.search import fields, fulltext, matching
from triage.search.fields import Condition, Lookup
from triage.search.matching import (
    EmailMatch,
    EmailSide,
    Matched,
    _any,
    _estimate,
    _in,
    email_groups,
    match,
    probe,
    walk_above,
)
from triage.search.terms import Kind, Term, parse
from triage.selectors import estimated_count, planned_rows

# Emails are ranked when the search matched at most this many: the rank reads each
# match's words (a few KB), so a broad search lists the newest first instead.
RANK_UP_TO = 2_000


@dataclass
class SearchState:
    """One search on one page, for the search box and the columns that mark words."""

    terms: list[Term]
    searched: list[str]  # the fields' names, as staff read them
    ranked: bool = False
    found_nothing: bool = False
    elsewhere: list[dict] = field(default_factory=list)  # {"noun", "count", "url"}


class ListSearch:
    """A ModelAdmin mixin: ``search_lookups`` (its own fields) and, unless it is the
    email list, its email's sender, words and references."""

    search_lookups: list[Lookup] = []
    search_via_email = True
    # Terms broader than ``walk_above`` are walked along the list's order (the email
    # list walks only those it may not read: more than 10,000).
    walks = True
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
            if isinstance(email, EmailMatch):  # walked: the own fields' rows by id
                own = [c for c in map(self._own_rows, own) if c is not None]
            # The email first: in a walk, its check (a lookup by id) is cheaper than
            # parsing a note's words again, and finds most rows.
            groups.append(([email] if email is not None else []) + own)
        return groups

    def _own_rows(self, condition: Condition) -> Condition | None:
        """A walked term's own field as the ids of its rows when they are few (through
        its index, once): computing a note's words again on every row walked cost more
        than checking its email."""
        broad = self.broad_above()
        if _estimate(self.model, [condition]) > broad:
            return condition
        found = probe(self.model, [condition])
        if found is None or len(found) > broad:
            return condition
        return _in("pk", found) if found else None  # (None: no row has it)

    def broad_above(self) -> int | None:
        return walk_above(self.model) if self.walks else None

    def _walk_estimate(self, queryset, matched: Matched) -> int | None:
        """A walked search's rows past a page: its terms' expected rows, in the
        filtered list's share of the table (PostgreSQL's own estimate of the walk
        prices each row's email check at one in two)."""
        if not self.walks or not fields.full_text():
            return None
        rows = max(1, estimated_count(self.model) or 0)
        expected = min(matched.expected, rows)
        if not queryset.query.where:
            return expected
        return int(expected * min(1.0, planned_rows(queryset) / rows))

    def searched_fields(self) -> list[str]:
        names = [str(lookup.label) for lookup in self.search_lookups]
        return names + ([str(fields.EMAIL_LABEL)] if self.search_via_email else [])

    def get_search_results(self, request, queryset, search_term):
        terms = parse(search_term)
        if not terms:
            return queryset, False
        groups = self.search_groups(terms)
        matched = match(self.model, groups, broad_above=self.broad_above())
        state = SearchState(terms, self.searched_fields())
        unfiltered = not queryset.query.where
        known = None
        if unfiltered and matched.ids is not None:
            known = KnownMatches(len(matched.ids), exact=True)
        elif matched.broad:
            # Terms matching more than the search reads: PostgreSQL's estimate (counting
            # would read every match again); with a filter or another broad term, or a
            # walked term (broad for a page, perhaps not for the cap), the whole query's
            # estimate, or exactly its matches when they fit on a page.
            alone = unfiltered and len(matched.broad) == 1 and not self.walks
            known = KnownMatches(matching.SEARCH_IDS_MAX, exact=False, filtered=not alone,
                                 estimate=self._walk_estimate(queryset, matched))
        if matched.ids is not None and (
                self.walks or len(matched.ids) <= matching.read_ids_up_to(self.model)):
            # The ids, not the terms again: a term's conditions may walk every row.
            queryset = queryset.filter(_in("pk", matched.ids))
        else:  # the terms' conditions, along the list's order: a page comes early
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
                              known=getattr(request, "triage_search_matches", None),
                              keys_first=hasattr(request, "triage_search"))

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
    walks = False

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
        groups = model_admin.search_groups(terms)
        matched = match(other, groups, broad_above=model_admin.broad_above())
        if matched.ids is not None:
            count = len(matched.ids)
        else:  # walked there: counted as before, up to the cap
            rows = other.objects.all()
            for conditions in matched.broad:
                rows = rows.filter(_any(conditions))
            count = len(rows.order_by().values_list("pk", flat=True)[:matching.SEARCH_IDS_MAX + 1])
        if count:
            meta = other._meta
            url = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
            out.append({"noun": meta.verbose_name if count == 1 else meta.verbose_name_plural,
                        "count": count, "more": count > matching.SEARCH_IDS_MAX,
                        "url": f"{url}?{_q(query)}"})
    return out


def _q(query: str) -> str:
    params = QueryDict(mutable=True)
    params["q"] = query
    return params.urlencode()
