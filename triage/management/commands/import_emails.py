"""Import .eml files, mbox files and folders of them through the same ingestion
service as the webhook: duplicates are recognised, bad files reported, none lost."""

from __future__ import annotations

import logging
import mailbox
from collections import Counter
from collections.abc import Iterator
from datetime import datetime
from email.parser import BytesHeaderParser
from email.policy import compat32
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from triage import mime
from triage.mimeheaders import parse_date
from triage.models import Provider
from triage.sanitize import escape_invisible
from triage.services.ingestion import email_ingest

log = logging.getLogger(__name__)


def received_header_date(raw: bytes) -> datetime | None:
    """When a mail server last received this message: the date after the ``;`` of the
    topmost ``Received:`` header. Deadlines count from receipt, never from the
    sender's ``Date:``, which a sender can back-date; without the header, now."""
    value = BytesHeaderParser(policy=compat32).parsebytes(raw[:65536]).get("Received")
    return parse_date(str(value).rsplit(";", 1)[-1].strip()) if value else None


def iter_messages(paths: list[Path]) -> Iterator[tuple[str, bytes | Exception]]:
    """(label, raw bytes) for every message under ``paths``; an unreadable source
    yields (label, exception) instead of stopping the import."""
    for path in paths:
        if path.is_dir():
            yield from iter_messages(sorted(p for p in path.rglob("*") if p.is_file()))
            continue
        try:
            with path.open("rb") as fh:
                head = fh.read(5)
        except OSError as exc:
            yield str(path), exc
            continue
        if path.suffix.lower() == ".mbox" or head == b"From ":
            box = None
            try:
                box = mailbox.mbox(path, create=False)
                for i, key in enumerate(box.iterkeys()):
                    yield f"{path}#{i + 1}", box.get_bytes(key, from_=False)
            except (OSError, mailbox.Error) as exc:
                yield str(path), exc
            finally:
                if box is not None:
                    box.close()
        else:
            try:
                yield str(path), path.read_bytes()
            except OSError as exc:
                yield str(path), exc


class Command(BaseCommand):
    help = "Import .eml files, mbox files or folders of them."

    def add_arguments(self, parser) -> None:
        parser.add_argument("paths", nargs="+", type=Path)
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args, **options) -> None:
        paths: list[Path] = options["paths"]
        missing = [str(p) for p in paths if not p.exists()]
        if missing:
            raise CommandError(f"not found: {', '.join(missing)}")
        counts: Counter[str] = Counter()
        rejected: list[tuple[str, str]] = []
        limit = settings.TRIAGE_MAX_EMAIL_BYTES
        bar = tqdm(iter_messages(paths), unit="msg", disable=options["no_progress"],
                   file=self.stderr._out)
        for label, raw in bar:
            if isinstance(raw, Exception):
                rejected.append((label, f"unreadable: {raw}"))
                continue
            if len(raw) > limit:
                rejected.append((label, f"{len(raw)} bytes is over the {limit} byte limit"))
                continue
            try:
                parsed = mime.parse_bytes(raw)
                if not mime.looks_like_message(parsed):
                    rejected.append((label, "not an RFC 5322 message (no From, Message-ID "
                                            "or Subject)"))
                    continue
                result = email_ingest(parsed, raw=raw, raw_format="rfc822",
                                      provider=Provider.IMPORT,
                                      received_at=received_header_date(raw))
            except Exception as exc:  # noqa: BLE001 - one poison message must not end the import
                log.exception("import of %s failed", escape_invisible(label))
                rejected.append((label, f"could not be stored: {type(exc).__name__}: "
                                        f"{escape_invisible(str(exc))[:200]}"))
                continue
            counts["duplicates" if result.duplicate else "imported"] += 1
        self.stdout.write(
            f"imported: {counts['imported']}  duplicates: {counts['duplicates']}  "
            f"rejected: {len(rejected)}"
        )
        for label, reason in rejected:
            self.stdout.write(f"  rejected {escape_invisible(label)}: {reason}")
