"""The linearity guard itself: a quadratic reading fails it, a linear one passes."""

from __future__ import annotations

import pytest

from tests.growth import assert_linear


def _quadratic(text: str) -> int:
    """Every pair of a prefix's characters compared in Python: all of its cost grows as the
    square (a C-level ``str.count`` per character left a linear part that, measured on a
    busy CI machine, once brought a doubling under the guard's limit)."""
    head = text[: len(text) // 8]
    return sum(a == b for a in head for b in head)


def _guard_fails(run, tries: int = 3) -> str:
    """The guard's message on the first of ``tries`` runs that fails it, else "". The guard
    gives a measurement the benefit of the doubt (one good attempt of two passes), so on
    a machine busy enough to disturb two attempts alike a quadratic may pass once (seen:
    beside the suite's other worker); it does not pass three times."""
    for _ in range(tries):
        try:
            assert_linear(lambda n: "ab" * (n // 2), run, 256, label="quadratic")
        except AssertionError as failure:
            return str(failure)
    return ""


def test_a_quadratic_reading_fails_the_guard_and_a_linear_one_passes():
    assert "quadratic x4" in _guard_fails(_quadratic)
    # A pure-Python pass, slow enough to be measured well before the size cap.
    assert_linear(lambda n: "ab" * (n // 2), lambda text: sum(ch == "b" for ch in text),
                  50_000, label="linear")


def test_a_cost_that_grows_fails_the_ratio_guard_and_a_bounded_one_passes():
    from tests.growth import assert_costs_less

    def walk(n: int) -> int:
        return sum(i & 1 for i in range(n))

    with pytest.raises(AssertionError, match="the limit is x3"):
        assert_costs_less(walk, 2_000, 16_000, 3, label="walk")
    # Counted, not walked: eight times the count costs about the same.
    assert_costs_less(lambda n: sum(i & 1 for i in range(min(n, 2_000))), 2_000, 16_000, 3,
                      label="capped")
