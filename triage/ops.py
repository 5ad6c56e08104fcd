"""What an operator's tools read: ``/readyz/`` (can this process do its work: database
and broker reachable) and ``/metrics`` (Prometheus text format).

Both are bounded: every check and every scrape-time query has a timeout
(``TRIAGE_READY_TIMEOUT_S``), so a dead dependency makes them answer "not ready"
quickly instead of hanging the load balancer's probe or Prometheus' scrape.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager

from django.conf import settings
from django.db import connection, connections, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.views.decorators.http import require_GET
from prometheus_client import REGISTRY, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.metrics_core import GaugeMetricFamily

log = logging.getLogger(__name__)

# --- readiness ------------------------------------------------------------------------


def check_database() -> None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    finally:
        connections.close_all()  # this thread's connection only; the thread ends here


@contextmanager
def _redis(url: str):
    """A Redis client bounded by the readiness timeout, closed after use."""
    import redis

    timeout = settings.TRIAGE_READY_TIMEOUT_S
    client = redis.Redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
    try:
        yield client
    finally:
        client.close()


def check_broker() -> None:
    url = settings.CELERY_BROKER_URL
    if url.startswith(("redis://", "rediss://")):
        with _redis(url) as client:
            client.ping()
    elif url.startswith("filesystem://"):
        folder = settings.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"]
        if not os.access(folder, os.W_OK):
            raise OSError("broker folder is not writable")
    else:
        from kombu import Connection

        timeout = settings.TRIAGE_READY_TIMEOUT_S
        with Connection(url, connect_timeout=timeout) as conn:
            conn.ensure_connection(max_retries=1, timeout=timeout)


def run_checks(checks: dict[str, Callable[[], None]], timeout: float) -> dict[str, str]:
    """Each check in its own thread, all within ``timeout``: a hung connect answers
    "timeout" instead of holding the probe."""
    results: dict[str, str] = {}
    pool = ThreadPoolExecutor(max_workers=len(checks), thread_name_prefix="readyz")
    try:
        futures = {name: pool.submit(check) for name, check in checks.items()}
        for name, future in futures.items():
            try:
                future.result(timeout=timeout)
                results[name] = "ok"
            except FutureTimeout:
                results[name] = f"timeout after {timeout:g} s"
            except Exception as exc:  # noqa: BLE001 - any failure means "not ready"
                results[name] = f"unreachable: {type(exc).__name__}"
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return results


@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    results = run_checks({"database": check_database, "broker": check_broker},
                         settings.TRIAGE_READY_TIMEOUT_S)
    ok = all(v == "ok" for v in results.values())
    if not ok:
        log.warning("not ready: %s", results)
    return JsonResponse({"ok": ok, "checks": results}, status=200 if ok else 503)


# --- metrics ---------------------------------------------------------------------------


# Headers by which a proxy or CDN names the client it forwards for: with any of them the
# loopback address is the proxy's, not the client's.
_FORWARDING_HEADERS = ("X-Forwarded-For", "Forwarded", "X-Real-IP", "X-Client-IP",
                       "True-Client-IP", "CF-Connecting-IP", "Fastly-Client-IP",
                       "X-Cluster-Client-IP", "X-Original-Forwarded-For")


def _refusal(request: HttpRequest) -> HttpResponse | None:
    token = settings.TRIAGE_METRICS_TOKEN
    if token:
        scheme, _, given = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(),
                                                              token.encode()):
            return None
        response = HttpResponse("bearer token required\n", status=401,
                                content_type="text/plain")
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    # No token: this host only. A proxy in front makes every client look local, so a
    # forwarded request is refused too (set the token there).
    try:
        local = ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        local = False
    forwarded = any(h in request.headers for h in _FORWARDING_HEADERS)
    if local and not forwarded:
        return None
    return HttpResponse("metrics are readable from this host only; set "
                        "TRIAGE_METRICS_TOKEN to scrape from elsewhere\n", status=403,
                        content_type="text/plain")


class _DefaultRegistry:
    """This process's own metrics, when no multiprocess directory is configured."""

    def collect(self):
        return REGISTRY.collect()


class StateCollector:
    """Gauges computed at scrape time from the database and the broker."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        yield from self._broker()
        yield from self._database()

    def _broker(self) -> Iterator[GaugeMetricFamily]:
        up = GaugeMetricFamily("triage_broker_up", "1 when the broker answered the scrape")
        depth = GaugeMetricFamily("triage_queue_depth", "Tasks waiting on the broker queue",
                                  labels=["queue"])
        queue = settings.CELERY_TASK_DEFAULT_QUEUE
        try:
            depth.add_metric([queue], queue_depth(queue))
            up.add_metric([], 1)
            yield depth
        except Exception as exc:  # noqa: BLE001 - a scrape reports, it does not fail
            log.warning("metrics: broker unreadable: %s", type(exc).__name__)
            up.add_metric([], 0)
        yield up

    def _database(self) -> Iterator[GaugeMetricFamily]:
        up = GaugeMetricFamily("triage_database_up", "1 when the database answered the scrape")
        try:
            families = list(_database_gauges())
            up.add_metric([], 1)
        except Exception as exc:  # noqa: BLE001
            log.warning("metrics: database unreadable: %s", type(exc).__name__)
            families = []
            up.add_metric([], 0)
        yield from families
        yield up
        try:  # apart: a slow quality query must not hide the queues' gauges
            yield from list(_quality_gauges())
        except Exception as exc:  # noqa: BLE001
            log.warning("metrics: decision quality unreadable: %s", type(exc).__name__)


def queue_depth(queue: str) -> int:
    url = settings.CELERY_BROKER_URL
    if url.startswith(("redis://", "rediss://")):
        with _redis(url) as client:
            return int(client.llen(queue))
    if url.startswith("filesystem://"):
        folder = settings.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"]
        count = 0
        with os.scandir(folder) as entries:
            for entry in entries:
                count += entry.name.endswith(f".{queue}.msg")
                if count >= 100_000:  # bounded: past this the number is "very many"
                    break
        return count
    raise NotImplementedError("queue depth is read from Redis or the filesystem broker")


def _database_gauges() -> Iterator[GaugeMetricFamily]:
    from triage.models import ROUTED, Escalation, InboundEmail, Status

    now = timezone.now()
    with transaction.atomic():
        if connection.vendor == "postgresql":
            ms = int(settings.TRIAGE_READY_TIMEOUT_S * 1000)
            with connection.cursor() as cursor:
                cursor.execute(f"SET LOCAL statement_timeout = {ms}")
        oldest_escalation = (Escalation.objects.filter(state=Escalation.State.PENDING)
                             .order_by("created_at").values_list("created_at", flat=True)
                             .first())
        oldest_review = (InboundEmail.objects.filter(status=Status.NEEDS_REVIEW)
                         .order_by("status_changed_at")
                         .values_list("status_changed_at", flat=True).first())
        # Statuses whose rows do not grow forever (not routed, not ignored): counting
        # them stays cheap (an index range).
        counts = {status.value: InboundEmail.objects.filter(status=status).count()
                  for status in Status if status not in ROUTED | {Status.IGNORED}}
        pending = Escalation.objects.filter(state=Escalation.State.PENDING).count()

    def age(gauge: str, text: str, when) -> GaugeMetricFamily:
        return GaugeMetricFamily(gauge, text, value=(now - when).total_seconds() if when
                                 else 0)

    yield age("triage_oldest_pending_escalation_age_seconds",
              "Age of the oldest escalation nobody has acknowledged (0: none)",
              oldest_escalation)
    yield age("triage_oldest_needs_review_age_seconds",
              "Time the oldest needs-review email has waited for a person (0: none)",
              oldest_review)
    yield GaugeMetricFamily("triage_pending_escalations", "Escalations not yet acknowledged",
                            value=pending)
    emails = GaugeMetricFamily("triage_emails", "Emails in a waiting state (not routed)",
                               labels=["status"])
    for status, n in counts.items():
        emails.add_metric([status], n)
    yield emails


QUALITY_WINDOW_DAYS = 7


def _quality_gauges() -> Iterator[GaugeMetricFamily]:
    """The last seven days' decision quality (``selectors.quality_report``, what the
    quality page shows): per source its counts and precision, and the share of the
    judged decisions staff overturned, overall and by route. A precision or a share
    with nothing judged is left out (no sample), never reported as 0."""
    from triage.selectors import quality_report, quality_window

    with transaction.atomic():
        if connection.vendor == "postgresql":
            ms = int(settings.TRIAGE_READY_TIMEOUT_S * 1000)
            with connection.cursor() as cursor:
                cursor.execute(f"SET LOCAL statement_timeout = {ms}")
        report = quality_report(*quality_window(QUALITY_WINDOW_DAYS))
    counts = GaugeMetricFamily(
        "triage_quality_decisions", "Decisions of the last 7 days by source and staff's "
        "verdict (fired, confirmed, overturned, open, missed)", labels=["source", "outcome"])
    precision = GaugeMetricFamily(
        "triage_quality_precision", "Of each source's decisions of the last 7 days that "
        "staff judged, the share they kept", labels=["source"])
    for row in report["sources"]:
        for outcome in ("fired", "confirmed", "overturned", "open", "missed"):
            counts.add_metric([row["source"], outcome], row[outcome])
        if row["precision"] is not None:
            precision.add_metric([row["source"]], row["precision"])
    overturned = GaugeMetricFamily(
        "triage_quality_overturned_share", "Of the decisions of the last 7 days that staff "
        "judged, the share they overturned")
    if report["decisions"]["share_overturned"] is not None:
        overturned.add_metric([], report["decisions"]["share_overturned"])
    changed = GaugeMetricFamily(
        "triage_quality_route_changed_share", "Of the last 7 days' decisions of each route "
        "that staff judged, the share they changed", labels=["route"])
    for row in report["routes"]:
        if row["share"] is not None:
            changed.add_metric([row["route"]], row["share"])
    yield from (counts, precision, overturned, changed)


@require_GET
def metrics_view(request: HttpRequest) -> HttpResponse:
    refusal = _refusal(request)
    if refusal:
        return refusal
    registry = CollectorRegistry()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.MultiProcessCollector(registry)
    else:
        registry.register(_DefaultRegistry())
    registry.register(StateCollector())
    return HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)
