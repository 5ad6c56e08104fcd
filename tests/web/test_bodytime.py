"""A trickled request body cannot hold a gunicorn thread: its read has a deadline, and a
body that arrives in time is read whole."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from triage.bodytime import BodyDeadline, BodyTimeout, _TimedInput


@pytest.fixture
def pair():
    server, client = socket.socketpair()
    yield server, client
    server.close()
    client.close()


def test_a_body_that_stops_arriving_fails_at_its_deadline(pair):
    server, client = pair
    client.sendall(b"{\"subject\": ")  # then nothing more of the 9,000,000 declared
    body = _TimedInput(server.makefile("rb"), server, deadline=0)
    with pytest.raises(BodyTimeout):
        body.read(9_000_000)
    trickled = _TimedInput(server.makefile("rb"), server, deadline=time.monotonic() + 0.3)
    with pytest.raises(BodyTimeout):
        trickled.read(9_000_000)


def test_a_body_that_arrives_is_read_whole_and_the_socket_left_blocking(pair):
    server, client = pair
    payload = b"x" * 300_000  # more than the socket buffers: sent while it is read

    def send() -> None:
        client.sendall(payload)
        client.shutdown(socket.SHUT_WR)

    sender = threading.Thread(target=send)
    sender.start()
    seen = {}

    def app(environ, start_response):
        seen["body"] = environ["wsgi.input"].read(len(payload))
        seen["timeout"] = server.gettimeout()
        return [b"ok"]

    wrapped = BodyDeadline(app, seconds=5, bytes_per_second=100_000)
    environ = {"gunicorn.socket": server, "wsgi.input": server.makefile("rb"),
               "CONTENT_LENGTH": str(len(payload))}
    assert wrapped(environ, None) == [b"ok"]
    assert seen["body"] == payload
    # What was left of the allowance: 5 s plus the body's length at the minimum rate.
    assert 0 < seen["timeout"] <= 5 + len(payload) / 100_000
    assert server.gettimeout() is None  # gunicorn writes the response as it always did
    sender.join()


def test_without_gunicorn_the_body_is_read_as_before():
    marker = object()
    environ = {"wsgi.input": marker, "CONTENT_LENGTH": "10"}
    BodyDeadline(lambda env, start: env["wsgi.input"], seconds=1, bytes_per_second=1)(
        environ, None)
    assert environ["wsgi.input"] is marker
