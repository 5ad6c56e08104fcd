"""Words for staff about who sent an email: a sender domain passing for ours or a
counterpart's (``readers.signals.senders``), in the review signal and the flag."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# How a sender's domain passes for a known one.
LOOKALIKE_HOW = {
    "letters": gettext_lazy("look-alike letters"),
    "typo": gettext_lazy("one letter or a hyphen apart"),
    "ending": gettext_lazy("the same name under another ending"),
    "inside": gettext_lazy("the known domain written inside another"),
}


def _how(code: str | None) -> str:
    return str(LOOKALIKE_HOW.get(code or "", code or "-"))


def lookalike_sentence(m: re.Match[str]) -> str:
    """The review signal ``route.review_signals`` writes, read by ``labels.PATTERNS``."""
    return _("the sender's domain %(domain)s looks like %(known)s (%(how)s): a person must "
             "check who sent it") % {"domain": m["domain"], "known": m["known"],
                                     "how": _how(m["how"])}


def lookalike_senders(found: list[dict]) -> str:
    """The ``lookalike_sender`` flag's entries, for the email page."""
    return "; ".join(_("%(domain)s looks like %(known)s (%(how)s)") % {
        "domain": f.get("domain", ""), "known": f.get("resembles", ""),
        "how": _how(f.get("how"))} for f in found if isinstance(f, dict))
