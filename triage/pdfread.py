"""A PDF's text, read in a child process that is killed at its deadline.

pypdf is pure Python and a page is read in one call: one page of a few kilobytes can hold
300,000 text operators and take half a minute, so a limit checked between pages does not
hold. The child reads the pages and sends each one's text as soon as it has it; the
caller takes what arrived before the limit and kills the child. The limit is the child's
own CPU time (read from ``/proc``), not the clock: on a busy machine a small PDF waits
for a CPU longer than it reads, and must not be cut for that; the clock bounds the wait
at ``WALL_FACTOR`` times the CPU limit, never past the caller's deadline. The child also
runs under a CPU and a memory limit of its own (a decompression bomb ends there, not in
the worker).

Children come from a fork server (``multiprocessing``'s ``forkserver``): a small,
single-threaded process started once, which imports only pypdf, openpyxl, the two
readers and the reason vocabulary (``triage.routes``, pure), so a fork never copies a
threaded worker's locks. No Django here.
"""

from __future__ import annotations

import io
import math
import multiprocessing
import os
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pypdf import PdfReader

from triage.routes import Code, reason

MEMORY_BYTES = 1024 * 1024 * 1024  # the child's address space
# How long the clock may run past a child's CPU limit while it waits for a CPU.
WALL_FACTOR = 8
# How often a child's CPU time is read while it sends nothing.
_POLL_S = 0.05
_TICKS = os.sysconf("SC_CLK_TCK")
_CONTEXT = multiprocessing.get_context("forkserver")
# Replaces the default preload (the caller's __main__: a worker, a test runner); the
# spreadsheet reader's children come from the same server.
_CONTEXT.set_forkserver_preload([__name__, "triage.sheetread"])


@dataclass
class PdfPages:
    pages: list[str] = field(default_factory=list)
    total: int | None = None  # pages in the document, once the child has counted them
    problem: dict = field(default_factory=dict)  # why not every page was read (a reason)
    cpu_seconds: float = 0.0  # what the reading cost its child


@dataclass(frozen=True)
class ReaderEnd:
    problem: dict  # what ended the child early (a reason), {} when it finished
    cpu_seconds: float  # the CPU time the child spent


def cpu_seconds(pid: int) -> float | None:
    """A process's CPU time (user and system) from ``/proc``; None where it cannot be
    read (no such process, no ``/proc``)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICKS  # utime, stime
    except (OSError, IndexError, ValueError):
        return None


def read_pages(content: bytes, *, max_pages: int, max_seconds: float,
               deadline: float | None = None) -> PdfPages:
    """The text of the first ``max_pages`` pages, as far as the child got within
    ``max_seconds`` of its CPU time, and no later than ``deadline`` (``time.monotonic``)."""
    result = PdfPages()

    def receive(kind: str, value) -> None:
        if kind == "total":
            result.total = value
        elif kind == "page":
            result.pages.append(value)

    end = run_reader(_child, (content, max_pages), max_seconds=max_seconds,
                     deadline=deadline, receive=receive)
    result.problem, result.cpu_seconds = end.problem, end.cpu_seconds
    return result


def run_reader(target: Callable, args: tuple, *, max_seconds: float,
               receive: Callable[[str, Any], None], deadline: float | None = None) -> ReaderEnd:
    """Run ``target(send, *args)`` in a child under the CPU and memory limits, handing
    each ``(kind, value)`` it sends to ``receive`` until it sends ``("done", None)``;
    ``("problem", reason)`` ends it too. The child is stopped when it has spent
    ``max_seconds`` of CPU, or when the clock passes ``WALL_FACTOR`` times that (or
    ``deadline``): what arrived before stays received. The spreadsheet reader
    (``triage.sheetread``) runs here too."""
    if max_seconds <= 0 or (deadline is not None and deadline <= time.monotonic()):
        return ReaderEnd(reason(Code.PDF_NO_TIME), 0.0)
    receiver, send = _CONTEXT.Pipe(duplex=False)
    child = _CONTEXT.Process(target=_limited, daemon=True,
                             args=(target, send, math.ceil(max_seconds) + 1, *args))
    try:
        child.start()
    except OSError as exc:
        return ReaderEnd(reason(Code.PDF_READER_UNAVAILABLE, error=type(exc).__name__), 0.0)
    finally:
        send.close()  # the child holds its own end; EOF here means it is gone
    # Without /proc the CPU time cannot be read: the clock is the limit, as it was.
    measured = cpu_seconds(child.pid) is not None
    wall = time.monotonic() + (max_seconds * WALL_FACTOR if measured else max_seconds)
    wall = wall if deadline is None else min(wall, deadline)
    problem: dict = {}
    spent, started = 0.0, time.monotonic()
    checked = started
    try:
        while True:
            now = time.monotonic()
            if now >= wall:
                problem = reason(Code.PDF_TIMED_OUT, seconds=round(now - started, 1))
                break
            if now - checked >= _POLL_S:
                spent, checked = cpu_seconds(child.pid) or spent, now
                if spent >= max_seconds:
                    problem = reason(Code.PDF_TIMED_OUT, seconds=max_seconds)
                    break
            if not receiver.poll(min(wall - now, _POLL_S)):
                continue
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
        spent = cpu_seconds(child.pid) or spent
        if child.is_alive():
            child.kill()
        child.join(timeout=5)
        receiver.close()
    return ReaderEnd(problem, spent)


def _limited(target: Callable, send, cpu_limit: int, *args) -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 1))
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
