"""The console's front door and front page: login throttling, the Content-Security-Policy,
the dashboard and who sees it."""

from __future__ import annotations

import io
import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import login, make_escalation, make_forward, make_ticket, make_user

pytestmark = pytest.mark.django_db


def test_dashboard(client, staff):
    make_escalation()
    make_forward()
    body = login(client, staff["desk"]).get(reverse("admin:index")).content.decode()
    assert "Triage dashboard" in body
    assert "Oldest pending escalations" in body and "URGENT: Contamination claim" in body
    assert "Escalations raised by the backstop over the model" in body
    assert "OFFLINE" in body


def test_a_staff_user_in_no_group_sees_no_email_data(client, staff):
    make_escalation()
    nobody = make_user("nobody")  # staff, but in no triage group
    response = login(client, nobody).get(reverse("admin:index"))
    body = response.content.decode()
    assert response.status_code == 200
    assert "Triage dashboard" not in body and "Contamination claim" not in body
    assert "pending-escalations" not in body and "permission" in body
    body = login(client, staff["desk"]).get(reverse("admin:index")).content.decode()
    assert "Triage dashboard" in body and "URGENT: Contamination claim" in body
    body = login(client, make_user("root", superuser=True)).get(reverse("admin:index"))
    assert "URGENT: Contamination claim" in body.content.decode()


def log_in(client, username: str, password: str):
    return client.post("/login/", {"username": username, "password": password, "next": "/"})


def test_repeated_wrong_passwords_lock_that_login_out(client, staff, settings):
    limit = settings.AXES_FAILURE_LIMIT  # the limit-th wrong password locks
    statuses = [log_in(client, "desk1", "guess").status_code for _ in range(30)]
    assert statuses == [200] * (limit - 1) + [429] * (31 - limit)
    response = log_in(client, "desk1", "pw-desk1")
    assert response.status_code == 429 and "_auth_user_id" not in client.session
    # Another user from the same address still logs in.
    other = Client()
    assert log_in(other, "desk2", "pw-desk2").status_code == 302
    assert other.session["_auth_user_id"] == str(staff["desk2"].pk)
    # Once the cool-off has passed without another try, the real user gets in again.
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1))
    assert log_in(client, "desk1", "pw-desk1").status_code == 302
    assert client.session["_auth_user_id"] == str(staff["desk"].pk)


def test_a_few_typos_do_not_lock_anyone_out_and_an_admin_can_lift_a_lockout(client, staff):
    for _ in range(4):
        log_in(client, "claims1", "typo")
    assert log_in(client, "claims1", "pw-claims1").status_code == 302  # and resets the count
    client.logout()
    for _ in range(5):
        log_in(client, "claims1", "typo")
    assert log_in(client, "claims1", "pw-claims1").status_code == 429
    call_command("axes_reset_username", "claims1", stdout=io.StringIO())
    assert log_in(client, "claims1", "pw-claims1").status_code == 302


INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>\s*[^<\s]|<style|\sstyle=|\son[a-z]+=|"
                    r"javascript:", re.IGNORECASE)


def test_pages_carry_a_strict_csp_and_need_no_inline_code(client, staff):
    email = make_escalation().email
    ticket = make_ticket()
    login_page = client.get("/login/")
    policy = login_page["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy
    pages = [login_page]
    login(client, make_user("root", superuser=True))
    for url in [reverse("admin:index"), reverse("admin:triage_inboundemail_changelist"),
                reverse("admin:triage_inboundemail_change", args=[email.pk]),
                reverse("admin:triage_ticket_change", args=[ticket.pk]),
                reverse("admin:triage_escalation_change", args=[email.escalation.pk]),
                reverse("admin:triage_emailevent_changelist"),
                reverse("admin:password_change")]:
        pages.append(client.get(url))
    pages.append(client.post(reverse("admin:triage_inboundemail_changelist"),
                             {"action": "replay", "_selected_action": [email.pk]}))
    for page in pages:
        assert page.status_code == 200 and page["Content-Security-Policy"] == policy
        assert not INLINE.search(page.content.decode()), page.wsgi_request.path
