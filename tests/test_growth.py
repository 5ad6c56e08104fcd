"""The linearity guard itself: a quadratic reading fails it, a linear one passes."""

from __future__ import annotations

import pytest

from tests.growth import assert_linear


def _quadratic(text: str) -> int:
    return sum(text.count(c, i) for i, c in enumerate(text[: len(text) // 4]))


def test_a_quadratic_reading_fails_the_guard_and_a_linear_one_passes():
    with pytest.raises(AssertionError, match="quadratic x4"):
        assert_linear(lambda n: "ab" * (n // 2), _quadratic, 256, label="quadratic")
    # A pure-Python pass, slow enough to be measured well before the size cap.
    assert_linear(lambda n: "ab" * (n // 2), lambda text: sum(ch == "b" for ch in text),
                  50_000, label="linear")
