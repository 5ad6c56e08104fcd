"""The message written from an ESP's parsed fields: every header as posted (a folded
DKIM signature byte for byte), non-ASCII words encoded, attachments byte for byte, a
posted line break never a header of its own, and linear on floods."""

from __future__ import annotations

import email
from email import policy

import pytest

from tests.growth import assert_linear
from triage import mime
from triage.mimewrite import BadField, FieldPart, address, encoded_words, write_message

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
