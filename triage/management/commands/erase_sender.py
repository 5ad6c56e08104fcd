"""Carry out a verified erasure request (LGPD art. 18 IV and VI) for one sender."""

from __future__ import annotations

from triage.management.sender_request import SenderRequestCommand
from triage.services.privacy import sender_erase


class Command(SenderRequestCommand):
    help = ("Remove the raw messages and every personal datum of every email from one "
            "sender, its replies, notes and audit text included; the rows that carry "
            "decisions and counts stay, with tombstones saying who asked and why.")

    def handle(self, *args, **options) -> None:
        result = self.carry_out(sender_erase, options)
        self.stdout.write(f"request {result['request_id']}: erased {len(result['erased'])} "
                          f"email(s)")
        if result["in_flight"]:
            self.stdout.write(f"being triaged now, run again when done: {result['in_flight']}")
