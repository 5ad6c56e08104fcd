"""Answer a data subject's access request (LGPD art. 18 II): everything held about one
sender, as JSON. The export is recorded (who asked, why) on each email's timeline."""

from __future__ import annotations

import json
import os
from pathlib import Path

from triage.management.sender_request import SenderRequestCommand
from triage.services.privacy import sender_export


class Command(SenderRequestCommand):
    help = "Export, as JSON, everything stored about one sender address."

    def add_arguments(self, parser) -> None:
        super().add_arguments(parser)
        parser.add_argument("--output", help="write to this file (0600) instead of stdout")

    def handle(self, *args, **options) -> None:
        data = self.carry_out(sender_export, options)
        text = json.dumps(data, indent=2, ensure_ascii=False, default=str)
        if options["output"]:
            path = Path(options["output"])
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(text)
            self.stderr.write(f"{len(data['emails'])} email(s) written to {path} "
                              f"(request {data['request_id']})")
        else:
            self.stdout.write(text)
