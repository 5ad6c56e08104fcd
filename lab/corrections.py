"""Staff's corrections as an evaluation set: every email whose decision staff
overturned, or whose ticket draft they corrected before approving it, written as a
``.eml`` with a ``labels.json`` in the format ``lab.evaluation`` reads, the label being
what staff decided. ``triage_eval DIR`` then measures a new rule or prompt on last
month's real mistakes before it ships.

What is written is what the pipeline read (``EmailInput.from_stored``): the subject and
the body, the HTML's text when it says more, each attachment's text as a plain-text
attachment, pseudonymised across the whole set (``lab.pseudonym``). Nothing else of the
stored message goes out: no raw headers, no file an attachment came in. An email whose
content was erased (retention, an erasure request) is not exported.
"""

from __future__ import annotations

import json
from datetime import date
from email.message import EmailMessage
from email.utils import format_datetime, parseaddr
from html import escape
from pathlib import Path

from lab.evaluation import FIELDS
from lab.pseudonym import Pseudonyms
from triage.decision import EmailInput
from triage.models import InboundEmail, Ticket, Tombstone, TriageRun
from triage.quality import Outcome
from triage.quality.outcomes import OVERTURNED
from triage.routes import Route
from triage.selectors import decision_outcomes


def corrections(found: list[Outcome], *, since: date, until: date) -> list[Outcome]:
    """Per email, its last decision of the period that staff overturned (with a label
    to give: a route they chose, or an escalation they dismissed) or whose draft they
    corrected and finished."""
    last: dict[int, Outcome] = {}
    for o in found:
        if not since <= o.run.day <= until:
            continue
        overturned = o.verdict == OVERTURNED and (o.staff_route or o.run.route == Route.ESCALATED)
        if overturned or (o.draft_finished and o.fields):
            last[o.run.email_id] = o
    return list(last.values())


def _kind(o: Outcome) -> str:
    if o.missed:
        return "miss"
    if o.verdict == OVERTURNED:
        return "false_alarm" if o.run.route in (Route.ESCALATED, Route.NEEDS_REVIEW) \
            else "rerouted"
    return "fields_corrected"


def expected(o: Outcome, claim: dict, names: Pseudonyms) -> dict:
    """The label: the route staff chose (with its department, for a forward) or, for an
    escalation they dismissed, that it was not one; the claim's fields as staff left
    them, for a draft they finished."""
    out: dict = {}
    if o.staff_route:
        out["route"] = o.staff_route
        out["escalate"] = o.staff_route == Route.ESCALATED
        if o.staff_route == Route.FORWARDED:
            out["department"] = o.staff_department or o.run.department
    else:
        out["escalate"] = False
    if o.draft_finished:
        for name in FIELDS:
            value = claim.get(name)
            if value not in (None, ""):
                out[name] = names.text(value) if name == "claiming_party" else value
    return out


def _learn(names: Pseudonyms, email: InboundEmail, claims: list[dict], text: str) -> None:
    for claim in claims:
        names.learn_company(claim.get("claiming_party"))
    for claim in claims:
        contact = claim.get("contact") or ""
        if "@" not in contact:
            names.learn_person(contact)
    names.learn_person(parseaddr(email.from_header)[0])
    names.learn_text(text)


def message(email: InboundEmail, reading: EmailInput, names: Pseudonyms, case: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = names.header(email.from_header or email.from_address)
    for header, addresses in (("To", email.to), ("Cc", email.cc)):
        if addresses:
            msg[header] = ", ".join(names.address(a) for a in addresses)
    msg["Subject"] = names.text(email.subject)
    msg["Date"] = format_datetime(email.received_at)
    msg["Message-ID"] = f"<{case}@corrections.example>"
    msg.set_content(names.text(reading.body) or "\n")
    if reading.html_extra:
        msg.add_alternative(f"<html><body><pre>{escape(names.text(reading.html_extra))}"
                            "</pre></body></html>", subtype="html")
    for i, (_label, text) in enumerate(reading.attachment_texts, 1):
        msg.add_attachment(names.text(text), subtype="plain", filename=f"attachment-{i}.txt")
    return bytes(msg)


def export_corrections(path: Path, *, since: date, until: date) -> dict:
    """Write the set into ``path`` (made if missing); how many cases, and why any
    correction was left out."""
    chosen = corrections(decision_outcomes(since), since=since, until=until)
    erased = set(Tombstone.objects.filter(stage=Tombstone.Stage.CONTENT,
                                          email_id__in=[o.run.email_id for o in chosen])
                 .values_list("email_id", flat=True))
    kept = [o for o in chosen if o.run.email_id not in erased]
    emails = InboundEmail.objects.in_bulk([o.run.email_id for o in kept])
    drafts = dict(Ticket.objects.filter(email_id__in=list(emails)).values_list("email_id", "data"))
    runs = {o.run.pk: o for o in kept}
    run_claims = {pk: (decision or {}).get("claim") or {} for pk, decision in
                  TriageRun.objects.filter(pk__in=list(runs)).values_list("pk", "decision")}
    names, readings = Pseudonyms(), {}
    for o in kept:  # learn every name first: the set's pseudonyms are one mapping
        email = emails[o.run.email_id]
        readings[email.pk] = reading = EmailInput.from_stored(email)
        claims = [run_claims.get(o.run.pk, {}), (drafts.get(email.pk) or {}).get("claim") or {}]
        _learn(names, email, claims, "\n".join([reading.subject, reading.body,
                                                *(t for _, t in reading.attachment_texts)]))
    path.mkdir(parents=True, exist_ok=True)
    cases = []
    for n, o in enumerate(kept, 1):
        email, case = emails[o.run.email_id], f"c{n:03d}"
        (path / f"{case}.eml").write_bytes(message(email, readings[email.pk], names, case))
        claim = (drafts.get(email.pk) or {}).get("claim") or {}
        cases.append({"file": f"{case}.eml", "kind": _kind(o), "group": _kind(o),
                      "note": f"decided {o.run.route} by {', '.join(o.sources) or '-'}; "
                              f"staff: {o.staff_route or 'not ' + o.run.route}; "
                              f"corrected: {', '.join(o.fields) or '-'}",
                      "expected": expected(o, claim, names)})
    (path / "labels.json").write_text(json.dumps({
        "source": f"staff corrections from {since.isoformat()} to {until.isoformat()}, "
                  "pseudonymised", "cases": cases}, indent=2, ensure_ascii=False) + "\n")
    return {"cases": len(cases), "erased": len(erased)}
