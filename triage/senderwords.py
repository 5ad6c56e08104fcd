"""Words for staff about who sent an email: a sender domain passing for ours or a
counterpart's (``readers.signals.senders``), in the review signal and the flag."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# How a sender's domain passes for a known one.
LOOKALIKE_HOW = {
    "letters": gettext_lazy("look-alike letters"),
    "typo": gettext_lazy("one letter or a hyphen apart"),
    "ending": gettext_lazy("the same name under another ending"),
    "inside": gettext_lazy("the known domain written inside another"),
    "affix": gettext_lazy("the known name with a word added"),
}


def lookalike_how(code: str | None) -> str:
    """How a sender's domain passes for a known one, in the reader's language."""
    return str(LOOKALIKE_HOW.get(code or "", code or "-"))


def lookalike_senders(found: list[dict]) -> str:
    """The ``lookalike_sender`` flag's entries, for the email page."""
    return "; ".join(_("%(domain)s looks like %(known)s (%(how)s)") % {
        "domain": f.get("domain", ""), "known": f.get("resembles", ""),
        "how": lookalike_how(f.get("how"))} for f in found if isinstance(f, dict))
