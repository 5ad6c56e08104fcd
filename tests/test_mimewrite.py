"""The message written from an ESP's parsed fields: every header as posted (a folded
DKIM signature byte for byte), non-ASCII words encoded, attachments byte for byte, a
posted line break never a header of its own, and linear on floods."""

from __future__ import annotations

import email
from email import policy

import pytest

from tests.growth import assert_linear
from triage import mime
from triage.mimewrite import (
    BadField,
    FieldPart,
    address,
    encoded_words,
    write_for_parser,
    write_message,
)

DKIM = ("v=1; a=rsa-sha256; c=relaxed/relaxed; d=mill.example.com; s=s1;\r\n"
        "\th=from:to:subject:date; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=;\r\n"
        "\tb=AbCd0123AbCd0123AbCd0123AbCd0123AbCd0123AbCd0123AbCd0123AbCd0123")
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\r\r\n\x00\n\xaeB`\x82"


def read(raw: bytes) -> email.message.EmailMessage:
    return email.message_from_bytes(raw, policy=policy.default)


def test_a_folded_signature_is_kept_byte_for_byte_and_a_bare_line_break_adds_no_header():
    raw = write_message([("From", "qa@mill.example.com"), ("DKIM-Signature", DKIM),
                         ("Subject", "Claim CT-9\r\nBcc: attacker@evil.example.net"),
                         ("X-Note", "one\nTwo: three")], text="Lot 4.", html=None)
    assert b"DKIM-Signature: " + DKIM.encode() + b"\r\n" in raw  # as posted, folds and all
    message = read(raw)
    assert message["Subject"] == "Claim CT-9 Bcc: attacker@evil.example.net"
    assert message["Bcc"] is None and message["Two"] is None
    assert message["X-Note"] == "one Two: three"
    assert message.get_body().get_content() == "Lot 4."


def test_a_header_name_that_is_no_field_name_is_refused_and_a_real_one_written():
    for bad in ("X-A: b", "X A", "", "Sübject"):
        with pytest.raises(BadField):
            write_message([(bad, "x")], text="x", html=None)
    assert read(write_message([("X-Mailgun-Sflag", "No")], text="x", html=None))[
        "X-Mailgun-Sflag"] == "No"


def test_non_ascii_words_are_encoded_and_read_back_exactly_by_both_parsers():
    subject = "Relatório de inspeção CT-2026-0142 — lote 4, 37 fardos contaminados " * 3
    raw = write_message([("From", "Laboratório Survey <lab@survey.example.com>"),
                         ("To", 'Fiação Nordeste <compras@fiacao.example.com.br>, '
                                '"Desk, Claims" <claims@cottontrade.example.com>'),
                         ("Subject", subject.strip())], text="Lote 4.", html="<p>Lote 4.</p>")
    assert raw.isascii()
    message = read(raw)
    assert message["Subject"] == subject.strip()
    assert [(a.display_name, a.addr_spec) for a in message["To"].addresses] == [
        ("Fiação Nordeste", "compras@fiacao.example.com.br"),
        ("Desk, Claims", "claims@cottontrade.example.com")]
    parsed = mime.parse_bytes(raw)
    assert parsed.subject == subject.strip()
    assert parsed.from_address == "lab@survey.example.com"
    assert "Laboratório Survey" in parsed.from_header
    assert "header_decoding" not in parsed.flags  # encoded, not 8-bit


def test_encoded_words_keep_every_character_and_each_word_within_the_limit():
    text = "日本語のテキスト " * 40 + "😀 ü"
    encoded = encoded_words(text)
    assert all(len(word) <= 75 for line in encoded.split("\r\n ") for word in line.split())
    raw = write_message([("Subject", text)], text="x", html=None)
    assert read(raw)["Subject"] == text
    assert mime.parse_bytes(raw).subject == text


@pytest.mark.parametrize("name,addr,shown", [
    ("Survey Lab", "lab@survey.example.com", "Survey Lab <lab@survey.example.com>"),
    ('Lab "QA", Santos', "qa@lab.example.com", '"Lab \\"QA\\", Santos" <qa@lab.example.com>'),
    ("", "<plain@lab.example.com>", "plain@lab.example.com"),
])
def test_an_address_is_quoted_as_it_needs(name, addr, shown):
    assert address(name, addr) == shown
    assert read(write_message([("From", shown)], text="x", html=None))["From"].addresses[0] \
        .addr_spec == addr.strip("<>")


def test_attachments_inline_parts_and_a_carried_message_keep_their_bytes():
    carried = b"From: agent@ship.example.com\nSubject: =_triage_ looks like ours\n\nLot 4.\n"
    raw = write_message([("From", "qa@mill.example.com"), ("Subject", "Survey")],
                        text="See attached.", html="<img src=cid:lot4>", attachments=[
                            FieldPart(PNG, "image/png", "lot4.png", "<lot4>"),
                            FieldPart(b"%PDF-1.7\r\n%\xe2\xe3\r\n", "application/pdf",
                                      "relatório final.pdf"),
                            FieldPart(carried, 'message/rfc822; charset="us-ascii"',
                                      "forwarded.eml")])
    message = read(raw)
    parts = {p.get_filename(): p for p in message.walk() if p.get_filename()}
    assert parts["lot4.png"].get_payload(decode=True) == PNG
    assert parts["lot4.png"]["Content-ID"] == "<lot4>"
    assert parts["relatório final.pdf"].get_payload(decode=True) == b"%PDF-1.7\r\n%\xe2\xe3\r\n"
    forwarded = parts["forwarded.eml"].get_payload(0)
    assert forwarded["Subject"] == "=_triage_ looks like ours"
    assert message.get_body(("plain",)).get_content() == "See attached."
    stored = {a.filename: a.content for a in mime.parse_bytes(raw).attachments}
    assert stored["lot4.png"] == PNG


def test_a_message_of_no_body_is_still_a_message():
    message = read(write_message([("From", "qa@mill.example.com")], text=None, html=None))
    assert message.get_content_type() == "text/plain" and message["From"] == \
        "qa@mill.example.com"


def test_writing_grows_linearly_with_every_kind_of_flood():
    floods = {
        "many headers": lambda n: [("Received", f"by relay{i}.example.com") for i in range(n)],
        "one long header": lambda n: [("X-Pad", "a " * n)],
        "one long token": lambda n: [("X-Pad", "a" * n)],
        "non-ASCII words": lambda n: [("Subject", "ação " * n)],
        "non-ASCII addresses": lambda n: [("To", ", ".join(
            f"Fiação {i} <c{i}@fiacao.example.com>" for i in range(n)))],
    }
    for label, build in floods.items():
        assert_linear(build, lambda headers: write_message(headers, text="x", html=None),
                      500, label=label)


def test_the_parsers_copy_leaves_out_only_what_the_parser_would_count():
    """Past the parser's cap an attachment is only counted: the copy the parser reads
    leaves those out and says how many, and reads exactly as the whole message does
    (every flag, body, attachment and count); the stored message keeps every part."""
    carried = (b"From: agent@ship.example.com\nSubject: Fwd: survey\nMIME-Version: 1.0\n"
               b"Content-Type: multipart/mixed; boundary=in\n\n--in\n"
               b"Content-Type: text/plain\n\nLot 4: 37 bales.\n--in\n"
               b"Content-Type: text/csv; name=lot4.csv\n\nlot,bales\n4,37\n--in--\n")
    notes = [FieldPart(b"bale %d ok\n" % i, "text/plain", f"n{i}.txt") for i in range(130)]
    parts = [FieldPart(PNG, "image/png", "lot4.png", "<lot4>"),  # inline: always read
             FieldPart(b"Also: 2 bales wet.", "text/plain", "", "<note>"),  # inline text
             *notes[:60], FieldPart(carried, "message/rfc822", "fwd.eml"),
             *notes[60:120],
             FieldPart(carried.replace(b"Lot 4", b"Lot 9"), "message/rfc822", "fwd2.eml"),
             FieldPart(b"\x01\x02", "multipart/mixed", "odd.bin"), *notes[120:]]
    headers = [("From", "qa@mill.example.com"), ("Subject", "Survey CT-2026-0142")]
    written = write_for_parser(headers, text="See attached.", html="<p>See <b>attached</b></p>",
                               attachments=parts, parse_at_most=mime.MAX_ATTACHMENTS)
    assert written.past_cap == 30 and len(written.for_parser) < len(written.raw)
    whole = mime.parse_bytes(written.raw)
    assert mime.parse_bytes(written.for_parser, past_cap=written.past_cap) == whole
    # 130 notes, the inline image and the two carried messages' CSVs.
    assert whole.flags["attachments_capped"] == {"stored": 100, "total": 133}
    assert "Also: 2 bales wet." in whole.text_body
    assert "Lot 9: 37 bales." in whole.text_body  # a carried message past the cap is read
    stored = {p.get_filename(): p.get_payload(decode=True) for p in read(written.raw).walk()
              if p.get_filename() and not p.is_multipart()}
    assert [stored[f"n{i}.txt"] for i in range(130)] == [p.content for p in notes]
    assert stored["lot4.png"] == PNG
    # Under the cap, the parser reads the message itself.
    few = write_for_parser(headers, text="x", html=None, attachments=notes[:100],
                           parse_at_most=mime.MAX_ATTACHMENTS)
    assert few.for_parser is few.raw and few.past_cap == 0
