"""Which email and which task a log line belongs to, on every line a task writes.

The worker sets the context when a task starts (``config/celery.py`` connects
``task_prerun``/``task_postrun``); ``ContextFilter`` copies it onto each record, where
the plain format shows it and the JSON format makes it two fields. A contextvar and
not a thread-local: it is right in threads and in asyncio alike, and a task's context
never leaks into the next task because postrun resets it.
"""

from __future__ import annotations

import logging
from contextvars import ContextVar, Token

_email_id: ContextVar[int | None] = ContextVar("triage_email_id", default=None)
_task_id: ContextVar[str] = ContextVar("triage_task_id", default="")


def bind(*, email_id: int | None, task_id: str) -> tuple[Token, Token]:
    return _email_id.set(email_id), _task_id.set(task_id)


def unbind(tokens: tuple[Token, Token] | None) -> None:
    if tokens:
        _email_id.reset(tokens[0])
        _task_id.reset(tokens[1])


def clear() -> None:
    _email_id.set(None)
    _task_id.set("")


class ContextFilter(logging.Filter):
    """Adds ``email_id``, ``task_id`` and ``context`` (``"email=12 task=ab.. "`` or
    empty, for the plain format) to every record. It runs before the sanitising
    filter, so these fields are cleaned like any other."""

    def filter(self, record: logging.LogRecord) -> bool:
        email_id, task_id = _email_id.get(), _task_id.get()
        if not hasattr(record, "email_id"):
            record.email_id = email_id
        if not hasattr(record, "task_id"):
            record.task_id = task_id or None
        parts = []
        if record.email_id is not None:
            parts.append(f"email={record.email_id}")
        if record.task_id:
            parts.append(f"task={record.task_id}")
        record.context = " ".join(parts) + " " if parts else ""
        return True
