"""The email page's panels below the evidence card: the parser's flags, the decision,
the triage runs and the timeline, every code in the reader's language. The text a
sender or a model wrote is ``esc``'d here and autoescaped in the templates; the
model's own words are quoted and marked as its words, not the console's."""

from __future__ import annotations

from django.conf import settings
from django.contrib import admin
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from triage import formats, labels, senderwords
from triage.admin.display import (
    call_error,
    esc,
    pretty_json,
    provider_badge,
    target_words,
    words,
)
from triage.admin.filters import FLAGS
from triage.admin.names import FIELDS
from triage.labels.reason_words import CHAINS
from triage.models import Escalation, InboundEmail, RunStatus, Ticket

# Flags of the parser that are not filters, and how each header was decoded.
_MORE_FLAGS = {
    "header_decoding": _("Header bytes decoded"),
    "encoded_words_capped": _("Too many encoded words in a header"),
}
_DECODING = {"replaced": _("bytes that no character set reads were replaced"),
             "encoded word: fallback": _("an encoded word, read with a fallback character set")}


def _decoding(value: dict) -> str:
    return "; ".join(gettext("the %(header)s header: %(how)s") % {
        "header": str(name).title(),
        "how": _DECODING.get(how) or gettext("decoded as %(charset)s") % {"charset": how}}
        for name, how in value.items())


def _hint(value: str) -> str:
    """Why a message looks automated: the header and its value as the mail had them."""
    if value.startswith("no-reply sender "):
        return gettext("a no-reply sender (%(address)s)") % {
            "address": value.removeprefix("no-reply sender ")}
    header, _sep, said = value.partition(": ")
    return gettext("the %(header)s header says \u201c%(value)s\u201d") % {
        "header": header, "value": said}


def _flag_words(key: str, value) -> str:
    if key == "lookalike_sender":
        return senderwords.lookalike_senders(value)
    if key == "header_decoding" and isinstance(value, dict):
        return _decoding(value)
    if key in ("automated_hint", "out_of_office") and isinstance(value, str):
        return _hint(value)
    return words(value)


@admin.display(description=_("flags"))
def flag_details(obj: InboundEmail) -> str:
    if not obj.flags:
        return "-"
    return render_to_string("admin/triage/includes/kv_table.html", {"rows": [
        (FLAGS.get(k) or _MORE_FLAGS.get(k) or k.replace("_", " "), esc(_flag_words(k, v)))
        for k, v in obj.flags.items()]})


def model_words(text: str | None, provider: str) -> str:
    """What the model wrote, quoted and marked as its words (the offline stand-in
    writes English; a real model's language is whatever it chose)."""
    if not text:
        return "-"
    shape = ('<q class="triage-model-words" lang="en">{}</q> <small>({})</small>'
             if provider == "offline" else
             '<q class="triage-model-words">{}</q> <small>({})</small>')
    return format_html(shape, esc(text), gettext("the model's words"))


@admin.display(description=_("decision"))
def decision_panel(obj: InboundEmail) -> str:
    run = obj.current_run
    if run is None:
        return gettext("not triaged yet")
    d = run.decision or {}
    escalation = d.get("escalation") or {}
    rows = [
        (gettext("route"), esc(labels.route(run.route))),
        (gettext("decided by"), format_html("{} {}", provider_badge(run.provider),
                                             esc(run.model_name))),
        (gettext("claim"), labels.yes_no(d.get("is_claim"))),
        (gettext("department"), labels.department(run.department)),
        (gettext("why (classification)"),
         model_words((d.get("classification") or {}).get("reason"), run.provider)),
        (gettext("escalation"), labels.yes_no(run.escalation_required)),
        (gettext("exposure"), labels.exposure(run.exposure_usd, run.exposure_amount,
                                              run.exposure_currency,
                                              settings.TRIAGE_USD_RATES)),
        (gettext("response deadline"), formats.day(run.response_deadline)),
        (gettext("model triggers"),
         esc(", ".join(map(labels.model_trigger, run.model_triggers))) or "-"),
        (gettext("model reasoning"), model_words(escalation.get("model_reasoning"),
                                                 run.provider)),
        (gettext("backstop triggers"), esc(labels.reasons(run.backstop_triggers)) or "-"),
        (gettext("backstop overrode the model"), labels.yes_no(run.backstop_overrode)),
        (gettext("review signals (rules that contradict the model: sent to a person)"),
         esc(labels.reasons(run.review_signals)) or "-"),
        (gettext("errors"), esc(labels.reasons(run.errors)) or "-"),
    ]
    return render_to_string("admin/triage/includes/kv_table.html", {"rows": rows})


def run_status(run) -> str:
    """A run's status; a run that sent the email to a person on the rules' signals
    (not on an error) stopped on purpose, and says so."""
    if run.status == RunStatus.FAILED_CLOSED and not run.errors:
        return gettext("Stopped for a person (review signals)")
    return str(run.get_status_display())


@admin.display(description=_("runs"))
def runs_panel(obj: InboundEmail) -> str:
    runs = list(obj.runs.prefetch_related("calls").order_by("-attempt"))
    if not runs:
        return "-"
    return render_to_string("admin/triage/inboundemail/runs.html", {"runs": [{
        "attempt": run.attempt, "started_at": formats.when(run.started_at),
        "status": run_status(run), "route": labels.route(run.route),
        "llm_calls": run.llm_calls, "duration_ms": run.duration_ms or 0,
        "badge": provider_badge(run.provider),
        "calls": [[labels.word(CHAINS, c.chain), f"{c.provider} {c.model_name}",
                   c.prompt_version, f"{c.input_tokens}/{c.output_tokens}",
                   f"{c.latency_ms} ms", call_error(c.error, run.errors, c.chain),
                   pretty_json(c.output) if c.output is not None else "-"]
                  for c in run.calls.all()],
    } for run in runs]})


_STATES = {"escalation": dict(Escalation.State.choices), "ticket": dict(Ticket.State.choices)}


def _change(kind: str, key: str, value) -> str:
    """One changed field of an audit row, in words."""
    if key == "state" and kind in _STATES:
        shown = str(_STATES[kind].get(value, value))
    elif value is None:
        shown = "-"
    else:
        shown = words(value)
    return f"{FIELDS.get(key) or labels.field(key)}: {shown}"


@admin.display(description=_("events"))
def timeline(obj: InboundEmail) -> str:
    rows = []
    for e in obj.events.select_related("actor"):
        kind = e.target.partition(":")[0]
        after = ", ".join(_change(kind, k, v) for k, v in e.after.items()) \
            if isinstance(e.after, dict) else ""
        rows.append([formats.when(e.created_at), labels.event(e.kind),
                     e.actor.get_username() if e.actor else gettext("system"),
                     f"{labels.status(e.old_status)} → {labels.status(e.new_status)}"
                     if e.new_status else "",
                     esc(" · ".join(x for x in [target_words(e.target), labels.reasons(e.reasons),
                                                labels.written(e.reason), after] if x))])
    return render_to_string("admin/triage/inboundemail/timeline.html", {"rows": rows})
