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


def send_batch(args: tuple) -> list[tuple[float, int, int | None]]:
    """(port, indices, run_id, secret[, start_at, interval_s]) -> [(seconds, HTTP status,
    email id)] over one keep-alive connection. A failed or timed-out request is status 0
    and the connection is reopened. With ``interval_s``, request k is sent at
    ``start_at + k * interval_s``: a fixed rate that a slow answer does not slow down."""
    port, indices, run_id, secret = args[:4]
    start_at = args[4] if len(args) > 4 else None
    interval = args[5] if len(args) > 5 else 0.0
    ts = str(int(start_at or time.time()))
    # Built and signed before the clock starts: the client shares the CPUs.
    bodies = [claim_payload(i, run_id) for i in indices]
    prepared = [(body, {"Content-Type": "application/json", "X-Triage-Timestamp": ts,
                        "X-Triage-Signature": sign(secret, ts, body)}) for body in bodies]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    results: list[tuple[float, int, int | None]] = []
    for k, (body, headers) in enumerate(prepared):
        if start_at is not None:
            wait = start_at + k * interval - time.time()
            if wait > 0:
                time.sleep(wait)
        started = time.perf_counter()
        email_id = None
        try:
            conn.request("POST", "/webhooks/inbound/", body=body, headers=headers)
            response = conn.getresponse()
            payload = response.read()
            status = response.status
            if status in (200, 202):
                email_id = json.loads(payload).get("id")
        except (OSError, http.client.HTTPException, ValueError):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            status = 0
        results.append((time.perf_counter() - started, status, email_id))
    conn.close()
    return results


def percentiles(seconds: list[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in seconds)
    if not ms:
        return {"p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0, "over_100ms": 0.0}

    def pct(q: float) -> float:
        return ms[min(len(ms) - 1, int(len(ms) * q))]

    return {"p50": statistics.median(ms), "p95": pct(0.95), "p99": pct(0.99), "max": ms[-1],
            "over_100ms": 100 * sum(1 for m in ms if m > 100) / len(ms)}
