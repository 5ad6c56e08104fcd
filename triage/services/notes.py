"""Internal notes: a thread of rows that are only ever added. A note is written on an
email, its escalation or its ticket (``target``), and every page of the three shows
the email's whole thread; the desk's acknowledge, resolve and dismiss notes and a
ticket's rejection reason are notes too, so one no longer overwrites another."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from triage.models import Note
from triage.services.audit import audit_write
from triage.services.outcome import Outcome, ReviewError
from triage.services.outcome import require as _require

# A note is a few paragraphs; a longer text is refused whole rather than cut.
NOTE_MAX_CHARS = 5000


def note_write(email_id: int, actor, body: str, *, target: str = "") -> Note | None:
    """Add a note in the caller's transaction (the caller checked the permission).
    Nothing for an empty body."""
    body = body.strip()
    if not body:
        return None
    note = Note.objects.create(email_id=email_id, target=target, author=actor,
                               body=body[:NOTE_MAX_CHARS])
    audit_write(email_id, "note_added", actor=actor, target=target or f"email:{email_id}",
                data={"note": note.pk})
    return note


def note_add(email_id: int, actor, *, body: str, target: str = "") -> Outcome:
    """A note from the console: anyone who may read the email may write one."""
    _require(actor, "view_inboundemail")
    text = body.strip()
    if not text:
        raise ReviewError(_("A note needs some text."))
    if len(text) > NOTE_MAX_CHARS:
        raise ReviewError(_("A note is at most %(limit)d characters; this one has %(n)d.")
                          % {"limit": NOTE_MAX_CHARS, "n": len(text)})
    with transaction.atomic():
        note_write(email_id, actor, text, target=target)
    return Outcome(True, _("Note added."))
