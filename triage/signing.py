"""Webhook signatures (pure: no Django). ``X-Triage-Signature: sha256=<hex HMAC-SHA256(
secret, timestamp + "." + raw body)>``."""

from __future__ import annotations

import hashlib
import hmac
import re

# ASCII only: str.isdigit() and int() accept other scripts' digits, and
# hmac.compare_digest raises TypeError on non-ASCII str instead of answering False.
_UNIX_SECONDS = re.compile(r"[0-9]{1,12}")
_HEX_SHA256 = re.compile(r"[0-9a-fA-F]{64}")


def verify_signature(
    secrets: list[str], timestamp: str, body: bytes, signature: str, *, now: float,
    tolerance_s: int,
) -> str:
    """Return '' when valid, else the reason it is not. Pure; constant-time compare
    against every configured secret."""
    if not timestamp or not signature:
        return "missing X-Triage-Timestamp or X-Triage-Signature"
    if not _UNIX_SECONDS.fullmatch(timestamp):
        return "X-Triage-Timestamp is not unix seconds"
    if abs(now - int(timestamp)) > tolerance_s:
        return f"timestamp outside the {tolerance_s} s window"
    scheme, _, given = signature.partition("=")
    given = given.strip()
    if scheme != "sha256" or not _HEX_SHA256.fullmatch(given):
        return "signature must be sha256=<64 hex digits>"
    signed = timestamp.encode() + b"." + body
    valid = False
    for secret in secrets:
        expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
        # No early exit: the time taken does not reveal which secret matched.
        valid |= hmac.compare_digest(expected, given.lower())
    return "" if valid else "signature does not match"


def sign(secret: str, timestamp: int | str, body: bytes) -> str:
    """The header value a caller sends (used by the tests, benchmark and demo)."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"sha256={digest.hexdigest()}"


# Mailgun's token is 50 random characters; anymail encodes it as ASCII to check the
# HMAC (UnicodeEncodeError, a 500, on anything else).
_MAILGUN_TOKEN = re.compile(r"[A-Za-z0-9._-]{1,255}")


def check_mailgun_fields(timestamp: str, token: str, signature: str, *, now: float,
                         tolerance_s: int) -> str:
    """'' when Mailgun's signature fields are well formed and fresh, else why not.
    Pure; anymail then checks the HMAC itself."""
    if not _UNIX_SECONDS.fullmatch(timestamp):
        return "Mailgun timestamp missing or not unix seconds"
    if abs(now - int(timestamp)) > tolerance_s:
        return f"Mailgun timestamp outside the window of {tolerance_s} s"
    if not _MAILGUN_TOKEN.fullmatch(token):
        return "Mailgun token missing or not 1-255 ASCII letters and digits"
    if not _HEX_SHA256.fullmatch(signature):
        return "Mailgun signature missing or not 64 hex digits"
    return ""
