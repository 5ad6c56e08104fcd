"""The changelist's rows, written in one pass per page (``triage.admin.rows``): the
same table Django's own renderer writes, cell for cell, on every list."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import HVI, login, make_escalation, make_forward, make_ticket
from triage.admin import rows
from triage.models import InboundEmail, Note, Reply

pytestmark = pytest.mark.django_db


def _table(page: str) -> str:
    return re.search(r'<table id="result_list">.*?</table>', page, re.S).group(0)


@pytest.mark.parametrize("model, params", [
    ("inboundemail", {}), ("inboundemail", {"q": "contamination"}),
    ("inboundemail", {"status__exact": "escalated", "o": "2"}),
    ("escalation", {}), ("ticket", {"q": "Anatolia"}), ("note", {}), ("reply", {}),
])
def test_the_rows_are_the_table_django_writes(client, staff, monkeypatch, model, params):
    escalation = make_escalation()
    make_ticket()
    make_ticket(HVI)
    make_forward()
    InboundEmail.objects.filter(pk=escalation.email_id).update(
        subject='<i>Contamination</i> & "quotes"', flags={"hidden_content": ["div"]})
    Note.objects.create(email=escalation.email, author=staff["desk"], body="<b>note</b>")
    Reply.objects.create(email=escalation.email, author=staff["desk"], to_address="a@b.example",
                         subject="Re: <x>", body="ok", message_id="<r@x>", state="sent")
    client = login(client, staff["triager"])
    url = reverse(f"admin:triage_{model}_changelist")
    ours = _table(client.get(url, params).content.decode())
    monkeypatch.setattr(rows, "written_here", lambda cl: False)
    theirs = _table(client.get(url, params).content.decode())
    assert ours == theirs
    assert "<i>" not in ours and "<x>" not in ours and "<b>" not in ours
    if model != "ticket":  # the senders' markup is there, as text
        assert "&lt;" in ours
