"""A PDF's text, read in a child process that is killed at its deadline.

pypdf is pure Python and a page is read in one call: one page of a few kilobytes can hold
300,000 text operators and take half a minute, so a limit checked between pages does not
hold. The child reads the pages and sends each one's text as soon as it has it; the
caller takes what arrived before the deadline and kills the child. The child also runs
under a CPU and a memory limit of its own (a decompression bomb ends there, not in the
worker).

Children come from a fork server (``multiprocessing``'s ``forkserver``): a small,
single-threaded process started once, which imports only pypdf and this module, so a
fork never copies a threaded worker's locks. No Django here.
"""

from __future__ import annotations

import io
import math
import multiprocessing
import resource
import time
from dataclasses import dataclass, field

from pypdf import PdfReader

from triage.routes import Code, reason

MEMORY_BYTES = 1024 * 1024 * 1024  # the child's address space
_CONTEXT = multiprocessing.get_context("forkserver")
# Replaces the default preload (the caller's __main__: a worker, a test runner).
_CONTEXT.set_forkserver_preload([__name__])


@dataclass
class PdfPages:
    pages: list[str] = field(default_factory=list)
    total: int | None = None  # pages in the document, once the child has counted them
    # Why not every page was read, a reason (``routes.reason``; {} when all of max_pages were).
    problem: dict = field(default_factory=dict)


def read_pages(content: bytes, *, max_pages: int, max_seconds: float) -> PdfPages:
    """The text of the first ``max_pages`` pages, as far as the child got within
    ``max_seconds`` (counted once it runs: starting the fork server is our cost, not
    the document's)."""
    result = PdfPages()
    if max_seconds <= 0:
        result.problem = reason(Code.PDF_NO_TIME)
        return result
    receive, send = _CONTEXT.Pipe(duplex=False)
    child = _CONTEXT.Process(target=_child, daemon=True,
                             args=(send, content, max_pages, math.ceil(max_seconds) + 1))
    try:
        child.start()
    except OSError as exc:
        result.problem = reason(Code.PDF_READER_UNAVAILABLE, error=type(exc).__name__)
        return result
    finally:
        send.close()  # the child holds its own end; EOF here means it is gone
    deadline = time.monotonic() + max_seconds
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not receive.poll(left):
                result.problem = reason(Code.PDF_TIMED_OUT, seconds=max_seconds)
                break
            kind, value = receive.recv()
            if kind == "total":
                result.total = value
            elif kind == "page":
                result.pages.append(value)
            elif kind == "done":
                break
            elif kind == "encrypted":
                result.problem = reason(Code.PDF_ENCRYPTED)
                break
            else:  # "damaged", with the exception's name
                result.problem = reason(Code.PDF_DAMAGED, error=value)
                break
    except (EOFError, OSError):
        result.problem = reason(Code.PDF_READER_STOPPED)
    finally:
        if child.is_alive():
            child.kill()
        child.join(timeout=5)
        receive.close()
    return result


def _child(send, content: bytes, max_pages: int, cpu_seconds: int) -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    try:
        reader = PdfReader(io.BytesIO(content), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            send.send(("encrypted", None))
            return
        send.send(("total", len(reader.pages)))
        for number, page in enumerate(reader.pages):
            if number >= max_pages:
                break
            send.send(("page", page.extract_text() or ""))
        send.send(("done", None))
    except Exception as exc:  # noqa: BLE001 - a malformed PDF is data, not a crash
        send.send(("damaged", type(exc).__name__))
    finally:
        send.close()
