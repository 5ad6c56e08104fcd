"""Other mail libraries' odd real-world fixtures and django-anymail's own ESP payloads
(``../shared/corpora`` beside the repository, read-only) through every inbound door.

What each must give is read by another parser, the standard library's
``policy.default``: a header-only fragment (no From, Subject or Message-ID) is refused
with a reason; any other message is stored with the subject and sender it shows and
every attachment it names byte for byte. The ESP payloads carry their expectations
in ``manifest.json``. Ingestion is under test, not triage: each test is one database
transaction, rolled back, and no task runs."""

from __future__ import annotations

import base64
import email
import hashlib
import hmac
import json
import mailbox
import time
import unicodedata
from email import policy
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.web.test_anymail import POSTMARK_AUTH, SIGNING_KEY
from triage.models import Attachment, InboundEmail

pytestmark = pytest.mark.django_db

CORPORA = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpora"
MIME_FOLDERS = ("mime-ruby-mail", "mime-flanker-cpython")
MISSING = f"the corpora are not at {CORPORA.resolve()}: CI copies shared/ beside the repository"


def _names(folder: str) -> list[str]:
    path = CORPORA / folder
    if not path.is_dir():
        return [f"{folder}/(missing)"]  # one test that fails, never an empty skip
    return [f"{folder}/{p.name}" for p in sorted(path.iterdir())
            if p.is_file() and not p.name.endswith(".md")]


MESSAGES = [name for folder in MIME_FOLDERS for name in _names(folder)]
MANIFEST = CORPORA / "esp-payloads" / "manifest.json"


def corpus_file(name: str) -> Path:
    path = CORPORA / name
    if not path.is_file():
        pytest.fail(MISSING)
    return path


def test_the_corpora_are_there_in_full():
    assert CORPORA.is_dir(), MISSING
    assert len(MESSAGES) >= 200 and MANIFEST.is_file(), MISSING


# --- what a message must give, read by the standard library ---------------------------


def shown(text: str) -> str:
    """Text as compared: NFKC, format characters (soft hyphens) out, spaces collapsed."""
    text = unicodedata.normalize("NFKC", text)
    return " ".join("".join(c for c in text if unicodedata.category(c) != "Cf").split())


class Expected:
    def __init__(self, raw: bytes) -> None:
        message = email.message_from_bytes(raw, policy=policy.default)
        names = {key.lower() for key in message.keys()}
        self.fragment = not names & {"from", "subject", "message-id"}
        self.message_id = str(message.get("message-id") or "").strip() or None
        subject = str(message.get("subject") or "")
        self.subject = None if "\ufffd" in subject else shown(subject)[:200]
        sender = message.get("from")
        addresses = sender.addresses if sender is not None and not sender.defects else ()
        self.sender = addresses[0].addr_spec.lower() if addresses and "@" in (
            addresses[0].addr_spec) else None
        self.attachments = sorted(
            hashlib.sha256(part.get_payload(decode=True) or b"").hexdigest()
            for part in message.walk()
            if not part.is_multipart() and (part.get_filename()
                                            or part.get_content_disposition() == "attachment"))

    def check(self, response, raw: bytes, *, door: str) -> None:
        assert response.status_code < 500, response.content
        if self.fragment:  # an empty file is a fragment too: 400 or, by its type, 415
            assert 400 <= response.status_code < 500, response.content
            assert response.json()["error"]
            assert InboundEmail.objects.count() == 0 and Attachment.objects.count() == 0
            return
        assert response.status_code in (200, 202), response.content
        row = InboundEmail.objects.get()
        assert bytes(row.raw_message) == raw, f"{door} stored another message"
        self.check_row(row)

    def check_row(self, row: InboundEmail) -> None:
        if self.subject is not None:
            assert shown(row.subject)[:200] == self.subject
        if self.sender is not None:
            assert row.from_address == self.sender
        stored = list(Attachment.objects.filter(email=row))
        assert set(self.attachments) <= {a.sha256 for a in stored}
        for attachment in stored:
            if attachment.stored:
                with attachment.file.open("rb") as fh:
                    assert hashlib.sha256(fh.read()).hexdigest() == attachment.sha256


# --- the doors -----------------------------------------------------------------------


@pytest.fixture
def esp(settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY,
                        "WEBHOOK_SECRET": "pm-user:pm-pass"}


def token(name: str) -> str:
    """A fresh 50-character token, as Mailgun sends (letters and digits only)."""
    return hashlib.sha256(f"{name}{time.time_ns()}".encode()).hexdigest()[:50]


def mailgun_signed(token: str) -> dict:
    ts = str(int(time.time()))
    signature = hmac.new(SIGNING_KEY.encode(), f"{ts}{token}".encode(), hashlib.sha256)
    return {"timestamp": ts, "token": token, "signature": signature.hexdigest()}


BOUNDARY = "----corpus-form-boundary"


def multipart(fields: dict[str, str | bytes], files: list[dict]) -> bytes:
    """The form as Mailgun posts it, each file with the name it was given (Django's test
    client refuses an empty or path-only one)."""
    out = []
    for name, value in fields.items():
        value = value if isinstance(value, bytes) else value.encode()
        out.append(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                   .encode() + value + b"\r\n")
    for f in files:
        name = f["filename"].replace("\\", "\\\\").replace('"', '\\"')
        out.append(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{f["field"]}"; '
                   f'filename="{name}"\r\nContent-Type: {f["content_type"]}\r\n\r\n'
                   .encode() + base64.b64decode(f["content_b64"]) + b"\r\n")
    return b"".join(out) + f"--{BOUNDARY}--\r\n".encode()


def mailgun_post(client, route: str, fields: dict, files: list[dict] = (), *,
                 urlencoded: bool = False):
    if urlencoded:
        body, ctype = urlencode(fields).encode(), "application/x-www-form-urlencoded"
    else:
        body, ctype = multipart(fields, list(files)), f"multipart/form-data; boundary={BOUNDARY}"
    return client.post(route, data=body, content_type=ctype, HTTP_AUTHORIZATION=POSTMARK_AUTH)


def postmark_post(client, body: bytes):
    return client.post("/webhooks/anymail/postmark/inbound/", data=body,
                       content_type="application/json", HTTP_AUTHORIZATION=POSTMARK_AUTH)


@pytest.mark.parametrize("name", MESSAGES)
def test_signed_webhook(name, post_signed):
    raw = corpus_file(name).read_bytes()
    Expected(raw).check(post_signed(raw, content_type="message/rfc822"), raw, door="webhook")


@pytest.mark.parametrize("name", MESSAGES)
def test_mailgun_body_mime(name, client, esp):
    raw = corpus_file(name).read_bytes()
    # Mailgun posts the message's bytes as a form field, whatever their charset.
    response = mailgun_post(client, "/webhooks/anymail/mailgun/inbound_mime/", {
        "body-mime": raw, "recipient": "claims@cottontrade.example.com",
        **mailgun_signed(token(name))})
    Expected(raw).check(response, raw, door="mailgun")


@pytest.mark.parametrize("name", MESSAGES)
def test_postmark_raw_email(name, client, esp):
    raw = corpus_file(name).read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        # JSON carries text: Postmark's RawEmail is what it decoded, so the stored
        # message is that text (the raw bytes are not there to compare).
        text = raw.decode("utf-8", "replace")
    body = json.dumps({"RawEmail": text, "MessageID": name,
                       "OriginalRecipient": "claims@cottontrade.example.com"}).encode()
    response = postmark_post(client, body)
    expected = Expected(raw)
    if text.encode() == raw:
        expected.check(response, raw, door="postmark")
    else:
        assert response.status_code == (400 if expected.fragment else 200), response.content
        if not expected.fragment:
            assert bytes(InboundEmail.objects.get().raw_message) == text.encode()


def run_import(*paths: Path) -> str:
    from tests.commands.test_import_emails import run_import

    return run_import(*paths)


@pytest.mark.parametrize("name", MESSAGES)
def test_import_eml(name, tmp_path):
    raw = corpus_file(name).read_bytes()
    (tmp_path / "message.eml").write_bytes(raw)
    out = run_import(tmp_path / "message.eml")
    expected = Expected(raw)
    if expected.fragment:
        assert "imported: 0  duplicates: 0  rejected: 1" in out
        assert "not an RFC 5322 message" in out
        assert InboundEmail.objects.count() == 0
    else:
        assert "imported: 1  duplicates: 0  rejected: 0" in out, out
        row = InboundEmail.objects.get()
        # A file that starts with an mbox "From " line is an mbox of one message.
        if raw.startswith(b"From "):
            box = mailbox.mbox(tmp_path / "message.eml", create=False)
            raw = box.get_bytes(next(box.iterkeys()), from_=False)
            box.close()
        assert bytes(row.raw_message) == raw
        expected.check_row(row)


def test_import_of_every_message_in_one_mbox(tmp_path):
    box = mailbox.mbox(tmp_path / "corpora.mbox")
    expected = []
    for name in MESSAGES:
        raw = corpus_file(name).read_bytes()
        box.add(raw)
        expected.append(Expected(raw))
    box.flush()
    box.close()
    out = run_import(tmp_path / "corpora.mbox")
    fragments = sum(e.fragment for e in expected)
    stored = InboundEmail.objects.count()
    # Several files are one message (same sender and Message-ID): stored once.
    assert (f"imported: {stored}  duplicates: {len(expected) - fragments - stored}  "
            f"rejected: {fragments}") in out, out
    assert out.count("not an RFC 5322 message") == fragments
    subjects = {shown(s)[:200] for s in InboundEmail.objects.values_list("subject", flat=True)}
    firsts = {}  # a later copy of a Message-ID is that message again
    for e in expected:
        if not e.fragment and e.subject is not None:
            firsts.setdefault(e.message_id or id(e), e.subject)
    assert set(firsts.values()) <= subjects


# --- django-anymail's Mailgun and Postmark payloads -----------------------------------


def _manifest() -> list[dict]:
    if not MANIFEST.is_file():
        return [{"file": "(missing)", "door": "none"}]
    return json.loads(MANIFEST.read_text())


def _payload_files(payload: dict) -> dict[str, bytes]:
    """name: bytes of each attachment the payload itself carries."""
    files = {f["filename"]: base64.b64decode(f["content_b64"]) for f in payload.get("files", [])}
    for att in payload.get("Attachments", []):
        files[att["Name"]] = base64.b64decode(att.get("Content") or att["Data"])
    raw = payload.get("RawEmail") or payload.get("fields", {}).get("body-mime")
    if raw:
        message = email.message_from_string(raw, policy=policy.default)
        files.update({p.get_filename(): p.get_payload(decode=True)
                      for p in message.iter_attachments()})
    return files


@pytest.mark.parametrize("case", _manifest(), ids=lambda case: case["file"])
def test_esp_payload(case, client, esp):
    path = corpus_file(f"esp-payloads/{case['file']}")
    if case["door"] == "postmark":
        payload = json.loads(path.read_bytes())
        response = postmark_post(client, path.read_bytes())
    else:
        payload = json.loads(path.read_text())
        fields = {**payload["fields"], **mailgun_signed(token(case["file"]))}
        response = mailgun_post(client, payload["route"], fields, payload["files"],
                                urlencoded=payload["encoding"].startswith("application/x-www"))
    assert response.status_code < 500, response.content
    if not case["accept"]:
        assert 400 <= response.status_code < 500, response.content
        assert response.json()["error"]
        assert InboundEmail.objects.count() == 0
        return
    assert response.status_code == 200, response.content
    row = InboundEmail.objects.get()
    if "subject" in case:
        assert row.subject == case["subject"]
    if "sender" in case:
        assert row.from_address == case["sender"]
    if "envelope_sender" in case:
        assert row.envelope_sender == case["envelope_sender"]
    if "text" in case:
        assert shown(case["text"]) in shown(row.text_body)
    if "from_contains" in case:
        assert case["from_contains"] in row.from_header
    stored = list(Attachment.objects.filter(email=row))
    if "attachments" in case:
        assert len(stored) == case["attachments"]
    if "attachments_at_most" in case:
        assert len(stored) <= case["attachments_at_most"]
    if "attachment_names" in case:
        assert sorted(a.filename for a in stored) == sorted(case["attachment_names"])
    carried = _payload_files(payload)
    for attachment in stored:
        if attachment.filename in carried:
            assert attachment.sha256 == hashlib.sha256(carried[attachment.filename]).hexdigest()
        with attachment.file.open("rb") as fh:
            assert hashlib.sha256(fh.read()).hexdigest() == attachment.sha256
