"""Migration 0017 fills the correspondents from the mail already stored, in one
statement: each From domain once, with its first and last mail and how many of its
emails were flagged as a look-alike From; erased mail, bounces, our own mail and free
mail are left out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("triage", "0016_erase_what_erasure_missed")]
AFTER = [("triage", "0017_correspondent_domains")]
DAY = datetime(2027, 1, 11, 9, 0, tzinfo=UTC)
REAL, FAKE = "rupganj-spinning.example.com", "rupganj-spinnlng.example.com"


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_table_is_filled_from_the_stored_mail():
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("triage")
    old = _migrate(BEFORE)
    try:
        Email = old.get_model("triage", "InboundEmail")
        flagged = {"lookalike_sender": [{"domain": FAKE, "resembles": REAL, "how": "typo"}]}
        for n, (sender, days, fields) in enumerate([
            (f"ap@{REAL}", 0, {}),
            ("AR@Rupganj-Spinning.Example.com", 30, {}),
            # A real From with a look-alike Reply-To: not held against the real domain.
            (f"ap@{REAL}", 10, {"flags": {"lookalike_sender": [{"domain": FAKE}]}}),
            (f"ap@{FAKE}", 40, {"flags": flagged}),
            ("ap@transmed.example.fr", 5, {}),
            ("joao@gmail.com", 1, {}),
            ("", 2, {}),  # erased
            ("mailer-daemon@mx.example.org", 3, {"automated": "bounce_sender"}),
            ("notificacoes@serradomar-algodao.com.br", 3, {"automated": "own_address"}),
        ]):
            Email.objects.create(
                provider="import", dedupe_key=f"{n:064d}", dedupe_basis="content",
                received_at=DAY + timedelta(days=days), status_changed_at=DAY,
                content_hash="x", raw_message=b"", raw_format="rfc822", raw_size=0,
                from_address=sender, **fields)
        new = _migrate(AFTER)
        rows = {r.domain: (r.emails, r.flagged, r.first_seen, r.last_seen)
                for r in new.get_model("triage", "CorrespondentDomain").objects.all()}
        assert rows == {
            REAL: (3, 0, DAY, DAY + timedelta(days=30)),
            FAKE: (1, 1, DAY + timedelta(days=40), DAY + timedelta(days=40)),
            "transmed.example.fr": (1, 0, DAY + timedelta(days=5), DAY + timedelta(days=5)),
        }
    finally:
        _migrate(latest)
