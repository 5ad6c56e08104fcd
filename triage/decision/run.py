"""Run the chains for one email and decide (nothing stored: the service stores it).

Claim emails: classification, then extraction (which answers the qualification
checklist too) and escalation check concurrently, then the backstop: 3 calls in 2
sequential rounds. Every failure fails closed: an escalation found by the backstop
still escalates; anything else goes to a human.

Who decides what: the model interprets (claim or not, contamination, threats) and may
escalate; the backstop escalates on objective facts read from the full text; the
rules' readings of meaning that contradict the model are *review signals* and send the
email to a person (``needs_review``), never to the desk by themselves (``route.py``).

``decide`` is the one way in: it builds the model, its spec and the config from the
settings. ``run_chains`` takes them as given (the evaluation, the benchmarks).
"""

from __future__ import annotations

import json
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from pydantic import BaseModel, ValidationError

from triage import backstop
from triage.chains import classification, escalation, extraction
from triage.chains.llm import ChainError, ModelSpec, build_model, classify_exception, model_spec
from triage.chains.untrusted import prompt_inputs, wrap
from triage.correspondents import known_correspondents, own_domains
from triage.decision import grounding
from triage.decision import route as routing
from triage.decision.input import RULES_MAX_CHARS, EmailInput
from triage.decision.record import CallRecord, Decision
from triage.readers import signals
from triage.readers.language import unread_claim_language
from triage.routes import Code, Route, reason

__all__ = ["Config", "build_model", "decide", "model_spec", "run_chains"]


@dataclass(frozen=True)
class Config:
    policy: backstop.Policy
    questions: list[str]
    max_calls: int
    max_chars: int
    # Our own and the counterparts' domains: a sender passing for one goes to a person.
    known_domains: tuple[str, ...] = ()
    # The mailbox's correspondents (``triage.correspondents``), known the same way.
    correspondents: tuple[str, ...] = ()
    senders_known = property(lambda self: (*self.known_domains, *self.correspondents))

    @classmethod
    def from_settings(cls, *, history: bool = True) -> Config:
        """The one way the product builds its pipeline config: from Django settings and
        (``history``: the lab and tests without a database go without) the correspondents."""
        return cls(
            policy=backstop.Policy(
                threshold_usd=settings.TRIAGE_ESCALATION_THRESHOLD_USD,
                rates=settings.TRIAGE_USD_RATES,
                deadline_business_days=settings.TRIAGE_DEADLINE_BUSINESS_DAYS,
                holidays=settings.TRIAGE_HOLIDAYS, time_zone=settings.TIME_ZONE,
            ),
            questions=settings.TRIAGE_CHECKLIST_QUESTIONS,
            max_calls=settings.TRIAGE_MAX_LLM_CALLS_PER_EMAIL,
            max_chars=settings.TRIAGE_MAX_CHAIN_INPUT_CHARS,
            known_domains=tuple(dict.fromkeys((*own_domains(),
                                               *settings.TRIAGE_COUNTERPART_DOMAINS))),
            correspondents=known_correspondents() if history else (),
        )


class _Budget:
    def __init__(self, limit: int) -> None:
        self.limit, self.used = limit, 0

    def take(self, n: int) -> dict:
        """{} when the calls fit the budget (and are counted), else the error's reason."""
        if self.used + n > self.limit:
            return reason(Code.CALL_BUDGET_EXCEEDED, calls=self.used + n, limit=self.limit)
        self.used += n
        return {}


def _call(chain_module, model, spec: ModelSpec, inputs: dict) -> tuple[BaseModel | None,
                                                                      CallRecord]:
    record = CallRecord(chain_module.NAME, spec.provider, spec.model_name,
                        chain_module.PROMPT_VERSION)
    started = time.perf_counter()
    try:
        result = chain_module.build(model).invoke(inputs)
        raw = result.get("raw")
        usage = getattr(raw, "usage_metadata", None) or {}
        record.input_tokens = int(usage.get("input_tokens") or 0)
        record.output_tokens = int(usage.get("output_tokens") or 0)
        parsed = _strict_parse(chain_module.SCHEMA, raw)
        record.output = parsed.model_dump(mode="json")
        return parsed, record
    except Exception as exc:  # noqa: BLE001 - every failure is recorded and classified
        err = classify_exception(exc)
        record.error, record.transient = f"{chain_module.NAME}: {err}", err.transient
        record.failure = reason(Code.CHAIN_FAILED, chain=chain_module.NAME, kind=err.what,
                                detail=str(err)[:2000])
        return None, record
    finally:
        record.latency_ms = int((time.perf_counter() - started) * 1000)


def _result(future: Future, chain_module, spec: ModelSpec,
            deadline: float | None) -> tuple[BaseModel | None, CallRecord]:
    """The call's outcome, or a transient failure once the time budget is spent."""
    timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
    try:
        return future.result(timeout=timeout)
    except FuturesTimeout:
        return None, CallRecord(chain_module.NAME, spec.provider, spec.model_name,
                                chain_module.PROMPT_VERSION, transient=True,
                                error=f"{chain_module.NAME}: the run's time budget ran out; "
                                      f"call abandoned",
                                failure=reason(Code.CHAIN_OUT_OF_TIME, chain=chain_module.NAME))


def _strict_parse(schema: type[BaseModel], raw) -> BaseModel:
    """Validate the model's text ourselves. LangChain's parser repairs truncated JSON
    ("partial" parsing), so a cut-off answer would validate with defaults and a
    missing exposure amount would look like no exposure; here it fails closed."""
    content = getattr(raw, "content", "")
    if isinstance(content, list):
        content = "".join(p.get("text", "") if isinstance(p, dict) else str(p) for p in content)
    text = str(content).strip()
    if text.startswith("```"):
        text = text.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ChainError(f"output failed validation: not valid JSON ({exc.msg}) "
                         f"(raw: {text[:300]!r})", transient=False,
                         what="invalid_output") from exc
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        errors = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}"
                           for e in exc.errors()[:5])
        raise ChainError(f"output failed validation: {errors}", transient=False,
                         what="invalid_output") from exc


def run_chains(email: EmailInput, *, model, spec: ModelSpec, config: Config,
               deadline: float | None = None) -> Decision:
    """``deadline`` (``time.monotonic()``): a call still running then is abandoned as a
    transient failure, so the run returns within its time budget whatever the pool the
    worker runs on (the threads pool enforces no time limit of its own)."""
    # No ``with``: its exit joins the threads, past the time budget and past the soft
    # time limit's exception; an abandoned call ends on its own HTTP timeout.
    pool = ThreadPoolExecutor(max_workers=2)
    try:
        return _run(email, pool, model=model, spec=spec, config=config, deadline=deadline)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _run(email: EmailInput, pool: ThreadPoolExecutor, *, model, spec: ModelSpec,
         config: Config, deadline: float | None) -> Decision:
    decision = Decision(route=Route.NEEDS_REVIEW, provider=spec.provider,
                        model_name=spec.model_name)
    budget = _Budget(config.max_calls)
    # The rules read all of it (``EmailInput.rules_reading``); the model a bounded copy.
    text, part_starts, unread = email.rules_reading()

    def inputs(extra: dict | None = None) -> dict:
        envelope = wrap(email, max_chars=config.max_chars)
        return {**prompt_inputs(email, envelope, time_zone=config.policy.time_zone),
                **(extra or {})}

    def keep(parsed: BaseModel | None, record: CallRecord) -> BaseModel | None:
        decision.calls.append(record)
        if record.error:
            decision.errors.append(record.failure)
            if record.transient and not decision.transient_error:
                decision.transient_error = record.error
        return parsed

    def calls(*jobs: tuple[Any, dict | None]) -> list[BaseModel | None]:
        """One round: every job submitted at once, each result awaited within the
        run's time budget."""
        futures = [(module, pool.submit(_call, module, model, spec, inputs(extra)))
                   for module, extra in jobs]
        decision.rounds += 1
        return [keep(*_result(future, module, spec, deadline)) for module, future in futures]

    def over_budget(n: int) -> bool:
        error = budget.take(n)
        if error:
            decision.errors.append(error)
        return bool(error)

    # Round 1: classification.
    if over_budget(1):
        return _finish(decision)
    [cls] = calls((classification, None))
    model_is_claim = cls.is_claim if cls is not None else None
    if cls is not None:
        decision.classification = cls.model_dump(mode="json")
        decision.department = cls.department
    # Claim language the model did not see as a claim: the claim path still runs, so the
    # facts (amount, deadline) are checked against the extraction; the contradiction only
    # sends the mail to a person, when the rules read a claim being made (signals below).
    lookalikes = signals.sender_lookalikes(email.senders, config.senders_known)
    language = None if model_is_claim else unread_claim_language(
        email.subject, text, written=email.rules_text[:RULES_MAX_CHARS])
    made = signals.claim_is_made(text)
    worded = made or signals.has_claim_signal(text)
    decision.is_claim = True if (model_is_claim or made) else model_is_claim
    decision.claim_signal_override = made and not model_is_claim
    facts = {"text": text, "part_starts": part_starts, "model_claim": model_is_claim,
             "figures_ours": signals.claim_received(text)}
    if not (model_is_claim or worded):
        # Neither the model nor the rules read a claim, but an amount stated as the
        # claim at or above the threshold is a fact on any route: it escalates here too.
        result = _backstop(decision, None, email, config, **facts, read_deadlines=False)
        if not (result.escalate or result.review):
            decision.exposure_usd = None  # a routine mail's figures are nobody's exposure
        decision.backstop_overrode = result.escalate
        decision.review_signals = routing.review_signals(
            text, model_is_claim=model_is_claim, model_escalates=result.escalate, unread=unread,
            lookalikes=lookalikes, language=language, figures=result.review, hidden=email.hidden)
        return _finish(decision, escalate=result.escalate)

    # Round 2: extraction (with the checklist, by default) and the escalation check,
    # concurrently. The escalation check stays a call of its own on the raw text: one
    # persuaded answer cannot both hide the facts and wave the claim through.
    if over_budget(2):
        return _finish(decision, escalate=_backstop(decision, None, email, config,
                                                    **facts).escalate)
    ext, esc = calls(
        (extraction, {"checklist": extraction.checklist_section(config.questions)}),
        (escalation, {"threshold_usd": f"{config.policy.threshold_usd:,.0f}",
                      "deadline_days": str(config.policy.deadline_business_days)}))

    result = _backstop(decision, ext, email, config, **facts)
    # A quote may come from what the model read (its headers too) or any part.
    decision.grounding = grounding.ground(
        decision.claim, wrap(email, max_chars=config.max_chars).block + "\n" + text)
    if esc is not None:
        decision.model_escalation = esc.model_dump(mode="json")
        decision.model_triggers = [str(t) for t in esc.triggers] or (
            [reason(Code.MODEL_REQUIRED)] if esc.requires_escalation else [])
    model_says = bool(esc and esc.requires_escalation)
    decision.escalate, decision.backstop_overrode = routing.combine(model_says, result)
    decision.review_signals = routing.review_signals(
        text, model_is_claim=model_is_claim, model_escalates=decision.escalate,
        unread=unread, model_claim_types=_weighed_types(ext, spec, decision.grounding),
        unsupported=grounding.unsupported(decision.grounding, grounding.ROUTING_FIELDS),
        lookalikes=lookalikes, language=language, hidden=email.hidden,
        figures=[] if decision.escalate else result.review)
    if decision.escalate:
        decision.route = Route.ESCALATED
        return decision
    if decision.errors or not decision.is_claim or routing.holds(
            decision.review_signals, model_is_claim=model_is_claim):
        # A failure or a signal a ticket does not carry: a person; no claim: a forward.
        return _finish(decision)

    decision.checklist = _checklist_rows(ext.checklist, config.questions)
    decision.route = routing.route(failed=False, is_claim=True, escalate=False)
    return decision


def _backstop(decision: Decision, ext, email: EmailInput, config: Config, *, text: str,
              part_starts: tuple[int, ...], model_claim: bool | None,
              figures_ours: bool = False, read_deadlines: bool = True
              ) -> backstop.BackstopResult:
    """The objective facts: the extraction's figures checked against the email's own."""
    amount = currency = deadline = None
    if ext is not None:
        decision.claim = ext.model_dump(mode="json", exclude={"checklist"})
        amount = Decimal(str(ext.exposure_amount)) if ext.exposure_amount is not None else None
        currency = ext.exposure_currency
        deadline = ext.response_deadline
    result = backstop.evaluate(
        extracted=backstop.Exposure(amount, currency), deadline=deadline,
        received_at=email.received_at, email_text=text, policy=config.policy,
        read_deadlines=read_deadlines, model_claim=model_claim, part_starts=part_starts,
        figures_ours=figures_ours)
    decision.exposure_amount = amount
    decision.exposure_currency = currency or ""
    decision.response_deadline = result.deadline
    decision.backstop_triggers = result.triggers
    decision.exposure_usd = result.exposure_usd
    return result


def _weighed_types(ext, spec: ModelSpec, grounded: dict[str, str]) -> list[str]:
    """The claim types a model weighed. The offline stand-in names them with the rules'
    own words and judges none (no contamination escalates there): it has weighed
    nothing, so the rules' readings still send its claims to a person. Types quoted
    from words not in the email were not weighed either."""
    if ext is None or spec.provider == "offline" or grounded.get("claim_types") == \
            grounding.NOT_FOUND:
        return []
    return list(ext.claim_types)


def _checklist_rows(answers: list, questions: list[str]) -> list[dict]:
    """One row per configured question; a question the model skipped is unknown."""
    by_number = {a.number: a for a in answers}
    rows = []
    for i, question in enumerate(questions, 1):
        a = by_number.get(i)
        rows.append({
            "number": i, "question": question,
            "answer": a.answer if a else "unknown",
            "confidence": a.confidence if a else 0.0,
            "quote": a.quote if a else None,
        })
    return rows


def _finish(decision: Decision, *, escalate: bool | None = None) -> Decision:
    """Fail closed: an escalation stands (including one the objective facts raise when
    the claim path could not finish); a failure, an unknown claim status or a review
    signal goes to a person, never to an automatic forward."""
    if escalate is not None:
        decision.escalate = escalate
    decision.route = routing.route(failed=bool(decision.errors), is_claim=decision.is_claim,
                                    escalate=decision.escalate,
                                    review=bool(decision.review_signals))
    return decision


def decide(email: EmailInput, *, spec: ModelSpec | None = None, model=None,
           config: Config | None = None, deadline: float | None = None) -> Decision:
    """The product's one way into a decision: today's model, spec and config from the
    settings unless given. A model that cannot be built fails closed to a person."""
    spec = spec or model_spec()
    try:
        model = model or build_model(spec)
    except ChainError as exc:
        return Decision(route=Route.NEEDS_REVIEW, provider=spec.provider,
                        model_name=spec.model_name,
                        errors=[reason(Code.MODEL_UNAVAILABLE, detail=str(exc)[:2000])])
    return run_chains(email, model=model, spec=spec, config=config or Config.from_settings(),
                      deadline=deadline)
