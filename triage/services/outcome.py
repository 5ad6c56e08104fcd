"""What a staff service answers: an ``Outcome`` (did it change anything, and a message
for the person) or a ``ReviewError`` (a refusal in words). Shared by every service a
console action calls."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _


class ReviewError(Exception):
    """A refusal with a message for the person who asked."""


@dataclass(frozen=True)
class Outcome:
    changed: bool
    message: str


def require(actor, perm: str) -> None:
    if not (actor and actor.is_active and actor.has_perm(f"triage.{perm}")):
        raise PermissionDenied(_("you do not have the %(perm)s permission") % {"perm": perm})
