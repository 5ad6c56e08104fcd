"""Decision runs, the only writer of ``TriageRun`` and ``ChainCall`` rows: the worker's
run (started when it claims the email, finished with the pipeline's decision), a
person's decision (a run of its own, provider ``manual``), and runs that never finished.
The old runs of an email stay on record: a re-triage or a manual decision adds one."""

from __future__ import annotations

from django.utils import timezone

from triage.decision import Decision, ModelSpec
from triage.models import ChainCall, InboundEmail, RunStatus, TriageRun
from triage.routes import Route


def run_start(email: InboundEmail, *, task_id: str, spec: ModelSpec) -> TriageRun:
    """The worker's run, ``running`` until it is finished or abandoned; its attempt is
    the one the claim counted."""
    return TriageRun.objects.create(email=email, attempt=email.triage_attempts, task_id=task_id,
                                    provider=spec.provider, model_name=spec.model_name)


def run_finish(run: TriageRun, decision: Decision, duration_ms: int, *,
               retry: bool) -> None:
    """Store the pipeline's decision and every chain call it made. A run that will be
    retried ends as an error without a route: the retry decides."""
    ChainCall.objects.bulk_create([
        ChainCall(run=run, chain=c.chain, provider=c.provider, model_name=c.model_name,
                  prompt_version=c.prompt_version, output=c.output,
                  input_tokens=c.input_tokens, output_tokens=c.output_tokens,
                  latency_ms=c.latency_ms, error=c.error[:5000])
        for c in decision.calls
    ])
    run.status = RunStatus.ERROR if retry else (
        RunStatus.FAILED_CLOSED if decision.route == Route.NEEDS_REVIEW
        else RunStatus.DONE)
    run.finished_at = timezone.now()
    run.route = "" if retry else decision.route
    run.department = decision.department
    run.is_claim = decision.is_claim
    run.escalation_required = decision.escalate
    run.model_triggers = decision.model_triggers
    run.backstop_triggers = decision.backstop_triggers
    run.review_signals = decision.review_signals
    run.backstop_overrode = decision.backstop_overrode
    run.exposure_amount = decision.exposure_amount
    run.exposure_currency = decision.exposure_currency[:3]
    run.exposure_usd = decision.exposure_usd
    run.response_deadline = decision.response_deadline
    claim = decision.claim or {}
    run.contract_reference = (claim.get("contract_reference") or "")[:100]
    run.lot_reference = (claim.get("lot_reference") or "")[:100]
    run.decision = decision.summary()
    run.errors = decision.errors
    run.llm_calls = len(decision.calls)
    run.input_tokens = decision.input_tokens
    run.output_tokens = decision.output_tokens
    run.duration_ms = duration_ms
    run.save()


def run_record_manual(email: InboundEmail, actor, route: Route, *, decision: dict,
                      department: str = "", **facts) -> TriageRun:
    """A person's decision as a run of its own: provider ``manual``, their name as the
    model, the next attempt number (``status.email_decided`` counts it on the email).
    ``decision`` adds to what the run records (a reason, the correction it came from);
    ``facts`` are the run's figures (exposure, deadline, triggers, references)."""
    return TriageRun.objects.create(
        email=email, attempt=email.triage_attempts + 1, provider="manual",
        model_name=actor.get_username(), status=RunStatus.DONE, finished_at=timezone.now(),
        route=route, department=department if route == Route.FORWARDED else "",
        is_claim=route != Route.FORWARDED, escalation_required=route == Route.ESCALATED,
        decision={"route": route, "manual": True, "by": actor.get_username(), **decision},
        **facts)


def run_abandon(email_id: int, *, why: dict) -> int:
    """End the email's running runs as errors (a retry, a lost worker, giving up):
    the record says why the run has no decision (``why``, a reason)."""
    return TriageRun.objects.filter(email_id=email_id, status=RunStatus.RUNNING).update(
        status=RunStatus.ERROR, finished_at=timezone.now(), errors=[why])
