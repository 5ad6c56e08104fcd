"""Why an email went where it went, on the pages staff read in Portuguese: an email the
offline pipeline sends to a person, to the desk and to a ticket shows every reason
stored about it in Portuguese (none of our English), and the sender's own words quoted
as written and escaped."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from tests.factories import login, make_escalation, triaged_raw, triaged_sample
from triage import labels
from triage.models import Escalation, InboundEmail, Status
from triage.routes import Code
from triage.sanitize import escape_invisible
from triage.services import escalations

pytestmark = pytest.mark.django_db
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9,en;q=0.5"}

# A claim below the threshold that affirms contamination and threatens arbitration, from
# a sender whose words carry markup: the rules send it to a person with both readings.
THREAT = (
    b"From: Jiangsu Mills <qa@mill.example.cn>\r\nTo: claims@cottontrade.example.com\r\n"
    b"Subject: Claim lot 9\r\nDate: Mon, 16 Nov 2026 09:00:00 +0000\r\n"
    b"Message-ID: <claim-9@mill.example.cn>\r\n\r\n"
    b"We found plastic contamination in 12 bales of lot 9 and claim USD 9,500. Failing "
    b"settlement we shall refer the matter to ICA arbitration <b>at once</b>.\r\n")


def _stored(email: InboundEmail) -> list[dict]:
    """Every reason stored about the email: its status, its run, its timeline."""
    run = email.current_run
    found = [*email.status_reasons, *run.backstop_triggers, *run.review_signals, *run.errors,
             *(r for event in email.events.all() for r in event.reasons)]
    return [r for r in found if isinstance(r, dict)]


def _words(reason: dict, language: str) -> str:
    with translation.override(language):
        return escape(escape_invisible(labels.reason(reason)))


def _assert_portuguese(page: str, reasons: list[dict]) -> None:
    assert reasons
    for reason in reasons:
        assert _words(reason, "pt-br") in page, reason
        assert _words(reason, "en") not in page, reason


@pytest.mark.parametrize("raw,route", [
    (THREAT, Status.NEEDS_REVIEW),
    ("01-contamination-claim-ica.eml", Status.ESCALATED),
    ("03-weight-shortfall.eml", Status.TICKET),
])
def test_the_email_page_says_every_reason_in_portuguese(client, staff, raw, route):
    email = triaged_raw(raw) if isinstance(raw, bytes) else triaged_sample(raw)
    assert email.status == route
    page = login(client, staff["triager"]).get(
        reverse("admin:triage_inboundemail_change", args=[email.pk]), **PT).content.decode()
    _assert_portuguese(page, _stored(email))
    # The pipeline's own way through the queue is in the timeline too, in words.
    for code in (Code.RECEIVED_VIA, Code.NEW_EMAIL, Code.WORKER_CLAIMED):
        assert code in {r["code"] for r in _stored(email)}
        assert code not in page


def test_the_senders_words_are_quoted_as_written_and_escaped(client, staff):
    email = triaged_raw(THREAT)
    [threat] = [r for r in email.current_run.review_signals
                if r["code"] == Code.THREAT_NOT_ESCALATED]
    assert threat["quote"] == "we shall refer the matter to ICA arbitration <b>at once</b>"
    page = login(client, staff["triager"]).get(
        reverse("admin:triage_inboundemail_change", args=[email.pk]), **PT).content.decode()
    assert ("o e-mail ameaça arbitragem, ação judicial ou cancelamento (\u201cwe shall refer "
            "the matter to ICA arbitration &lt;b&gt;at once&lt;/b&gt;\u201d)") in page
    assert "<b>at once</b>" not in page


def test_the_escalation_page_says_its_triggers_in_portuguese(client, staff):
    email = triaged_sample("01-contamination-claim-ica.eml")
    escalation = Escalation.objects.get(email=email)
    assert escalation.backstop_triggers and escalation.model_triggers
    login(client, staff["desk"])
    page = client.get(reverse("admin:triage_escalation_change", args=[escalation.pk]),
                      **PT).content.decode()
    _assert_portuguese(page, escalation.backstop_triggers)
    for trigger in escalation.model_triggers:
        with translation.override("en"):
            english = str(labels.MODEL_TRIGGERS[trigger])
        with translation.override("pt-br"):
            assert str(labels.MODEL_TRIGGERS[trigger]) in page and english not in page
    listing = client.get(reverse("admin:triage_escalation_changelist"), **PT).content.decode()
    assert "exposição extraída de" in listing and "extracted exposure" not in listing


def test_a_dismissal_request_in_the_timeline_names_the_triggers_in_portuguese(client, staff):
    esc = make_escalation()
    escalations.escalation_dismiss(esc.pk, staff["desk"], "the mill withdrew it")
    page = login(client, staff["desk"]).get(
        reverse("admin:triage_inboundemail_change", args=[esc.email_id]), **PT).content.decode()
    timeline = page.split("Linha do tempo")[-1]
    assert "gatilhos do backstop: exposição extraída de" in timeline
    assert "the mill withdrew it" in timeline  # the person's words, as written
    assert "backstop triggers" not in timeline and "'code'" not in timeline
