"""Stored reasons become data: every trigger, review signal, error and status or audit
reason that was an English sentence is converted into its code and parameters, with
the email's words as ``quote``/``quotes`` (``triage.routes.reason``'s shape).

The English is parsed here, once, by the patterns ``triage.labels`` used to read at
display time; nothing parses it afterwards. A sentence no pattern knows is kept as
``{"code": "legacy", "text": ...}`` and shown as written, so nothing is lost. A
person's words (a note, a dismissal reason, a manual decision's reason) are not
converted: an event's ``reason`` keeps them, an email's status keeps them as
``status_note``.

``InboundEmail.status_reason`` (text) becomes ``status_reasons`` (JSON) by adding the
new column, filling it, and removing the old one; ``EmailEvent`` and ``Tombstone`` gain
``reasons`` beside their text ``reason``, which keeps only a person's words. The codes are frozen copies here (strings, not
``triage.routes``): a migration must not change meaning when the vocabulary does.

Irreversible once reasons are stored: going back would need the old English writers, so
restore the backup taken before migrating instead (an empty database may go back).
"""

import ast
import re

from django.db import migrations, models
from django.db.migrations.exceptions import IrreversibleError

BATCH = 1000
_NUMBER = r"[\d,]+(?:\.\d+)?"
_DATE = r"\d{4}-\d\d-\d\d"
_CHAINS = r"classification|extraction|escalation|checklist"
_NOT_THE_CLAIM = ", but the model did not take it as the claim"
_TOGETHER = ", in several currencies together"
_NO_CLAIM = ", but the model did not read a claim"
_ROUTES = ("escalated", "ticket", "forwarded", "needs_review")
_TRIGGERS = ("high_exposure", "arbitration_or_legal", "contamination", "tight_deadline",
             "contract_cancellation", "other")
_AUTOMATED = {"our own notification": "own_notification",
              "sent from our own address": "own_address",
              "delivery status notification (bounce)": "bounce_report"}
# Audit rows whose reason a person wrote: kept as written, never converted.
_PERSON_KINDS = frozenset({
    "decided_manually", "escalation_acknowledged", "escalation_resolved",
    "escalation_dismissed", "escalation_dismissal_requested",
    "escalation_resolution_requested", "ticket_rejected", "reply_recorded"})

_FIXED = {
    "the email reads as a claim, but the model called it routine": "claim_called_routine",
    "the email affirms contamination, but the model did not escalate":
        "contamination_not_escalated",
    "new email": "new_email",
    "worker claimed": "worker_claimed",
    "re-triage requested": "retriage_requested",
    "the email was escalated again": "escalated_again",
    "sweeper: still received": "sweeper_still_received",
    "sweeper: queued too long": "sweeper_queued_too_long",
    "sweeper: worker lost mid-run": "sweeper_worker_lost",
    "redelivered after worker loss": "redelivered",
    "worker lost mid-run; the task was redelivered": "worker_lost_redelivered",
    "worker lost or hard time limit mid-run (sweeper)": "worker_lost_sweeper",
    "demo: triaged inline": "demo_inline",
    "model: requires escalation": "model_required",
}


def _plain(number: str) -> str:
    return number.replace(",", "")


def _unquote(text: str) -> str:
    """The quote as the sender wrote it: the old sentences held its ``repr``."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
    return value if isinstance(value, str) else text


def _source(opening: str) -> dict:
    """The sentence's opening: the extraction's figure, or the email's words."""
    m = re.fullmatch(r"email states (?P<q>.*?) ?(?:=|: deadline)", opening, re.S)
    if m:
        return {"source": "email", "quote": _unquote(m["q"])}
    return {"source": "extraction"}


def _with_quote(out: dict, source: dict) -> dict:
    """``out`` with the source; the quote last, as ``routes.reason`` orders it."""
    out["source"] = source["source"]
    if source.get("quote"):
        out["quote"] = source["quote"]
    return out


def _over(m):
    source = _source(m["source"])
    usd, limit = _plain(m["usd"]), _plain(m["limit"])
    if m["why"] == _NOT_THE_CLAIM:
        return {"code": "exposure_not_the_claim", "usd": usd, "threshold": limit,
                "quote": source.get("quote", "")}
    if m["why"] == _TOGETHER:
        return {"code": "exposure_in_several_currencies", "usd": usd, "threshold": limit,
                "quotes": source.get("quote", "").split(" + ")}
    return _with_quote({"code": "exposure_at_or_above_threshold", "usd": usd,
                        "threshold": limit}, source)


def _no_rate(m):
    currency = "" if m["currency"] == "no currency" else m["currency"].strip().upper()
    return _with_quote({"code": "exposure_without_rate", "amount": _plain(m["amount"]),
                        "currency": currency, "threshold": _plain(m["limit"])},
                       _source(m["source"]))


def _deadline(out: dict, m) -> dict:
    out = _with_quote(out, _source(m["source"]))
    if m["why"]:
        out["model_claim"] = False
    return out


def _passed(m):
    return _deadline({"code": "deadline_passed", "date": m["date"]}, m)


def _within(m):
    return _deadline({"code": "deadline_within_limit", "date": m["date"],
                      "days": int(m["days"]), "limit": int(m["limit"])}, m)


def _correction(m):
    return {"code": "staff_correction", "version": int(m["version"]), "date": m["date"],
            "trigger": convert(m["rest"])}


def _not_triaged(m):
    return automated_reason(m["why"]) or legacy(m.string)


def _unread(m):
    return {"code": "parts_unread", "parts": [part(p) for p in _parts(_unquote(m["q"]))]}


def _gave_up(m):
    return {"code": "gave_up_unfinished", "count": int(m["count"]), "limit": int(m["limit"]),
            "last": convert(m["last"])}


def _quoted(code: str):
    return lambda m: {"code": code, "quote": _unquote(m["q"])}


PATTERNS = [
    (rf"staff correction \(version (?P<version>\d+), from (?P<date>{_DATE})\): (?P<rest>.*)",
     _correction),
    (rf"(?P<source>.+?) USD (?P<usd>{_NUMBER}) >= threshold USD (?P<limit>{_NUMBER})"
     rf"(?P<why>{_NOT_THE_CLAIM}|{_TOGETHER})?", _over),
    (rf"(?P<source>.+?) (?P<amount>{_NUMBER}) in (?P<currency>.+?) \(no rate\) could exceed "
     rf"USD (?P<limit>{_NUMBER})", _no_rate),
    (rf"(?P<source>.+?) (?P<date>{_DATE}) is already past(?P<why>{_NO_CLAIM})?", _passed),
    (rf"(?P<source>.+?) (?P<date>{_DATE}) is (?P<days>-?\d+) business day\(s\) after receipt "
     rf"\(limit (?P<limit>\d+)\)(?P<why>{_NO_CLAIM})?", _within),
    (r"bank details change requested \((?P<q>.*)\): a person must verify it by phone before "
     r"any payment", _quoted("bank_change")),
    (r"not every part of the email was read \((?P<q>.*)\): a person must read it", _unread),
    (r"the email threatens arbitration, legal action or cancellation \((?P<q>.*)\), but the "
     r"model did not escalate", _quoted("threat_not_escalated")),
    (rf"(?P<route>{'|'.join(_ROUTES)}) \((?P<who>[\w-]+)\)",
     lambda m: {"code": "routed", "route": m["route"], "provider": m["who"]}),
    (r"via (?P<who>[\w-]+)", lambda m: {"code": "received_via", "provider": m["who"]}),
    (r"not triaged: (?P<why>.*)", _not_triaged),
    (r"manual: (?P<note>.*)", lambda m: {"code": "decided_by_hand", "note": m["note"]}),
    (r"gave up: (?P<count>\d+) attempt\(s\) never finished \(hard time limit or worker lost; "
     r"limit (?P<limit>\d+)\); last: (?P<last>.*)", _gave_up),
    (r"retry in (?P<seconds>\d+)s: (?P<error>.*)",
     lambda m: {"code": "retry", "seconds": int(m["seconds"]), "error": m["error"]}),
    (r"gave up after (?P<retries>\d+) retries: (?P<error>.*)",
     lambda m: {"code": "gave_up_retries", "retries": int(m["retries"]), "error": m["error"]}),
    (r"broker unavailable, the sweeper will retry: (?P<error>.*)",
     lambda m: {"code": "broker_unavailable", "error": m["error"]}),
    (r"retention: (?P<stage>\w+) kept (?P<days>\d+) days",
     lambda m: {"code": "retention", "stage": m["stage"], "days": int(m["days"])}),
    (r"requested by (?P<by>.*)", lambda m: {"code": "requested_by", "by": m["by"]}),
    (r"LLM call budget exceeded: (?P<calls>\d+) calls > limit (?P<limit>\d+)",
     lambda m: {"code": "call_budget_exceeded", "calls": int(m["calls"]),
                "limit": int(m["limit"])}),
    (rf"(?P<chain>{_CHAINS}): the run's time budget ran out; call abandoned",
     lambda m: {"code": "chain_out_of_time", "chain": m["chain"]}),
    (rf"(?P<chain>{_CHAINS}): (?P<detail>.*)",
     lambda m: {"code": "chain_failed", "chain": m["chain"], "detail": m["detail"]}),
]
PATTERNS = [(re.compile(p, re.S), build) for p, build in PATTERNS]

# What the readers wrote of a part not read in full ("label: why", nested labels too).
_WHY = [
    (r"only the first (?P<bytes>\d+) bytes of the attached message",
     lambda m: {"code": "message_first_bytes", "bytes": int(m["bytes"])}),
    (r"only the first (?P<bytes>\d+) bytes",
     lambda m: {"code": "first_bytes_only", "bytes": int(m["bytes"])}),
    (r"a PDF of (?P<bytes>\d+) bytes is over the (?P<limit>\d+) byte limit; not read",
     lambda m: {"code": "pdf_too_large", "bytes": int(m["bytes"]), "limit": int(m["limit"])}),
    (r"an attached message (?P<depth>\d+) messages deep",
     lambda m: {"code": "message_too_deep", "depth": int(m["depth"])}),
    (r"over the (?P<limit>\d+) attachments read",
     lambda m: {"code": "attachment_past_limit", "limit": int(m["limit"])}),
    (r"the time for this email's attachments ran out",
     lambda m: {"code": "attachments_out_of_time"}),
    (r"(?P<problem>.+?); read (?P<pages>\d+)(?: of (?P<total>\d+))? pages", None),
    (r"read (?P<pages>\d+)(?: of (?P<total>\d+))? pages",
     lambda m: _pages({"code": "pdf_page_limit"}, m)),
]
_WHY = [(re.compile(p, re.S), build) for p, build in _WHY]
_PROBLEMS = [
    (r"no time was left to read it", lambda m: {"code": "pdf_no_time"}),
    (r"no reader process could start \((?P<error>\w+)\)",
     lambda m: {"code": "pdf_reader_unavailable", "error": m["error"]}),
    (r"its reading took over (?P<seconds>[\d.]+) s and was stopped",
     lambda m: {"code": "pdf_timed_out", "seconds": float(m["seconds"])}),
    (r"it is encrypted", lambda m: {"code": "pdf_encrypted"}),
    (r"it is damaged \((?P<error>\w+)\)", lambda m: {"code": "pdf_damaged", "error": m["error"]}),
    (r"its reader stopped \(a limit of memory or CPU\)", lambda m: {"code": "pdf_reader_stopped"}),
]
_PROBLEMS = [(re.compile(p, re.S), build) for p, build in _PROBLEMS]
_WHOLE = [
    (r"attachments: (?P<skipped>\d+) past the first (?P<stored>\d+) were not stored or read",
     lambda m: {"code": "attachments_not_stored", "skipped": int(m["skipped"]),
                "stored": int(m["stored"])}),
    (r"parts: those after the first (?P<parts>\d+) were not parsed",
     lambda m: {"code": "parts_not_parsed", "parts": int(m["parts"])}),
    (r"the body: only its first (?P<chars>[\d,]+) characters were read",
     lambda m: {"code": "body_cut", "chars": int(_plain(m["chars"]))}),
    (r"the HTML: only its first (?P<chars>[\d,]+) characters were read",
     lambda m: {"code": "html_cut", "chars": int(_plain(m["chars"]))}),
    (r"the rules read the first (?P<chars>[\d,]+) of (?P<total>[\d,]+) characters",
     lambda m: {"code": "rules_read_first", "chars": int(_plain(m["chars"])),
                "total": int(_plain(m["total"]))}),
]
_WHOLE = [(re.compile(p, re.S), build) for p, build in _WHOLE]


def _pages(out: dict, m) -> dict:
    out["pages"] = int(m["pages"])
    if m["total"]:
        out["total"] = int(m["total"])
    return out


def _why(text: str) -> dict | None:
    for pattern, build in _WHY:
        m = pattern.fullmatch(text)
        if not m:
            continue
        if build is not None:
            return build(m)
        for problem, make in _PROBLEMS:
            found = problem.fullmatch(m["problem"])
            if found:
                return _pages(make(found), m)
    return None


def _parts(text: str) -> list[str]:
    """The parts a review named, joined by "; " (a PDF's "; read N pages" is its own)."""
    items: list[str] = []
    for piece in text.split("; "):
        if items and re.match(r"read \d+", piece):
            items[-1] += "; " + piece
        elif items and not _complete(items[-1]) and _complete(items[-1] + "; " + piece):
            items[-1] += "; " + piece
        else:
            items.append(piece)
    return items


def _complete(item: str) -> bool:
    return part(item)["code"] != "legacy"


def part(text: str) -> dict:
    """One part not read in full: the readers' phrase, after the part's labels."""
    for pattern, build in _WHOLE:
        m = pattern.fullmatch(text)
        if m:
            return build(m)
    names = text.split(": ")
    for cut in range(1, len(names)):
        found = _why(": ".join(names[cut:]))
        if found is not None:
            return {**found, "part": names[:cut]}
    return legacy(text)


def legacy(text: str) -> dict:
    return {"code": "legacy", "text": text}


def automated_reason(text: str) -> dict | None:
    if text in _AUTOMATED:
        return {"code": _AUTOMATED[text]}
    if text.startswith("bounce from "):
        return {"code": "bounce_sender", "address": text.removeprefix("bounce from ")}
    return None


def known(text: str) -> dict | None:
    """The reason a legacy sentence states, or None when no pattern knows it."""
    if text in _FIXED:
        return {"code": _FIXED[text]}
    for pattern, build in PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return build(m)
    return None


def convert(text: str) -> dict:
    """One stored sentence as its reason (``legacy`` when no pattern knows it)."""
    return known(text) or legacy(text)


def convert_joined(text: str) -> list[dict]:
    """A stored reason that joined several sentences with "; " (a status, an event)
    when no run says which lists it joined. A sentence may hold "; " itself (a quote, a
    technical detail), so the whole text is tried first, then from each piece the
    shortest run of pieces that reads as one known sentence; a piece nothing reads is
    kept as written, with the unknown pieces around it."""
    if not text:
        return []
    whole = known(text)
    if whole is not None:
        return [whole]
    pieces, out, i = text.split("; "), [], 0
    while i < len(pieces):
        for j in range(i + 1, len(pieces) + 1):
            found = known("; ".join(pieces[i:j]))
            if found is not None:
                out.append(found)
                i = j
                break
        else:
            out.append(legacy(pieces[i]))
            i += 1
    # An unknown piece goes on with what came before it: a sentence of its own, or the
    # technical detail of a chain's failure (a validation error lists its fields).
    merged: list[dict] = []
    for item in out:
        last = merged[-1] if merged else {}
        if item["code"] == "legacy" and last.get("code") == "legacy":
            merged[-1] = legacy(last["text"] + "; " + item["text"])
        elif item["code"] == "legacy" and last.get("code") == "chain_failed":
            merged[-1] = {**last, "detail": last["detail"] + "; " + item["text"]}
        else:
            merged.append(item)
    return merged


def routed_reasons(text: str, lists: tuple) -> list[dict] | None:
    """The reasons of a status or an event the pipeline wrote from its run's lists (a
    person's: its review signals and errors; the desk's: the backstop's triggers and the
    model's), when the text is exactly those lists joined; None when it is not."""
    backstop, review, model, errors = lists
    for joined, reasons in (
            (review + errors, lambda: convert_list(review + errors)),
            (backstop + model, lambda: convert_list(backstop) + [
                {"code": "model_trigger", "trigger": t} if t in _TRIGGERS else convert(t)
                for t in model if isinstance(t, str)]),
            (backstop, lambda: convert_list(backstop))):
        if joined and all(isinstance(x, str) for x in joined) \
                and "; ".join(joined)[:2000] == text:
            return reasons()
    return None


def convert_list(items) -> list:
    return [convert(x) if isinstance(x, str) else x for x in items or []]


def convert_model_triggers(items) -> list:
    """Trigger codes stay codes; "manual: ..." and "model: requires escalation" become
    reasons."""
    return [x if not isinstance(x, str) or x in _TRIGGERS else convert(x)
            for x in items or []]


def _decision(decision):
    if not isinstance(decision, dict):
        return decision
    decision = dict(decision)
    escalation = decision.get("escalation")
    if isinstance(escalation, dict):
        decision["escalation"] = {
            **escalation,
            **({"backstop_triggers": convert_list(escalation["backstop_triggers"])}
               if "backstop_triggers" in escalation else {}),
            **({"model_triggers": convert_model_triggers(escalation["model_triggers"])}
               if "model_triggers" in escalation else {})}
    for key in ("review_signals", "errors"):
        if key in decision:
            decision[key] = convert_list(decision[key])
    return decision


def event_reasons(kind: str, text: str, lists: tuple | None = None) -> tuple[list[dict], str]:
    """(reasons, a person's words) of one audit row's stored reason; ``lists``: the
    sentence lists of the run it names, if any."""
    if not text or kind in _PERSON_KINDS:
        return [], text
    erasure = re.fullmatch(r"erasure request (?P<request>\d+): (?P<why>.*)", text, re.S)
    if erasure:
        return [{"code": "erasure_request", "request": int(erasure["request"])}], erasure["why"]
    if kind == "reply_failed":
        return [{"code": "reply_not_sent", "error": text}], ""
    from_run = routed_reasons(text, lists) if lists else None
    return (from_run if from_run is not None else convert_joined(text)), ""


def _batches(rows, model, fields, change):
    batch = []
    for row in rows.iterator(chunk_size=BATCH):
        if change(row):
            batch.append(row)
        if len(batch) >= BATCH:
            model.objects.bulk_update(batch, fields)
            batch = []
    if batch:
        model.objects.bulk_update(batch, fields)


def forward(apps, schema_editor):
    TriageRun = apps.get_model("triage", "TriageRun")
    Escalation = apps.get_model("triage", "Escalation")
    InboundEmail = apps.get_model("triage", "InboundEmail")
    EmailEvent = apps.get_model("triage", "EmailEvent")
    Tombstone = apps.get_model("triage", "Tombstone")

    # The runs' sentences as stored: a routed status or event joined them.
    rows = TriageRun.objects.values_list("pk", "backstop_triggers", "review_signals",
                                         "model_triggers", "errors")
    lists = {pk: tuple(list(x or []) for x in rest) for pk, *rest in rows.iterator()}

    def event(row):
        run = lists.get((row.data or {}).get("run")) if isinstance(row.data, dict) else None
        row.reasons, row.reason = event_reasons(row.kind, row.reason, run)
        return True

    _batches(EmailEvent.objects.exclude(reason="").order_by("pk"), EmailEvent,
             ["reasons", "reason"], event)

    # An email decided by hand kept the person's reason as its status reason.
    manual = dict(EmailEvent.objects.filter(kind="decided_manually").order_by("pk")
                  .values_list("email_id", "reason"))

    def email(row):
        if row.automated:
            found = automated_reason(row.automated)
            row.automated = found["code"] if found else row.automated
        if row.status_reason and manual.get(row.pk) == row.status_reason:
            row.status_note = row.status_reason
            return True
        from_run = (routed_reasons(row.status_reason, lists[row.current_run_id])
                    if row.status_reason and row.current_run_id in lists else None)
        row.status_reasons = from_run if from_run is not None else convert_joined(
            row.status_reason)
        return True

    _batches(InboundEmail.objects.exclude(status_reason="", automated="").order_by("pk"),
             InboundEmail, ["automated", "status_reasons", "status_note"], email)

    def run(row):
        row.backstop_triggers = convert_list(row.backstop_triggers)
        row.review_signals = convert_list(row.review_signals)
        row.model_triggers = convert_model_triggers(row.model_triggers)
        row.errors = convert_list(row.errors)
        row.decision = _decision(row.decision)
        return True

    _batches(TriageRun.objects.order_by("pk"), TriageRun,
             ["backstop_triggers", "review_signals", "model_triggers", "errors", "decision"],
             run)

    def escalation(row):
        row.backstop_triggers = convert_list(row.backstop_triggers)
        row.model_triggers = convert_model_triggers(row.model_triggers)
        return True

    _batches(Escalation.objects.order_by("pk"), Escalation,
             ["backstop_triggers", "model_triggers"], escalation)

    def tombstone(row):
        row.reasons, row.reason = event_reasons("", row.reason)
        return True

    _batches(Tombstone.objects.exclude(reason="").order_by("pk"), Tombstone,
             ["reasons", "reason"], tombstone)


def backward(apps, schema_editor):
    """Only a database with no reasons stored goes back: the code before 0013 cannot
    read a converted one."""
    stored = [
        apps.get_model("triage", "TriageRun").objects.exists(),
        apps.get_model("triage", "Escalation").objects.exists(),
        apps.get_model("triage", "InboundEmail").objects.exclude(status_reasons=[]).exists(),
        apps.get_model("triage", "EmailEvent").objects.exclude(reasons=[]).exists(),
        apps.get_model("triage", "Tombstone").objects.exclude(reasons=[]).exists(),
    ]
    if any(stored):
        raise IrreversibleError(
            "0013 turned the stored English sentences into reason codes, and the code "
            "before it cannot read them: restore the database backup taken before "
            "migrating (only a database with no reasons stored can go back).")


class Migration(migrations.Migration):

    dependencies = [
        ("triage", "0012_run_failed_closed"),
    ]

    operations = [
        migrations.AddField(
            model_name="inboundemail",
            name="status_reasons",
            field=models.JSONField(blank=True, default=list,
                                   help_text="Why the email is in its status: reasons as data"),
        ),
        migrations.AddField(
            model_name="inboundemail",
            name="status_note",
            field=models.TextField(blank=True,
                                   help_text="A person's words on the status, as written"),
        ),
        migrations.AddField(
            model_name="emailevent",
            name="reasons",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="tombstone",
            name="reasons",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AlterField(
            model_name="tombstone",
            name="reason",
            field=models.TextField(blank=True),
        ),
        migrations.RunPython(forward, backward),
        migrations.RemoveField(model_name="inboundemail", name="status_reason"),
    ]
