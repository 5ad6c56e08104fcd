"""The product commands: triage_message, demo (what the README says it prints), sweep_stuck."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import translation

from tests.factories import MAIL, ROOT
from triage.models import InboundEmail, Notification, Status


# triage_message stores nothing, but reads the mailbox's correspondents like the worker.
@pytest.mark.django_db
@pytest.mark.parametrize("path", sorted(MAIL.glob("*.eml")), ids=lambda p: p.name)
def test_triage_message_json_on_every_sample(path):
    out = StringIO()
    call_command("triage_message", "--file", str(path), "--json", stdout=out)
    data = json.loads(out.getvalue())
    for key in ("message_id", "route", "department", "claim", "checklist", "errors"):
        assert key in data
    assert set(data["escalation"]) >= {"required", "model_triggers", "backstop_triggers"}
    assert set(data["llm"]) >= {"provider", "calls", "input_tokens", "output_tokens"}
    assert data["llm"]["provider"] == "offline"
    if data["claim"]:
        assert {"exposure_amount", "exposure_currency", "exposure_usd"} <= set(data["claim"])


@pytest.mark.django_db
def test_triage_message_text():
    out = StringIO()
    call_command("triage_message", "--text", "Contamination found in lot 4, claim "
                 "USD 90,000.", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["route"] == "escalated" and data["claim"]["exposure_usd"] == 90000.0
    # Each extracted value says whether its quote is in the email.
    assert data["claim"]["grounding"]["exposure_amount"] == "found"
    assert data["claim"]["unsupported"] == []


BANK = ("Invoice OF-5521 for ocean freight, USD 8,740.00. Please note our bank details have "
        "changed: kindly remit to IBAN GB33BUKB20201555555555.")


@pytest.mark.django_db
def test_triage_message_says_the_reasons_in_the_active_language_and_prints_codes_as_json():
    out = StringIO()
    call_command("triage_message", "--text", BANK, "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["review_signals"] == [{"code": "bank_change",
                                       "quote": "bank details have changed"}]
    with translation.override("pt-br"):
        out = StringIO()
        call_command("triage_message", "--text", BANK, stdout=out)
    review = next(line for line in out.getvalue().splitlines() if line.startswith("review:"))
    assert review == ("review:      pedido de troca de dados bancários (\u201cbank details have "
                      "changed\u201d): uma pessoa deve confirmá-lo por telefone antes de "
                      "qualquer pagamento")
    with translation.override("en"):
        out = StringIO()
        call_command("triage_message", "--text", BANK, stdout=out)
    assert "review:      bank details change requested (\u201cbank details have changed" \
        "\u201d)" in out.getvalue()


def _readme_demo_summary() -> list[str]:
    """The lines the README's "first ten minutes" shows the demo printing, last."""
    readme = (ROOT / "README.md").read_text()
    block = next(b for b in re.findall(r"^```\n(.*?)^```", readme, re.M | re.S)
                 if "Triage demo is running at" in b)
    return block.splitlines()


def _as_in_readme(text: str, data_dir: str, passwords: list[str]) -> list[str]:
    """The demo's output with what differs on every run written as the README writes
    it: the passwords, the data folder and the interpreter's path."""
    for password in passwords:
        text = text.replace(password, "<password>")
    text = text.replace(data_dir, "/home/you/triage/data")
    return [re.sub(r"\S*python\S* manage\.py", ".venv/bin/python manage.py", line)
            for line in text.splitlines()]


@pytest.mark.django_db
@pytest.mark.usefixtures("staff_groups")  # the demo puts its users in them
def test_demo_sets_up_and_triages(tmp_path, settings, monkeypatch):
    out = StringIO()
    settings.STATIC_ROOT = tmp_path / "static"
    settings.DATA_DIR = tmp_path
    monkeypatch.delenv("TRIAGE_WEBHOOK_SECRET_FILE", raising=False)
    monkeypatch.delenv("TRIAGE_WEBHOOK_SECRET", raising=False)
    monkeypatch.setenv("TRIAGE_CONSOLE_URL", "")  # restored after the test
    settings.TRIAGE_CONSOLE_URL = ""
    call_command("demo", "--no-serve", stdout=out)
    text = out.getvalue()
    assert "OFFLINE" in text
    # What the README shows it printing, but for the two lines only a served demo has.
    passwords = [line.split("\t")[2] for line in
                 (tmp_path / "demo-credentials.txt").read_text().splitlines()[1:]]
    printed = _as_in_readme(text, str(tmp_path), passwords)
    for line in _readme_demo_summary():
        if line != "Stop with Ctrl-C.":
            assert line.replace("is running at", "set up for") in printed
    # The README's first ten minutes sends the desk to CT-2026-0142's escalation and
    # the triage admin to Rota Sul's bank-detail change in needs review.
    statuses = dict(InboundEmail.objects.values_list("message_id", "status"))
    assert len(statuses) == 10
    # Every route can be seen in the demo, deciding by hand (needs review) included, and
    # a plain out-of-office reply stored but not triaged.
    assert set(statuses.values()) == {Status.ESCALATED, Status.TICKET, Status.FORWARDED,
                                      Status.NEEDS_REVIEW, Status.IGNORED}
    assert statuses["fatura-4471@rotasul-transportes.example.com.br"] == Status.NEEDS_REVIEW
    assert statuses["claim-0142-88a@jiangsu-mills.example.cn"] == Status.ESCALATED
    assert statuses["ooo-5521@bigmill.example.com"] == Status.IGNORED
    assert not InboundEmail.objects.filter(status__in=[Status.RECEIVED, Status.QUEUED]).exists()
    # The demo's notifications link back to its own console.
    forward = Notification.objects.filter(kind="forward").first()
    assert "Console: http://127.0.0.1:8000/triage/inboundemail/" in forward.body


@pytest.mark.django_db
def test_sweep_command_reports_counts():
    out = StringIO()
    call_command("sweep_stuck", "--older-than", "0", stdout=out)
    assert out.getvalue().strip() == ("received: 0 queued: 0 processing: 0 failed: 0 "
                                      "notifications: 0")




def test_the_readmes_terminal_triage_runs_in_a_checkout_never_migrated(tmp_path):
    """README: "triage a sample in the terminal (nothing is stored)": on a fresh checkout
    its SQLite database has no tables yet, so the mailbox has no correspondents to read
    (the look-alike reading's history) and the decision is made without them."""
    import os
    import subprocess
    import sys

    from tests.factories import ROOT

    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    env["TRIAGE_DATA_DIR"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "manage.py", "triage_message", "--file",
         "triage/samples/01-contamination-claim-ica.eml", "--json"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert '"route": "escalated"' in done.stdout
