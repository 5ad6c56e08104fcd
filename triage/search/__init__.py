"""Search for the console's lists: what a typed query means (``terms``, pure), how each
kind of term is looked up in PostgreSQL's full-text index or as an identifier
(``fulltext``, ``fields``). The lists' search boxes (``triage.admin.search``) use it."""
