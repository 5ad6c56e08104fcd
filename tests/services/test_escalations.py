"""Escalations beyond the desk's actions (``test_review``): one escalation per email
however often it is escalated, and the desk told once per opening."""

from __future__ import annotations

import pytest

from tests.factories import triaged_sample
from triage.models import Escalation, Notification, Status
from triage.services.escalations import escalation_acknowledge, escalation_raise
from triage.services.runs import run_record_manual
from triage.services.status import email_transition

pytestmark = pytest.mark.django_db


def test_an_open_escalation_escalated_again_stays_one_with_one_notification(staff):
    email = triaged_sample("01-contamination-claim-ica.eml")
    escalation = Escalation.objects.get(email=email)
    escalation_acknowledge(escalation.pk, staff["desk"], "calling the mill")
    for old, new in ((Status.ESCALATED, Status.QUEUED), (Status.QUEUED, Status.PROCESSING),
                     (Status.PROCESSING, Status.NEEDS_REVIEW)):
        email_transition(email.pk, old=old, new=new)
    email.refresh_from_db()
    run = run_record_manual(email, staff["triager"], "escalated", decision={"reason": "again"})
    assert escalation_raise(email, run, old=Status.NEEDS_REVIEW, note="again",
                            kind="decided_manually", actor=staff["triager"])
    escalation.refresh_from_db()
    # Still open, still acknowledged by the desk: nothing to re-open, nothing new to say.
    assert (escalation.state, escalation.reopen_count) == ("acknowledged", 0)
    assert Escalation.objects.count() == 1
    assert Notification.objects.filter(email=email, kind="escalation").count() == 1


def test_an_escalation_for_an_email_that_moved_is_not_opened(staff):
    email = triaged_sample("04-freight-invoice.eml")  # forwarded
    run = run_record_manual(email, staff["triager"], "escalated", decision={"reason": "x"})
    assert not escalation_raise(email, run, old=Status.NEEDS_REVIEW, note="x",
                                kind="decided_manually", actor=staff["triager"])
    assert not Escalation.objects.exists()
    assert not Notification.objects.filter(kind="escalation").exists()
