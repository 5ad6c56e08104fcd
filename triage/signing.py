"""Signatures (pure: no Django). Webhooks: ``X-Triage-Signature: sha256=<hex
HMAC-SHA256(secret, timestamp + "." + raw body)>``. Our outbound mail: the notification
header carries a tag, an HMAC of its kind, email and Message-ID, so only a message we
sent (or a bounce returning it) proves to be ours; a sender who writes the header
without the key does not."""

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


_OUTBOUND = re.compile(
    r"(?P<kind>[a-z_]{1,32}); email=(?P<email>[0-9]{1,12}); tag=(?P<tag>[0-9a-f]{32})")


def outbound_header(secret: str, kind: str, email_id: int, message_id: str) -> str:
    """The notification header's value for one message we send."""
    return f"{kind}; email={email_id}; tag={_outbound_tag(secret, kind, email_id, message_id)}"


def verify_outbound(secret: str, header: str, message_id: str) -> bool:
    """Whether ``header`` is the value we wrote on the message ``message_id``."""
    m = _OUTBOUND.fullmatch((header or "").strip())
    if not m or not message_id:
        return False
    expected = _outbound_tag(secret, m["kind"], int(m["email"]), message_id)
    return hmac.compare_digest(expected, m["tag"])


def _outbound_tag(secret: str, kind: str, email_id: int, message_id: str) -> str:
    payload = f"triage-outbound|{kind}|{email_id}|{message_id.strip().strip('<>')}".encode()
    return hmac.new(secret.encode(), payload, hashlib.sha256).hexdigest()[:32]
