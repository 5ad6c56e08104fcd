"""Hardening, round 2, at the inbound doors: header floods through anymail, attachment
bytes through the ESPs' parsed fields, and the signed JSON's odd values. Each attack
is paired with the legitimate delivery that must still be stored."""

from __future__ import annotations

import base64
import email
import hashlib
import hmac
import json
import time
from email import policy

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from tests.factories import MAIL, login
from tests.growth import assert_linear
from tests.web.test_anymail import POSTMARK_AUTH, SIGNING_KEY
from triage.models import Attachment, InboundEmail, WebhookToken

pytestmark = pytest.mark.django_db

# A PNG's signature holds a CRLF and a lone LF; so does this PDF's binary comment line.
PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00 \x00\x00\x00 \x08\x06\x00\x00\x00"
       b"sz z\xf4\x00\x00\x00\x04sBIT\x08\x08\x08\x08|\x08d\x88\r\n\r\r\n\x00IEND\xaeB`\x82")
PDF = b"%PDF-1.7\r\n%\xe2\xe3\xcf\xd3\r\n1 0 obj\r<< /Type /Catalog >>\nendobj\r\n%%EOF\r\n"


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def esp(settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY,
                        "WEBHOOK_SECRET": "pm-user:pm-pass"}


def mailgun_form(client, fields: dict, *, token: str, route: str = "inbound"):
    ts = str(int(time.time()))
    signature = hmac.new(SIGNING_KEY.encode(), f"{ts}{token}".encode(), hashlib.sha256)
    return client.post(f"/webhooks/anymail/mailgun/{route}/", data={
        "timestamp": ts, "token": token, "signature": signature.hexdigest(), **fields},
        HTTP_AUTHORIZATION=POSTMARK_AUTH)  # the fixture sets both doors' locks


def postmark(client, payload: dict | bytes):
    return client.post("/webhooks/anymail/postmark/inbound/", data=payload,
                       content_type="application/json", HTTP_AUTHORIZATION=POSTMARK_AUTH)


def mailgun_headers(extra: int = 0) -> str:
    return json.dumps([["From", "Survey Lab <lab@survey.example.com>"],
                       ["Subject", "Survey CT-2026-0142"],
                       ["Message-Id", f"<survey-{extra}@survey.example.com>"]]
                      + [["Received", f"by relay{i}.example.com"] for i in range(extra)])


def postmark_payload(headers: int = 0, **changes) -> dict:
    return {"FromFull": {"Email": "lab@survey.example.com", "Name": "Survey Lab"},
            "ToFull": [{"Email": "claims@cottontrade.example.com", "Name": ""}],
            "Subject": "Survey CT-2026-0142", "MessageID": f"pm-{headers}",
            "TextBody": "Survey attached: 37 bales contaminated.",
            "Headers": [{"Name": "Received", "Value": f"by relay{i}.example.com"}
                        for i in range(headers)], **changes}


def stored_parts(email_row: InboundEmail) -> dict[str, bytes]:
    """The attachments of the stored raw message, read by the standard library."""
    message = email.message_from_bytes(bytes(email_row.raw_message), policy=policy.default)
    return {part.get_filename(): part.get_content() for part in message.iter_attachments()}


def assert_kept(email_row: InboundEmail) -> None:
    rows = {a.filename: a for a in Attachment.objects.filter(email=email_row)}
    for name, data, ctype in (("lot4.png", PNG, "image/png"),
                              ("survey.pdf", PDF, "application/pdf")):
        row = rows[name]
        assert (row.size, row.sha256, row.content_type) == (len(data), sha(data), ctype)
        with row.file.open("rb") as fh:
            assert fh.read() == data
        assert stored_parts(email_row)[name] == data  # the raw message carries them too
    assert "37 bales contaminated" in email_row.text_body


# --- 9. ESP attachments byte for byte -------------------------------------------------


def test_mailgun_form_attachments_are_stored_byte_for_byte_and_typed(client, esp):
    response = mailgun_form(client, {
        "message-headers": mailgun_headers(), "attachment-count": "2",
        "body-plain": "Survey attached: 37 bales contaminated.",
        "attachment-1": SimpleUploadedFile("lot4.png", PNG, "image/png"),
        "attachment-2": SimpleUploadedFile("survey.pdf", PDF, "application/pdf")},
        token="tok-att")
    assert response.status_code == 200, response.content
    assert_kept(InboundEmail.objects.get(subject="Survey CT-2026-0142"))


def test_postmark_attachments_without_raw_email_are_stored_byte_for_byte(client, esp):
    response = postmark(client, postmark_payload(Attachments=[
        {"Name": "lot4.png", "ContentType": "image/png", "ContentLength": len(PNG),
         "Content": base64.b64encode(PNG).decode()},
        {"Name": "survey.pdf", "ContentType": "application/pdf", "ContentLength": len(PDF),
         "Content": base64.b64encode(PDF).decode()}]))
    assert response.status_code == 200, response.content
    assert_kept(InboundEmail.objects.get(subject="Survey CT-2026-0142"))


# --- 8. Header floods are refused before anymail builds them --------------------------


def test_a_mailgun_header_flood_is_refused_and_the_token_stays_unused(client, esp):
    flood = mailgun_headers(100_000)
    assert len(flood) > 1_900_000
    response = mailgun_form(client, {"message-headers": flood, "body-plain": "x"},
                            token="tok-flood")
    assert response.status_code == 400
    assert "100003 headers" in response.json()["error"]
    assert InboundEmail.objects.count() == 0 and WebhookToken.objects.count() == 0
    # A long relay chain is ordinary mail, every header kept in the stored message.
    ok = mailgun_form(client, {"message-headers": mailgun_headers(300),
                               "body-plain": "Survey attached: 37 bales contaminated."},
                      token="tok-flood")
    assert ok.status_code == 200, ok.content
    stored = InboundEmail.objects.get()
    assert stored.subject == "Survey CT-2026-0142"
    assert bytes(stored.raw_message).count(b"Received: by relay") == 300


def test_a_postmark_header_flood_is_refused(client, esp):
    payload = json.dumps(postmark_payload(100_000)).encode()
    assert len(payload) > 3_300_000
    response = postmark(client, payload)
    assert response.status_code == 400
    assert "100000 headers" in response.json()["error"]
    assert InboundEmail.objects.count() == 0
    assert postmark(client, postmark_payload(300)).status_code == 200
    assert bytes(InboundEmail.objects.get().raw_message).count(b"Received: by relay") == 300


# What a long real header looks like: a relay chain, signatures, an Exchange anti-spam
# stamp, a long thread's References, a subject in Portuguese. About 30 KB.
ORDINARY_HEADERS = (
    [("From", "Laboratório Survey <lab@survey.example.com>"),
     ("To", "claims@cottontrade.example.com"),
     ("Subject", "Relatório de inspeção CT-2026-0142, lote 4"),
     ("Message-Id", "<survey-long@survey.example.com>")]
    + [("Received", f"from relay{i}.example.net (relay{i}.example.net [192.0.2.{i}]) by "
                    f"relay{i + 1}.example.net with ESMTPS id {i:08x}; "
                    "Mon, 16 Nov 2026 09:00:00 +0000") for i in range(60)]
    + [(name, "i=1; a=rsa-sha256; d=survey.example.com; s=s1; b=" + " ".join(["AbCd0123" * 8] * 6))
       for name in ("DKIM-Signature", "ARC-Seal", "ARC-Message-Signature")]
    + [("X-Forefront-Antispam-Report", ";".join(
        f"CIP:192.0.2.{i};CTRY:BR;LANG:pt;SCL:1;SFV:NSPM;H:relay{i}.example.net"
        for i in range(50)))]
    + [("References", " ".join(f"<m{i}.thread@survey.example.com>" for i in range(200)))])


def headers_in(stored: InboundEmail) -> list[tuple[str, str]]:
    """The stored message's headers, unfolded and decoded by the standard library."""
    message = email.message_from_bytes(bytes(stored.raw_message), policy=policy.default)
    return [(name, str(value)) for name, value in message.items()]


def long_values(count: int, words: int) -> list[tuple[str, str]]:
    return [("From", "lab@survey.example.com"), ("Subject", "Survey CT-2026-0142"),
            ("Message-Id", f"<flood-{words}@survey.example.com>")] + [
        ("X-Pad", "a " * words) for _ in range(count)]


@pytest.mark.parametrize("door", ["mailgun", "postmark"])
def test_a_flood_of_long_headers_under_the_count_cap_is_refused_by_its_bytes(
        client, esp, door):
    def post(headers: list[tuple[str, str]], token: str):
        if door == "mailgun":
            return mailgun_form(client, {"message-headers": json.dumps(headers),
                                         "body-plain": "Survey attached: 37 bales."},
                                token=token)
        return postmark(client, postmark_payload(
            MessageID=token, Subject=dict(headers)["Subject"],
            FromFull={"Email": "lab@survey.example.com", "Name": "Laboratório Survey"},
            Headers=[{"Name": n, "Value": v} for n, v in headers
                     if n not in ("From", "To", "Subject")]))

    # 990 headers of 4,500 one-letter words (9 MB): 60 s in email.policy, unrefused.
    flood = long_values(990, 4500)
    response = post(flood, "tok-long")
    assert response.status_code == 400
    assert "bytes of header fields" in response.json()["error"]
    assert InboundEmail.objects.count() == 0 and WebhookToken.objects.count() == 0
    # A long real header is stored, every header as posted.
    ok = post(ORDINARY_HEADERS, "tok-long")
    assert ok.status_code == 200, ok.content
    stored = InboundEmail.objects.get()
    assert stored.subject == "Relatório de inspeção CT-2026-0142, lote 4"
    kept = headers_in(stored)
    posted = ORDINARY_HEADERS if door == "mailgun" else ORDINARY_HEADERS[4:]
    assert [h for h in kept if h in posted] == posted
    assert ("From", "Laboratório Survey <lab@survey.example.com>") in kept


def _rolled_back(post):
    """Each run stores afresh: its row is rolled back, so no run is a duplicate."""
    def run(data):
        with transaction.atomic():
            response = post(data)
            assert response.status_code < 500, response.content
            transaction.set_rollback(True)
    return run


HEADER_PATHS = {
    "mailgun fields": (lambda n: {"message-headers": mailgun_headers(n), "body-plain": "x"},
                       "inbound"),
    "mailgun body-mime": (lambda n: {"body-mime": "From: lab@survey.example.com\nSubject: s\n"
                                     + "X-A: b\n" * n + "\nx\n"}, "inbound_mime"),
    "postmark": (lambda n: json.dumps(postmark_payload(n)).encode(), ""),
}
# One header of n words, and ten of them (where past the byte cap they are refused):
# email.policy's parsing and folding of a header grows faster than its length.
LONG_HEADER_PATHS = {
    "mailgun fields": (lambda n: {"message-headers": json.dumps(
        [["From", "lab@survey.example.com"], ["Subject", "a " * n]]
        + [["X-Pad", "a " * n] for _ in range(9)]), "body-plain": "x"}, "inbound"),
    "postmark": (lambda n: json.dumps(postmark_payload(
        Subject="a " * n, Headers=[{"Name": "X-Pad", "Value": "a " * n}
                                   for _ in range(9)])).encode(), ""),
}


@pytest.mark.parametrize("path", list(HEADER_PATHS))
def test_the_header_paths_grow_linearly(client, esp, path):
    build, route = HEADER_PATHS[path]

    def post(data):
        if not route:
            return postmark(client, data)
        return mailgun_form(client, data, token=f"tok-{time.time_ns()}", route=route)

    # Below the cap (every header built), then above it (refused unbuilt).
    assert_linear(build, _rolled_back(post), 60, max_n=240, label=f"{path} below the cap")
    assert_linear(build, _rolled_back(post), 4000, max_n=16_000, label=f"{path} above the cap")


@pytest.mark.parametrize("path", list(LONG_HEADER_PATHS))
def test_long_header_values_grow_linearly(client, esp, path):
    build, route = LONG_HEADER_PATHS[path]

    def post(data):
        if not route:
            return postmark(client, data)
        return mailgun_form(client, data, token=f"tok-{time.time_ns()}", route=route)

    # Below the byte cap (ten headers of up to 2 x 600 words built, 24 KB), then above
    # it (40-160 KB refused unbuilt).
    assert_linear(build, _rolled_back(post), 150, max_n=600, label=f"{path} below the cap")
    assert_linear(build, _rolled_back(post), 2000, max_n=8000, label=f"{path} above the cap")


def test_the_json_door_grows_linearly(post_signed):
    def build(n: int) -> bytes:
        return json.dumps({
            "from": "lab@survey.example.com", "subject": "Survey " + "x" * n,
            "to": [f"desk{i}@cottontrade.example.com" for i in range(n)],
            "text": "Lot 4: 37 bales.\n" * n,
            "attachments": [{"filename": f"lot{i}.png", "content_type": "image/png",
                             "content_base64": base64.b64encode(PNG + bytes([i % 256]))
                             .decode()} for i in range(n // 10)]}).encode()
    assert_linear(build, _rolled_back(post_signed), 200, label="JSON door")


# --- 11. The signed JSON's odd values --------------------------------------------------

CLAIM = {"message_id": "<claim-77@mill.example.cn>", "from": "Li Wei <li.wei@mill.example.cn>",
         "to": ["claims@cottontrade.example.com"], "subject": "Claim CT-2026-0142",
         "text": "Polypropylene found in 37 bales."}


def signed_json(**changes) -> bytes:
    return json.dumps({**CLAIM, **changes}).encode()


def test_a_lone_surrogate_is_a_400_and_an_emoji_pair_is_stored(post_signed):
    response = post_signed(signed_json(subject="Claim \ud800 CT-1"))
    assert response.status_code == 400
    assert "lone surrogate" in response.json()["error"]
    assert InboundEmail.objects.count() == 0
    stored = post_signed(signed_json(subject="Claim \U0001f4e6 CT-1"))  # json escapes a pair
    assert stored.status_code == 202
    assert InboundEmail.objects.get().subject == "Claim \U0001f4e6 CT-1"


def test_received_at_is_the_senders_date_and_receipt_is_our_clock(post_signed):
    response = post_signed(signed_json(received_at="2020-01-02T08:00:00Z"))
    assert response.status_code == 202
    stored = InboundEmail.objects.get()
    assert stored.date_header.isoformat() == "2020-01-02T08:00:00+00:00"
    # A back-dated delivery cannot make a deadline look missed: receipt is now.
    assert abs((timezone.now() - stored.received_at).total_seconds()) < 60


@pytest.mark.parametrize("when", ["0001-01-01", "9999-12-31T23:00:00-12:00"])
def test_a_received_at_no_page_can_show_is_a_400(post_signed, when):
    response = post_signed(signed_json(received_at=when))
    assert response.status_code == 400
    assert "'received_at' must be between 1900-01-01" in response.json()["error"]
    assert InboundEmail.objects.count() == 0
    assert post_signed(signed_json(received_at="2026-11-16T08:12:00Z")).status_code == 202


def test_a_raw_date_no_page_can_show_is_no_date_and_the_page_opens(client, staff,
                                                                  post_signed):
    raw = (MAIL / "01-contamination-claim-ica.eml").read_bytes()
    raw = b"Date: Fri, 31 Dec 9999 23:59:59 -1200\n" + raw  # read before the sample's own
    response = post_signed(raw, content_type="message/rfc822")
    assert response.status_code == 202, response.content
    stored = InboundEmail.objects.get()
    assert stored.date_header is None and "polypropylene strands" in stored.text_body
    page = login(client, staff["claims"]).get(
        reverse("admin:triage_inboundemail_change", args=[stored.pk]))
    assert page.status_code == 200


def test_a_line_break_in_a_json_attachment_name_leaves_the_eml_download_whole(
        client, staff, post_signed):
    response = post_signed(signed_json(attachments=[{
        "filename": "survey.pdf\r\nX-Injected: 1", "content_type": "application/pdf",
        "content_base64": base64.b64encode(PDF).decode()}]))
    assert response.status_code == 202
    stored = InboundEmail.objects.get()
    assert Attachment.objects.get(email=stored).filename == "survey.pdf X-Injected: 1"
    download = login(client, staff["claims"]).get(
        reverse("admin:triage_inboundemail_raw", args=[stored.pk]))
    assert download.status_code == 200
    assert not any(line.startswith(b"X-Injected") for line in download.content.splitlines())
    message = email.message_from_bytes(download.content, policy=policy.default)
    assert [part.get_content() for part in message.iter_attachments()] == [PDF]


def test_an_import_with_a_received_date_no_page_can_show_is_imported(tmp_path):
    from tests.commands.test_import_emails import run_import

    raw = (MAIL / "01-contamination-claim-ica.eml").read_bytes()
    (tmp_path / "odd.eml").write_bytes(
        b"Received: by mx.cottontrade.example.com; Fri, 31 Dec 9999 23:59:59 -1200\n" + raw)
    assert "imported: 1  duplicates: 0  rejected: 0" in run_import(tmp_path)
    stored = InboundEmail.objects.get()
    assert abs((timezone.now() - stored.received_at).total_seconds()) < 60
    assert "polypropylene strands" in stored.text_body


# --- Postmark's RawEmail is the message; fragments are refused at every raw door ------


def test_postmark_raw_email_is_stored_as_posted_and_a_deep_one_flagged(client, esp):
    nested = "".join(f'Content-Type: multipart/mixed; boundary="b{i}"\n\n--b{i}\n'
                     for i in range(1200))
    deep = ("From: qa@mill.example.com\nSubject: Claim CT-9, lot 4\n"
            "Message-ID: <deep-pm@mill.example.com>\nMIME-Version: 1.0\n" + nested
            + "Content-Type: text/plain\n\nLot 4: honeydew.\n")
    response = postmark(client, postmark_payload(RawEmail=deep, OriginalRecipient="c@x.example"))
    assert response.status_code == 200, response.content
    stored = InboundEmail.objects.get()
    assert bytes(stored.raw_message) == deep.encode()
    assert stored.subject == "Claim CT-9, lot 4" and stored.flags.get("too_deep")
    assert (stored.provider_event_id, stored.envelope_recipients) == ("pm-0", ["c@x.example"])


@pytest.mark.parametrize("door", ["mailgun", "postmark"])
def test_a_header_only_fragment_is_refused_at_the_raw_esp_doors(client, esp, door):
    fragment = "X-Mailer: nobody\nContent-Type: text/plain\n\nonly a body\n"
    legit = (MAIL / "01-contamination-claim-ica.eml").read_text()

    def post(raw: str, token: str):
        if door == "mailgun":
            return mailgun_form(client, {"body-mime": raw}, token=token, route="inbound_mime")
        return postmark(client, postmark_payload(RawEmail=raw, MessageID=token))

    response = post(fragment, "tok-frag")
    assert response.status_code == 400
    assert "not an RFC 5322 message" in response.json()["error"]
    assert InboundEmail.objects.count() == 0
    assert post(legit, "tok-legit").status_code == 200
    assert "polypropylene strands" in InboundEmail.objects.get().text_body


def test_a_line_break_in_a_json_attachment_type_is_a_400(post_signed):
    attachment = {"filename": "survey.pdf", "content_base64": base64.b64encode(PDF).decode()}
    response = post_signed(signed_json(attachments=[
        {**attachment, "content_type": "application/pdf\r\nX-Injected: 1"}]))
    assert response.status_code == 400
    assert "attachments[0].content_type must be type/subtype" in response.json()["error"]
    assert InboundEmail.objects.count() == 0
    assert post_signed(signed_json(attachments=[
        {**attachment, "content_type": "application/pdf"}])).status_code == 202
    assert Attachment.objects.get().sha256 == sha(PDF)


def test_a_json_delivery_of_1900_attachments_stores_100_and_says_so(post_signed):
    """The signed JSON door caps attachment rows as the MIME doors do (it stored all
    1,900, one row and file each: 2 s of the request); the stored delivery keeps them all."""
    many = [{"filename": f"n{i}.txt", "content_type": "text/plain",
             "content_base64": base64.b64encode(f"note {i}".encode()).decode()}
            for i in range(1_900)]
    body = signed_json(message_id="<notes-1900@mill.example.cn>", attachments=many)
    assert post_signed(body).status_code == 202
    stored = InboundEmail.objects.get()
    assert Attachment.objects.filter(email=stored).count() == 100
    assert stored.flags["attachments_capped"] == {"stored": 100, "total": 1_900}
    assert stored.text_body == "Polypropylene found in 37 bales."
    assert json.loads(bytes(stored.raw_message))["attachments"][-1]["filename"] == "n1899.txt"
    # Under the cap, every attachment is a row.
    assert post_signed(signed_json(message_id="<notes-3@mill.example.cn>",
                                   attachments=many[:3])).status_code == 202
    assert Attachment.objects.filter(email__message_id="notes-3@mill.example.cn").count() == 3


def test_a_mailgun_claim_with_150_photos_is_stored_and_too_many_files_say_why(client, esp,
                                                                              settings):
    """Django refuses more than DATA_UPLOAD_MAX_NUMBER_FILES files in one post (100 by
    default: a claim with 150 bale photos was a bare 400, retried and lost)."""
    photos = {f"attachment-{i}": SimpleUploadedFile(f"bale{i}.png", PNG + bytes([i % 256]),
                                                    "image/png") for i in range(1, 151)}
    response = mailgun_form(client, {"message-headers": mailgun_headers(),
                                     "body-plain": "Survey attached: 37 bales contaminated.",
                                     "attachment-count": "150", **photos}, token="tok-150")
    assert response.status_code == 200, response.content
    stored = InboundEmail.objects.get()
    assert stored.flags["attachments_capped"] == {"stored": 100, "total": 150}
    assert bytes(stored.raw_message).count(b'filename="bale') == 150
    settings.DATA_UPLOAD_MAX_NUMBER_FILES = 20
    photos = {k: SimpleUploadedFile(v.name, PNG, "image/png") for k, v in photos.items()}
    refused = mailgun_form(client, {"message-headers": mailgun_headers(1), "body-plain": "x",
                                    "attachment-count": "150", **photos}, token="tok-151")
    assert refused.status_code == 400
    assert refused.json()["error"] == "more than 20 files: post the message as raw MIME"
    assert InboundEmail.objects.count() == 1


@pytest.mark.parametrize("door", ["mailgun", "postmark"])
def test_parts_past_the_cap_cost_the_field_doors_little(door):
    """What the field doors do with a post (write the message, parse it) for tiny parts
    past the 100 that are stored: counted, not decoded, walked and typed. Counted in
    operations, not CPU time (a ratio of milliseconds read x3.7 for x2.3 beside a busy
    suite): the parser visits as many parts for 1,700 attachments as for 300 (it visited
    each one, which cost a request 0.3 s for 1,900); every part is still written into the
    stored message."""
    from triage import espfields, mime

    def build(past: int):
        notes = [(f"n{i}.txt", b"bale %d ok\n" % i) for i in range(100 + past)]
        if door == "postmark":
            return postmark_payload(Attachments=[
                {"Name": name, "ContentType": "text/plain",
                 "Content": base64.b64encode(data).decode()} for name, data in notes])
        return ({"message-headers": mailgun_headers(), "body-plain": "Survey attached.",
                 "attachment-count": str(len(notes))},
                {f"attachment-{i}": SimpleUploadedFile(name, data, "text/plain")
                 for i, (name, data) in enumerate(notes, 1)})

    def run(post):
        if door == "postmark":
            written = espfields.postmark_message(post)
        else:
            for upload in post[1].values():
                upload.seek(0)
            written = espfields.mailgun_message(*post)
        return written, mime.parse_bytes(written.for_parser, past_cap=written.past_cap)

    def visits(past: int) -> tuple[int, object, object]:
        walk, seen = mime._walk, []

        def counted(part, *args, **kwargs):
            seen.append(part)
            return walk(part, *args, **kwargs)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(mime, "_walk", counted)
            written, parsed = run(build(past))
        return len(seen), written, parsed

    few, _, parsed = visits(200)
    many, written, parsed = visits(1_600)
    assert parsed.flags["attachments_capped"] == {"stored": 100, "total": 1_700}
    assert [a.filename for a in parsed.attachments] == [f"n{i}.txt" for i in range(100)]
    assert written.raw.count(b'filename="n') == 1_700
    assert written.for_parser.count(b'filename="n') == 100
    assert many == few <= 105
