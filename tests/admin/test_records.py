"""The records nobody edits: the audit trail, read-only even for a superuser."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import login, make_forward, make_user
from triage.models import EmailEvent

pytestmark = pytest.mark.django_db


def test_audit_trail_is_read_only_for_everyone(client):
    root = make_user("root", superuser=True)
    make_forward()
    event = EmailEvent.objects.first()
    login(client, root)
    assert client.get(reverse("admin:triage_emailevent_changelist")).status_code == 200
    assert client.get(reverse("admin:triage_emailevent_add")).status_code == 403
    assert client.post(reverse("admin:triage_emailevent_delete", args=[event.pk]),
                       {"post": "yes"}).status_code == 403
    assert EmailEvent.objects.filter(pk=event.pk).exists()
    change = client.get(reverse("admin:triage_emailevent_change", args=[event.pk]))
    assert 'name="_save"' not in change.content.decode()
