"""No English on a pt-BR page a staff member reaches in the demo's working day: the
demo's samples triaged, then worked (an escalation acknowledged and its resolution
asked for, a ticket approved, a reply sent, an item handed over, a note), and every page
the demo's users reach walked in Portuguese: the dashboards, the lists, each detail
page, a refused form. The check reads the rendered HTML as a person does (the text, the
title, tooltips, button labels) with the sender's and the model's words taken out
(quotes, the email's text, its subject and addresses, what the model extracted, and
anything marked with a ``lang`` of its own), and fails on any English word of the
console's vocabulary. The same walk in English finds those words: the check can fail."""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from pathlib import Path

import lxml.html
import pytest
from django.urls import reverse

from tests.factories import login, triaged_raw
from triage.models import Escalation, InboundEmail, Ticket, TriageRun

pytestmark = pytest.mark.django_db
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SAMPLES = Path(__file__).resolve().parents[2] / "triage" / "samples"

# Words of the console's English that no Portuguese sentence of ours uses. Loanwords
# the Portuguese pages keep on purpose (status, ticket, backstop, pipeline, offline,
# tokens, prompt, LLM, HVI, USD, Message-ID, bytes) are not in it.
ENGLISH = frozenset("""
the and of for with this that these which what who when where why your you our has have
was were is are not been will would should could must by into than then there their
escalation escalations escalated draft approved rejected pending acknowledged resolved
dismissed unknown assigned added note notes claim claims exposure deadline routine keywords
affirmed language matched rules forward forwarded routed decided decision reply replies
sent failed none yes confirm confirmed waiting awaiting second member desk business
today tomorrow overdue amount stated rate header hidden text bank change details sender
lookalike unread parts unsupported values provider simulated model reasoning trigger
triggers signals review needs person queue mine unassigned version versions changes source
changed created reason reasons error errors output chain calls call latency subject
received message download attachment attachments filename stored evidence stands
counterpart email emails lot contract team stopped purpose nothing went wrong assignee
handed taken released confirmation requested closing correction corrected quote quotes
field value answer question
keyboard shortcuts help next previous close search new since looked show reload
""".split())
# A word, with its digits and hyphens: "desk1" is a user's name, "Message-ID" a header's.
_WORD = re.compile(r"[A-Za-zÀ-ÿ0-9]+(?:-[A-Za-zÀ-ÿ0-9]+)*")


def _strings(value) -> list[str]:
    """Every string in a stored JSON value (what a model or a sender wrote)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def senders_words() -> list[list[str]]:
    """The sender's and the model's texts, as word lists, longest first."""
    texts = []
    for email in InboundEmail.objects.all():
        texts += [email.subject, email.from_header, email.from_address, email.text_body,
                  email.html_text, email.message_id, *email.to, *email.cc,
                  *_strings(email.flags), *email.attachments.values_list("filename", flat=True)]
    for run in TriageRun.objects.prefetch_related("calls"):
        texts += _strings(run.decision) + [s for c in run.calls.all() for s in _strings(c.output)]
        texts += [run.contract_reference, run.lot_reference, run.model_name]
    for ticket in Ticket.objects.all():
        texts += _strings(ticket.data)
    from django.contrib.auth.models import User

    texts += list(User.objects.values_list("username", flat=True))
    lists = {tuple(w.lower() for w in _WORD.findall(t)) for t in texts if t}
    return sorted((list(x) for x in lists if x), key=len, reverse=True)


def _visible(html: str) -> list[str]:
    """What a person reads on the page: its title, the text of the header and the
    content, tooltips, button labels and a list's choices (filters, actions, a hand-over's
    names), the keyboard shortcuts' help included; not the sender's or the model's words
    (quotes, the email's text, what is marked with a ``lang`` of its own), nor what a
    form holds (a reply being written is in the sender's language)."""
    doc = lxml.html.document_fromstring(html)
    for node in doc.xpath("//script|//style|//pre|//q|//textarea|//code"
                          "|//body//*[@lang]"):
        node.drop_tree()
    chunks = [t for t in doc.xpath("//title//text()")]
    for root in doc.xpath('//*[@id="container"]'):
        chunks += root.itertext()
        chunks += root.xpath(".//@title | .//@aria-label | .//@placeholder"
                             " | .//input[@type='submit']/@value")
    return [" ".join(c.split()) for c in chunks if c.strip()]


def english_in(html: str, senders: list[list[str]]) -> list[str]:
    """The chunks of the page with English words left once the sender's and the
    model's words are taken out."""
    found = []
    for chunk in _visible(html):
        words = [w.lower() for w in _WORD.findall(chunk)]
        keep = [True] * len(words)
        for sender in senders:
            matcher = SequenceMatcher(None, words, sender, autojunk=False)
            for block in matcher.get_matching_blocks():
                if block.size >= 2 or (block.size == 1 and len(words) == 1):
                    keep[block.a:block.a + block.size] = [False] * block.size
        hits = [w for w, k in zip(words, keep, strict=True) if k and w in ENGLISH]
        if hits:
            found.append(f"{chunk[:100]!r}: {sorted(set(hits))}")
    return found


def pages(client, staff) -> list[tuple[str, str, dict]]:
    """(who, url, POST data or None) for every page the demo's users reach."""
    out = []
    lists = ["admin:index", "admin:triage_inboundemail_changelist",
             "admin:triage_escalation_changelist", "admin:triage_ticket_changelist"]
    for who in ("desk2", "claims", "triager"):
        out += [(who, reverse(name), None) for name in lists]
    out += [("triager", reverse(name), None)
            for name in ("admin:triage_notification_changelist", "admin:triage_forward_changelist",
                         "admin:triage_emailevent_changelist", "admin:triage_note_changelist",
                         "admin:triage_reply_changelist", "admin:quality")]
    out += [("claims", reverse("admin:triage_note_changelist"), None),
            ("claims", reverse("admin:triage_reply_changelist"), None)]
    out += [("triager", reverse("admin:triage_inboundemail_changelist")
             + "?status__exact=needs_review", None),
            ("desk2", reverse("admin:triage_escalation_changelist") + "?second=waiting", None),
            ("claims", reverse("admin:triage_ticket_changelist") + "?awaiting=send", None)]
    for email in InboundEmail.objects.all():
        out.append(("triager", reverse("admin:triage_inboundemail_change", args=[email.pk]),
                    None))
    for esc in Escalation.objects.all():
        out.append(("desk2", reverse("admin:triage_escalation_change", args=[esc.pk]), None))
    for ticket in Ticket.objects.all():
        out.append(("claims", reverse("admin:triage_ticket_change", args=[ticket.pk]), None))
    review = InboundEmail.objects.filter(status="needs_review").first()
    out.append(("triager", reverse("admin:triage_inboundemail_act", args=[review.pk, "decide"]),
                {"route": "forwarded", "department": "", "reason": "ok"}))
    return out


def walk(client, staff, headers) -> dict[str, list[str]]:
    users = {"desk2": staff["desk2"], "claims": staff["claims"], "triager": staff["triager"]}
    senders = senders_words()
    found = {}
    for who, url, data in pages(client, staff):
        login(client, users[who])
        response = client.post(url, data, **headers) if data else client.get(url, **headers)
        assert response.status_code in (200, 400), (url, response.status_code)
        hits = english_in(response.content.decode(), senders)
        if hits:
            found[f"{who} {url}"] = hits
    return found


def test_no_english_on_the_portuguese_pages_of_the_working_day(client, working_day):
    found = walk(client, working_day, PT)
    assert not found, "\n".join(f"{page}:\n  " + "\n  ".join(hits)
                                for page, hits in found.items())


def test_the_english_pages_are_english(client, working_day):
    """The same walk in English finds the console's words on every page: the check
    above reads what a person reads."""
    found = walk(client, working_day, EN)
    assert len(found) == len(pages(client, working_day))
    evidence = reverse("admin:triage_escalation_change",
                       args=[Escalation.objects.order_by("pk").first().pk])
    assert any("evidence" in hit for hit in found[f"desk2 {evidence}"])


def test_the_sender_words_are_not_counted(client, staff):
    """A subject in English on a Portuguese page is the sender's: it is not counted, and
    the console's own English beside it is."""
    email = triaged_raw((SAMPLES / "03-weight-shortfall.eml").read_bytes())
    senders = senders_words()
    page = f"<html><body><div id='container'><p>#{email.pk} {email.subject}</p>" \
           "<p>Where it stands</p></div></body></html>"
    assert english_in(page, senders) == ["'Where it stands': ['stands', 'where']"]
