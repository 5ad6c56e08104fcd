"""The demo's first ten minutes: what it prints last, the credentials file, and the
one-line command that posts a signed sample email to the running webhook."""

from __future__ import annotations

import stat
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from triage.management.commands.send_sample import SAMPLES, build_delivery
from triage.models import Attachment, InboundEmail


@pytest.mark.django_db
@pytest.mark.usefixtures("staff_groups")  # the demo puts its users in them
def test_demo_prints_and_saves_credentials_last(tmp_path, settings, monkeypatch):
    settings.STATIC_ROOT = tmp_path / "static"
    settings.DATA_DIR = tmp_path
    monkeypatch.delenv("TRIAGE_WEBHOOK_SECRET", raising=False)
    monkeypatch.delenv("TRIAGE_WEBHOOK_SECRET_FILE", raising=False)
    out = StringIO()
    call_command("demo", "--no-serve", "--addr", "127.0.0.1:8010", stdout=out)
    tail = out.getvalue().rsplit("=" * 72, 2)[1]  # the last block, after the triage lines
    saved = tmp_path / "demo-credentials.txt"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    users = [line.split("\t") for line in saved.read_text().splitlines()[1:]]
    assert [u[1] for u in users] == ["admin", "claims", "claims2", "desk", "desk2", "triager"]
    for role, username, password in users:
        assert get_user_model().objects.get(username=username).check_password(password)
        assert f"{role:<14} {username:<10} {password}" in tail
    assert "http://127.0.0.1:8010/" in tail
    secret = tmp_path / "demo_webhook_secret"
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    assert (f"TRIAGE_WEBHOOK_SECRET_FILE={secret} " in tail
            and "manage.py send_sample --lang pt --url http://127.0.0.1:8010/webhooks/inbound/"
            in tail)


@pytest.mark.parametrize("lang", sorted(SAMPLES))
@pytest.mark.django_db
def test_a_signed_sample_is_accepted_by_the_webhook(client, webhook_secret, lang):
    body, headers = build_delivery(lang, secret=webhook_secret)
    response = client.post("/webhooks/inbound/", data=body,
                           content_type=headers["Content-Type"],
                           HTTP_X_TRIAGE_TIMESTAMP=headers["X-Triage-Timestamp"],
                           HTTP_X_TRIAGE_SIGNATURE=headers["X-Triage-Signature"])
    assert response.status_code == 202, response.content
    email = InboundEmail.objects.get(pk=response.json()["id"])
    assert email.subject == SAMPLES[lang]["subject"]
    assert Attachment.objects.filter(email=email, stored=True).count() == 1


@pytest.mark.django_db(transaction=True)
def test_send_sample_posts_to_a_running_server(live_server, settings, redis_broker):
    settings.TRIAGE_WEBHOOK_SECRETS = ["demo-secret"]
    out = StringIO()
    call_command("send_sample", "--lang", "en", "--url",
                 f"{live_server.url}/webhooks/inbound/", stdout=out)
    assert out.getvalue().startswith("HTTP 202 ")
    assert InboundEmail.objects.filter(subject=SAMPLES["en"]["subject"]).count() == 1
    # It prints the new email's page on the console it posted to.
    email = InboundEmail.objects.get(subject=SAMPLES["en"]["subject"])
    assert f"{live_server.url}/triage/inboundemail/{email.pk}/change/" in out.getvalue()
    call_command("send_sample", "--lang", "en", "--url",
                 f"{live_server.url}/webhooks/inbound/", stdout=out)  # never a duplicate
    assert InboundEmail.objects.filter(subject=SAMPLES["en"]["subject"]).count() == 2


def test_send_sample_without_a_secret_says_what_to_set(settings):
    settings.TRIAGE_WEBHOOK_SECRETS = []
    with pytest.raises(CommandError, match="TRIAGE_WEBHOOK_SECRET"):
        call_command("send_sample")
