"""The request-path cost that ``bench_doors`` runs in a child process, on production
settings against a migrated scratch database::

    python -m lab.bench.doors_client 3

Every inbound door takes every hostile shape it can carry (and one ordinary claim, for
scale), through Django's test client: the whole handler, the parsing, the ingestion
service and its rows, in a transaction rolled back after each post, so no post is a
duplicate of the one before and nothing is published. The figure is the process CPU
time of the post, best of ``repeat``: the work a gunicorn worker does for it. Prints one
JSON line: [[door, shape, bytes, status, cpu s], ...].
"""

from __future__ import annotations

import base64
import gc
import hashlib
import hmac
import json
import sys
import time
from collections.abc import Callable

import django

SECRET = "bench-doors-secret"  # noqa: S105 - the scratch run's own secrets
MAILGUN_KEY = "bench-doors-mailgun"
POSTMARK_AUTH = "Basic " + base64.b64encode(b"bench:doors").decode()

CLAIM = ("Dear Sirs,\n\nWe refer to contract CT-2026-0142, lot LT-4471 (200 bales). The "
         "destination survey found polypropylene in 37 bales. We claim USD 180,000 and "
         "ask your answer by Friday.\n\nRegards,\nLi Wei\nQuality, Fiação Nordeste\n")
# The long real header of tests/web/test_door_hardening.py, roughly: a relay chain and
# signatures, about 14 KB.
RELAYS = [("Received", f"from relay{i}.example.net (relay{i}.example.net [192.0.2.{i}]) by "
                       f"relay{i + 1}.example.net with ESMTPS id {i:08x}; "
                       "Mon, 16 Nov 2026 09:00:00 +0000") for i in range(60)]
SIGNATURES = [(name, "i=1; a=rsa-sha256; d=mill.example.com; s=s1; b=" + "AbCd0123" * 48)
              for name in ("DKIM-Signature", "ARC-Seal", "ARC-Message-Signature")]
# <style> with N selectors over N declarations, over N elements with ids: the shape that
# was quadratic (hardening round 2, finding 1).
HOSTILE_CSS = ("<html><head><style>" + ",".join(f".a{i}" for i in range(2500)) + "{"
               + ";".join(f"p{i}:x" for i in range(2500)) + "}</style></head><body>"
               + "".join(f'<p id="e{i}" class="a{i}">x</p>' for i in range(2500))
               + f"<p>{CLAIM}</p></body></html>")
NESTED_HTML = "<div>" * 20_000 + CLAIM + "</div>" * 20_000


def _headers(shape: str) -> list[tuple[str, str]]:
    base = [("From", "Li Wei <li.wei@fiacao.example.com.br>"),
            ("To", "claims@cottontrade.example.com"),
            ("Subject", "Claim CT-2026-0142, lot LT-4471"),
            ("Message-Id", f"<bench-{shape}@fiacao.example.com.br>")]
    floods = {
        "ordinary claim": RELAYS + SIGNATURES,
        "64 KiB of one-letter words in one header": [("X-Pad", "a " * 31_000)],
        "999 headers": [("Received", f"by relay{i}.example.com") for i in range(995)],
        "1,500 addresses in To": [("Cc", ", ".join(
            f"Buyer {i} <b{i}@mill.example.com>" for i in range(1500)))],
        "40 KiB of non-ASCII words": [("X-Thread-Topic", "ação " * 6_000)],
    }
    return base + floods.get(shape, [])


def _body(shape: str) -> tuple[str, str | None, list[tuple[str, str, bytes]]]:
    """(text, html, attachments) of a shape."""
    if shape == "2 MB text body":
        return CLAIM * 5_000, None, []
    if shape == "60 KB hostile <style>":
        return "", HOSTILE_CSS, []
    if shape == "20,000-deep HTML":
        return "", NESTED_HTML, []
    if shape == "1,900 attachments":
        return CLAIM, None, [(f"lot{i}.txt", "text/plain", b"bale %d ok\n" % i)
                             for i in range(1900)]
    if shape == "5 MB attachment":
        return CLAIM, None, [("survey.pdf", "application/pdf", bytes(range(256)) * 20_480)]
    return CLAIM, None, []


SHAPES = ["ordinary claim", "64 KiB of one-letter words in one header", "999 headers",
          "1,500 addresses in To", "40 KiB of non-ASCII words", "2 MB text body",
          "60 KB hostile <style>", "20,000-deep HTML", "1,900 attachments", "5 MB attachment"]


def raw_message(shape: str) -> bytes:
    from triage.mimewrite import FieldPart, write_message

    text, html, files = _body(shape)
    return write_message(_headers(shape), text=text or None, html=html, attachments=[
        FieldPart(data, ctype, name) for name, ctype, data in files])


def _json(shape: str) -> bytes:
    headers = dict(_headers(shape))
    text, html, files = _body(shape)
    return json.dumps({
        "message_id": headers["Message-Id"].strip("<>"), "from": headers["From"],
        "to": [headers["To"]] + headers.get("Cc", "").split(", ")[:-1],
        "subject": headers["Subject"], "text": text, "html": html or "",
        "attachments": [{"filename": n, "content_type": c,
                         "content_base64": base64.b64encode(d).decode()}
                        for n, c, d in files]}).encode()


def _mailgun_fields(shape: str) -> dict:
    from django.core.files.uploadedfile import SimpleUploadedFile

    text, html, files = _body(shape)
    fields = {"message-headers": json.dumps(_headers(shape), ensure_ascii=False),
              "body-plain": text,
              "sender": "li.wei@fiacao.example.com.br",
              "recipient": "claims@cottontrade.example.com",
              "attachment-count": str(len(files))}
    if html:
        fields["body-html"] = html
    for i, (name, ctype, data) in enumerate(files, 1):
        fields[f"attachment-{i}"] = SimpleUploadedFile(name, data, ctype)
    return fields


def _postmark(shape: str, raw: bool) -> bytes:
    headers = _headers(shape)
    text, html, files = _body(shape)
    payload = {
        "FromFull": {"Email": "li.wei@fiacao.example.com.br", "Name": "Li Wei"},
        "ToFull": [{"Email": "claims@cottontrade.example.com", "Name": ""}],
        "Subject": dict(headers)["Subject"], "MessageID": f"pm-{shape}",
        "TextBody": text, "HtmlBody": html or "",
        "Headers": [{"Name": n, "Value": v} for n, v in headers
                    if n not in ("From", "To", "Subject")],
        "Attachments": [{"Name": n, "ContentType": c, "ContentLength": len(d),
                         "Content": base64.b64encode(d).decode()} for n, c, d in files]}
    if raw:
        payload["RawEmail"] = raw_message(shape).decode("ascii")
    return json.dumps(payload).encode()


def _mailgun_signed() -> dict:
    ts, token = str(int(time.time())), f"tok-{time.time_ns()}"
    signature = hmac.new(MAILGUN_KEY.encode(), f"{ts}{token}".encode(), hashlib.sha256)
    return {"timestamp": ts, "token": token, "signature": signature.hexdigest()}


def doors(client) -> dict[str, tuple[Callable[[str], object], Callable[[object], object]]]:
    """door: (build the post of a shape, post it)."""
    from triage.signing import sign

    def signed(content_type: str):
        def post(body: bytes):
            ts = int(time.time())
            return client.post("/webhooks/inbound/", data=body, content_type=content_type,
                               HTTP_X_TRIAGE_TIMESTAMP=str(ts),
                               HTTP_X_TRIAGE_SIGNATURE=sign(SECRET, ts, body))
        return post

    def mailgun(route: str):
        def post(fields: dict):
            for value in fields.values():
                if hasattr(value, "seek"):
                    value.seek(0)
            return client.post(f"/webhooks/anymail/mailgun/{route}/",
                               data={**fields, **_mailgun_signed()},
                               HTTP_AUTHORIZATION=POSTMARK_AUTH)  # anymail's basic auth too
        return post

    def postmark(body: bytes):
        return client.post("/webhooks/anymail/postmark/inbound/", data=body,
                           content_type="application/json", HTTP_AUTHORIZATION=POSTMARK_AUTH)

    return {
        "signed JSON": (_json, signed("application/json")),
        "signed raw MIME": (raw_message, signed("message/rfc822")),
        "Mailgun fields": (_mailgun_fields, mailgun("inbound")),
        "Mailgun raw MIME": (lambda s: {"body-mime": raw_message(s).decode("ascii")},
                             mailgun("inbound_mime")),
        "Postmark fields": (lambda s: _postmark(s, raw=False), postmark),
        "Postmark RawEmail": (lambda s: _postmark(s, raw=True), postmark),
    }


def size(data: object) -> int:
    """The bytes of the request body: a body, or a form encoded as the client posts it."""
    from django.test.client import BOUNDARY, encode_multipart

    if isinstance(data, bytes):
        return len(data)
    for value in data.values():
        if hasattr(value, "seek"):
            value.seek(0)
    return len(encode_multipart(BOUNDARY, data))


def measure(repeat: int) -> list[list]:
    from django.db import transaction
    from django.test import Client

    client = Client()
    out = []
    for door, (build, post) in doors(client).items():
        with transaction.atomic():  # the first post of a door imports and warms its code
            post(build(SHAPES[0]))
            transaction.set_rollback(True)
        for shape in SHAPES:
            data = build(shape)
            nbytes = size(data)
            best, status = float("inf"), 0
            gc.collect()
            for _ in range(repeat):
                with transaction.atomic():
                    started = time.process_time()
                    response = post(data)
                    spent = time.process_time() - started
                    transaction.set_rollback(True)
                status, best = response.status_code, min(best, spent)
            out.append([door, shape, nbytes, status, best])
    return out


if __name__ == "__main__":
    django.setup()
    print(json.dumps(measure(int(sys.argv[1]))))
