"""A Gemini-compatible HTTP server for tests and benchmarks (SIMULATED: no model).

It speaks the ``generateContent`` wire format that ``langchain-google-genai`` uses,
so the real client sends real requests and parses real responses. By default each
chain is answered by the offline rules (``triage.offline.answer``), chosen by the
title of the ``responseJsonSchema`` in the request. Tests replace the answer per
chain (a compromised model), inject HTTP errors, malformed JSON or latency, and read
back every request received.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from triage.offline import answer

SCHEMA_TO_CHAIN = {
    "Classification": "classification",
    "ClaimExtract": "extraction",
    "EscalationCheck": "escalation",
}


@dataclass
class Reply:
    """What to send back: a JSON object (as the model's text), raw text, or an HTTP
    error status."""

    obj: Any = None
    text: str | None = None
    status: int = 200
    delay_s: float = 0.0
    # None: estimated from the request (``estimate_tokens``), so a longer prompt costs
    # more, as it would at the provider; a number: exactly that.
    input_tokens: int | None = None
    output_tokens: int | None = None


@dataclass
class Recorded:
    path: str
    chain: str
    body: dict
    headers: dict
    at: float

    @property
    def system_text(self) -> str:
        parts = (self.body.get("systemInstruction") or {}).get("parts") or []
        return "\n".join(p.get("text", "") for p in parts)

    @property
    def user_text(self) -> str:
        return "\n".join(p.get("text", "") for c in self.body.get("contents", [])
                         for p in c.get("parts", []))

    @property
    def schema(self) -> dict:
        return (self.body.get("generationConfig") or {}).get("responseJsonSchema") or {}

    def estimate_tokens(self) -> int:
        """Input tokens as about four characters each (SIMULATED: no tokenizer) of what
        the model reads: the system instruction, the contents and the response schema
        (structured output sends it with every call)."""
        chars = len(self.system_text) + len(self.user_text) + len(json.dumps(self.schema))
        return max(1, round(chars / 4))


@dataclass
class Script:
    """Per-chain behaviour. A chain's entry is a Reply, a list of Replies (consumed in
    order, the last repeats), or a callable (Recorded) -> Reply."""

    chains: dict[str, Any] = field(default_factory=dict)
    latency_s: float = 0.0

    def reply_for(self, rec: Recorded) -> Reply:
        entry = self.chains.get(rec.chain)
        if entry is None:
            return _offline_reply(rec)
        if callable(entry):
            return entry(rec)
        if isinstance(entry, list):
            return entry.pop(0) if len(entry) > 1 else entry[0]
        return entry


def _offline_reply(rec: Recorded) -> Reply:
    schema_name = rec.schema.get("title", "")
    return Reply(obj=answer(schema_name, rec.system_text, rec.user_text))


class ScriptedGemini:
    def __init__(self, script: Script | None = None, host: str = "127.0.0.1",
                 port: int = 0) -> None:
        self.script = script or Script()
        self.requests: list[Recorded] = []
        self.fault: dict | None = None
        # Calls being answered now, and the most at once: how a test sees that calls
        # overlap without timing them.
        self.in_flight = 0
        self.most_in_flight = 0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body go out as two writes; with Nagle's algorithm the body
            # waited for the client's delayed ACK, ~40 ms on every call on top of the
            # scripted latency. A real endpoint adds no such wait.
            disable_nagle_algorithm = True

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                if self.path == "/_fault":
                    # Fault control for reliability runs: {"status": 429, "seconds": 30}
                    # or {"hang_s": 5, "seconds": 30}.
                    server.fault = {**body, "until": time.time() + float(body.get("seconds", 0))}
                    self._send(200, b"{}")
                    return
                title = ((body.get("generationConfig") or {}).get("responseJsonSchema")
                         or {}).get("title", "")
                rec = Recorded(self.path, SCHEMA_TO_CHAIN.get(title, title), body,
                               dict(self.headers), time.time())
                with server._lock:
                    server.in_flight += 1
                    server.most_in_flight = max(server.most_in_flight, server.in_flight)
                    server.requests.append(rec)
                    if len(server.requests) > 10_000:  # long runs: keep memory bounded
                        del server.requests[:5_000]
                    reply = server.script.reply_for(rec)
                fault = server.fault
                if fault and time.time() < fault["until"]:
                    if fault.get("status"):
                        reply = Reply(status=int(fault["status"]))
                    if fault.get("hang_s"):
                        time.sleep(float(fault["hang_s"]))
                delay = server.script.latency_s + reply.delay_s
                if delay:
                    time.sleep(delay)
                if reply.status != 200:
                    payload = json.dumps({"error": {"code": reply.status,
                                                    "message": "scripted error",
                                                    "status": "UNAVAILABLE"}}).encode()
                else:
                    text = reply.text if reply.text is not None else json.dumps(reply.obj)
                    tokens = (reply.input_tokens if reply.input_tokens is not None
                              else rec.estimate_tokens())
                    out = (reply.output_tokens if reply.output_tokens is not None
                           else max(1, round(len(text) / 4)))
                    payload = json.dumps(generate_content_response(text, tokens, out)).encode()
                with server._lock:
                    server.in_flight -= 1
                self._send(reply.status, payload)

            def _send(self, status: int, payload: bytes) -> None:
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client timed out and went away

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer((host, port), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def calls(self, chain: str | None = None) -> list[Recorded]:
        with self._lock:
            return [r for r in self.requests if chain is None or r.chain == chain]

    def __enter__(self) -> ScriptedGemini:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def generate_content_response(text: str, input_tokens: int, output_tokens: int) -> dict:
    return {
        "candidates": [{
            "content": {"role": "model", "parts": [{"text": text}]},
            "finishReason": "STOP",
            "index": 0,
        }],
        "usageMetadata": {
            "promptTokenCount": input_tokens,
            "candidatesTokenCount": output_tokens,
            "totalTokenCount": input_tokens + output_tokens,
        },
        "modelVersion": "scripted-gemini",
    }


def serve_forever(port: int, latency_s: float) -> None:
    """``python -m lab.scripted_gemini PORT LATENCY`` for load and fault runs."""
    with ScriptedGemini(Script(latency_s=latency_s), port=port) as server:
        print(f"scripted Gemini-compatible server (SIMULATED) on {server.url}", flush=True)
        server.thread.join()


if __name__ == "__main__":
    serve_forever(int(sys.argv[1]), float(sys.argv[2]) if len(sys.argv) > 2 else 0.0)
