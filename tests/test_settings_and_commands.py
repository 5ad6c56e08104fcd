from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command

from config.env import database_from_url, env_bool, env_int, env_rates, env_str
from tests.conftest import ROOT, SAMPLES
from triage.models import InboundEmail, Status


@pytest.mark.parametrize("raw,expected", [("true", True), ("0", False), ("", True)])
def test_env_bool(monkeypatch, raw, expected):
    monkeypatch.setenv("X_FLAG", raw)
    assert env_bool("X_FLAG", True) is expected


def test_malformed_settings_fail_loudly(monkeypatch):
    monkeypatch.setenv("X_FLAG", "ture")
    with pytest.raises(ImproperlyConfigured, match="true or false"):
        env_bool("X_FLAG", False)
    monkeypatch.setenv("X_INT", "ten")
    with pytest.raises(ImproperlyConfigured, match="integer"):
        env_int("X_INT", 1)
    monkeypatch.setenv("X_RATES", "EUR=abc")
    with pytest.raises(ImproperlyConfigured, match="EUR"):
        env_rates("X_RATES", "")


def test_secret_from_file(monkeypatch, tmp_path):
    (tmp_path / "s").write_text("from-file\n")
    monkeypatch.setenv("X_SECRET_FILE", str(tmp_path / "s"))
    assert env_str("X_SECRET") == "from-file"


def test_database_urls(tmp_path):
    pg = database_from_url("postgres://u:p%40ss@db.internal:6543/triage?sslmode=require",
                           base_dir=tmp_path)
    assert (pg["ENGINE"], pg["NAME"], pg["USER"], pg["PASSWORD"], pg["HOST"], pg["PORT"]) == (
        "django.db.backends.postgresql", "triage", "u", "p@ss", "db.internal", "6543")
    assert pg["OPTIONS"] == {"sslmode": "require"}
    assert database_from_url("sqlite:///data/x.db", base_dir=tmp_path)["NAME"] == str(
        tmp_path / "data" / "x.db")
    with pytest.raises(ImproperlyConfigured):
        database_from_url("mysql://x/y", base_dir=tmp_path)


def test_production_settings_pass_check_deploy(tmp_path):
    env = {**os.environ, "DEBUG": "false", "SECURE_HTTPS": "true",
           "SECRET_KEY": "x" * 20 + "-production-secret-key-with-enough-entropy-3f9a1c",
           "ALLOWED_HOSTS": "triage.example.com", "TRIAGE_DATA_DIR": str(tmp_path)}
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy",
                             "--fail-level", "WARNING"], cwd=ROOT, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.eml")), ids=lambda p: p.name)
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


def test_triage_message_text():
    out = StringIO()
    call_command("triage_message", "--text", "Contamination found in lot 4, claim "
                 "USD 90,000.", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["route"] == "escalated" and data["claim"]["exposure_usd"] == 90000.0


@pytest.mark.django_db
def test_demo_sets_up_and_triages(tmp_path, settings):
    out = StringIO()
    settings.STATIC_ROOT = tmp_path / "static"
    call_command("demo", "--no-serve", stdout=out)
    text = out.getvalue()
    assert "OFFLINE" in text
    for role in ("Superuser", "Claims staff", "Trading desk", "Triage admin"):
        assert role in text
    statuses = dict(InboundEmail.objects.values_list("message_id", "status"))
    assert len(statuses) == 9
    assert statuses["claim-0142-88a@jiangsu-mills.example.cn"] == Status.ESCALATED
    assert statuses["ooo-5521@bigmill.example.com"] == Status.IGNORED
    assert not InboundEmail.objects.filter(status__in=[Status.RECEIVED, Status.QUEUED]).exists()


@pytest.mark.django_db
def test_sweep_command_reports_counts():
    out = StringIO()
    call_command("sweep_stuck", "--older-than", "0", stdout=out)
    assert out.getvalue().strip() == "received: 0 queued: 0 processing: 0 notifications: 0"


def test_readme_commands_exist():
    readme = (ROOT / "README.md").read_text()
    assert "make demo" in readme and "make test" in readme
    makefile = (ROOT / "Makefile").read_text()
    assert "\ndemo:" in makefile and "\ntest:" in makefile
    assert Path(ROOT / ".ci" / "run").exists()
