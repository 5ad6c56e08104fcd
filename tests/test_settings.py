"""Settings fail loudly and production settings pass Django's deploy checks."""

from __future__ import annotations

import io
import json
import logging
import os
import stat
import subprocess
import sys
from decimal import Decimal

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import (
    database_from_url,
    env_bool,
    env_int,
    env_rates,
    env_str,
    secret_key_file,
)
from tests.factories import MAIL, ROOT, make_user


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


def settings_of(tmp_path, names: list[str], **env: str) -> dict:
    """The named settings as a fresh process computes them from this environment.
    Reading settings needs no ``django.setup()``: loading every app was most of each
    process's time."""
    code = ("import json; from django.conf import settings; "
            f"print(json.dumps({{n: getattr(settings, n) for n in {names!r}}}, default=str))")
    environment = {**os.environ, "TRIAGE_DATA_DIR": str(tmp_path), **env}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def test_the_secret_key_file_is_never_readable_by_others(tmp_path, monkeypatch):
    """The key is created 0600 in one step: even if the process never gets to a chmod
    (here: chmod does nothing, the umask permits everything), nobody else can read it."""
    monkeypatch.setattr(os, "chmod", lambda *args, **kwargs: None)
    old_umask = os.umask(0)
    try:
        key = secret_key_file(tmp_path / "secret_key")
    finally:
        os.umask(old_umask)
    path = tmp_path / "secret_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(key) >= 50 and path.read_text().strip() == key
    assert secret_key_file(path) == key  # the next start reuses it
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_a_key_file_others_can_read_stops_start_up(tmp_path):
    path = tmp_path / "secret_key"
    path.write_text("k" * 60)
    path.chmod(0o644)
    with pytest.raises(ImproperlyConfigured, match="readable by other users"):
        secret_key_file(path)
    path.chmod(0o600)
    assert secret_key_file(path) == "k" * 60


def test_sessions_are_short_and_configurable(tmp_path):
    names = ["SESSION_COOKIE_AGE", "SESSION_EXPIRE_AT_BROWSER_CLOSE"]
    assert settings_of(tmp_path, names) == {"SESSION_COOKIE_AGE": 12 * 3600,
                                            "SESSION_EXPIRE_AT_BROWSER_CLOSE": True}
    assert settings_of(tmp_path, names, TRIAGE_SESSION_HOURS="2",
                       TRIAGE_SESSION_EXPIRE_AT_BROWSER_CLOSE="false") == {
        "SESSION_COOKIE_AGE": 7200, "SESSION_EXPIRE_AT_BROWSER_CLOSE": False}


@pytest.mark.django_db
def test_a_login_session_ends_within_the_configured_hours(client, settings):
    make_user("desk9")
    response = client.post("/login/", {"username": "desk9", "password": "pw-desk9",
                                       "next": "/"})
    assert response.status_code == 302 and "_auth_user_id" in client.session
    assert client.session.get_expiry_age() == 12 * 3600
    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    assert not cookie["max-age"] and not cookie["expires"]  # gone when the browser closes


@pytest.mark.django_db
@pytest.mark.parametrize("behind_tls_proxy", ["false", "true"])
def test_webhooks_skip_the_https_redirect_only_behind_a_tls_proxy(
        tmp_path, settings, post_signed, client, behind_tls_proxy):
    exempt = settings_of(tmp_path, ["SECURE_REDIRECT_EXEMPT"], SECURE_HTTPS="true",
                         TRIAGE_WEBHOOKS_BEHIND_TLS_PROXY=behind_tls_proxy)
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_REDIRECT_EXEMPT = exempt["SECURE_REDIRECT_EXEMPT"]
    mail = (MAIL / "04-freight-invoice.eml").read_bytes()
    response = post_signed(mail, content_type="message/rfc822")
    if behind_tls_proxy == "true":
        assert response.status_code == 202  # reached the view and was stored
    else:
        assert response.status_code == 301 and response["Location"].startswith("https://")
    assert client.get("/healthz/").status_code == 200
    assert client.get("/login/").status_code == 301  # the console itself stays HTTPS-only


@pytest.mark.django_db
def test_a_bad_host_header_is_one_log_line(client):
    handler = logging.getLogger("django").handlers[0]
    stream = io.StringIO()
    previous = handler.setStream(stream)
    try:
        response = client.get("/login/", HTTP_HOST="evil.example\u2028forged")
        assert client.get("/login/").status_code == 200  # a good host is served
    finally:
        handler.setStream(previous)
    assert response.status_code == 400
    [line] = [ln for ln in stream.getvalue().splitlines() if "django.security" in ln]
    assert "WARNING django.security.DisallowedHost Invalid HTTP_HOST header" in line
    assert "Traceback" not in stream.getvalue() and "\u2028" not in stream.getvalue()


def test_a_claim_in_any_of_our_markets_currencies_is_weighed_by_default():
    # Egyptian pounds, Moroccan dirhams, baht, won, rupiah and pesos are our mills'
    # currencies: without a rate, a small claim in them went to a person ("no rate").
    from django.conf import settings as live

    from triage.backstop import Exposure, Policy, exposure_triggers
    policy = Policy(threshold_usd=live.TRIAGE_ESCALATION_THRESHOLD_USD,
                    rates=live.TRIAGE_USD_RATES, deadline_business_days=2)
    for currency in ("EGP", "MAD", "THB", "KRW", "IDR", "MXN"):
        assert currency in live.TRIAGE_USD_RATES
    small = exposure_triggers(Exposure(Decimal("280000"), "MAD"), policy)  # USD 28,000
    assert small[:2] == ([], [])
    large = exposure_triggers(Exposure(Decimal("5400000"), "MAD"), policy)  # USD 540,000
    assert [t["code"] for t in large[0]] == ["exposure_at_or_above_threshold"]
