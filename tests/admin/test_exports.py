"""CSV export: a cell a sender wrote never starts a spreadsheet formula, however it is
padded, and legitimate values stay readable."""

from __future__ import annotations

import pytest

from triage.admin.exports import csv_safe

PADDING = [" ", "\u00a0", "\t", "\r", "\n", "\r\n", "\u2003", "\u3000", "\u200b", "\u200e",
           "\u2060", "\ufeff", "\x00", " \u00a0\t\u200b"]


@pytest.mark.parametrize("pad", PADDING)
@pytest.mark.parametrize("trigger", ["=", "+", "-", "@", "\uff1d"])
def test_it_neutralises_a_formula_after_any_leading_whitespace(pad, trigger):
    value = f"{pad}{trigger}HYPERLINK(\"http://evil.example\",\"x\")"
    assert csv_safe(value) == "'" + value


@pytest.mark.parametrize("value", ["=1+1", "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0",
                                   "@SUM(A1)", "\t=1", "\r=1"])
def test_it_neutralises_a_bare_formula(value):
    assert csv_safe(value) == "'" + value


@pytest.mark.parametrize("value", [" Acme Cotton Ltda", "\u00a0Acme", "Contamination claim",
                                   "a=b", "li.wei@mill.example.cn", "-12.5", "+3", "180000.00",
                                   "", "Reclamação - HVI"])
def test_legitimate_values_stay_intact(value):
    """A plain signed number (a negative exposure the model or a rule computed) is a number
    to a spreadsheet, not a formula: it stays as written, so the amount columns sum."""
    assert csv_safe(value) == value


def test_non_strings_and_lists():
    assert csv_safe(12) == 12 and csv_safe(None) is None
    assert csv_safe(["a", "b"]) == "a; b"
    assert csv_safe([" =1", "x"]) == "' =1; x"
