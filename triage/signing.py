"""Webhook signatures (pure: no Django). ``X-Triage-Signature: sha256=<hex HMAC-SHA256(
secret, timestamp + "." + raw body)>``."""

from __future__ import annotations

import hashlib
import hmac


def verify_signature(
    secrets: list[str], timestamp: str, body: bytes, signature: str, *, now: float,
    tolerance_s: int,
) -> str:
    """Return '' when valid, else the reason it is not. Pure; constant-time compare
    against every configured secret."""
    if not timestamp or not signature:
        return "missing X-Triage-Timestamp or X-Triage-Signature"
    try:
        ts = int(timestamp)
    except ValueError:
        return "X-Triage-Timestamp is not unix seconds"
    if abs(now - ts) > tolerance_s:
        return f"timestamp outside the {tolerance_s} s window"
    scheme, _, given = signature.partition("=")
    if scheme != "sha256" or not given:
        return "signature must be sha256=<hex>"
    signed = timestamp.encode() + b"." + body
    valid = False
    for secret in secrets:
        expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
        # No early exit: the time taken does not reveal which secret matched.
        valid |= hmac.compare_digest(expected, given.strip().lower())
    return "" if valid else "signature does not match"


def sign(secret: str, timestamp: int | str, body: bytes) -> str:
    """The header value a caller sends (used by the tests, benchmark and demo)."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"sha256={digest.hexdigest()}"
