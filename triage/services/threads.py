"""Reply threading: which stored email a message answers. Used by ingestion (a reply
to a message we hold) and by triage (replies that arrived before their parent)."""

from __future__ import annotations

from triage.mime import ParsedEmail
from triage.models import InboundEmail


def email_find_parent(parsed: ParsedEmail) -> InboundEmail | None:
    candidates = [parsed.in_reply_to, *reversed(parsed.references)]
    candidates = [c for c in dict.fromkeys(candidates) if c]
    if not candidates:
        return None
    found = {
        e.message_id: e for e in InboundEmail.objects.filter(message_id__in=candidates[:20])
    }
    for candidate in candidates:
        if candidate in found:
            return found[candidate]
    return None


def email_link_early_replies(email_id: int, message_id: str) -> int:
    """Replies that arrived before the message they answer. Run by the triage worker,
    off the webhook's hot path."""
    if not message_id:
        return 0
    return InboundEmail.objects.filter(
        in_reply_to=message_id, reply_to_email__isnull=True
    ).exclude(pk=email_id).update(reply_to_email_id=email_id)
