"""What every ingestion path produces from one message: its headers, the normalised
text the chains read, its attachments and what the parser noticed (``flags``). Pure
data; ``triage.mime`` builds it."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime


@dataclass
class ParsedAttachment:
    filename: str
    declared_type: str
    sniffed_type: str
    content: bytes
    text: str = ""  # plain, CSV and .eml only, read at parse time (attachments.py for all)

    @property
    def size(self) -> int:
        return len(self.content)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.content).hexdigest()


@dataclass
class ParsedEmail:
    message_id: str
    in_reply_to: str
    references: list[str]
    from_header: str
    from_address: str
    to: list[str]
    cc: list[str]
    reply_to: str
    subject: str
    date: datetime | None
    text_body: str  # normalised: what the chains read
    html_body: str  # as sent, for reference; never rendered as HTML
    attachments: list[ParsedAttachment] = field(default_factory=list)
    flags: dict = field(default_factory=dict)
    # Non-empty: why it may not be triaged (our own mail, a bounce), a reason
    # (``routes.reason``).
    automated: dict = field(default_factory=dict)
    # What proves such a claim (ingestion checks it): the notification header as sent,
    # and the (Message-ID, notification header) of each message a bounce returns.
    notification_tag: str = ""
    returned: list[tuple[str, str]] = field(default_factory=list)
    html_text: str = ""  # visible text of the HTML alternative, when there is a plain one

    def content_hash(self, sender: str) -> str:
        digest = hashlib.sha256()
        for part in (sender.lower(), self.subject, self.text_body, self.html_body):
            digest.update(part.encode("utf-8", "surrogatepass"))
            digest.update(b"\x00")
        for att in self.attachments:
            digest.update(att.sha256.encode())
        return digest.hexdigest()
