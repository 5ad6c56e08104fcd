"""One vocabulary: where an email goes, who receives it, and the codes the chains, the
readers, the labels and the console share (claim types, the model's triggers).

A route's value is also the status its email ends in (``Status.ESCALATED`` is built
from ``Route.ESCALATED``), so the pipeline, the services, the forms, the chains and the
admin all speak these words and nothing maps between two spellings of the same thing.
No other product module spells a route as a string (``tests/test_layout.py`` checks).
Pure: no Django, no LangChain. Labels are English and marked with ``N_`` for the
catalogue; ``triage.labels`` translates them where staff read them.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from enum import StrEnum


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark, do not translate"
    """Marks a label for the catalogue without importing Django."""
    return message


class Route(StrEnum):
    ESCALATED = "escalated"
    TICKET = "ticket"
    FORWARDED = "forwarded"
    NEEDS_REVIEW = "needs_review"

    @property
    def status(self) -> str:
        """The email status this route ends in (``Status`` is built from the routes)."""
        return self.value

    @property
    def label(self) -> str:
        return _ROUTE_LABELS[self]


_ROUTE_LABELS = {
    Route.ESCALATED: N_("Escalate to the trading desk"),
    Route.TICKET: N_("Open a ticket draft"),
    Route.FORWARDED: N_("Forward to a department"),
    Route.NEEDS_REVIEW: N_("Needs review by a person"),
}

# The routes that hand the email to someone: what a person may choose when deciding by
# hand (needs review is where they start), and the statuses an email is "routed" in.
MANUAL_ROUTES = tuple(r for r in Route if r is not Route.NEEDS_REVIEW)


class Department(StrEnum):
    FINANCE = "finance"
    LOGISTICS = "logistics"
    COMMERCIAL = "commercial"
    OTHER = "other"

    @property
    def label(self) -> str:
        return _DEPARTMENT_LABELS[self]


_DEPARTMENT_LABELS = {
    Department.FINANCE: N_("Finance"),
    Department.LOGISTICS: N_("Logistics"),
    Department.COMMERCIAL: N_("Commercial"),
    Department.OTHER: N_("Other"),
}


# The extraction schema's enumeration (the model sees these values and this class name,
# so neither changes without a new prompt version), the readers' claim-type patterns and
# the console's labels. No docstring: pydantic would put it in the schema.
class ClaimType(StrEnum):
    CONTAMINATION = "contamination"
    QUALITY_HVI = "quality_hvi"
    WEIGHT_SHORTFALL = "weight_shortfall"
    MOISTURE = "moisture"
    LATE_SHIPMENT = "late_shipment"
    DOCUMENTATION = "documentation"
    OTHER = "other"


# The escalation check's triggers: the model's answer, the offline provider's, stored on
# runs and escalations as these values. No docstring, for the same reason.
class Trigger(StrEnum):
    HIGH_EXPOSURE = "high_exposure"
    ARBITRATION_OR_LEGAL = "arbitration_or_legal"
    CONTAMINATION = "contamination"
    TIGHT_DEADLINE = "tight_deadline"
    CONTRACT_CANCELLATION = "contract_cancellation"
    OTHER = "other"


# What stands, once an email's content is removed (retention, an erasure request), where
# someone's words were: a stored reason, a note, a reply's text. One fixed value, so the
# console shows it in the reader's language and a reason's code and numbers stay.
ERASED = "content removed"


# --- reasons as data -----------------------------------------------------------------
# Every trigger, review signal, error and status or audit reason the product writes is
# stored as a dict built by ``reason``: its code and its parameters, JSON-native, plus
# the email's own words that back it (``quote``, or ``quotes``), never a sentence.
# ``triage.labels.reason`` renders one in the reader's language. A person's words (a
# note, a dismissal reason, a manual decision's reason) are never a reason: they stay
# that person's text, in a field of their own. The parameters each code carries are
# named beside it; a ``source`` is ``extraction`` (the model's extracted figure) or
# ``email`` (the email's own words, with ``quote``).
class Code(StrEnum):
    # The backstop's facts (triggers) and the facts a person weighs (its reviews).
    EXPOSURE_AT_OR_ABOVE_THRESHOLD = "exposure_at_or_above_threshold"  # usd threshold source
    EXPOSURE_NOT_THE_CLAIM = "exposure_not_the_claim"  # usd threshold (a stated figure)
    EXPOSURE_IN_SEVERAL_CURRENCIES = "exposure_in_several_currencies"  # usd threshold quotes
    EXPOSURE_WITHOUT_RATE = "exposure_without_rate"  # amount currency ('' none) threshold source
    DEADLINE_PASSED = "deadline_passed"  # date source; model_claim=False: a person decides
    DEADLINE_WITHIN_LIMIT = "deadline_within_limit"  # date days limit source; model_claim
    STAFF_CORRECTION = "staff_correction"  # version date trigger (the nested reason)
    # The rules' readings that contradict the model (review signals).
    PARTS_UNREAD = "parts_unread"  # parts (a list of the part reasons below)
    BANK_CHANGE = "bank_change"  # quote
    CLAIM_CALLED_ROUTINE = "claim_called_routine"
    CONTAMINATION_NOT_ESCALATED = "contamination_not_escalated"
    THREAT_NOT_ESCALATED = "threat_not_escalated"  # quote
    LOOKALIKE_SENDER = "lookalike_sender"  # domain known how (letters typo ending inside)
    UNSUPPORTED_VALUES = "unsupported_values"  # fields (the model's, quoted from elsewhere)
    LANGUAGE_UNREAD = "language_unread"  # language (ISO 639-1: the rules read none of it)
    # A part not read in full (``part``: the names from the outermost part in).
    ATTACHMENTS_NOT_STORED = "attachments_not_stored"  # skipped stored
    PARTS_NOT_PARSED = "parts_not_parsed"  # parts
    BODY_CUT = "body_cut"  # chars
    HTML_CUT = "html_cut"  # chars
    RULES_READ_FIRST = "rules_read_first"  # chars total
    ATTACHMENT_PAST_LIMIT = "attachment_past_limit"  # part limit
    ATTACHMENTS_OUT_OF_TIME = "attachments_out_of_time"  # part
    FIRST_BYTES_ONLY = "first_bytes_only"  # part bytes
    PDF_TOO_LARGE = "pdf_too_large"  # part bytes limit
    PDF_PAGE_LIMIT = "pdf_page_limit"  # part pages total
    PDF_NO_TIME = "pdf_no_time"  # part pages total (the pages read before it stopped)
    PDF_READER_UNAVAILABLE = "pdf_reader_unavailable"  # part error pages total
    PDF_TIMED_OUT = "pdf_timed_out"  # part seconds pages total
    PDF_ENCRYPTED = "pdf_encrypted"  # part pages total
    PDF_DAMAGED = "pdf_damaged"  # part error pages total
    PDF_READER_STOPPED = "pdf_reader_stopped"  # part pages total
    # A workbook's own cuts (its reader's problems are the PDF reader's codes above).
    SHEET_TOO_LARGE = "sheet_too_large"  # part bytes limit
    SHEET_UNPACKS_TOO_LARGE = "sheet_unpacks_too_large"  # part bytes limit
    SHEET_ROWS_CUT = "sheet_rows_cut"  # part rows cells
    SHEET_CHARS_CUT = "sheet_chars_cut"  # part chars
    MESSAGE_TOO_DEEP = "message_too_deep"  # part depth
    MESSAGE_FIRST_BYTES = "message_first_bytes"  # part bytes
    # The run's errors (``detail``: the technical text, as the library wrote it).
    CHAIN_FAILED = "chain_failed"  # chain kind (ChainError.KINDS) detail
    CHAIN_OUT_OF_TIME = "chain_out_of_time"  # chain
    CALL_BUDGET_EXCEEDED = "call_budget_exceeded"  # calls limit
    MODEL_UNAVAILABLE = "model_unavailable"  # detail
    # What the model said when it named no trigger, and a person's escalation (``note``:
    # their words); both stand beside the model's trigger codes in ``model_triggers``.
    MODEL_REQUIRED = "model_required"
    DECIDED_BY_HAND = "decided_by_hand"  # note
    MODEL_TRIGGER = "model_trigger"  # trigger (a Trigger code, in an escalation's reasons)
    ROUTED = "routed"  # route provider
    # Mail stored but not triaged (``triage.automated``).
    OWN_NOTIFICATION = "own_notification"
    OWN_ADDRESS = "own_address"
    BOUNCE_REPORT = "bounce_report"
    BOUNCE_SENDER = "bounce_sender"  # address
    OUT_OF_OFFICE = "out_of_office"  # a plain automatic reply (its evidence: a flag)
    # The email's way through the queue and the workers.
    RECEIVED_VIA = "received_via"  # provider
    NEW_EMAIL = "new_email"
    WORKER_CLAIMED = "worker_claimed"
    REDELIVERED = "redelivered"
    WORKER_LOST_REDELIVERED = "worker_lost_redelivered"
    WORKER_LOST_SWEEPER = "worker_lost_sweeper"
    SWEEPER_STILL_RECEIVED = "sweeper_still_received"
    SWEEPER_QUEUED_TOO_LONG = "sweeper_queued_too_long"
    SWEEPER_WORKER_LOST = "sweeper_worker_lost"
    GAVE_UP_UNFINISHED = "gave_up_unfinished"  # count limit last (a reason)
    RETRY = "retry"  # seconds error
    GAVE_UP_RETRIES = "gave_up_retries"  # retries error
    BROKER_UNAVAILABLE = "broker_unavailable"  # error
    RETRIAGE_REQUESTED = "retriage_requested"
    ESCALATED_AGAIN = "escalated_again"
    DEMO_INLINE = "demo_inline"
    REPLY_NOT_SENT = "reply_not_sent"  # error
    # Data protection: what removed content and who asked.
    RETENTION = "retention"  # stage days
    ERASURE_REQUEST = "erasure_request"  # request (its words are the event's own reason)
    REQUESTED_BY = "requested_by"  # by (as the request names them)
    # A stored sentence from before reasons were data, kept as written (``text``).
    LEGACY = "legacy"


def reason(code: Code, *, quote: str = "", quotes: list[str] | tuple[str, ...] = (),
           **params: object) -> dict:
    """One reason as JSON-native data: ``{"code": ..., **params, "quote": ...}``.
    Decimals become plain strings (``"180000.00"``), dates ISO days; a parameter that is
    None is left out, and so is an empty quote."""
    out: dict = {"code": str(code)}
    for name, value in params.items():
        if value is not None:
            out[name] = _plain(value)
    if quote:
        out["quote"] = quote
    if quotes:
        out["quotes"] = list(quotes)
    return out


def _plain(value: object) -> object:
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, StrEnum):
        return str(value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


# The email's own words a reason may carry: its quotes, the names of its parts, a
# sender's address; a legacy sentence may hold any of them.
_THE_EMAILS_WORDS = frozenset({"quote", "quotes", "part", "address"})


def without_quotes(reasons: list) -> list:
    """The reasons with the email's words taken out (an erasure): each keeps its code
    and its figures, and so do the reasons nested in it."""
    out = []
    for item in reasons or []:
        if not isinstance(item, dict):
            out.append(item)
            continue
        kept = {k: v for k, v in item.items() if k not in _THE_EMAILS_WORDS}
        if kept.get("code") == Code.LEGACY:
            kept.pop("text", None)
        for name in ("trigger", "last"):
            if isinstance(kept.get(name), dict):
                kept[name] = without_quotes([kept[name]])[0]
        if isinstance(kept.get("parts"), list):
            kept["parts"] = without_quotes(kept["parts"])
        out.append(kept)
    return out
