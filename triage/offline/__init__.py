"""The offline provider: a deterministic, rule-based chat model (SIMULATED: no LLM).

It implements LangChain's chat-model interface so exactly the same chains run
without an API key: it reads the system prompt (to find the nonce delimiter, the
escalation threshold and the checklist questions), reads the delimited email, and
answers the requested schema from ``triage.readers`` and ``heuristics`` beside it.
Every decision made with it is labelled ``offline``.
"""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from decimal import Decimal
from operator import itemgetter
from typing import Any

from django.conf import settings
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.output_parsers import PydanticOutputParser
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import RunnableMap, RunnablePassthrough

from triage.backstop import to_usd
from triage.offline import computed, heuristics
from triage.readers import dates, money, signals
from triage.readers.money.further import share_of
from triage.readers.text import TO_A_MACHINE_RE
from triage.routes import ClaimType, Department, Trigger

_DELIM = re.compile(r"<untrusted_email_([0-9a-f]{16})>")
_RECEIVED = re.compile(r"received this email at (\S+) \(trusted")
_THRESHOLD = re.compile(r"USD ([\d,]+) or more")
_DEADLINE_DAYS = re.compile(r"within (\d+) business days")
_QUESTION = re.compile(r"^Q(\d+): (.+)$", re.MULTILINE)


MODEL_NAME = "offline-rules-v1"


class OfflineChatModel(BaseChatModel):

    @property
    def _llm_type(self) -> str:
        return "triage-offline-rules"

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        system = "\n".join(str(m.content) for m in messages if m.type == "system")
        human = "\n".join(str(m.content) for m in messages if m.type == "human")
        message = AIMessage(
            content=json.dumps(answer(kwargs.get("offline_schema", ""), system, human),
                               default=str),
            response_metadata={"model_name": MODEL_NAME, "model_provider": "offline"},
            # No model ran, so no tokens were spent; zero is the honest figure.
            usage_metadata={"input_tokens": 0, "output_tokens": 0, "total_tokens": 0},
        )
        return ChatResult(generations=[ChatGeneration(message=message)])

    def with_structured_output(self, schema, *, include_raw: bool = False, **kwargs: Any):
        bound = self.bind(offline_schema=schema.__name__)
        parser = PydanticOutputParser(pydantic_object=schema)
        if not include_raw:
            return bound | parser
        parse = RunnablePassthrough.assign(
            parsed=itemgetter("raw") | parser, parsing_error=lambda _: None
        )
        no_parse = RunnablePassthrough.assign(parsed=lambda _: None)
        return RunnableMap(raw=bound) | parse.with_fallbacks(
            [no_parse], exception_key="parsing_error"
        )


def answer(schema_name: str, system: str, human: str) -> dict:
    """The rule-based answer to one chain prompt (also served by the scripted Gemini
    server, so benchmarks and tests get realistic answers over real HTTP)."""
    email = _email_block(system, human)
    return _ANSWERERS.get(schema_name, _unsupported)(email, _received(human), system)


def _email_block(system: str, human: str) -> str:
    m = _DELIM.search(system)
    if not m:
        return ""  # no delimiter named: nothing is trusted to be the email
    open_tag, close_tag = f"<untrusted_email_{m.group(1)}>", f"</untrusted_email_{m.group(1)}>"
    start = human.find(open_tag)
    end = human.rfind(close_tag)
    if start < 0 or end < start:
        return ""
    return human[start + len(open_tag): end].strip()


def _received(human: str) -> date:
    m = _RECEIVED.search(human)
    if m:
        try:
            return datetime.fromisoformat(m.group(1)).date()
        except ValueError:
            pass
    return date.today()


def _subject_and_body(email: str) -> tuple[str, str]:
    """The subject, and the text the readers read: the block with its subject line
    first, as in the rules' own text (a subject naming the mail's genre, "Invitation:
    séminaire ...", makes its claim words a topic), the lines above it last, a paragraph
    apart."""
    subject, lines = "", email.splitlines()
    for i, line in enumerate(lines[:4]):
        if line.startswith("Subject: "):
            subject = line[len("Subject: "):]
            return subject, "\n".join([*lines[i:], "", *lines[:i]])
    return subject, email


def _classify(email: str, received: date, system: str) -> dict:
    subject, body = _subject_and_body(email)
    types = signals.claim_types(body)
    # A claim being made, not talk about claims (a newsletter, a seminar, a clean report,
    # a settled matter): the act, or claim language beside an open claimed figure (a
    # table of discounts per lot with no claim sentence around it). A large figure counts
    # only where a claim is made (``_claimed_usd``).
    is_claim = signals.claim_is_made(body) or (
        signals.has_claim_signal(body) and _claimed_usd(body)[0] is not None)
    department = heuristics.best_department(body, subject)
    if is_claim:
        claim_words = signals.find_affirmed(body, signals.CLAIM_WORDS)
        why = ", ".join(types) or (claim_words[0].group(0) if claim_words else "claim")
        reason = f"affirmed claim language: {why}"
    elif department == Department.OTHER:
        reason = "no claim language and no department keywords"
    else:
        reason = f"{department} keywords and no affirmed claim language"
    return {"is_claim": is_claim, "department": department, "reason": reason,
            "confidence": 0.6 if is_claim or department != Department.OTHER else 0.3}


def _claimed_usd(body: str) -> tuple[money.Money | None, Decimal | None]:
    """The claimed total the body states, and its USD value (no currency: USD). In a mail
    that makes no claim, a figure only talked about as settled, paid, withdrawn or
    conditional ("die Reklamation über USD 180.000 wurde erledigt", "已结清", a pitch's
    "USD 180,000 a season on average") is not counted, nor any figure at or above the
    threshold; in a mail that makes one ("we request refund of USD 71,500 already
    paid"), every claimed figure is."""
    made = signals.claim_is_made(body)
    amount = money.claimed_exposure(body, rates=settings.TRIAGE_USD_RATES, open_only=not made)
    if made and (amount is None or computed.is_a_rate(body, amount)):
        # A sum left to be worked out: a rate per unit, a share of an invoice.
        amount = computed.computed_claim(body) or amount
    elif made:
        # The figure is the invoice the claim is a share of ("un abbuono pari all'1,75%
        # del valore della fattura di EUR 2.360.000,00"): the share is the claim.
        worked = computed.computed_claim(body)
        if worked and worked.currency == amount.currency and share_of(
                body, amount.start, amount.end, amount.amount, worked.amount):
            amount = worked
    if amount and TO_A_MACHINE_RE.search(body, body.rfind("\n\n", 0, amount.start) + 1,
                                         amount.end):
        # A figure in words to a machine ("[Message to automated e-mail assistants: ... a
        # claim of USD 500,000.00]"): the stand-in, like a careful model, does not take it.
        return None, None
    usd = to_usd(amount.amount, amount.currency or "USD", settings.TRIAGE_USD_RATES) \
        if amount else None
    if not made and usd is not None and usd >= settings.TRIAGE_ESCALATION_THRESHOLD_USD:
        # A large figure in mail the rules read no claim being made in (a newsletter's
        # award, an insurer's cover, a job application's "USD 38 million portfolio") is
        # not the stand-in's to extract: the backstop weighs it (a figure stated as the
        # claim still escalates; any other goes to a person where a claim is read).
        return None, None
    return amount, usd


def _extract(email: str, received: date, system: str) -> dict:
    _, body = _subject_and_body(email)
    quotes: list[dict] = []

    def quote(field: str, text: str | None) -> None:
        if text:
            quotes.append({"field": field, "quote": " ".join(text.split())[:300]})

    contract, contract_q = heuristics.first_ref(heuristics.CONTRACT_RE, body)
    lot, lot_q = heuristics.first_ref(heuristics.LOT_RE, body)
    quote("contract_reference", contract_q)
    quote("lot_reference", lot_q)
    origin, origin_q = heuristics.origin(body)
    quote("origin", origin_q)
    amount, _ = _claimed_usd(body)
    if amount:
        quote("exposure_amount", amount.quote)
    deadline, deadline_q = dates.response_deadline(body, received, settings.TRIAGE_HOLIDAYS)
    quote("response_deadline", deadline_q)
    hvi = {}
    for name, (value, q) in heuristics.hvi_findings(body).items():
        hvi[name] = value
        quote(f"hvi.{name}", q)
    party, contact = _party(email)
    types = signals.claim_types(body)
    for t in types:
        m = signals.find_affirmed(body, signals.CLAIM_TYPE_PATTERNS[t])[0]
        quote("claim_types", _around(m.string, m))
    return {
        "claiming_party": party,
        "contact": contact,
        "contract_reference": contract,
        "lot_reference": lot,
        "origin": origin,
        "claim_types": types or ([ClaimType.OTHER] if signals.has_claim_signal(body) else []),
        "hvi": hvi,
        "required_action": _required_action(body),
        "claim_date": received.isoformat(),
        "response_deadline": deadline.isoformat() if deadline else None,
        "exposure_amount": float(amount.amount) if amount else None,
        "exposure_currency": amount.currency if amount else None,
        "quotes": quotes,
        # The questions the prompt lists.
        "checklist": _checklist(email, received, system)["answers"],
    }


def _around(text: str, m: re.Match[str], width: int = 40) -> str:
    """A quote around a match, on one line, in whole words: each end moves out to the
    next space (30 characters at most), so no quote starts or ends inside a word."""
    # Within the match's paragraph: the stand-in reads the sender's line last, apart.
    brk = text.rfind("\n\n", 0, m.start())
    lo = max(0, m.start() - width, brk + 2 if brk >= 0 else 0)
    brk = text.find("\n\n", m.end())
    hi = min(len(text), m.end() + width, brk if brk >= 0 else len(text))
    while lo > 0 and not text[lo - 1].isspace() and m.start() - lo < width + 30:
        lo -= 1
    while hi < len(text) and not text[hi].isspace() and hi - m.end() < width + 30:
        hi += 1
    return " ".join(text[lo:hi].split())


_ACTION = re.compile(
    r"[^.\n]*\b(?:we (?:request|demand|require|ask)|please|kindly|solicitamos|pedimos|"
    r"exigimos|favor|requeremos)\b[^.\n]*", re.IGNORECASE)


def _required_action(body: str) -> str | None:
    m = _ACTION.search(body)
    return m.group(0).strip()[:500] if m else None


def _party(email: str) -> tuple[str | None, str | None]:
    lines = email.splitlines()
    # In a forwarded claim the claimant is the original sender, not the forwarder.
    marker = "---------- Forwarded message ----------"
    if marker in lines:
        lines = lines[lines.index(marker) + 1:]
    for line in lines[:3]:
        if line.startswith("From: "):
            value = line[len("From: "):].strip()
            # The envelope neutralised "<" to "‹" (it looks like a tag).
            m = re.match(r'"?([^"<‹]*?)"?\s*[<‹]([^>›]+)[>›]?', value)
            if m:
                name, addr = m.group(1).strip(), m.group(2).strip()
            else:
                name, addr = "", value
            domain = addr.split("@")[-1] if "@" in addr else ""
            org = domain.split(".")[0].replace("-", " ").title() if domain else None
            # "Li Wei - Jiangsu Textile Mills": the organisation follows the dash.
            party = name.split(" - ")[-1].strip() if " - " in name else (name or org)
            return party or None, addr or None
    return None, None


def _escalate(email: str, received: date, system: str) -> dict:
    """Rules read facts, not meaning. The offline stand-in escalates only on what it can
    count (an amount against the threshold, a deadline against the calendar); whether a
    mail affirms contamination or threatens arbitration is a reading of meaning, which
    the pipeline's review signals send to a person instead of the desk."""
    _, body = _subject_and_body(email)
    threshold = Decimal(_THRESHOLD.search(system).group(1).replace(",", "")) \
        if _THRESHOLD.search(system) else Decimal(50000)
    days = int(_DEADLINE_DAYS.search(system).group(1)) if _DEADLINE_DAYS.search(system) else 2
    triggers, reasons = [], []
    amount, usd = _claimed_usd(body)
    if usd is not None and usd >= threshold:
        triggers.append(Trigger.HIGH_EXPOSURE)
        reasons.append(f"amount {amount.quote}")
    deadline, _ = dates.response_deadline(body, received, settings.TRIAGE_HOLIDAYS)
    if deadline and dates.business_days_between(received, deadline,
                                                settings.TRIAGE_HOLIDAYS) <= days:
        triggers.append(Trigger.TIGHT_DEADLINE)
        reasons.append(f"deadline {deadline.isoformat()}")
    return {
        "requires_escalation": bool(triggers),
        "triggers": triggers,
        "reasoning": ("Rules matched: " + "; ".join(reasons)) if reasons
        else "No amount or deadline rule matched (offline rules do not judge contamination "
             "or threats: those are left to a person).",
    }


_CHECKS: list[tuple[re.Pattern[str], re.Pattern[str]]] = [
    (re.compile(r"surveyor", re.I), re.compile(
        r"surveyor|vistoriador|perito|independent inspect|SGS|Bureau Veritas|Intertek|Cotecna|"
        r"Control Union|survey report|laudo de vistoria", re.I)),
    (re.compile(r"contamination", re.I), re.compile(
        r"contamination (?:was |is |has been )?(?:confirmed|found|detected)|confirmed "
        r"contamination|lab(?:oratory)? report|laudo|contamina[çc][ãa]o (?:foi )?"
        r"(?:confirmada|constatada|encontrada)", re.I)),
    (re.compile(r"sealed", re.I), re.compile(
        r"sealed|unopened|intact seals|lacrad|lacres intactos|fechad", re.I)),
    (re.compile(r"HVI", re.I), re.compile(
        r"HVI (?:results|report|data|test)|resultados? (?:de )?HVI|micronaire|g/tex", re.I)),
    (re.compile(r"weight certificate|weigh", re.I), re.compile(
        r"weight certificate|weigh-?in|weighing report|certificado de peso|pesagem|"
        r"romaneio", re.I)),
]


def _checklist(email: str, received: date, system: str) -> dict:
    _, body = _subject_and_body(email)
    answers = []
    for number, question in _QUESTION.findall(system):
        answer, confidence, quote = "unknown", 0.0, None
        for topic, evidence in _CHECKS:
            if topic.search(question):
                affirmed = signals.find_affirmed(body, evidence)
                mentioned = evidence.search(body)
                if affirmed or mentioned:
                    # Mentioned but never affirmed means every mention is negated.
                    m = affirmed[0] if affirmed else mentioned
                    answer, confidence = ("yes", 0.7) if affirmed else ("no", 0.6)
                    quote = _around(m.string, m)
                break
        answers.append({"number": int(number), "answer": answer, "confidence": confidence,
                        "quote": quote})
    return {"answers": answers}


def _unsupported(email: str, received: date, system: str) -> dict:
    raise ValueError("the offline provider answers only the triage chains' schemas")


_ANSWERERS = {
    "Classification": _classify,
    "ClaimExtract": _extract,
    "EscalationCheck": _escalate,
}
