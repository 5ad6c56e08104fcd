"""Ownership and notes through the console's pages: who has an item, take / release /
hand over buttons by group, the "mine" and "unassigned" filters, and the thread of
notes that nothing overwrites."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.urls import reverse

from tests.factories import HVI, login, make_escalation, make_ticket, messages_of
from triage.models import EmailEvent, Escalation, Note
from triage.services import escalations, ownership

pytestmark = pytest.mark.django_db


@pytest.fixture
def escalation(staff):
    return make_escalation()


def act(escalation, name):
    return reverse("admin:triage_escalation_act", args=[escalation.pk, name])


def test_desk_takes_and_a_colleague_sees_who_has_it(client, staff, escalation):
    change = reverse("admin:triage_escalation_change", args=[escalation.pk])
    page = login(client, staff["desk"]).get(change).content.decode()
    assert 'id="take-button"' in page and "Nobody has taken this item." in page
    response = client.post(act(escalation, "take"), follow=True)
    assert "You have taken this item." in messages_of(response)
    assert "You have this item." in response.content.decode()

    page = login(client, staff["desk2"]).get(change).content.decode()
    assert "desk1 has this item." in page and 'id="take-button"' not in page
    email_page = client.get(reverse("admin:triage_inboundemail_change",
                                    args=[escalation.email_id])).content.decode()
    assert "Escalation (Pending, desk1)" in email_page
    response = client.post(act(escalation, "take"), follow=True)
    assert "desk1 has this item now." in messages_of(response)
    escalation.refresh_from_db()
    assert escalation.assignee == staff["desk"]


def test_claims_staff_cannot_take_an_escalation(client, staff, escalation):
    change = reverse("admin:triage_escalation_change", args=[escalation.pk])
    page = login(client, staff["claims"]).get(change).content.decode()
    assert 'id="take-button"' not in page and 'id="acknowledge-form"' not in page
    assert client.post(act(escalation, "take")).status_code == 403
    escalation.refresh_from_db()
    assert escalation.assignee is None


def test_hand_over_lists_only_the_desk(client, staff, escalation):
    change = reverse("admin:triage_escalation_change", args=[escalation.pk])
    page = login(client, staff["desk"]).get(change).content.decode()
    assert ">desk2</option>" in page and ">claims1</option>" not in page
    response = client.post(act(escalation, "hand_over"), {"to": staff["claims"].pk, "seen": ""},
                           follow=True)
    assert any("Not done" in m for m in messages_of(response))
    client.post(act(escalation, "hand_over"), {"to": staff["desk2"].pk, "seen": ""})
    escalation.refresh_from_db()
    assert escalation.assignee == staff["desk2"]


def test_mine_and_unassigned_filters(client, staff):
    mine, other = (make_ticket(name)
                   for name in ("03-weight-shortfall.eml", "02-reclamacao-hvi.eml"))
    ownership.assignee_take("ticket", mine.pk, staff["claims"])
    changelist = reverse("admin:triage_ticket_changelist")
    login(client, staff["claims"])
    shown = {f: [t.pk for t in client.get(changelist, {"assignee": f}).context["cl"].result_list]
             for f in ("mine", "unassigned")}
    assert shown == {"mine": [mine.pk], "unassigned": [other.pk]}
    page = client.get(changelist).content.decode()
    assert "claims1" in page  # the assignee column


def test_notes_are_a_thread_nothing_overwrites(client, staff, escalation):
    escalations.escalation_acknowledge(escalation.pk, staff["desk"], "calling the mill")
    login(client, staff["desk"]).post(act(escalation, "note"), {"body": "mill confirms"})
    escalations.escalation_resolve(escalation.pk, staff["desk"], "settled at USD 120k")
    escalations.escalation_resolve(escalation.pk, staff["desk2"], "confirmed")
    bodies = list(Note.objects.filter(email=escalation.email)
                  .values_list("body", "author__username"))
    assert bodies == [("calling the mill", "desk1"), ("mill confirms", "desk1"),
                      ("settled at USD 120k", "desk1"), ("confirmed", "desk2")]
    assert EmailEvent.objects.filter(kind="note_added").count() == 4
    email_page = client.get(reverse("admin:triage_inboundemail_change",
                                    args=[escalation.email_id])).content.decode()
    for body, _ in bodies:
        assert body in email_page


def test_a_note_is_escaped_and_an_empty_one_refused(client, staff, escalation):
    login(client, staff["claims"])
    url = reverse("admin:triage_inboundemail_act", args=[escalation.email_id, "note"])
    response = client.post(url, {"body": "   "}, follow=True)
    assert any("Not done" in m for m in messages_of(response))
    client.post(url, {"body": "<script>alert(1)</script> see lot 7"})
    page = client.get(reverse("admin:triage_inboundemail_change",
                              args=[escalation.email_id])).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt; see lot 7" in page
    assert "<script>alert(1)" not in page
    assert Note.objects.get().target == ""


def test_the_old_escalation_note_becomes_the_first_note(staff, escalation):
    Escalation.objects.filter(pk=escalation.pk).update(note="an old note",
                                                       acknowledged_by=staff["desk"])
    migration = importlib.import_module("triage.migrations.0010_console")
    migration.notes_from_escalations(apps, None)
    note = Note.objects.get()
    assert (note.body, note.author, note.target) == (
        "an old note", staff["desk"], f"escalation:{escalation.pk}")


def _stored_messages(client, response) -> list[str]:
    """The flash messages as stored between requests: the signed cookie's (decoded)
    and the session's (Django's fallback when the cookie is full)."""
    from django.contrib.messages.storage.cookie import CookieStorage
    from django.contrib.messages.storage.session import SessionStorage
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    cookie = response.cookies.get(CookieStorage.cookie_name)
    found = CookieStorage(request)._decode(cookie.value) if cookie and cookie.value else []
    request.session = client.session
    found += SessionStorage(request)._get()[0] or []
    return [str(m.message) for m in found]


def test_a_sent_reply_leaves_no_address_in_the_session_or_the_admin_log(client, staff):
    """A flash message waits in the session (or its cookie) until a page shows it, and
    Django's admin log keeps it: where an erasure of the email cannot reach. It names the
    email, never the sender's address; the person still reads a clear confirmation."""
    from django.contrib.admin.models import LogEntry

    email = make_ticket(HVI).email
    address = email.from_address
    url = reverse("admin:triage_inboundemail_act", args=[email.pk, "reply"])
    response = login(client, staff["claims"]).post(
        url, {"template": "ack-pt", "subject": "Re: Reclamação", "body": "Recebemos."})
    assert response.status_code == 302
    stored = _stored_messages(client, response)
    assert stored and not [m for m in stored if address.split("@")[0] in m]
    page = client.get(response.url)
    assert messages_of(page) == [f"Reply sent to the sender of email #{email.pk}."]
    assert not [e for e in LogEntry.objects.all() if address in e.change_message]


def test_reply_from_the_email_page_with_a_portuguese_template(client, staff):
    from django.core import mail

    email = make_ticket(HVI).email
    change = reverse("admin:triage_inboundemail_change", args=[email.pk])
    page = login(client, staff["claims"]).get(change, {"reply": "ack-pt"}).content.decode()
    assert 'id="reply-form"' in page and "Confirmamos o recebimento" in page
    assert "Re: Reclamação de qualidade" in page
    mail.outbox.clear()
    url = reverse("admin:triage_inboundemail_act", args=[email.pk, "reply"])
    response = client.post(url, {"template": "ack-pt", "subject": "Re: Reclamação",
                                 "body": "Prezados, confirmamos o recebimento."}, follow=True)
    assert any("Reply sent to" in m for m in messages_of(response))
    assert mail.outbox[-1].to == [email.from_address]
    assert "Prezados, confirmamos o recebimento." in response.content.decode()  # the thread
    # The desk reads the thread but has no reply form, and may not post one.
    page = login(client, staff["desk"]).get(change).content.decode()
    assert 'id="reply-form"' not in page and "Prezados, confirmamos" in page
    assert client.post(url, {"subject": "x", "body": "y"}).status_code == 403


def test_a_ticket_page_links_to_the_reply(client, staff):
    ticket = make_ticket()
    page = login(client, staff["claims"]).get(
        reverse("admin:triage_ticket_change", args=[ticket.pk])).content.decode()
    assert f"/triage/inboundemail/{ticket.email_id}/change/?reply=decision-en#reply" in page


def test_bulk_take_and_acknowledge_are_audited(client, staff, escalation):
    changelist = reverse("admin:triage_escalation_changelist")
    login(client, staff["desk"])
    response = client.post(changelist, {"action": "take_selected",
                                        "_selected_action": [escalation.pk]}, follow=True)
    assert "1 taken; 0 were someone else's or no longer waiting." in messages_of(response)
    client.post(changelist, {"action": "acknowledge_selected",
                             "_selected_action": [escalation.pk]})
    escalation.refresh_from_db()
    assert (escalation.assignee, escalation.state) == (staff["desk"], "acknowledged")
    assert EmailEvent.objects.filter(kind__in=["assigned", "escalation_acknowledged"]).count() == 2
    # Claims staff are not offered the desk's bulk actions.
    page = login(client, staff["claims"]).get(changelist).content.decode()
    assert "acknowledge_selected" not in page and "take_selected" not in page
