"""PostgreSQL's full-text search as Django expressions (migration 0014): whether a row
matches a term, its rank, and its text with the matched words marked.

The email's words are the stored ``search_vector`` column, which Django does not load
(a model field would read a few KB per row on every list); the other tables' words are
``triage_text_vector(...)`` of their own columns, written here exactly as their
expression indexes are, so PostgreSQL uses them. Each expression names its table by the
alias of the query it is compiled in (a subquery's too)."""

from __future__ import annotations

from django.db.models import BooleanField, Expression, FloatField, TextField

from triage.search.terms import Kind, Term

# Marks around the matched words in ``ts_headline``'s output: private-use characters,
# taken out of the text first, so the page can escape the text and then mark it.
MARK_START, MARK_END = "\ue000", "\ue001"
_HEADLINE = f"StartSel={MARK_START}, StopSel={MARK_END}, HighlightAll=true"

# What the other tables' words are, as their indexes (migration 0014) spell them.
EMAIL = "{t}.search_vector"
NOTE = "triage_text_vector({t}.body)"
REPLY = "triage_text_vector(({t}.subject || ' ' || {t}.body))"
ESCALATION = ("triage_text_vector(((({t}.note || ' ') || {t}.resolution_note) || ' ') "
              "|| {t}.dismissal_reason)")
TICKET = ("triage_text_vector((({t}.rejection_reason || ' ') || "
          "COALESCE((({t}.data -> 'claim') ->> 'claiming_party'), '')))")


def query_sql(term: Term, *, marks: bool = False) -> tuple[str, list[str]]:
    """A term as a tsquery: a word by any of its spellings' stems (``marks``: the word
    and its stems as prefixes, to mark the words shown), a phrase or an identifier as
    its words in order (by their Portuguese stems, as the positions are stored)."""
    if term.kind == Kind.WORD:
        function = "triage_word_marks" if marks else "triage_word_query"
        return (" || ".join(f"{function}(%s)" for _ in term.spellings),
                list(term.spellings))
    if marks:  # the words shown, accent-free, in this order
        return "phraseto_tsquery('triage_words', %s)", [term.text]
    return "triage_phrase_query(%s)", [term.text]


def _any(terms: list[Term], *, marks: bool = False) -> tuple[str, list[str]]:
    parts = [query_sql(t, marks=marks) for t in terms]
    return " || ".join(f"({sql})" for sql, _ in parts), [p for _, ps in parts for p in ps]


class _OnTable(Expression):
    """SQL over the columns of the query's own table (``{t}``)."""

    def __init__(self, template: str, params: list, output_field) -> None:
        super().__init__(output_field=output_field)
        self.template, self.params = template, params

    def as_sql(self, compiler, connection):
        table = compiler.quote_name_unless_alias(compiler.query.get_initial_alias())
        return self.template.replace("{t}", table), list(self.params)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.template!r}, {self.params!r})"


class Matches(_OnTable):
    """``words @@ term``: true where the row's words match the term (every one of
    ``terms``: one lookup of the index for them all)."""

    conditional = True

    def __init__(self, words: str, *terms: Term) -> None:
        parts = [query_sql(term) for term in terms]
        sql = " && ".join(f"({part})" for part, _ in parts)
        super().__init__(f"{words} @@ ({sql})", [p for _, ps in parts for p in ps],
                         BooleanField())


def rank(terms: list[Term]) -> Expression:
    """How well an email matches (subject and sender weigh most, then body, then
    attachments): PostgreSQL's ``ts_rank`` of any of the terms."""
    sql, params = _any(terms)
    return _OnTable(f"ts_rank({EMAIL}, {sql})", params, FloatField())


def marked(column: str, terms: list[Term]) -> Expression:
    """``column``'s text with the words that match a term between MARK_START and
    MARK_END."""
    sql, params = _any(terms, marks=True)
    text = f"translate({{t}}.{column}, '{MARK_START}{MARK_END}', '')"
    return _OnTable(f"ts_headline('triage_words', {text}, {sql}, %s)", [*params, _HEADLINE],
                    TextField())
