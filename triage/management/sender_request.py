"""What the data-subject request commands (``export_sender``, ``erase_sender``) share:
the sender, who asked and how the request was verified, and a refusal as a command
error."""

from __future__ import annotations

from collections.abc import Callable

from django.core.management.base import BaseCommand, CommandError

from triage.services.privacy import RequestRefused


class SenderRequestCommand(BaseCommand):
    def add_arguments(self, parser) -> None:
        parser.add_argument("address")
        parser.add_argument("--requested-by", required=True,
                            help="who asked (name, ticket or protocol number)")
        parser.add_argument("--reason", required=True,
                            help="how the request and the requester's identity were verified")

    @staticmethod
    def carry_out(service: Callable[..., dict], options: dict) -> dict:
        """``service(address, requested_by=..., reason=...)``; a refused request (no
        reason, no such sender) ends the command with its reason."""
        try:
            return service(options["address"], requested_by=options["requested_by"],
                           reason=options["reason"])
        except RequestRefused as exc:
            raise CommandError(str(exc)) from exc
