"""Ownership: take, release and hand over, with the group rules, the audit rows, and
two people taking the same item at once."""

from __future__ import annotations

import threading

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection

from tests.factories import make_escalation, make_forward, make_needs_review, make_ticket
from triage.models import EmailEvent, InboundEmail
from triage.services import ownership, tickets
from triage.services.outcome import ReviewError

pytestmark = pytest.mark.django_db


@pytest.fixture
def escalation(staff):
    return make_escalation()


@pytest.fixture
def ticket(staff):
    return make_ticket()


def test_desk_takes_an_escalation_and_it_is_audited(escalation, staff):
    outcome = ownership.assignee_take("escalation", escalation.pk, staff["desk"])
    assert outcome.changed
    escalation.refresh_from_db()
    assert escalation.assignee == staff["desk"]
    [row] = EmailEvent.objects.filter(kind="assigned")
    assert (row.email_id, row.actor, row.target, row.before, row.after) == (
        escalation.email_id, staff["desk"], f"escalation:{escalation.pk}",
        {"assignee": None}, {"assignee": "desk1"})


def test_a_second_taker_is_told_who_has_it(escalation, staff):
    ownership.assignee_take("escalation", escalation.pk, staff["desk"])
    with pytest.raises(ReviewError, match="desk1 has this item"):
        ownership.assignee_take("escalation", escalation.pk, staff["desk2"])
    escalation.refresh_from_db()
    assert escalation.assignee == staff["desk"]
    assert EmailEvent.objects.filter(kind="assigned").count() == 1


def test_taking_needs_the_group_that_works_the_item(escalation, ticket, staff):
    with pytest.raises(PermissionDenied):
        ownership.assignee_take("escalation", escalation.pk, staff["claims"])
    with pytest.raises(PermissionDenied):
        ownership.assignee_take("ticket", ticket.pk, staff["desk"])
    assert ownership.assignee_take("ticket", ticket.pk, staff["claims"]).changed
    escalation.refresh_from_db()
    assert escalation.assignee is None


def test_only_the_assignee_releases(escalation, staff):
    ownership.assignee_take("escalation", escalation.pk, staff["desk"])
    with pytest.raises(ReviewError, match="only they can release it"):
        ownership.assignee_release("escalation", escalation.pk, staff["desk2"])
    assert ownership.assignee_release("escalation", escalation.pk, staff["desk"]).changed
    escalation.refresh_from_db()
    assert escalation.assignee is None
    [row] = EmailEvent.objects.filter(kind="released")
    assert (row.before, row.after) == ({"assignee": "desk1"}, {"assignee": None})


def test_hand_over_to_a_colleague_in_the_group(escalation, staff):
    ownership.assignee_take("escalation", escalation.pk, staff["desk"])
    outcome = ownership.assignee_hand_over("escalation", escalation.pk, staff["desk"],
                                           to=staff["desk2"], seen=staff["desk"].pk)
    assert outcome.changed
    escalation.refresh_from_db()
    assert escalation.assignee == staff["desk2"]
    [row] = EmailEvent.objects.filter(kind="handed_over")
    assert (row.actor, row.before, row.after) == (
        staff["desk"], {"assignee": "desk1"}, {"assignee": "desk2"})


def test_hand_over_refuses_someone_outside_the_group(escalation, staff):
    with pytest.raises(ReviewError, match="claims1 is not in the group"):
        ownership.assignee_hand_over("escalation", escalation.pk, staff["desk"],
                                     to=staff["claims"], seen=None)
    escalation.refresh_from_db()
    assert escalation.assignee is None
    assert not EmailEvent.objects.filter(kind="handed_over").exists()


def test_hand_over_on_a_stale_page_is_refused(escalation, staff):
    # desk2 opened the page while it was unassigned; desk1 took it meanwhile.
    ownership.assignee_take("escalation", escalation.pk, staff["desk"])
    with pytest.raises(ReviewError, match="changed hands since you opened it: desk1"):
        ownership.assignee_hand_over("escalation", escalation.pk, staff["desk2"],
                                     to=staff["desk"], seen=None)
    escalation.refresh_from_db()
    assert escalation.assignee == staff["desk"]


def test_a_closed_item_cannot_be_taken(ticket, staff):
    tickets.ticket_reject(ticket.pk, staff["claims"], seen_version=1, reason="not a claim")
    with pytest.raises(ReviewError, match="no longer waits for a person"):
        ownership.assignee_take("ticket", ticket.pk, staff["claims2"])


def test_only_emails_waiting_for_a_person_can_be_taken(staff):
    routed = make_forward("05-shipping-notice.eml", department="logistics").email
    with pytest.raises(ReviewError, match="no longer waits"):
        ownership.assignee_take("email", routed.pk, staff["triager"])
    review_email = make_needs_review()
    assert review_email.status == "needs_review"
    assert ownership.assignee_take("email", review_email.pk, staff["triager"]).changed
    assert InboundEmail.objects.get(pk=review_email.pk).assignee == staff["triager"]


@pytest.mark.django_db(transaction=True)
def test_two_people_taking_at_once_one_wins(staff):
    escalation = make_escalation()
    barrier = threading.Barrier(2)
    results = {}

    def take(who):
        barrier.wait()
        try:
            results[who] = ownership.assignee_take("escalation", escalation.pk, staff[who])
        except ReviewError as exc:
            results[who] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=take, args=(w,)) for w in ("desk", "desk2")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wins = [w for w, r in results.items() if not isinstance(r, Exception)]
    assert len(wins) == 1
    escalation.refresh_from_db()
    assert escalation.assignee == staff[wins[0]]
    assert EmailEvent.objects.filter(kind="assigned").count() == 1


def test_a_hand_over_to_yourself_is_refused_and_changes_nothing(escalation, staff):
    ownership.assignee_take("escalation", escalation.pk, staff["desk"])
    with pytest.raises(ReviewError, match="yourself"):
        ownership.assignee_hand_over("escalation", escalation.pk, staff["desk"],
                                     to=staff["desk"], seen=staff["desk"].pk)
    assert EmailEvent.objects.filter(kind="handed_over").count() == 0


def test_the_receiver_of_a_hand_over_is_told_by_email(escalation, staff, settings,
                                                      django_capture_on_commit_callbacks):
    from triage.models import Notification

    settings.TRIAGE_CONSOLE_URL = "https://triage.example.com"
    settings.TRIAGE_NOTIFICATION_LANGUAGE = "pt-br"
    staff["desk2"].email = "desk2@cottontrade.example.com"
    staff["desk2"].save()
    with django_capture_on_commit_callbacks(execute=True):
        assert ownership.assignee_hand_over("escalation", escalation.pk, staff["desk"],
                                            to=staff["desk2"], seen=None).changed
    [note] = Notification.objects.filter(kind="handover")
    assert note.recipients == ["desk2@cottontrade.example.com"]
    assert note.subject.startswith(f"[PASSADO PARA VOCÊ] A escalação nº {escalation.pk}")
    assert "desk1 passou para você a escalação" in note.body
    assert f"https://triage.example.com/triage/escalation/{escalation.pk}/change/" in note.body
    assert note.state == Notification.State.SENT
    # A receiver with no address still gets the item, untold.
    staff["claims2"].email = ""
    staff["claims2"].save()
    ticket = make_ticket()
    assert ownership.assignee_hand_over("ticket", ticket.pk, staff["claims"],
                                        to=staff["claims2"], seen=None).changed
    assert Notification.objects.filter(kind="handover").count() == 1


def test_acknowledging_takes_an_unassigned_escalation_but_not_someone_elses(staff):
    from triage.services import escalations

    free, held = make_escalation(), make_escalation()
    ownership.assignee_take("escalation", held.pk, staff["desk2"])
    for esc in (free, held):
        assert escalations.escalation_acknowledge(esc.pk, staff["desk"]).changed
        esc.refresh_from_db()
    assert (free.state, free.assignee) == ("acknowledged", staff["desk"])
    assert (held.state, held.assignee) == ("acknowledged", staff["desk2"])
