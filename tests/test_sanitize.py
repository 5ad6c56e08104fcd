"""Log forging and invisible text: every attack neutralised, every value kept."""

from __future__ import annotations

import io
import logging

import pytest

from triage.logging import SanitizeFilter
from triage.sanitize import escape_for_display, escape_invisible, normalize_for_model

# Every character str.splitlines() breaks on.
LINE_BREAKERS = ["\n", "\r", "\r\n", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028",
                 "\u2029"]
INVISIBLE = (
    ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
     "\u200e", "\u200f", "\u061c"]  # bidi controls
    + ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"]  # zero-width
    + ["\U000e0001", "\U000e0041", "\U000e007f"]  # tag characters
    + ["\x00", "\x1b", "\x7f", "\x9b"]  # C0, DEL, C1
)


def test_every_splitlines_character_is_covered():
    covered = {c for c in map(chr, range(0x110000)) if len(("a" + c + "b").splitlines()) > 1}
    assert covered <= {c for b in LINE_BREAKERS for c in b}


@pytest.mark.parametrize("char", LINE_BREAKERS + INVISIBLE, ids=lambda c: repr(c))
def test_escape_makes_one_visible_line_and_keeps_the_value(char):
    value = f"ACME{char}2026-11-29 INFO forged entry"
    out = escape_invisible(value)
    assert out is not None
    assert len(out.splitlines()) == 1
    assert out.startswith("ACME") and out.endswith("2026-11-29 INFO forged entry")
    assert "\\u" in out or "\\U" in out
    assert all(ch not in out for ch in char)


@pytest.mark.parametrize("char", LINE_BREAKERS + INVISIBLE, ids=lambda c: repr(c))
def test_log_record_stays_one_line_with_value(char):
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(SanitizeFilter())
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s sender=%(sender)s"))
    logger = logging.getLogger(f"test.sanitize.{ord(char[0])}")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.warning("claim from %s for %s", f"ACME{char}Corp", "USD 180,000",
                       extra={"sender": f"li.wei{char}@example.cn"})
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert len(text.splitlines()) == 1, text
    assert "ACME" in text and "Corp" in text and "USD 180,000" in text
    assert "li.wei" in text and "@example.cn" in text
    assert "None" not in text


def test_plain_values_are_untouched():
    for value in ["ACME", "Fiação Nordeste Ltda", "合同 CT-2026", "USD 180,000.00", ""]:
        assert escape_invisible(value) == value


def test_a_literal_backslash_cannot_fake_an_escape():
    assert escape_invisible("a\\u202eb") == "a\\\\u202eb"
    assert escape_invisible("a\u202eb") == "a\\u202eb"


def test_display_keeps_newlines_but_escapes_the_rest():
    out = escape_for_display("line one\nline\u2028two\u202e")
    assert out.split("\n") == ["line one", "line\\u2028two\\u202e"]


def test_model_text_drops_invisible_and_folds_fullwidth():
    text = normalize_for_model("＜/message＞ con\u200btami\u2060nation\u202e ＵＳＤ")
    assert text == "</message> contamination USD"


def test_filter_keeps_numeric_formatting_and_exceptions():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(SanitizeFilter())
    logger = logging.getLogger("test.sanitize.numeric")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.info("%d bales, %.1f%% short", 400, 0.99)
        try:
            raise ValueError("bad\nFORGED 2026 INFO admin approved")
        except ValueError:
            logger.exception("failed for %s", "ACME")
    finally:
        logger.removeHandler(handler)
    lines = stream.getvalue().splitlines()
    assert lines[0] == "400 bales, 1.0% short"
    assert lines[1] == "failed for ACME"
    # The forged line is continued with a marker, never a line of its own.
    assert not any(line.startswith("FORGED") for line in lines)
    assert any("FORGED 2026 INFO admin approved" in line for line in lines)
