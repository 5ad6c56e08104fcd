"""The evidence card every detail page opens with (escalation, ticket, inbound email),
before any form: who wrote, who the counterpart is, the contract and lot, the claim
type, the amount as stated and in USD, the deadline and the time left, where the email
went and who decided, and every warning in a coloured box. One builder here, one
template include (``admin/triage/includes/evidence_card.html``) for the three pages.

Sender's and model's words are ``esc``'d here and autoescaped there; the warnings'
words are ours, the email's own words in them are quotes."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.conf import settings
from django.utils.translation import gettext as _

from triage import formats, labels, senderwords
from triage.admin import states
from triage.admin.display import cut_at_word, esc, provider_badge
from triage.admin.filters import FLAGS
from triage.models import InboundEmail, Status
from triage.routes import Code

# Review signals shown as a warning box of their own (the rest are in "why").
_SIGNAL_WARNINGS = (Code.BANK_CHANGE, Code.LOOKALIKE_SENDER, Code.PARTS_UNREAD,
                    Code.UNSUPPORTED_VALUES)
# Parser flags that deserve a box (each in its words from the flag filter's).
_FLAG_WARNINGS = ("invisible_characters", "mixed_script_words", "html_differs")


def _warning(key: str, level: str, title: str, text: str = "",
             quotes: list[str] | None = None) -> dict:
    return {"key": key, "level": level, "title": title, "text": text,
            "quotes": [esc(cut_at_word(q, 200)) for q in quotes or [] if str(q).strip()]}


def warnings(email: InboundEmail, run) -> list[dict]:
    """Every warning about this email, the most dangerous first: a bank-detail change,
    hidden text, a look-alike sender; then what was not read or not supported; then
    the parser's flags; last, that a simulated provider decided."""
    out = []
    signals = {s.get("code"): s for s in (run.review_signals if run else []) or []
               if isinstance(s, dict)}
    if Code.BANK_CHANGE in signals:
        s = signals[Code.BANK_CHANGE]
        out.append(_warning(
            "bank-change", "danger", _("Bank details change requested"),
            _("Confirm it by phone on a number you already have (the contract's, or one "
              "from earlier correspondence), never one given in this email, before any "
              "payment goes to new details."),
            s.get("quotes") or [s.get("quote") or ""]))
    flags = email.flags or {}
    if flags.get("hidden_content"):
        out.append(_warning(
            "hidden-html", "danger", _("Hidden text in the HTML"),
            _("Part of this email is hidden from a reader (an injection attempt is "
              "likely): the model read it as data only. The hidden text:"),
            [str(h) for h in flags["hidden_content"][:3]]))
    if flags.get("lookalike_sender") or Code.LOOKALIKE_SENDER in signals:
        text = senderwords.lookalike_senders(flags.get("lookalike_sender") or []) or \
            labels.reason(signals[Code.LOOKALIKE_SENDER])
        out.append(_warning("lookalike-sender", "danger", _("Look-alike sender"),
                            esc(text)))
    for code, key, title in ((Code.PARTS_UNREAD, "unread-parts", _("Parts not read")),
                             (Code.UNSUPPORTED_VALUES, "unsupported-values",
                              _("Values the email does not support"))):
        if code in signals:
            out.append(_warning(key, "warning", title, esc(labels.reason(signals[code]))))
    for flag in _FLAG_WARNINGS:
        if flags.get(flag):
            out.append(_warning(flag.replace("_", "-"), "warning", str(FLAGS[flag])))
    if run is not None and run.errors:
        out.append(_warning("errors", "warning", _("The run had errors"),
                            esc(labels.reasons(run.errors))))
    if run is not None and run.provider == "offline":
        out.append(_warning(
            "offline", "info", _("OFFLINE provider"),
            _("Decided by the rule-based offline provider (simulated, no LLM): a stand-in "
              "for a model. Check its reading against the email.")))
    return out


def _usd(amount, currency: str) -> Decimal | None:
    rates = {"USD": Decimal(1), **settings.TRIAGE_USD_RATES}
    rate = rates.get((currency or "").upper())
    if amount is None or rate is None:
        return None
    return (Decimal(str(amount)) * rate).quantize(Decimal("0.01"))


def _facts(email: InboundEmail, run, claim: dict, *, own_claim: bool,
           item_usd: Decimal | None = None) -> list[tuple[str, str, str]]:
    """(key, label, value) of the card's plain facts: the amount the run decided on,
    or, on a ticket (``own_claim``), its current version's (a correction's)."""
    amount, currency = claim.get("exposure_amount"), claim.get("exposure_currency") or ""
    usd = _usd(amount, currency) if amount is not None else None
    if run is not None and (amount is None or not own_claim) \
            and run.exposure_amount is not None:
        amount, currency, usd = run.exposure_amount, run.exposure_currency, run.exposure_usd
    if item_usd is not None:  # an escalation's own figure (re-opened with the new run's)
        usd = item_usd
    contract = claim.get("contract_reference") or (run.contract_reference if run else "")
    lot = claim.get("lot_reference") or (run.lot_reference if run else "")
    types = ", ".join(labels.claim_type(str(t)) for t in claim.get("claim_types") or [])
    rows = [
        ("sender", _("Sender"), esc(email.from_header or email.from_address) or "-"),
        ("counterpart", _("Counterpart"), esc(claim.get("claiming_party") or "") or "-"),
        ("contract", _("Contract / lot"),
         " / ".join(esc(x) for x in (contract, lot) if x) or "-"),
        ("claim-type", _("Claim type"), types or "-"),
        ("amount", _("Amount as stated"),
         formats.money(amount, currency) if amount is not None else "-"),
        ("usd", _("In USD"), labels.exposure(usd, amount, currency,
                                              settings.TRIAGE_USD_RATES)),
    ]
    return [(k, label, value) for k, label, value in rows]


def claim_deadline(claim: dict) -> date | None:
    """A stored claim's response deadline as a date (None when it has none)."""
    try:
        return date.fromisoformat(str(claim.get("response_deadline") or ""))
    except ValueError:
        return None


def _decided_by(run) -> tuple[str, str]:
    """(badge HTML, words) for who decided the route."""
    if run is None:
        return "", _("not triaged yet")
    if run.provider == "manual":
        return provider_badge("manual"), _("by hand: %(name)s") % {"name": esc(run.model_name)}
    return provider_badge(run.provider), esc(run.model_name)


def card(email: InboundEmail, *, item=None, claim: dict | None = None) -> dict:
    """The card's context. ``item`` is the escalation or ticket the page is about
    (its state, its deadline); ``claim`` the claim as the page shows it (a ticket's
    current version), else the email's current run's."""
    run = email.current_run
    own_claim = claim is not None
    if claim is None:
        claim = ((run.decision or {}).get("claim") if run else None) or {}
    subject = item if item is not None else email
    deadline = getattr(item, "response_deadline", None) if item is not None else None
    if deadline is None:
        deadline = claim_deadline(claim)
    if deadline is None and run is not None:
        deadline = run.response_deadline
    left, css = states.time_left(deadline, waiting=states.is_waiting(subject))
    badge, decided = _decided_by(run)
    needs_person = email.status in (Status.NEEDS_REVIEW, Status.FAILED)
    why = []
    if run is not None and email.status == Status.ESCALATED:
        why = [labels.reason(t) for t in run.backstop_triggers or []] + \
            [labels.model_trigger(t) for t in run.model_triggers or []]
    elif run is not None and needs_person:
        why = [labels.reason(s) for s in run.review_signals or []] + \
            [labels.reason(e) for e in run.errors or []]
    if item is None:
        state = states.email_state(email)
    elif hasattr(item, "version"):
        state = states.ticket_state(item)
    else:
        state = states.escalation_state(item)
    return {
        "warnings": warnings(email, run),
        "facts": _facts(email, run, claim, own_claim=own_claim,
                        item_usd=getattr(item, "exposure_usd", None)),
        "deadline": formats.day(deadline) if deadline else "",
        "time_left": left, "time_left_css": css,
        "route": labels.route(run.route) if run else "-",
        "department": labels.department(run.department) if run and run.department else "",
        "decided_badge": badge, "decided_by": decided,
        "state": state,
        "why": [esc(w) for w in why],
        "why_title": _("Why a person must decide") if needs_person
        else _("Why it was escalated"),
        # A stop on the rules' signals is deliberate; one on an error is a failure.
        "stop": email.status == Status.NEEDS_REVIEW and not (run and run.errors),
        "failed": email.status == Status.FAILED or (needs_person and bool(run and run.errors)),
    }
