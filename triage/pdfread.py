"""A PDF's text, read in a child process that is killed at its deadline.

pypdf is pure Python and a page is read in one call: one page of a few kilobytes can hold
300,000 text operators and take half a minute, so a limit checked between pages does not
hold. The child reads the pages and sends each one's text as soon as it has it; the
caller takes what arrived before the deadline and kills the child. The child also runs
under a CPU and a memory limit of its own (a decompression bomb ends there, not in the
worker).

Children come from a fork server (``multiprocessing``'s ``forkserver``): a small,
single-threaded process started once, which imports only pypdf, openpyxl, the two
readers and the reason vocabulary (``triage.routes``, pure), so a fork never copies a
threaded worker's locks. No Django here.
"""

from __future__ import annotations

import io
import math
import multiprocessing
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pypdf import PdfReader

from triage.routes import Code, reason

MEMORY_BYTES = 1024 * 1024 * 1024  # the child's address space
_CONTEXT = multiprocessing.get_context("forkserver")
# Replaces the default preload (the caller's __main__: a worker, a test runner); the
# spreadsheet reader's children come from the same server.
_CONTEXT.set_forkserver_preload([__name__, "triage.sheetread"])


@dataclass
class PdfPages:
    pages: list[str] = field(default_factory=list)
    total: int | None = None  # pages in the document, once the child has counted them
    problem: dict = field(default_factory=dict)  # why not every page was read (a reason)


def read_pages(content: bytes, *, max_pages: int, max_seconds: float) -> PdfPages:
    """The text of the first ``max_pages`` pages, as far as the child got within
    ``max_seconds`` (counted once it runs: starting the fork server is our cost, not
    the document's)."""
    result = PdfPages()

    def receive(kind: str, value) -> None:
        if kind == "total":
            result.total = value
        elif kind == "page":
            result.pages.append(value)

    result.problem = run_reader(_child, (content, max_pages), max_seconds=max_seconds,
                                receive=receive)
    return result


def run_reader(target: Callable, args: tuple, *, max_seconds: float,
               receive: Callable[[str, Any], None]) -> dict:
    """Run ``target(send, *args)`` in a child under the CPU and memory limits, handing
    each ``(kind, value)`` it sends to ``receive`` until it sends ``("done", None)``;
    ``("problem", reason)`` ends it too. The problem that ended it early (a reason, {}
    when it finished): what arrived before the deadline stays received. The spreadsheet reader
    (``triage.sheetread``) runs here too."""
    if max_seconds <= 0:
        return reason(Code.PDF_NO_TIME)
    receiver, send = _CONTEXT.Pipe(duplex=False)
    child = _CONTEXT.Process(target=_limited, daemon=True,
                             args=(target, send, math.ceil(max_seconds) + 1, *args))
    try:
        child.start()
    except OSError as exc:
        return reason(Code.PDF_READER_UNAVAILABLE, error=type(exc).__name__)
    finally:
        send.close()  # the child holds its own end; EOF here means it is gone
    deadline = time.monotonic() + max_seconds
    problem: dict = {}
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not receiver.poll(left):
                problem = reason(Code.PDF_TIMED_OUT, seconds=max_seconds)
                break
            kind, value = receiver.recv()
            if kind == "done":
                break
            if kind == "problem":
                problem = value
                break
            receive(kind, value)
    except (EOFError, OSError):
        problem = reason(Code.PDF_READER_STOPPED)
    finally:
        if child.is_alive():
            child.kill()
        child.join(timeout=5)
        receiver.close()
    return problem


def _limited(target: Callable, send, cpu_seconds: int, *args) -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    try:
        target(send, *args)
    finally:
        send.close()


def _child(send, content: bytes, max_pages: int) -> None:
    try:
        reader = PdfReader(io.BytesIO(content), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            send.send(("problem", reason(Code.PDF_ENCRYPTED)))
            return
        send.send(("total", len(reader.pages)))
        for number, page in enumerate(reader.pages):
            if number >= max_pages:
                break
            send.send(("page", page.extract_text() or ""))
        send.send(("done", None))
    except Exception as exc:  # noqa: BLE001 - a malformed PDF is data, not a crash
        send.send(("problem", reason(Code.PDF_DAMAGED, error=type(exc).__name__)))
