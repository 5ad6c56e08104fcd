"""Settings fail loudly and production settings pass Django's deploy checks."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import database_from_url, env_bool, env_int, env_rates, env_str
from tests.factories import ROOT


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


