"""A notification that went out is recorded as sent even when the database dropped
the connection in between (with many runs in flight per worker, one finds it)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import OperationalError
from django.db.models import QuerySet

from tests.factories import make_email
from triage.models import Notification
from triage.services.notifications import notification_send


@pytest.mark.django_db(transaction=True)
def test_a_sent_notification_is_recorded_after_a_dropped_connection(monkeypatch, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    email = make_email()
    note = Notification.objects.create(key="t-1", email=email, kind="escalation",
                                       recipients=["desk@localhost"], subject="s", body="b")
    real_update, calls = QuerySet.update, []

    def drop_once(self, **kwargs):
        calls.append(kwargs.get("state"))
        if kwargs.get("state") == Notification.State.SENT and calls.count("sent") == 1:
            raise OperationalError("terminating connection due to administrator command")
        return real_update(self, **kwargs)

    monkeypatch.setattr(QuerySet, "update", drop_once)
    mail.outbox.clear()
    assert notification_send(note.pk) == 1
    note.refresh_from_db()
    assert note.state == Notification.State.SENT and len(mail.outbox) == 1
    # Sent once: a second sender finds nothing to send.
    assert notification_send(note.pk) == 0 and len(mail.outbox) == 1
