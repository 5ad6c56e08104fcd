"""Data and state. Statuses change only through ``triage.services``; every change is
also a row (``EmailEvent``), so the timeline is data, not a log line.

One module per area: mail as received (``mail``), decisions (``runs``), staff work
(``review``), data-protection records (``privacy``). Everything is imported from here;
migrations name ``triage.models.attachment_path``."""

from triage.models.console import Note, Reply
from triage.models.mail import (
    ROUTED,
    TERMINAL,
    TRANSITIONS,
    Attachment,
    CorrespondentDomain,
    EmailEvent,
    InboundEmail,
    Provider,
    Status,
    WebhookToken,
    attachment_path,
    attachment_storage,
    can_transition,
)
from triage.models.privacy import DataRequest, Tombstone
from triage.models.review import (
    ESCALATION_OPEN,
    ESCALATION_TRANSITIONS,
    Escalation,
    Forward,
    Notification,
    Ticket,
    TicketVersion,
)
from triage.models.runs import ChainCall, RunStatus, TriageRun

__all__ = [
    "ESCALATION_OPEN", "ESCALATION_TRANSITIONS", "ROUTED", "TERMINAL", "TRANSITIONS",
    "Attachment", "ChainCall", "CorrespondentDomain", "DataRequest", "EmailEvent", "Escalation",
    "Forward", "InboundEmail",
    "Note", "Notification", "Provider", "Reply", "RunStatus", "Status", "Ticket", "TicketVersion",
    "Tombstone",
    "TriageRun", "WebhookToken", "attachment_path", "attachment_storage", "can_transition",
]
