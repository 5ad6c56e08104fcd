"""Signed webhook load generation (pure: no Django), for the benchmarks and load runs.
Runs in separate client processes so the client does not share the server's GIL."""

from __future__ import annotations

import http.client
import json
import statistics
import time

from triage.signing import sign


def claim_payload(i: int, run_id: str) -> bytes:
    return json.dumps({
        "message_id": f"<bench-{run_id}-{i}@mill.example.com>",
        "from": "QA <qa@mill.example.com>",
        "to": ["claims@cottontrade.example.com"],
        "subject": f"Weight shortfall claim, lot {i}",
        "text": f"Contract CT-{i}, lot {i}: weight shortfall of 450 kg, claim USD {i % 90},000. "
                "Weigh-in certificate attached. Please respond within 10 days.\n" * 3,
        "received_at": "2026-11-16T08:00:00Z",
    }).encode()


def send_batch(args: tuple[int, list[int], str, str]) -> list[tuple[float, int]]:
    """(port, indices, run_id, secret) -> [(seconds, HTTP status)] over one keep-alive
    connection; a failed request is status 0 and the connection is reopened."""
    port, indices, run_id, secret = args
    ts = str(int(time.time()))
    # Built and signed before the clock starts: the client shares the CPUs.
    prepared = [(claim_payload(i, run_id), i) for i in indices]
    prepared = [(body, {"Content-Type": "application/json", "X-Triage-Timestamp": ts,
                        "X-Triage-Signature": sign(secret, ts, body)}) for body, _ in prepared]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    results = []
    for body, headers in prepared:
        started = time.perf_counter()
        try:
            conn.request("POST", "/webhooks/inbound/", body=body, headers=headers)
            response = conn.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            status = 0
        results.append((time.perf_counter() - started, status))
    conn.close()
    return results


def percentiles(seconds: list[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in seconds)
    if not ms:
        return {"p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0}

    def pct(q: float) -> float:
        return ms[min(len(ms) - 1, int(len(ms) * q))]

    return {"p50": statistics.median(ms), "p95": pct(0.95), "p99": pct(0.99), "max": ms[-1]}
