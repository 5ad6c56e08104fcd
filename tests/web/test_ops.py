"""What an operator's tools read: /readyz/ and /metrics (auth rules, numbers that move)."""

from __future__ import annotations

import socket
import threading

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.factories import BANK_CHANGE, make_needs_review, triaged_raw, triaged_sample
from triage import ops
from triage.routes import Code

pytestmark = pytest.mark.django_db


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nothing listens


def test_readyz_is_ok_with_database_and_broker(client):
    response = client.get("/readyz/")
    assert response.status_code == 200
    assert response.json() == {"ok": True, "checks": {"database": "ok", "broker": "ok"}}


def test_readyz_answers_503_when_the_broker_is_down(client, settings):
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{_closed_port()}/0"
    response = client.get("/readyz/")
    assert response.status_code == 503
    checks = response.json()["checks"]
    assert checks["database"] == "ok" and checks["broker"].startswith("unreachable")


def test_readyz_answers_503_when_the_database_is_down(client, monkeypatch):
    def refused() -> None:
        raise ConnectionRefusedError("no database")

    monkeypatch.setattr(ops, "check_database", refused)
    response = client.get("/readyz/")
    assert response.status_code == 503
    assert response.json()["checks"]["database"] == "unreachable: ConnectionRefusedError"


def test_a_hung_check_is_cut_at_the_timeout():
    release, finished = threading.Event(), threading.Event()

    def hung() -> None:
        release.wait(30)
        finished.set()

    results = ops.run_checks({"slow": hung, "fast": lambda: None}, 0.2)
    assert results == {"slow": "timeout after 0.2 s", "fast": "ok"}
    assert not finished.is_set()  # the answer came while the check still hung
    release.set()


def test_healthz_stays_a_liveness_check(client):
    assert client.get("/healthz/").json() == {"ok": True}


# --- /metrics ------------------------------------------------------------------------


def _samples(response) -> dict[tuple, float]:
    out = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


def _value(samples, name: str, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_without_a_token_only_loopback_clients_read_metrics(client, settings):
    settings.TRIAGE_METRICS_TOKEN = ""
    assert client.get("/metrics").status_code == 200
    assert client.get("/metrics", REMOTE_ADDR="10.1.2.3").status_code == 403
    # Behind a local proxy every client looks local: a forwarded request is refused.
    assert client.get("/metrics", HTTP_X_FORWARDED_FOR="203.0.113.9").status_code == 403
    for header in ("HTTP_X_CLIENT_IP", "HTTP_TRUE_CLIENT_IP", "HTTP_CF_CONNECTING_IP",
                   "HTTP_FASTLY_CLIENT_IP", "HTTP_X_REAL_IP", "HTTP_FORWARDED"):
        assert client.get("/metrics", **{header: "203.0.113.9"}).status_code == 403, header
    assert client.get("/metrics").status_code == 200  # this host, unforwarded, still reads


def test_with_a_token_a_bearer_header_is_required(client, settings):
    settings.TRIAGE_METRICS_TOKEN = "s3cret-token"
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 401
    assert client.get("/metrics", HTTP_AUTHORIZATION="Basic s3cret-token").status_code == 401
    ok = client.get("/metrics", REMOTE_ADDR="10.1.2.3",
                    HTTP_AUTHORIZATION="Bearer s3cret-token")
    assert ok.status_code == 200 and ok["Content-Type"].startswith("text/plain")


def test_metrics_move_after_a_triage(client, settings, gemini):
    settings.TRIAGE_METRICS_TOKEN = ""
    before = _samples(client.get("/metrics"))
    email = triaged_sample("01-contamination-claim-ica.eml")
    after = _samples(client.get("/metrics"))
    run = email.current_run
    assert run.input_tokens > 0 and run.provider == "gemini"

    def moved(name, **labels):
        return _value(after, name, **labels) - _value(before, name, **labels)

    assert moved("triage_emails_ingested_total", door="import", outcome="new", reason="") == 1
    assert moved("triage_results_total", route=run.route, provider="gemini") == 1
    assert moved("triage_model_calls_total", chain="classification", provider="gemini",
                 outcome="ok") == 1
    tokens = sum(moved("triage_model_tokens_total", chain=c.chain, provider="gemini",
                       direction="input") for c in run.calls.all())
    assert tokens == run.input_tokens
    assert moved("triage_model_call_seconds_count", chain="classification",
                 outcome="ok") == 1
    assert moved("triage_model_call_seconds_sum", chain="classification", outcome="ok") > 0
    assert _value(after, "triage_database_up") == 1 and _value(after, "triage_broker_up") == 1
    if run.route == "escalated":
        assert _value(after, "triage_pending_escalations") >= 1
        assert _value(after, "triage_oldest_pending_escalation_age_seconds") >= 0


def test_review_signals_are_counted_by_their_code_never_their_quote(client, settings):
    settings.TRIAGE_METRICS_TOKEN = ""
    before = _samples(client.get("/metrics"))
    email = triaged_raw(BANK_CHANGE)
    after = _samples(client.get("/metrics"))
    assert [s["code"] for s in email.current_run.review_signals] == ["bank_change"]
    key = {"provider": "offline", "code": "bank_change"}
    assert _value(after, "triage_review_signals_total", **key) - _value(
        before, "triage_review_signals_total", **key) == 1
    # The label set is the vocabulary's codes: what the sender wrote is in no series.
    labels = {v for (name, pairs) in after if name == "triage_review_signals_total"
              for _, v in pairs}
    assert labels <= {"offline", "gemini", *Code} and "bank details have changed" not in labels


def test_rejections_are_counted_by_door_and_reason(client, settings, webhook_secret):
    before = _samples(client.get("/metrics"))
    client.post("/webhooks/inbound/", data=b"{}", content_type="application/json")
    after = _samples(client.get("/metrics"))
    key = {"door": "webhook", "outcome": "rejected", "reason": "unauthenticated"}
    assert _value(after, "triage_emails_ingested_total", **key) - _value(
        before, "triage_emails_ingested_total", **key) == 1


def test_age_gauges_and_queue_depth(client, redis_broker):
    email = make_needs_review("../ops/10-novos-dados-bancarios.eml")
    assert email.status == "needs_review"
    redis_broker.rpush("triage", b"x", b"y")
    samples = _samples(client.get("/metrics"))
    assert _value(samples, "triage_queue_depth", queue="triage") == 2
    assert _value(samples, "triage_emails", status="needs_review") == 1
    assert _value(samples, "triage_oldest_needs_review_age_seconds") >= 0
