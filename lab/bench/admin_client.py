"""The changelist timing that ``bench_admin`` runs in a child process, on production
settings against the seeded scratch database::

    python -m lab.bench.admin_client '[["unfiltered", "inboundemail", "", 100]]' 5

For each (label, model, query string, page size): one warm-up request, then ``repeat``
timed requests through Django's test client (the full handler, no network), each with
the time its SQL took (Django's own per-query timing) and so the rest, the page's own
work (mostly rendering the rows). Prints one JSON line: a list of
{label, per_page, total: [ms...], sql: [ms...], queries, results}.
"""

from __future__ import annotations

import json
import sys
import time

import django


def measure(cases: list[list], repeat: int) -> list[dict]:
    # Imported once django.setup() has run: they need the app registry.
    from django.apps import apps
    from django.contrib import admin
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    user, _ = User.objects.get_or_create(username="bench", defaults={"is_staff": True,
                                                                      "is_superuser": True})
    client = Client()
    client.force_login(user)
    out = []
    for label, model, query, per_page in cases:
        # The registered instance, wherever the admin module defines its class.
        model_admin = admin.site.get_model_admin(apps.get_model("triage", model))
        model_admin.list_per_page = per_page
        url = f"/triage/{model}/{query}"
        client.get(url)  # warm caches and the plan
        totals, sqls, queries, results = [], [], 0, 0
        for _ in range(repeat):
            with CaptureQueriesContext(connection) as ctx:
                t = time.perf_counter()
                response = client.get(url)
                totals.append((time.perf_counter() - t) * 1000)
            if response.status_code != 200:
                raise RuntimeError(f"{url}: HTTP {response.status_code}")
            sqls.append(sum(float(q["time"]) for q in ctx.captured_queries) * 1000)
            queries = len(ctx.captured_queries)
            results = response.context_data["cl"].result_count
        out.append({"label": label, "model": model, "per_page": per_page, "total": totals,
                    "sql": sqls, "queries": queries, "results": results})
    return out


def main(argv: list[str]) -> None:
    django.setup()
    print(json.dumps(measure(json.loads(argv[1]), int(argv[2]))))


if __name__ == "__main__":
    main(sys.argv)
