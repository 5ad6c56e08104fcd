"""The mailbox's correspondents (``CorrespondentDomain``): each stored email's From
domain counted in the email's own transaction, and uncounted when its content is
erased (retention or a data subject's request). The rules of what counts are
``triage.correspondents``; this is the table's one writer.

Counted with one statement each way, so two deliveries from one domain at once both
count, neither fails on the unique domain, and nothing is read first: ``INSERT ... ON
CONFLICT DO UPDATE`` adding to the row (PostgreSQL, and SQLite for the demo), and a
conditional ``UPDATE ... F() - 1`` then a ``DELETE`` of a row left at zero.
"""

from __future__ import annotations

from datetime import datetime

from django.db import connection
from django.db.models import F
from django.db.models.functions import Greatest

from triage.correspondents import correspondent_domain, forget_known, own_domains, was_flagged
from triage.models import CorrespondentDomain

_COUNT = """
INSERT INTO {table} (domain, first_seen, last_seen, emails, flagged)
VALUES (%s, %s, %s, 1, %s)
ON CONFLICT (domain) DO UPDATE SET
    emails = {table}.emails + 1,
    flagged = {table}.flagged + excluded.flagged,
    first_seen = CASE WHEN excluded.first_seen < {table}.first_seen
                      THEN excluded.first_seen ELSE {table}.first_seen END,
    last_seen = CASE WHEN excluded.last_seen > {table}.last_seen
                     THEN excluded.last_seen ELSE {table}.last_seen END
RETURNING emails, flagged
"""


def correspondent_count(from_address: str, flags: dict | None, received_at: datetime) -> str:
    """Count one stored email from ``from_address`` (call it inside the transaction that
    stores the email); its ``flags`` say whether its From was read as a look-alike.
    Returns the domain counted, or '' (ours, free-mail, none)."""
    domain = correspondent_domain(from_address, own_domains())
    if not domain:
        return ""
    table = connection.ops.quote_name(CorrespondentDomain._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(_COUNT.format(table=table),
                       [domain, received_at, received_at, int(was_flagged(domain, flags))])
        emails, flagged = cursor.fetchone()
    if emails == 1 and not flagged:
        # A new correspondent: this process reads the set again, so its next mail (and
        # a look-alike's right behind it) is read against it now, not in half a minute.
        forget_known()
    return domain


def correspondent_uncount(from_address: str, flags: dict | None) -> None:
    """An email's content is being erased: it no longer counts for its domain, and a
    domain no stored email has is forgotten (a person's own domain may be personal
    data). Call it before the address is blanked, in the erasure's transaction."""
    domain = correspondent_domain(from_address, ())
    if not domain:
        return
    changes = {"emails": F("emails") - 1}
    if was_flagged(domain, flags):
        changes["flagged"] = Greatest(F("flagged") - 1, 0)
    CorrespondentDomain.objects.filter(domain=domain, emails__gt=0).update(**changes)
    CorrespondentDomain.objects.filter(domain=domain, emails=0).delete()
