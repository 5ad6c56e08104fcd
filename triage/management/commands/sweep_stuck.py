from django.core.management.base import BaseCommand

from triage.services.queue import email_sweep_stuck


class Command(BaseCommand):
    help = ("Re-queue emails stuck in received/queued/processing (failed after "
            "TRIAGE_MAX_UNFINISHED_ATTEMPTS lost runs) and send pending "
            "notifications (what Celery beat runs every TRIAGE_SWEEP_INTERVAL_S).")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--older-than", type=int, default=None,
                            help="seconds (default TRIAGE_STUCK_AFTER_S)")

    def handle(self, *args, **options) -> None:
        counts = email_sweep_stuck(older_than_s=options["older_than"])
        self.stdout.write(" ".join(f"{k}: {v}" for k, v in counts.items()))
