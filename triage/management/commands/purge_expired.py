"""Remove what retention has expired (the same service beat runs daily)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from triage.services import retention


class Command(BaseCommand):
    help = ("Remove raw messages, personal content and old records past their retention "
            "(TRIAGE_RETAIN_*_DAYS), leaving tombstones; prints what each stage removed.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dry-run", action="store_true",
                            help="list how many emails each stage would touch (first 500)")

    def handle(self, *args, **options) -> None:
        days = retention.retention_days()
        if options["dry_run"]:
            for stage, n in days.items():
                count = len(retention.expired(stage))
                self.stdout.write(f"{stage}: {count} email(s) past {n or 'no'} day(s)")
            return
        counts = retention.purge_expired()
        self.stdout.write(" ".join(f"{stage}: {n}" for stage, n in counts.items()))
