"""Red team: every deterministic defence holds with the offline provider and with a
compromised model. Cases that depend on the model's judgement are reported by
``manage.py redteam``, not asserted here."""

from __future__ import annotations

import pytest

from lab.redteam import MODES, load_cases, run_case
from tests.factories import ROOT

CASES = load_cases(ROOT / "lab" / "data" / "redteam")
DETERMINISTIC = [c for c in CASES if c["defence"] != "model"]


def test_the_suite_covers_what_it_claims():
    assert len(CASES) >= 30
    defences = {c["defence"] for c in CASES}
    assert defences >= {"delimiter", "backstop", "claim_signal", "hidden_html", "invisible",
                        "bank_details", "budget", "escaping", "sanitiser", "size_limit", "mime",
                        "model"}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", DETERMINISTIC, ids=lambda c: f"{c['id']}-{c['defence']}")
def test_defence_holds(case, mode):
    outcome = run_case(case, mode)
    assert outcome.status == "held", outcome.detail


def test_a_broken_defence_is_reported(monkeypatch):
    """The harness can fail: with the backstop switched off, a persuaded model wins."""
    from triage import backstop

    monkeypatch.setattr(backstop, "evaluate", lambda **kw: backstop.BackstopResult())
    case = next(c for c in CASES if c["id"] == "rt14")
    outcome = run_case(case, "compromised")
    assert outcome.status == "FAILED"
    assert "expected escalate=True, got False" in outcome.detail
