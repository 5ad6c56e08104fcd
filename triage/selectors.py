"""Read queries the admin and commands share. No writes here."""

from __future__ import annotations

import json
from datetime import date, datetime, time, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import (
    BooleanField,
    Count,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
)
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from triage.models import (
    ESCALATION_OPEN,
    EmailEvent,
    Escalation,
    InboundEmail,
    Reply,
    Status,
    Ticket,
    Tombstone,
    TriageRun,
)
from triage.quality import KINDS, Event, Outcome, Run, outcomes, quality_table
from triage.quality.outcomes import CORRECTED
from triage.readers.dates import business_days_between
from triage.services.tickets import EDITABLE_FIELDS


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


def colleagues(codename: str) -> QuerySet:
    """Active staff who hold a triage permission (through a group, directly, or as a
    superuser): whom an item of that kind can be handed over to."""
    has = (Q(groups__permissions__codename=codename)
           & Q(groups__permissions__content_type__app_label="triage")) | \
        (Q(user_permissions__codename=codename)
         & Q(user_permissions__content_type__app_label="triage"))
    users = get_user_model().objects.filter(is_active=True, is_staff=True)
    return users.filter(has | Q(is_superuser=True)).distinct().order_by("username")


COUNT_EXACT_UP_TO = 10_000  # a changelist counts exactly up to here, estimates above


def capped_count(queryset, *, cap: int = COUNT_EXACT_UP_TO) -> int:
    """Exact up to ``cap`` rows; above it, PostgreSQL's estimate of the query's rows
    (never less than the cap). A filtered count over a big mailbox (a quarter of a
    million escalations) is otherwise a scan on every changelist page."""
    # Only the ids are counted: an annotation (a search's rank) is not computed for
    # every counted row.
    capped = queryset.order_by().values("pk")[: cap + 1].count()
    return capped if capped <= cap else planned_count(queryset, more_than=cap)


def planned_count(queryset, *, more_than: int) -> int:
    """The rows of a query already known to match more than ``more_than``: PostgreSQL's
    estimate (never less than ``more_than + 1``), without reading them; elsewhere (the
    SQLite demo) the exact count."""
    if connection.vendor != "postgresql":
        return queryset.count()
    return max(more_than + 1, planned_rows(queryset))


def planned_rows(queryset) -> int:
    """PostgreSQL's estimate of a query's rows (``EXPLAIN``: planned, not run). A query
    Django knows matches nothing (``.none()``, ``pk__in=[]``: a filter that lists no
    email) is never sent, so it has no plan: none of its rows, 0."""
    explained = queryset.order_by().explain(format="json")
    if not explained:
        return 0
    return int(json.loads(explained)[0]["Plan"]["Plan Rows"])


def status_counts() -> dict[str, int]:
    counts = dict(InboundEmail.objects.values_list("status").annotate(n=Count("id")))
    return {value: counts.get(value, 0) for value in Status.values}


def business_days_left(deadline: date | None) -> int | None:
    """Business days from today (in ``TIME_ZONE``) to ``deadline``, skipping the
    configured holidays: negative once it has passed, None when no deadline was stated."""
    if deadline is None:
        return None
    return business_days_between(timezone.localdate(), deadline, settings.TRIAGE_HOLIDAYS)


def time_left_class(days: int | None) -> str:
    """The CSS class of a deadline's urgency: overdue, today, tomorrow (business days)."""
    if days is None or days > 1:
        return ""
    return {0: "triage-today", 1: "triage-tomorrow"}.get(days, "triage-overdue")


def pending_escalations(limit: int = 10) -> list[dict]:
    """The desk's open escalations, least time left first (no deadline last, then the
    oldest)."""
    rows = (Escalation.objects.filter(state__in=ESCALATION_OPEN)
            .select_related("email", "assignee")
            .order_by(F("response_deadline").asc(nulls_last=True), "created_at")[:limit])
    out = []
    for esc in rows:
        days = business_days_left(esc.response_deadline)
        out.append({"escalation": esc, "days_left": days, "css": time_left_class(days)})
    return out


def backstop_share() -> dict[str, int | float | None]:
    """Of the runs that escalated, how many did the backstop raise over the model's
    answer."""
    totals = TriageRun.objects.filter(escalation_required=True).aggregate(
        total=Count("id"), backstop=Count("id", filter=Q(backstop_overrode=True)))
    total = totals["total"] or 0
    return {"total": total, "backstop": totals["backstop"] or 0,
            "share": (totals["backstop"] / total) if total else None}


def drafts_awaiting_approval() -> QuerySet[Ticket]:
    """Drafts claims staff can approve: the ticket's own state, not the email's (an
    approved ticket's email stays 'ticket'); a draft whose email was escalated waits for
    no one."""
    return Ticket.objects.filter(state=Ticket.State.DRAFT).exclude(email__status=Status.ESCALATED)


def awaiting_second_desk() -> QuerySet[Escalation]:
    """Open escalations whose closing a desk member asked for and a second one must
    confirm (what the backstop raised)."""
    return Escalation.objects.filter(state__in=ESCALATION_OPEN).filter(
        Q(resolution_requested_by__isnull=False) | Q(dismissal_requested_by__isnull=False))


def _sent_after(ticket_field: str):
    """A sent reply to the ticket's email, written after the ticket's decision."""
    return Reply.objects.filter(email_id=OuterRef("email_id"), state=Reply.State.SENT,
                                created_at__gte=OuterRef(ticket_field))


def decisions_to_send() -> QuerySet[Ticket]:
    """Approved tickets whose decision no one has sent to the claimant yet (no reply
    sent from the email since the approval)."""
    return Ticket.objects.filter(state=Ticket.State.APPROVED).exclude(
        Exists(_sent_after("decided_at")))


def awaiting_claimant() -> QuerySet[InboundEmail]:
    """Emails we replied to whose sender has not answered since our last reply."""
    sent = Reply.objects.filter(email_id=OuterRef("pk"), state=Reply.State.SENT)
    last = sent.order_by("-created_at").values("created_at")[:1]
    answered = InboundEmail.objects.filter(reply_to_email_id=OuterRef("pk"),
                                           received_at__gt=OuterRef("last_reply"))
    return InboundEmail.objects.filter(Exists(sent)).annotate(
        last_reply=Subquery(last)).exclude(Exists(answered))


def _counts(rows: QuerySet, user, mine: Q | None = None) -> dict[str, int | None]:
    """Total, "mine" (assigned to ``user``, unless ``mine`` says otherwise) and
    "unassigned" (None where no one is assigned such an item)."""
    if mine is not None:
        return {**rows.aggregate(total=Count("pk"), mine=Count("pk", filter=mine)),
                "unassigned": None}
    return rows.aggregate(total=Count("pk"), mine=Count("pk", filter=Q(assignee=user)),
                          unassigned=Count("pk", filter=Q(assignee__isnull=True)))


def queues(user) -> list[dict]:
    """What waits for this person's group(s), each with its total, "mine" and
    "unassigned" counts and the changelist that lists it."""
    out = []
    if user.has_perm("triage.resolve_escalation"):
        out.append({"key": "desk", "label": _("Escalations waiting for the desk"),
                    "url": "admin:triage_escalation_changelist",
                    "query": "state__in=pending,acknowledged",
                    **_counts(Escalation.objects.filter(state__in=ESCALATION_OPEN), user)})
        out.append({"key": "second-desk",
                    "label": _("Escalations awaiting a second desk member's confirmation"),
                    "url": "admin:triage_escalation_changelist", "query": "second=waiting",
                    **_counts(awaiting_second_desk(), user)})
    if user.has_perm("triage.approve_ticket"):
        out.append({"key": "claims", "label": _("Ticket drafts awaiting approval"),
                    "url": "admin:triage_ticket_changelist", "query": "awaiting=yes",
                    **_counts(drafts_awaiting_approval(), user)})
        out.append({"key": "to-send",
                    "label": _("Approved tickets whose decision is not yet sent"),
                    "url": "admin:triage_ticket_changelist", "query": "awaiting=send",
                    **_counts(decisions_to_send(), user)})
    if user.has_perm("triage.reply_email") or user.has_perm("triage.resolve_escalation"):
        out.append({"key": "claimant", "label": _("Replies awaiting the claimant's answer"),
                    "url": "admin:triage_inboundemail_changelist", "query": "waiting=claimant",
                    "mine_query": "waiting=claimant-mine",
                    # "mine": the replies this person wrote.
                    **_counts(awaiting_claimant(), user, mine=Q(Exists(Reply.objects.filter(
                        email_id=OuterRef("pk"), author=user, state=Reply.State.SENT))))})
    if user.has_perm("triage.decide_manually"):
        for status, label in ((Status.NEEDS_REVIEW, _("Emails that need review")),
                              (Status.FAILED, _("Failed emails"))):
            out.append({"key": status, "label": label,
                        "url": "admin:triage_inboundemail_changelist",
                        "query": f"status__exact={status}",
                        **_counts(InboundEmail.objects.filter(status=status), user)})
    return out


def dashboard(user=None) -> dict:
    counts = status_counts()
    labels = {Status.TICKET: _("Routed to a ticket (any ticket state)")}
    return {
        "queues": queues(user) if user is not None else [],
        "status_counts": [(labels.get(value, Status(value).label), value, n)
                          for value, n in counts.items()],
        Status.NEEDS_REVIEW.value: counts[Status.NEEDS_REVIEW],
        Status.FAILED.value: counts[Status.FAILED],
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


# --- decision quality ----------------------------------------------------------------

_RUN_FIELDS = ("pk", "email_id", "provider", "route", "department", "started_at", "is_claim",
               "backstop_overrode", "backstop_triggers", "review_signals", "failed")


def _codes(reasons: list | None, *, nested: bool = False) -> tuple[str, ...]:
    """The codes of stored reasons (a correction's: the triggers inside them)."""
    items = [r.get("trigger") if nested else r for r in reasons or [] if isinstance(r, dict)]
    return tuple(str(r["code"]) for r in items if isinstance(r, dict) and r.get("code"))


def _quality_rows(start: datetime) -> tuple[dict[int, Run], list[Event]]:
    """The runs started since ``start`` and the audit rows a verdict is read from:
    two queries, whatever the number of emails."""
    runs = {}
    rows = (TriageRun.objects.filter(started_at__gte=start).exclude(route="")
            .annotate(failed=ExpressionWrapper(~Q(errors=[]), output_field=BooleanField()))
            .values(*_RUN_FIELDS))
    for row in rows.iterator(chunk_size=2000):
        manual = row["provider"] == "manual"
        runs[row["pk"]] = Run(
            pk=row["pk"], email_id=row["email_id"], provider=row["provider"],
            route=row["route"], department=row["department"],
            day=timezone.localdate(row["started_at"]), is_claim=row["is_claim"],
            backstop_overrode=row["backstop_overrode"],
            backstop=() if manual else _codes(row["backstop_triggers"]),
            signals=_codes(row["review_signals"]), failed=bool(row["failed"]),
            corrected_triggers=_codes(row["backstop_triggers"], nested=True) if manual else ())
    events = [
        Event(email_id, kind, (data or {}).get("run") if isinstance(data, dict) else None,
              tuple(after) if kind == CORRECTED and isinstance(after, dict) else ())
        for email_id, kind, data, after in
        EmailEvent.objects.filter(created_at__gte=start, kind__in=KINDS)
        .order_by("email_id", "created_at", "id")
        .values_list("email_id", "kind", "data", "after").iterator(chunk_size=5000)]
    return runs, events


def _day_start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def decision_outcomes(since: date) -> list[Outcome]:
    """Every decision made since the local day ``since``, with staff's verdict as it
    stands now (``triage.quality.outcomes``)."""
    runs, events = _quality_rows(_day_start(since))
    return outcomes(events, runs)


def quality_report(since: date, until: date) -> dict:
    """The quality table (``triage.quality.table``) of the decisions made from
    ``since`` to ``until``, local days both included, with staff's verdicts as they stand
    now: the page, ``manage.py triage_quality`` and the ``/metrics`` gauges read this."""
    return quality_table(decision_outcomes(since), since=since, until=until,
                         fields=EDITABLE_FIELDS)


def quality_emails(report: dict, cell: str) -> set[int]:
    """The emails behind one figure of ``report``, without the erased ones: an erasure
    keeps the figure and takes the email out of every list behind it."""
    ids = set(report["cells"].get(cell, ()))
    erased = Tombstone.objects.filter(stage=Tombstone.Stage.CONTENT, email_id__in=ids)
    return ids - set(erased.values_list("email_id", flat=True))


def quality_window(days: int, *, today: date | None = None) -> tuple[date, date]:
    """The last ``days`` local days, today included."""
    today = today or timezone.localdate()
    return today - timedelta(days=days - 1), today
