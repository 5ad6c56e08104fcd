"""Read queries the admin and commands share. No writes here."""

from __future__ import annotations

import json
from datetime import date

from django.conf import settings
from django.db import connection
from django.db.models import Count, Q, QuerySet

from triage.models import Escalation, InboundEmail, Status, TriageRun
from triage.readers.dates import business_days_between


def estimated_count(model) -> int | None:
    """PostgreSQL's planner estimate of a table's rows (``pg_class.reltuples``): free,
    where ``count(*)`` over a big mailbox is a full scan. None elsewhere."""
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples::bigint FROM pg_class WHERE oid = %s::regclass",
                       [model._meta.db_table])
        row = cursor.fetchone()
    return int(row[0]) if row and row[0] is not None and row[0] >= 0 else None


def capped_count(queryset, *, cap: int = 10_000) -> int:
    """Exact up to ``cap`` rows; above it, PostgreSQL's estimate of the query's rows
    (never less than the cap). A filtered count over a big mailbox (a quarter of a
    million escalations) is otherwise a scan on every changelist page."""
    capped = queryset.order_by()[: cap + 1].count()
    if capped <= cap or connection.vendor != "postgresql":
        return capped if capped <= cap else queryset.count()
    plan = json.loads(queryset.order_by().explain(format="json"))
    return max(cap + 1, int(plan[0]["Plan"]["Plan Rows"]))


def status_counts() -> dict[str, int]:
    counts = dict(InboundEmail.objects.values_list("status").annotate(n=Count("id")))
    return {value: counts.get(value, 0) for value in Status.values}


def business_days_left(deadline: date | None) -> int | None:
    """Business days from today to ``deadline``: negative once it has passed, None when
    no deadline was stated."""
    if deadline is None:
        return None
    return business_days_between(date.today(), deadline)


def pending_escalations(limit: int = 10) -> list[dict]:
    return [{"escalation": esc, "days_left": business_days_left(esc.response_deadline)}
            for esc in (Escalation.objects.filter(state=Escalation.State.PENDING)
                        .select_related("email").order_by("created_at")[:limit])]


def backstop_share() -> dict[str, int | float | None]:
    """Of the runs that escalated, how many did the backstop raise over the model's
    answer."""
    totals = TriageRun.objects.filter(escalation_required=True).aggregate(
        total=Count("id"), backstop=Count("id", filter=Q(backstop_overrode=True)))
    total = totals["total"] or 0
    return {"total": total, "backstop": totals["backstop"] or 0,
            "share": (totals["backstop"] / total) if total else None}


def dashboard() -> dict:
    counts = status_counts()
    return {
        "status_counts": [(Status(value).label, value, n) for value, n in counts.items()],
        "needs_review": counts[Status.NEEDS_REVIEW],
        "failed": counts[Status.FAILED],
        "pending_escalations": pending_escalations(),
        "backstop": backstop_share(),
        "provider": settings.TRIAGE_LLM_PROVIDER,
    }


EXPORT_FIELDS = ["id", "received_at", "from_address", "subject", "message_id", "status",
                 "route", "department", "provider", "model", "escalation_required",
                 "model_triggers", "backstop_triggers", "backstop_overrode", "exposure_amount",
                 "exposure_currency", "exposure_usd", "response_deadline",
                 "contract_reference", "lot_reference", "llm_calls", "input_tokens",
                 "output_tokens"]


def decision_rows(emails: QuerySet[InboundEmail]):
    for email in emails.select_related("current_run").order_by("pk").iterator(chunk_size=500):
        run = email.current_run
        yield {
            "id": email.pk, "received_at": email.received_at.isoformat(),
            "from_address": email.from_address, "subject": email.subject,
            "message_id": email.message_id, "status": email.status,
            "route": run.route if run else "", "department": run.department if run else "",
            "provider": run.provider if run else "", "model": run.model_name if run else "",
            "escalation_required": run.escalation_required if run else None,
            "model_triggers": run.model_triggers if run else [],
            "backstop_triggers": run.backstop_triggers if run else [],
            "backstop_overrode": run.backstop_overrode if run else None,
            "exposure_amount": str(run.exposure_amount) if run and run.exposure_amount is not None
            else None,
            "exposure_currency": run.exposure_currency if run else "",
            "exposure_usd": str(run.exposure_usd) if run and run.exposure_usd is not None
            else None,
            "response_deadline": run.response_deadline.isoformat()
            if run and run.response_deadline else None,
            "contract_reference": run.contract_reference if run else "",
            "lot_reference": run.lot_reference if run else "",
            "llm_calls": run.llm_calls if run else 0,
            "input_tokens": run.input_tokens if run else 0,
            "output_tokens": run.output_tokens if run else 0,
        }
