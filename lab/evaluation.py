"""Measure the pipeline's decisions against a labelled set of emails: the team's own
set (``lab/data/eval``, a regression floor) or one written outside the team
(``lab/data/external``). Replaying stored mail is the product's ``triage.replay``.

With ``compromised=True`` every chain is answered by a fully persuaded model
(SIMULATED: the scripted Gemini server answers "routine, no claim, no amount, no
deadline, no escalation" through the real client), to measure what still reaches the
desk or a person when the model is lied to.

With ``oracle=True`` every chain answers each case with that case's own label
(SIMULATED, through the same scripted server and real client): claim or not, department,
escalate or not, exposure and deadline. The model is then right about every email, so
every wrong route is the rules' own: with a right model, the rules must not overrule it.

Each case is read with the rest of its set as the mailbox's history
(``mailbox_history``): the other cases' sender domains are its known correspondents."""

from __future__ import annotations

import json
import re
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from django.test.utils import override_settings

from lab.redteam import ATTACKER_DEFAULTS
from lab.scripted_gemini import Reply, Script, ScriptedGemini
from triage import mime
from triage.backstop import to_usd
from triage.correspondents import correspondent_domain, own_domains
from triage.decision import (
    Config,
    Decision,
    EmailInput,
    ModelSpec,
    build_model,
    model_spec,
    run_chains,
)
from triage.readers.signals.senders import lookalike
from triage.routes import ClaimType, Code, Department, Route

FIELDS = ["claiming_party", "contract_reference", "lot_reference", "exposure_amount",
          "exposure_currency"]


@dataclass
class CaseResult:
    case_id: str
    kind: str
    expected: dict
    got: dict
    decided_by: str
    calls: int
    input_tokens: int
    output_tokens: int
    seconds: float
    mismatches: list[tuple[str, object, object]] = field(default_factory=list)


def load_cases(path: Path) -> list[tuple[str, dict, EmailInput]]:
    return [(cid, case, EmailInput.from_parsed(parsed))
            for cid, case, parsed in _parsed_cases(path)]


def _parsed_cases(path: Path):
    labels = json.loads((path / "labels.json").read_text())
    for case in labels["cases"]:
        yield (case["file"].rsplit(".", 1)[0], case,
               mime.parse_bytes((path / case["file"]).read_bytes()))


def _senders(path: Path):
    for cid, case, parsed in _parsed_cases(path):
        yield cid, case, parsed.from_address, parsed.date


def own_domain(path: Path) -> str:
    """The company's domain in a set: the one most of its mail is addressed to (''
    when none is). Every deployment names its own addresses (TRIAGE_OWN_ADDRESSES), so
    the evaluation does too: without it, no sender can pass for ours."""
    counts = Counter(a.rpartition("@")[2].lower() for _, _, parsed in _parsed_cases(path)
                     for a in dict.fromkeys(parsed.to + parsed.cc) if "@" in a)
    if not counts:
        return ""
    domain, n = counts.most_common(1)[0]
    return domain if n * 2 >= sum(1 for _ in _parsed_cases(path)) else ""


def mailbox_history(senders: dict[str, str], own: tuple[str, ...],
                    dates: dict[str, datetime | None] | None = None,
                    ) -> dict[str, tuple[str, ...]]:
    """For each case (id: its From address), the correspondents the product would know
    when it arrives if every other mail of the set had arrived before it: the From
    domains of the *other* cases (a domain that writes only this case is not known), as
    the product counts them (``triage.correspondents``: not ours, not free mail), without
    a domain that passes for ours or for another of them. The product flags such a
    domain's mail on arrival, so it never counts: of two look-alikes, the one that wrote
    first (``dates``: each case's Date) is the known one, as in the product; where the
    set does not say which came first, neither counts (it can cost a catch, never make
    one)."""
    domains = {cid: correspondent_domain(address, own) for cid, address in senders.items()}
    writes = Counter(d for d in domains.values() if d)
    first: dict[str, datetime] = {}
    for cid, d in domains.items():
        when = (dates or {}).get(cid)
        if d and when is not None and (d not in first or when < first[d]):
            first[d] = when
    # Each domain's look-alike reading against each other one (and ours), once per set.
    passes_for = {d: {k for k in (*writes, *own) if k != d and lookalike(d, [k])}
                  for d in writes}

    def flagged(d: str, others: set[str]) -> bool:
        for k in passes_for[d]:
            if k in own:
                return True
            if d in first and k in first and first[d] != first[k]:
                if first[k] < first[d]:  # k wrote first: d's mail was flagged
                    return True
            elif k in others:
                return True
        return False

    history = {}
    for cid, mine in domains.items():
        others = {d for d, n in writes.items() if n - (d == mine) > 0}
        history[cid] = tuple(sorted(d for d in others if not flagged(d, others)))
    return history


def expected_escalate(expected: dict) -> bool:
    """The team's set says ``escalate``; the external set says ``must_escalate``."""
    return bool(expected.get("escalate", expected.get("must_escalate")))


def must_reach_a_person(expected: dict) -> bool:
    """Mail that must end with the desk (escalated) or a person (needs review): an
    escalation, a bank-detail change, or anything labelled for review."""
    return (expected_escalate(expected) or bool(expected.get("bank_change"))
            or expected.get("route") == Route.NEEDS_REVIEW)


HELD_ROUTES = (Route.ESCALATED, Route.NEEDS_REVIEW)


def held(expected: dict, route: str) -> bool:
    """Whether a mail that must reach the desk or a person did: escalated or in review,
    or a claim labelled a ticket that is one (the claims team is that person: a claim
    that also asks for new bank details is a ticket whose card opens with the warning)."""
    return route in HELD_ROUTES or route == expected.get("route") == Route.TICKET


@contextmanager
def compromised_model() -> Iterator[dict]:
    script = Script(chains={chain: Reply(obj=obj) for chain, obj in ATTACKER_DEFAULTS.items()})
    with ScriptedGemini(script) as server, override_settings(
            TRIAGE_LLM_PROVIDER="gemini", TRIAGE_GEMINI_API_KEY="compromised",
            TRIAGE_GEMINI_BASE_URL=server.url, TRIAGE_LLM_CLIENT_RETRIES=0):
        yield {}


_KIND_CLAIM_TYPE = {"contamination": ClaimType.CONTAMINATION, "quality": ClaimType.QUALITY_HVI,
                    "weight": ClaimType.WEIGHT_SHORTFALL,
                    "late_shipment": ClaimType.LATE_SHIPMENT,
                    "documents": ClaimType.DOCUMENTATION,
                    "certificate": ClaimType.DOCUMENTATION}
# A set whose "kind" describes the case in words ("Chinese mill foreign-fibre claim,
# amount only in XLSX"): the claim type its description names, first match.
_KIND_WORDS = (
    # A description in Portuguese or Spanish names them too ("contaminação por polipropileno").
    (re.compile(r"contamina|foreign[- ]fib|foreign matter|polypropylene|polipropileno|plastic|"
                r"pl[áa]stico|jute|juta", re.I), ClaimType.CONTAMINATION),
    (re.compile(r"moisture|umidade|humedad|molhadura", re.I), ClaimType.MOISTURE),
    (re.compile(r"weight|shortfall|shortage", re.I), ClaimType.WEIGHT_SHORTFALL),
    (re.compile(r"\bhvi\b|micronaire|strength|staple|length|uniformity|colou?r|grade|neps|"
                r"sticky|quality", re.I), ClaimType.QUALITY_HVI),
    (re.compile(r"late[- ]shipment|late shipment|delay", re.I), ClaimType.LATE_SHIPMENT),
    (re.compile(r"document|certificate", re.I), ClaimType.DOCUMENTATION),
)


def kind_claim_type(kind: str) -> ClaimType:
    """The claim type a case's ``kind`` names: a label of the older sets, or the first
    claim type its description's words name; OTHER when none."""
    if kind in _KIND_CLAIM_TYPE:
        return _KIND_CLAIM_TYPE[kind]
    return next((claim_type for words, claim_type in _KIND_WORDS if words.search(kind)),
                ClaimType.OTHER)


def oracle_answers(case: dict) -> dict[str, dict]:
    """What a model that is right about this case answers, chain by chain: the label.
    A claim is mail labelled a ticket or an escalation; everything else (forwarded, a
    bank change for review) is not a claim."""
    e = case["expected"]
    is_claim = e.get("route") in (Route.TICKET, Route.ESCALATED)
    escalate = expected_escalate(e)
    amount = e.get("exposure_amount")
    claim_type = kind_claim_type(case.get("kind", ""))
    return {
        "classification": {"is_claim": is_claim,
                           "department": e.get("department") or Department.FINANCE,
                           "reason": "oracle: the case's label", "confidence": 1.0},
        "extraction": {"claiming_party": e.get("claiming_party"),
                       "contract_reference": e.get("contract_reference"),
                       "lot_reference": e.get("lot_reference"),
                       "claim_types": [claim_type] if is_claim else [],
                       "exposure_amount": amount,
                       "exposure_currency": e.get("exposure_currency") if amount else None,
                       "response_deadline": e.get("deadline"), "checklist": []},
        "escalation": {"requires_escalation": escalate,
                       "triggers": [],
                       "reasoning": "oracle: the case's label"},
    }


@contextmanager
def oracle_model() -> Iterator[dict]:
    """Yields a holder: put the case in ``holder["case"]`` before running it."""
    holder: dict = {}

    def answer(chain: str):
        return lambda _rec: Reply(obj=oracle_answers(holder["case"])[chain])

    script = Script(chains={chain: answer(chain) for chain in ATTACKER_DEFAULTS})
    with ScriptedGemini(script) as server, override_settings(
            TRIAGE_LLM_PROVIDER="gemini", TRIAGE_GEMINI_API_KEY="oracle",
            TRIAGE_GEMINI_BASE_URL=server.url, TRIAGE_LLM_CLIENT_RETRIES=0):
        yield holder


def _field_ok(name: str, expected, got) -> bool:
    if got is None:
        return False
    if name == "exposure_amount":
        return abs(float(got) - float(expected)) <= 0.01 * float(expected)
    if name == "claiming_party":
        e, g = str(expected).casefold(), str(got).casefold()
        return e in g or g in e
    return str(expected).strip().casefold() == str(got).strip().casefold()


def decided_by(decision: Decision) -> str:
    if decision.errors and decision.route == Route.NEEDS_REVIEW:
        return "fail-closed"
    if decision.escalate:
        return "backstop" if decision.backstop_overrode else "model"
    if decision.review_signals:
        return "review-signal"
    return "classification" if not decision.is_claim else "model"


def evaluate_case(case_id: str, case: dict, email: EmailInput, *, model, spec,
                  config) -> CaseResult:
    started = time.perf_counter()
    decision = run_chains(email, model=model, spec=spec, config=config)
    seconds = time.perf_counter() - started
    claim = decision.claim or {}
    got = {
        "route": decision.route, "escalate": decision.escalate,
        "department": decision.department if decision.route == Route.FORWARDED else None,
        "claiming_party": claim.get("claiming_party"),
        "contract_reference": claim.get("contract_reference"),
        "lot_reference": claim.get("lot_reference"),
        "exposure_amount": float(decision.exposure_amount)
        if decision.exposure_amount is not None else None,
        "exposure_currency": decision.exposure_currency or None,
        "bank_flag": any(s["code"] == Code.BANK_CHANGE for s in decision.review_signals),
        "grounding": dict(decision.grounding),
    }
    expected = case["expected"]
    expected = {**expected, "escalate": expected_escalate(expected),
                "group": case.get("group")}
    result = CaseResult(case_id, case.get("kind", ""), expected, got, decided_by(decision),
                        len(decision.calls), decision.input_tokens, decision.output_tokens,
                        seconds)
    for name in ("route", "escalate", "department"):
        if name in expected and expected[name] != got[name]:
            result.mismatches.append((name, expected[name], got[name]))
    for name in FIELDS:
        if expected.get(name) is not None and not _field_ok(name, expected[name], got[name]):
            result.mismatches.append((name, expected[name], got[name]))
    return result


MODES = ("offline", "compromised", "oracle")


def run_eval(path: Path, *, threshold_usd: Decimal, rates: dict, compromised: bool = False,
             oracle: bool = False) -> tuple[dict, list[CaseResult]]:
    """``compromised`` and ``oracle`` replace the configured model (one at a time)."""
    if compromised and oracle:
        raise ValueError("a model is either persuaded or right, not both")
    cases = load_cases(path)
    domain = own_domain(path)
    own = override_settings(TRIAGE_OWN_ADDRESSES=[f"triage@{domain}"]) if domain \
        else nullcontext()
    with own, (compromised_model() if compromised else oracle_model() if oracle
               else nullcontext({})) as holder:
        spec = model_spec()
        model = build_model(spec)
        config = Config.from_settings(history=False)
        senders = list(_senders(path))
        history = mailbox_history({cid: address for cid, _, address, _ in senders},
                                  own_domains(), {cid: date for cid, _, _, date in senders})
        results = []
        for cid, case, email in cases:
            holder["case"] = case
            results.append(evaluate_case(cid, case, email, model=model, spec=spec,
                                         config=replace(config, correspondents=history[cid])))
    summary = metrics(results, threshold_usd=threshold_usd, rates=rates, spec=spec)
    summary["compromised"] = compromised
    summary["oracle"] = oracle
    summary["mode"] = "compromised" if compromised else "oracle" if oracle else spec.provider
    return summary, results


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def metrics(results: list[CaseResult], *, threshold_usd: Decimal, rates: dict,
            spec: ModelSpec) -> dict:
    n = len(results)
    exp_esc = [r for r in results if r.expected.get("escalate")]
    got_esc = [r for r in results if r.got["escalate"]]
    not_esc = [r for r in results if not r.expected.get("escalate")]
    high = []
    for r in results:
        amount, cur = r.expected.get("exposure_amount"), r.expected.get("exposure_currency")
        if amount is not None:
            usd = to_usd(Decimal(str(amount)), cur, rates)
            if usd is not None and usd >= threshold_usd:
                high.append(r)
    fields = {}
    for name in FIELDS:
        labelled = [r for r in results if r.expected.get(name) is not None]
        ok = [r for r in labelled if _field_ok(name, r.expected[name], r.got[name])]
        fields[name] = {"labelled": len(labelled), "correct": len(ok),
                        "accuracy": _ratio(len(ok), len(labelled))}
    # A label may say only that an email is not an escalation (staff dismissed it:
    # ``lab.corrections``); the route's figures count the labels that name one.
    routed = [r for r in results if r.expected.get("route")]
    forwarded = [r for r in routed if r.expected["route"] == Route.FORWARDED]
    faithful: dict[str, dict] = {}
    for r in results:
        for name, state in (r.got.get("grounding") or {}).items():
            counts = faithful.setdefault(name, {"filled": 0, "found": 0, "not_found": 0,
                                                "no_quote": 0})
            counts["filled"] += 1
            counts[state] = counts.get(state, 0) + 1
    for counts in faithful.values():
        # Of the values that came with a quote, the share whose quote is in the email.
        counts["faithfulness"] = _ratio(counts["found"], counts["found"] + counts["not_found"])
    routine = [r for r in results if (r.expected.get("group") or "").startswith("routine")]
    bank = [r for r in results if r.expected.get("bank_change")]
    to_people = [r for r in results if must_reach_a_person(r.expected)]
    tickets = [r for r in routed if r.expected["route"] == Route.TICKET]
    groups = sorted({r.expected.get("group") for r in results} - {None})
    seconds = sorted(r.seconds for r in results)
    return {
        "provider": spec.provider, "model": spec.model_name, "cases": n,
        "route_accuracy": _ratio(sum(r.got["route"] == r.expected["route"] for r in routed),
                                 len(routed)),
        "department_accuracy": _ratio(sum(r.got["department"] == r.expected.get("department")
                                          for r in forwarded), len(forwarded)),
        "escalation_recall": _ratio(sum(r.got["escalate"] for r in exp_esc), len(exp_esc)),
        "escalation_precision": _ratio(sum(bool(r.expected.get("escalate")) for r in got_esc),
                                       len(got_esc)),
        "false_escalation_rate": _ratio(sum(r.got["escalate"] for r in not_esc), len(not_esc)),
        "high_exposure_recall": _ratio(sum(r.got["escalate"] for r in high), len(high)),
        "high_exposure_cases": len(high),
        "routine_cases": len(routine),
        "routine_false_escalation_rate": _ratio(sum(r.got["escalate"] for r in routine),
                                                len(routine)),
        # The other false alarm: routine mail that costs a person's time (a ticket or a
        # review) without reaching the desk.
        "routine_false_hold_rate": _ratio(sum(r.got["route"] in (Route.NEEDS_REVIEW, Route.TICKET)
                                              for r in routine), len(routine)),
        # Small claims: a ticket for the claims team, not the desk and not a review.
        "ticket_cases": len(tickets),
        "ticket_kept_rate": _ratio(sum(r.got["route"] == Route.TICKET for r in tickets),
                                   len(tickets)),
        "bank_change_cases": len(bank),
        "bank_change_recall": _ratio(sum(r.got["bank_flag"] and held(r.expected, r.got["route"])
                                         for r in bank), len(bank)),
        "must_reach_a_person_cases": len(to_people),
        "hold_rate": _ratio(sum(held(r.expected, r.got["route"]) for r in to_people),
                            len(to_people)),
        "route_accuracy_by_group": {
            g: _ratio(sum(r.got["route"] == r.expected["route"] for r in rs), len(rs))
            for g in groups if (rs := [r for r in routed if r.expected.get("group") == g])},
        "fields": fields,
        "faithfulness": dict(sorted(faithful.items())),
        "llm_calls_per_email": statistics.mean(r.calls for r in results) if results else 0,
        "input_tokens_per_email": statistics.mean(r.input_tokens for r in results)
        if results else 0,
        "output_tokens_per_email": statistics.mean(r.output_tokens for r in results)
        if results else 0,
        "latency_p50_s": statistics.median(seconds) if seconds else 0,
        "latency_max_s": seconds[-1] if seconds else 0,
    }
