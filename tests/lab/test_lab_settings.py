"""The lab is installed by the dev/test settings only: production settings know
neither the app nor its commands. Only the suite's own settings hash passwords fast."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys

import pytest
from django.conf import settings

from tests.factories import ROOT

PRODUCTION, LAB = "config.settings", "config.settings_lab"


def _run(settings_module: str, *argv: str) -> str:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": settings_module}
    result = subprocess.run([sys.executable, *argv], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@functools.cache
def _settings_of(settings_module: str) -> dict:
    """The settings these tests compare, read once per module by a fresh process."""
    out = _run(settings_module, "-c", "import json; from django.conf import settings; "
               "print(json.dumps({'apps': settings.INSTALLED_APPS, "
               "'hashers': settings.PASSWORD_HASHERS}))")
    return json.loads(out.strip().splitlines()[-1])


def _installed_apps(settings_module: str) -> list[str]:
    return _settings_of(settings_module)["apps"]


def test_production_settings_do_not_install_the_lab():
    production = _installed_apps(PRODUCTION)
    assert "triage.apps.TriageConfig" in production
    assert not any(app == "lab" or app.startswith("lab.") for app in production)


def test_lab_settings_are_production_plus_the_lab():
    assert _installed_apps(LAB) == [*_installed_apps(PRODUCTION), "lab"]


@pytest.mark.parametrize(("settings_module", "listed"), [(PRODUCTION, False), (LAB, True)])
def test_lab_commands_only_under_lab_settings(settings_module, listed):
    commands = _run(settings_module, "manage.py", "help")
    assert "import_emails" in commands and "sweep_stuck" in commands
    for lab_command in ("bench_ingest", "fault_runs", "triage_eval", "redteam"):
        assert (lab_command in commands) is listed, lab_command



@pytest.mark.parametrize("settings_module", [PRODUCTION, LAB])
def test_production_and_lab_settings_keep_a_slow_password_hasher(settings_module):
    # The demo and the lab commands run on the lab settings: their passwords are real.
    assert _settings_of(settings_module)["hashers"][0] == (
        "django.contrib.auth.hashers.PBKDF2PasswordHasher")


def test_only_the_suite_hashes_passwords_fast():
    assert os.environ["DJANGO_SETTINGS_MODULE"] == "config.settings_test"
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]
