"""The changelist timing that ``bench_admin`` runs in a child process, on production
settings against the seeded scratch database::

    python -m lab.bench.admin_client '[["unfiltered", "", 50]]' 5

For each (label, query string, page size): one warm-up request, then ``repeat`` timed
requests through Django's test client (the full handler, no network). Prints one JSON
line: [[label, per page, median ms, max ms, queries], ...].
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import django


def measure(cases: list[list], repeat: int) -> list[list]:
    # Imported once django.setup() has run: they need the app registry.
    from django.contrib import admin
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from triage.models import InboundEmail

    # The registered instance, wherever the admin module defines its class.
    model_admin = admin.site.get_model_admin(InboundEmail)
    user, _ = User.objects.get_or_create(username="bench", defaults={"is_staff": True,
                                                                      "is_superuser": True})
    client = Client()
    client.force_login(user)
    out = []
    for label, query, per_page in cases:
        model_admin.list_per_page = per_page
        url = "/triage/inboundemail/" + query
        client.get(url)  # warm caches and the plan
        times, queries = [], 0
        for _ in range(repeat):
            with CaptureQueriesContext(connection) as ctx:
                t = time.perf_counter()
                response = client.get(url)
                times.append((time.perf_counter() - t) * 1000)
            if response.status_code != 200:
                raise RuntimeError(f"{url}: HTTP {response.status_code}")
            queries = len(ctx.captured_queries)
        out.append([label, per_page, statistics.median(times), max(times), queries])
    return out


def main(argv: list[str]) -> None:
    django.setup()
    print(json.dumps(measure(json.loads(argv[1]), int(argv[2]))))


if __name__ == "__main__":
    main(sys.argv)
