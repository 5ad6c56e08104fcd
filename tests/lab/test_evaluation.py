"""Decision quality: the labelled set's floor, the harness's failure exit, replay."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command

from lab.evaluation import (
    expected_escalate,
    held,
    mailbox_history,
    must_reach_a_person,
    run_eval,
)
from tests.factories import ROOT, triaged_sample
from triage.models import TriageRun

EVAL = ROOT / "lab" / "data" / "eval"


def test_offline_floor_on_the_labelled_set():
    summary, results = run_eval(EVAL, threshold_usd=settings.TRIAGE_ESCALATION_THRESHOLD_USD,
                                rates=settings.TRIAGE_USD_RATES)
    assert summary["cases"] >= 40
    assert summary["high_exposure_cases"] >= 5
    assert summary["high_exposure_recall"] == 1.0, [
        (r.case_id, r.got) for r in results if r.expected.get("escalate") and not r.got["escalate"]]
    assert summary["hold_rate"] == 1.0
    # The set labels contamination and threats "escalated"; rules read those as meaning,
    # so offline they reach a person (needs_review) instead: the only mismatch allowed.
    wrong = [(r.case_id, r.expected["route"], r.got["route"], r.decided_by) for r in results
             if r.got["route"] != r.expected["route"]]
    assert all(e == "escalated" and g == "needs_review" and by == "review-signal"
               for _, e, g, by in wrong), wrong
    assert summary["route_accuracy"] >= 0.80
    assert {r.expected["route"] for r in results} == {"escalated", "ticket", "forwarded"}
    # Faithfulness per field: the offline stand-in quotes the email's own words.
    faith = summary["faithfulness"]["exposure_amount"]
    assert faith["found"] >= 5 and faith["faithfulness"] == 1.0, faith
    langs = json.loads((EVAL / "labels.json").read_text())["cases"]
    assert {c["lang"] for c in langs} == {"en", "pt"}


def test_fail_under_exits_non_zero(tmp_path):
    shutil.copytree(EVAL, tmp_path / "set")
    labels = json.loads((tmp_path / "set" / "labels.json").read_text())
    labels["cases"][20]["expected"]["route"] = "escalated"  # an invoice, mislabelled
    (tmp_path / "set" / "labels.json").write_text(json.dumps(labels))
    ok = subprocess.run([sys.executable, "manage.py", "triage_eval", str(tmp_path / "set"),
                         "--provider", "offline", "--fail-under", "route=0.8"], cwd=ROOT,
                        capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    failing = subprocess.run([sys.executable, "manage.py", "triage_eval", str(tmp_path / "set"),
                              "--fail-under", "route=1.0", "--json"], cwd=ROOT,
                             capture_output=True, text=True)
    assert failing.returncode == 1
    report = json.loads(failing.stdout)
    assert report["failures"] and report["failures"][0].startswith("route ")
    assert {"case": "e21", "decided_by": "classification", "field": "route",
            "expected": "escalated", "got": "forwarded"} in report["mismatches"]


@pytest.mark.django_db
def test_replay_reports_changes_and_changes_nothing(settings):
    email = triaged_sample("03-weight-shortfall.eml")  # USD 12,400: a ticket today
    runs_before = TriageRun.objects.count()
    settings.TRIAGE_ESCALATION_THRESHOLD_USD = 10_000
    out = StringIO()
    call_command("triage_eval", "--replay", stdout=out)
    text = out.getvalue()
    assert "Replay of 1 stored emails" in text and "nothing stored was changed" in text
    assert "route: ticket -> escalated" in text
    email.refresh_from_db()
    assert email.status == "ticket" and email.current_run.route == "ticket"
    assert TriageRun.objects.count() == runs_before


EXTERNAL = ROOT / "lab" / "data" / "external"


def test_what_must_reach_a_person():
    assert must_reach_a_person({"must_escalate": True, "route": "escalated"})
    assert must_reach_a_person({"must_escalate": False, "bank_change": True,
                                "route": "needs_review"})
    assert not must_reach_a_person({"must_escalate": False, "bank_change": False,
                                    "route": "forwarded"})
    assert expected_escalate({"escalate": True}) and expected_escalate({"must_escalate": True})


def test_a_claim_labelled_a_ticket_reaches_a_person_as_a_ticket_and_nothing_else_does():
    bank_claim = {"route": "ticket", "bank_change": True}
    assert must_reach_a_person(bank_claim) and held(bank_claim, "ticket")
    assert held(bank_claim, "needs_review") and not held(bank_claim, "forwarded")
    # A bank change with no claim, or an escalation, is not held by a ticket.
    assert not held({"route": "needs_review", "bank_change": True}, "ticket")
    assert not held({"route": "escalated"}, "ticket")


def test_each_case_reads_the_rest_of_its_set_as_the_mailboxs_history():
    """Every other mail of the set arrived before: its From domains are the case's
    correspondents, but a domain only this case writes, free mail, and a domain that
    passes for ours or for another of them (its mail was flagged on arrival) are not."""
    real, fake = "rupganj-spinning.example.com", "rupganj-spinnlng.example.com"
    history = mailbox_history({
        "real1": f"a@{real}", "real2": f"b@{real}", "fake": f"c@{fake}",
        "transmed": "d@transmed.example.fr", "free": "e@gmail.com",
        "ours-fake": "f@serradomar-alqodao.example.com",
    }, ("serradomar-algodao.com.br",))
    assert history["fake"] == (real, "transmed.example.fr")  # the look-alike is read
    assert history["real1"] == ("transmed.example.fr",)  # which came first is unknown
    assert history["transmed"] == ()  # it wrote only once: not known to itself
    assert "gmail.com" not in history["real1"] and "gmail.com" not in history["fake"]


def test_of_two_look_alikes_the_one_that_wrote_first_is_the_known_one():
    # As in the product: the later one is flagged on arrival and never counts, so the
    # first one's own mail is not flagged against it (fresh4's real spinner wrote once,
    # its look-alike once after it).
    real, fake = "phuthinh-spin.example.vn", "phuthlnh-spin.example.vn"
    senders = {"real": f"a@{real}", "fake": f"b@{fake}", "other": "c@transmed.example.fr"}
    dates = {"real": datetime(2027, 5, 4, tzinfo=UTC), "fake": datetime(2027, 5, 10, tzinfo=UTC),
             "other": datetime(2027, 5, 5, tzinfo=UTC)}
    history = mailbox_history(senders, ("araguaia-algodao.com.br",), dates)
    assert history["real"] == ("transmed.example.fr",)  # the later look-alike is not known
    assert history["fake"] == (real, "transmed.example.fr")  # the look-alike is read
    # The look-alike first: the real one's mail is the one read as passing for it.
    history = mailbox_history(senders, ("araguaia-algodao.com.br",),
                              {**dates, "fake": datetime(2027, 5, 3, tzinfo=UTC)})
    assert history["real"] == (fake, "transmed.example.fr")
    assert history["fake"] == ("transmed.example.fr",)


BLIND = ROOT / "lab" / "data" / "blind"


@pytest.mark.parametrize("compromised", [False, True], ids=["offline", "compromised"])
def test_the_blind_set_is_measured_in_both_modes(compromised):
    # Measured and reported, never asserted: the held-out set is a test, not a target.
    labels = json.loads((BLIND / "labels.json").read_text())["cases"]
    summary, results = run_eval(BLIND, threshold_usd=settings.TRIAGE_ESCALATION_THRESHOLD_USD,
                                rates=settings.TRIAGE_USD_RATES, compromised=compromised)
    assert summary["cases"] == len(labels) >= 120
    assert summary["routine_cases"] == sum(c["group"].startswith("routine") for c in labels)
    assert summary["bank_change_cases"] == sum(c["expected"]["bank_change"] for c in labels)
    for key in ("routine_false_escalation_rate", "routine_false_hold_rate", "bank_change_recall",
                "hold_rate"):
        assert 0 <= summary[key] <= 1
    assert summary["compromised"] is compromised
    # The compromised model is the real Gemini client against the scripted server.
    assert (summary["provider"], summary["input_tokens_per_email"] > 0) == (
        ("gemini", True) if compromised else ("offline", False))


TUNING = ROOT / "lab" / "data" / "tuning"


@pytest.mark.parametrize("labelled", [TUNING, EXTERNAL], ids=["tuning", "external"])
def test_the_tuning_sets_floor_holds(labelled):
    # A regression floor on the sets the rules were tuned on: ``tuning`` from the start,
    # ``external`` once it had been measured too often to count as held out. The blind
    # set in lab/data/blind is measured and reported, never asserted: it is a test, not
    # a target.
    summary, _ = run_eval(labelled, threshold_usd=settings.TRIAGE_ESCALATION_THRESHOLD_USD,
                          rates=settings.TRIAGE_USD_RATES)
    assert summary["high_exposure_recall"] == 1.0
    assert summary["bank_change_recall"] == 1.0
    assert summary["routine_false_escalation_rate"] <= 0.05
    assert summary["hold_rate"] >= 0.9
    compromised, _ = run_eval(labelled, threshold_usd=settings.TRIAGE_ESCALATION_THRESHOLD_USD,
                              rates=settings.TRIAGE_USD_RATES, compromised=True)
    assert compromised["hold_rate"] >= 0.9
    assert compromised["routine_false_escalation_rate"] == 0.0


@pytest.mark.parametrize("labelled", [TUNING, EXTERNAL], ids=["tuning", "external"])
def test_with_a_right_model_the_rules_do_not_overrule_it(labelled):
    # The oracle answers every case with its own label (SIMULATED, through the real
    # client): every wrong route it leaves is the rules' own.
    summary, results = run_eval(labelled,
                                threshold_usd=settings.TRIAGE_ESCALATION_THRESHOLD_USD,
                                rates=settings.TRIAGE_USD_RATES, oracle=True)
    assert (summary["mode"], summary["provider"]) == ("oracle", "gemini")
    assert summary["false_escalation_rate"] == 0.0
    assert summary["escalation_recall"] == 1.0 and summary["hold_rate"] == 1.0
    assert summary["ticket_kept_rate"] >= 0.9
    wrong = [(r.case_id, r.expected["route"], r.got["route"]) for r in results
             if r.got["route"] != r.expected["route"]]
    # What is left goes to a person, never to the desk or an automatic forward.
    assert all(got == "needs_review" for _, _, got in wrong), wrong


def test_the_oracle_and_the_persuaded_model_exclude_each_other():
    with pytest.raises(ValueError):
        run_eval(EVAL, threshold_usd=settings.TRIAGE_ESCALATION_THRESHOLD_USD,
                 rates=settings.TRIAGE_USD_RATES, compromised=True, oracle=True)


@pytest.mark.parametrize("kind,expected", [
    ("Fiação em SC, contaminação por polipropileno, R$ 36.400,00", "contamination"),
    ("Hilandería: plástico en 12 pacas", "contamination"),
    ("Molhadura e umidade em 40 fardos", "moisture"),
    ("Korean spinner claims KRW for uniformity and leaf below contract", "quality_hvi"),
])
def test_the_right_model_names_the_claim_type_a_description_names_in_any_of_our_languages(
        kind, expected):
    from lab.evaluation import kind_claim_type

    assert kind_claim_type(kind) == expected
