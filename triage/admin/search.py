"""The inbound-email changelist's free-text search: Django's semantics, each field
through its own PostgreSQL index (migration 0009), and a count the page does not have
to read again."""

from __future__ import annotations

import operator
from functools import reduce

from django.db import connection
from django.db.models import Q
from django.utils.text import smart_split, unescape_string_literal

from triage.admin.base import KnownMatches
from triage.models import InboundEmail
from triage.selectors import COUNT_EXACT_UP_TO, planned_rows

SEARCH_IDS_MAX = COUNT_EXACT_UP_TO  # a term matching more is not read into memory


class IndexedSearch:
    """For ``InboundEmailAdmin``: ``search_fields`` looked up one index at a time."""

    def get_search_results(self, request, queryset, search_term):
        """Django's search semantics (every term must match one of ``search_fields``;
        ``=field`` is exact, case-insensitive), written so each field's lookup is its
        own query on its own index (migration 0009): one ``OR`` across the email and
        its run would read the whole mailbox.

        Terms are looked up rarest first, by PostgreSQL's estimate. A term matching at
        most 10,000 emails is read once as ids; every later term is then looked up only
        among those ids (a common word costs nothing once a rare one has narrowed the
        search). A term broader than that, with no narrow term to restrict it, is an
        ``OR`` along the date order, where a page of matches comes early. Without a
        filter the paginator is told what the lookups counted (``get_paginator``), so
        the page does not count the matches again: exactly, when the ids are the
        results; "more than 10,000", when one broad term is the whole query."""
        terms = [self._term_lookups(term, request) for term in smart_split(search_term)]
        ordered = sorted(terms, key=self._estimated_matches) if len(terms) > 1 else terms
        ids: set[int] | None = None
        broad: list[list[Q]] = []
        for lookups in ordered:
            if ids is not None:
                ids = self._among(ids, lookups)
            elif (found := self._probe(lookups)) is not None:
                ids = found
            else:
                broad.append(lookups)
        if ids is not None:  # a term probed broad before the narrow one: now restricted
            for lookups in broad:
                ids = self._among(ids, lookups)
            broad = []
        if request is not None:  # what this page's count may take from here
            known, unfiltered = None, not queryset.query.where
            if unfiltered and ids is not None:
                known = KnownMatches(len(ids), exact=True)
            elif unfiltered and len(broad) == 1:
                known = KnownMatches(SEARCH_IDS_MAX, exact=False)
            request.triage_search_matches = known
        if ids is not None:
            queryset = queryset.filter(pk__in=ids)
        for lookups in broad:
            queryset = queryset.filter(self._any_field(lookups))
        return queryset, False

    @staticmethod
    def _probe(lookups: list[Q]) -> set[int] | None:
        """Every email a term matches, or None when that is more than 10,000. One query
        per field, each on its index and cut at 10,001 rows of its own: an email can
        match two fields, so one cut across them all could leave out some of a term's
        matches. No field repeats an email (each is on the email or its current run)."""
        found: set[int] = set()
        for q in lookups:
            part = InboundEmail.objects.filter(q).order_by().values_list("pk", flat=True)
            found.update(part[:SEARCH_IDS_MAX + 1])
            if len(found) > SEARCH_IDS_MAX:
                return None
        return found

    def _term_lookups(self, term: str, request) -> list[Q]:
        """One search term as one lookup per search field (``=field``: exact)."""
        if term[:1] in "\"'" and term[-1:] == term[:1] and len(term) > 1:
            term = unescape_string_literal(term)
        return [Q(**{f"{field[1:]}__iexact" if field.startswith("=")
                     else f"{field}__icontains": term})
                for field in self.get_search_fields(request)]

    @staticmethod
    def _any_field(lookups: list[Q]) -> Q:
        """A term's lookups as one condition: it matches in any search field."""
        return reduce(operator.or_, lookups)

    @classmethod
    def _estimated_matches(cls, lookups: list[Q]) -> int:
        """PostgreSQL's estimate of a term's matches (0 elsewhere: the typed order)."""
        if connection.vendor != "postgresql":
            return 0
        return planned_rows(InboundEmail.objects.filter(cls._any_field(lookups)))

    @classmethod
    def _among(cls, ids: set[int], lookups: list[Q]) -> set[int]:
        """Which of ``ids`` also match a term: a lookup by primary key, not a scan."""
        if not ids:
            return ids
        matching = InboundEmail.objects.filter(pk__in=ids).filter(cls._any_field(lookups))
        return set(matching.order_by().values_list("pk", flat=True))

    def get_paginator(self, request, queryset, per_page, orphans=0,
                      allow_empty_first_page=True):
        return self.paginator(queryset, per_page, orphans, allow_empty_first_page,
                              known=getattr(request, "triage_search_matches", None))
