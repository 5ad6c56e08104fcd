"""The JSON log format (TRIAGE_LOG_FORMAT=json): a sender cannot forge a record, the
text they wrote survives, and every line a triage task writes names its email and task."""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys

from django.conf import settings

from config.celery import _bind_log_context, _clear_log_context
from tests.factories import ROOT
from triage.logcontext import ContextFilter
from triage.logging import SanitizeFilter


def _json_logger() -> tuple[logging.Logger, io.StringIO]:
    """A logger wired like LOGGING's console handler, with the json formatter."""
    config = dict(settings.LOGGING["formatters"]["json"])
    factory = config.pop("()")
    module, _, name = factory.rpartition(".")
    formatter = getattr(__import__(module, fromlist=[name]), name)(**config)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    for flt in settings.LOGGING["handlers"]["console"]["filters"]:
        handler.addFilter({"context": ContextFilter, "sanitize": SanitizeFilter}[flt]())
    handler.setFormatter(formatter)
    logger = logging.getLogger("tests.jsonlog")
    logger.handlers, logger.propagate, logger.level = [handler], False, logging.INFO
    return logger, stream


FORGED = ('Invoice 4471"}\r\n{"time": "2026-01-01", "level": "CRITICAL", "logger": '
          '"triage.auth", "message": "admin password reset"}\u2028\u202eok')


def test_a_subject_cannot_forge_a_json_record():
    logger, stream = _json_logger()
    logger.info("email %s subject %s", 12, FORGED, extra={"subject": FORGED})
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1  # one record, one line: the CR/LF and U+2028 did not split it
    record = json.loads(lines[0])
    assert record["level"] == "INFO" and record["logger"] == "tests.jsonlog"
    # The legitimate text is all there, escaped, in its own field.
    assert record["message"].startswith('email 12 subject Invoice 4471"}\\u000d\\u000a{"time"')
    assert "admin password reset" in record["message"] and "\\u202eok" in record["message"]
    assert record["subject"] == record["message"].split("subject ", 1)[1]
    assert "_triage_sanitized" not in record and "context" not in record


def test_a_task_line_names_its_email_and_task():
    class Task:
        name = "triage.tasks.triage_email"

    logger, stream = _json_logger()
    _bind_log_context(task_id="c0ffee-1", task=Task(), args=[42])
    try:
        logger.info("routed")
    finally:
        _clear_log_context()
    logger.info("after the task")
    first, second = (json.loads(line) for line in stream.getvalue().splitlines())
    assert (first["email_id"], first["task_id"]) == (42, "c0ffee-1")
    assert (second["email_id"], second["task_id"]) == (None, None)


def test_the_plain_format_shows_the_ids_too():
    record = logging.LogRecord("triage.services.triage", logging.INFO, "x", 1, "routed",
                               None, None)
    _bind_log_context(task_id="t-9", task=None, args=[7])
    try:
        ContextFilter().filter(record)
    finally:
        _clear_log_context()
    line = logging.Formatter(settings.LOGGING["formatters"]["plain"]["format"]).format(record)
    assert line.endswith("triage.services.triage task=t-9 routed")


def test_the_setting_selects_the_json_format():
    code = ("from django.conf import settings; import django; django.setup(); "
            "print(settings.LOGGING['handlers']['console']['formatter'])")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
           "TRIAGE_LOG_FORMAT": "json"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "json"


def test_runserver_request_lines_go_through_the_sanitising_filter():
    """A request path is the sender's text: runserver's own request line (logger
    django.server) is cleaned like every other line, and its words survive."""
    code = ("import django, logging; django.setup(); "
            "logging.getLogger('django.server').warning('\"%s\" %s %s', "
            "'GET /x\\n2026-12-01 09:00:00 INFO triage forged HTTP/1.1', '404', '179')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_lab",
                              "TRIAGE_LOG_FORMAT": "plain"}, check=True, timeout=60)
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert "WARNING django.server" in lines[0]
    assert "GET /x\\u000a2026-12-01 09:00:00 INFO triage forged HTTP/1.1" in lines[0]


def test_every_logger_that_stops_propagating_writes_through_the_filters():
    """A logger with propagate=False and no handler of ours would print through
    another handler (or Python's last resort), past the sanitising filter."""
    import logging.config
    logging.config.dictConfig(settings.LOGGING)
    for name, config in settings.LOGGING["loggers"].items():
        if config.get("propagate", True) is False:
            handlers = logging.getLogger(name).handlers
            assert handlers, name
            for handler in handlers:
                assert any(type(f).__name__ == "SanitizeFilter" for f in handler.filters), name
