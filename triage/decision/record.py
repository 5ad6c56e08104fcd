"""What a decision is: the route, who decided what, and every model call made on the way
(no database: ``services/runs.py`` stores it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any


@dataclass
class CallRecord:
    chain: str
    provider: str
    model_name: str
    prompt_version: str
    output: dict | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    latency_ms: int = 0
    error: str = ""  # the technical text, for the call's own row
    transient: bool = False
    failure: dict | None = None  # the error as the run's reason (``routes.reason``)


@dataclass
class Decision:
    route: str
    provider: str
    model_name: str
    is_claim: bool | None = None
    department: str = ""
    claim_signal_override: bool = False
    classification: dict | None = None
    claim: dict | None = None
    model_escalation: dict | None = None
    escalate: bool = False
    # The model's Trigger codes; a reason instead when it escalated naming none.
    model_triggers: list[str | dict] = field(default_factory=list)
    # Reasons (``routes.reason``), as every list of why below.
    backstop_triggers: list[dict] = field(default_factory=list)
    backstop_overrode: bool = False
    review_signals: list[dict] = field(default_factory=list)
    exposure_amount: Decimal | None = None
    exposure_currency: str = ""
    exposure_usd: Decimal | None = None
    response_deadline: date | None = None
    checklist: list[dict] = field(default_factory=list)
    # {field: found | not_found | no_quote}: whether each extracted value's quote is in
    # the email (``triage.decision.grounding``).
    grounding: dict[str, str] = field(default_factory=dict)
    errors: list[dict] = field(default_factory=list)
    transient_error: str = ""
    calls: list[CallRecord] = field(default_factory=list)
    rounds: int = 0

    @property
    def input_tokens(self) -> int:
        return sum(c.input_tokens for c in self.calls)

    @property
    def output_tokens(self) -> int:
        return sum(c.output_tokens for c in self.calls)

    def summary(self) -> dict[str, Any]:
        """The JSON shape of ``triage_message --json`` and of ``TriageRun.decision``."""
        claim = dict(self.claim or {})
        claim.update(
            exposure_amount=_num(self.exposure_amount),
            exposure_currency=self.exposure_currency or None,
            exposure_usd=_num(self.exposure_usd),
            response_deadline=self.response_deadline.isoformat()
            if self.response_deadline else None,
        )
        if self.grounding:
            claim.update(grounding=self.grounding, unsupported=[
                f for f, state in self.grounding.items() if state == "not_found"])
        return {
            "route": self.route,
            "is_claim": self.is_claim,
            "department": self.department or None,
            "claim_signal_override": self.claim_signal_override,
            "classification": self.classification,
            "escalation": {
                "required": self.escalate,
                "model_required": (self.model_escalation or {}).get("requires_escalation"),
                "model_triggers": self.model_triggers,
                "model_reasoning": (self.model_escalation or {}).get("reasoning"),
                "backstop_triggers": self.backstop_triggers,
                "backstop_overrode_model": self.backstop_overrode,
            },
            "review_signals": self.review_signals,
            "claim": claim if self.claim is not None or self.exposure_usd is not None else None,
            "checklist": self.checklist,
            "llm": {
                "provider": self.provider,
                "model": self.model_name,
                "calls": len(self.calls),
                "rounds": self.rounds,
                "input_tokens": self.input_tokens,
                "output_tokens": self.output_tokens,
                "prompt_versions": {c.chain: c.prompt_version for c in self.calls},
            },
            "errors": self.errors,
        }


def _num(value: Decimal | None) -> float | None:
    return float(value) if value is not None else None
