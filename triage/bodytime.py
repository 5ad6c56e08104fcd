"""A deadline on reading a request body, for gunicorn's threads.

gunicorn's threaded workers read a body as the view asks for it, from a blocking socket
with no timeout: a client that declares ``Content-Length: 9000000`` and sends a byte
every few seconds holds a thread for as long as it likes, and fifteen of them held every
thread of the README's three workers. This WSGI wrapper gives each body a deadline, a
fixed allowance plus its length at a minimum rate, and sets the socket's timeout to what
is left before every read, so a slow body ends in an error (the view's 400, or Django's
UnreadablePostError) and frees its thread. A buffering proxy in front (docs/operating.md)
stops slow clients before they reach gunicorn at all; this is the bound behind it.

Only gunicorn names its socket in the environ (``gunicorn.socket``); elsewhere (runserver,
the test client) the body is read as it was.
"""

from __future__ import annotations

import time

CHUNK = 64 * 1024  # read a body in pieces, so each piece's wait is bounded by what is left


class BodyTimeout(OSError):
    """The body did not arrive in time (an OSError, as a dropped connection is)."""


class _TimedInput:
    def __init__(self, stream, sock, deadline: float) -> None:
        self.stream, self.sock, self.deadline = stream, sock, deadline

    def _arm(self) -> None:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise BodyTimeout("the request body did not arrive in time")
        self.sock.settimeout(left)

    def read(self, size: int | None = -1) -> bytes:
        out = bytearray()
        while size is None or size < 0 or len(out) < size:
            self._arm()
            want = CHUNK if size is None or size < 0 else min(CHUNK, size - len(out))
            try:
                piece = self.stream.read(want)
            except TimeoutError as exc:
                raise BodyTimeout("the request body did not arrive in time") from exc
            if not piece:
                break
            out += piece
        return bytes(out)

    def readline(self, size: int | None = -1) -> bytes:
        self._arm()
        try:
            return self.stream.readline(size)
        except TimeoutError as exc:
            raise BodyTimeout("the request body did not arrive in time") from exc

    def __iter__(self):
        while line := self.readline():
            yield line


class BodyDeadline:
    """WSGI middleware: a body of ``n`` bytes must arrive within ``seconds`` plus
    ``n / bytes_per_second``."""

    def __init__(self, app, *, seconds: float, bytes_per_second: int) -> None:
        self.app, self.seconds, self.rate = app, seconds, bytes_per_second

    def __call__(self, environ, start_response):
        sock = environ.get("gunicorn.socket")
        if sock is not None and "wsgi.input" in environ:
            try:
                length = max(int(environ.get("CONTENT_LENGTH") or 0), 0)
            except ValueError:
                length = 0
            deadline = time.monotonic() + self.seconds + length / self.rate
            environ["wsgi.input"] = _TimedInput(environ["wsgi.input"], sock, deadline)
        try:
            return self.app(environ, start_response)
        finally:
            if sock is not None:
                sock.settimeout(None)  # the response is written as gunicorn would
