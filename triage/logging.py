"""The one logging filter every handler uses (see ``LOGGING`` in settings).

It rewrites the record itself (message, args and extra attributes) so that no
handler, formatter or call site can let a sender's text break or forge a log line.
"""

from __future__ import annotations

import logging

from triage.sanitize import escape_invisible

_STANDARD_ATTRS = frozenset(
    vars(logging.LogRecord("x", logging.INFO, "x", 0, "x", None, None))
) | {"message", "asctime"}


def _clean(value: object) -> object:
    if isinstance(value, str):
        return escape_invisible(value)
    if isinstance(value, (int, float, bool)) or value is None:
        return value  # %d and %f must keep working
    if isinstance(value, bytes):
        return escape_invisible(value.decode("utf-8", "backslashreplace"))
    if isinstance(value, dict):
        return {_clean(k): _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_clean(v) for v in value)
    return escape_invisible(str(value))


class SanitizeFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "_triage_sanitized", False):
            return True  # several handlers share one record
        record.msg = _clean(record.msg) if isinstance(record.msg, str) else _clean(
            str(record.msg)
        )
        if isinstance(record.args, dict):
            record.args = _clean(record.args)
        elif record.args:
            record.args = tuple(_clean(a) for a in record.args)
        for key, value in list(vars(record).items()):
            if key not in _STANDARD_ATTRS and not key.startswith("_"):
                setattr(record, key, _clean(value))
        if record.exc_info and not record.exc_text:
            record.exc_text = escape_invisible(
                logging.Formatter().formatException(record.exc_info)
            ).replace("\\u000a", "\n    | ")
        record._triage_sanitized = True
        return True


class ExpectedRejectionFilter(logging.Filter):
    """For loggers of requests we refuse by design (a bad Host header): the record
    becomes one WARNING line without its traceback, which tells an operator nothing."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        if record.levelno > logging.WARNING:
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True
