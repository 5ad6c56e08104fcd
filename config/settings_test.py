"""Test settings: the lab settings with a fast password hasher. Every test that logs a
person in creates users first, and PBKDF2's deliberate slowness (hundreds of
thousands of rounds per password) was most of the suite's set-up time. Only pytest
uses this module (pyproject); the demo, the lab commands and production keep
Django's slow hashers.

Under pytest-xdist every worker process (``PYTEST_XDIST_WORKER``: gw0, gw1, ...) has
services of its own, so no test sees another's queue, counters or files. pytest-django
names its test database; here, before the settings read the environment, worker N
takes the Redis database REDIS_URL names plus N, a DATA_DIR of its own (the
content-addressed attachment files live there) and a Prometheus multiprocess folder of
its own (beside the one the environment names: pytest's own process sets it).
They go into the environment, so every process a test starts (Celery workers,
``manage.py``) uses the same ones; ``TRIAGE_TEST_WORKER`` says they were derived, and
such a process, importing this module again, keeps them.
"""

import os
from pathlib import Path
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured


def worker_redis_url(url: str, worker: str) -> str:
    """REDIS_URL for xdist worker ``worker`` ("gw2": the database number plus 2)."""
    parts = urlsplit(url)
    if parts.scheme not in {"redis", "rediss"} or parts.query:
        raise ImproperlyConfigured(f"xdist workers need REDIS_URL as redis://host:port/N, "
                                   f"not {url!r}")
    db = int(parts.path.strip("/") or 0) + int(worker.removeprefix("gw"))
    return parts._replace(path=f"/{db}").geturl()


_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _worker and os.environ.get("TRIAGE_TEST_WORKER") != _worker:
    if os.environ.get("REDIS_URL"):
        os.environ["REDIS_URL"] = worker_redis_url(os.environ["REDIS_URL"], _worker)
    _data = Path(os.environ.get("TRIAGE_DATA_DIR")
                 or Path(__file__).resolve().parent.parent / "data")
    os.environ["TRIAGE_DATA_DIR"] = str(_data / f"xdist-{_worker}")
    for _name in ("PROMETHEUS_MULTIPROC_DIR", "TRIAGE_ATTACHMENT_DIR"):
        if os.environ.get(_name):  # named outside DATA_DIR: a folder per worker beside it
            os.environ[_name] = f"{os.environ[_name]}-{_worker}"
    os.environ["TRIAGE_TEST_WORKER"] = _worker

from config.settings_lab import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
