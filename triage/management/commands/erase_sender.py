"""Carry out a verified erasure request (LGPD art. 18 IV and VI) for one sender."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from triage.services.privacy import RequestRefused, sender_erase


class Command(BaseCommand):
    help = ("Remove the raw messages and personal content of every email from one sender; "
            "decisions and audit rows stay, with tombstones saying who asked and why.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("address")
        parser.add_argument("--requested-by", required=True,
                            help="who asked (name, ticket or protocol number)")
        parser.add_argument("--reason", required=True,
                            help="how the request and the requester's identity were verified")

    def handle(self, *args, **options) -> None:
        try:
            result = sender_erase(options["address"], requested_by=options["requested_by"],
                                  reason=options["reason"])
        except RequestRefused as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"request {result['request_id']}: erased {len(result['erased'])} "
                          f"email(s)")
        if result["in_flight"]:
            self.stdout.write(f"being triaged now, run again when done: {result['in_flight']}")
