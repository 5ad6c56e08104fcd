"""Indexes for the changelist's free-text search, on PostgreSQL only.

The admin searches sender and subject with ``icontains`` (``UPPER(col::text) LIKE
UPPER('%term%')``) and Message-ID, contract and lot with ``iexact`` (``UPPER(col::text)
= UPPER('term')``). Trigram GIN indexes (pg_trgm) serve the first, expression indexes
the second, each on the exact expression Django writes. Message-ID gets a hash index:
a B-tree entry is limited to about 2.7 kB and a Message-ID may be 998 characters of
UTF-8. Built CONCURRENTLY, so a deployment with a big mailbox keeps ingesting while
they build (hence no transaction). SQLite, the demo's database, gets none: it scans.
"""

from django.db import migrations

INDEXES = [
    ("triage_email_subject_trgm", "triage_inboundemail",
     "USING gin (UPPER(subject::text) gin_trgm_ops)"),
    ("triage_email_sender_trgm", "triage_inboundemail",
     "USING gin (UPPER(from_address::text) gin_trgm_ops)"),
    ("triage_email_msgid_upper", "triage_inboundemail", "USING hash (UPPER(message_id::text))"),
    ("triage_run_contract_upper", "triage_triagerun", "(UPPER(contract_reference::text))"),
    ("triage_run_lot_upper", "triage_triagerun", "(UPPER(lot_reference::text))"),
]


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, table, definition in INDEXES:
        schema_editor.execute(
            f"CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON {table} {definition}")


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, _, _ in INDEXES:
        schema_editor.execute(f"DROP INDEX CONCURRENTLY IF EXISTS {name}")


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("triage", "0008_data_protection"),
    ]

    operations = [migrations.RunPython(create, drop, elidable=False)]
