"""How a search's terms are matched (``triage.search.matching``): a list of ids is one
parameter of the query however many they are, and a condition two terms share is
read once."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.utils import ConnectionHandler

from tests.factories import make_escalation
from triage.models import Escalation
from triage.search import matching

pytestmark = pytest.mark.django_db


def _params(ids: set[int]) -> int:
    query = Escalation.objects.filter(matching._in("email_id", ids)).query
    return len(query.get_compiler(connection=connection).as_sql()[1])


def test_a_list_of_ids_is_one_parameter_however_many():
    """The emails' ids a narrow term found go into the list's queries as one array:
    Django's ``__in`` wrote each id as a parameter of its own, compiled again by every
    query that repeats them (2,000 ids: 14 ms a query, five queries a page)."""
    assert [_params(set(range(1, n + 1))) for n in (500, 1000, 2000)] == [1, 1, 1]


def test_the_rows_of_a_list_of_ids_are_the_same_as_django_s_in():
    escalations = [make_escalation() for _ in range(3)]
    ids = {e.email_id for e in escalations[:2]} | {10**9}
    found = set(Escalation.objects.filter(matching._in("email_id", ids))
                .values_list("pk", flat=True))
    assert found == set(Escalation.objects.filter(email_id__in=ids)
                        .values_list("pk", flat=True)) == {e.pk for e in escalations[:2]}
    assert not Escalation.objects.filter(matching._in("email_id", set())).exists()


def test_on_sqlite_the_ids_are_a_list():
    """The demo's database has no arrays: the same lookup writes ``IN``."""
    sqlite = ConnectionHandler({"default": {"ENGINE": "django.db.backends.sqlite3",
                                            "NAME": ":memory:"}})["default"]
    query = Escalation.objects.filter(matching._in("email_id", {3, 1, 2})).query
    sql, params = query.get_compiler(connection=sqlite).as_sql()
    assert sql.endswith('"triage_escalation"."email_id" IN (%s, %s, %s)')
    assert list(params) == [1, 2, 3]
