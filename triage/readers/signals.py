"""Claim and bank-change signals, negation-aware. Explicit patterns, no NLP: a reading
of meaning that may send mail to a person, never escalate it by itself."""

from __future__ import annotations

import re

_NEGATORS = re.compile(
    r"\b(?:no|not|without|free of|free from|none|never|nor|zero|sem|não|nao|nenhum|nenhuma|"
    r"livre de|isento de|isenta de|ausência de|ausencia de|absence of)\b",
    re.IGNORECASE,
)
_NEG_AFTER = re.compile(
    r"\b(?:was|were|is|are|has been|have been)\s+(?:not|never)\b|\bnot\s+(?:found|detected|"
    r"observed|present)|\bnão\s+(?:foi|foram|houve|há|ha|existe|existem|encontr|detect|"
    r"constat)|\bnao\s+(?:foi|foram|houve)|\bnegative\b|\bnegativo\b|\bruled out\b|\bdescartad",
    re.IGNORECASE,
)
_CLAUSE_BREAK = re.compile(r"[.;:!?\n]|,\s|\b(?:but|however|although|mas|porém|porem|contudo|"
                           r"entretanto|embora|except)\b", re.IGNORECASE)


def _clause_around(text: str, start: int, end: int) -> tuple[str, str]:
    before = text[max(0, start - 80):start]
    breaks = list(_CLAUSE_BREAK.finditer(before))
    if breaks:
        before = before[breaks[-1].end():]
    after = text[end:end + 80]
    brk = _CLAUSE_BREAK.search(after)
    if brk:
        after = after[:brk.start()]
    return before, after


def is_negated(text: str, start: int, end: int) -> bool:
    before, after = _clause_around(text, start, end)
    if _NEGATORS.search(before):
        # "no doubt the contamination" style phrases are rare in this domain; a
        # negator in the same clause before the term negates it.
        return True
    return bool(_NEG_AFTER.search(after))


def find_affirmed(text: str, pattern: re.Pattern[str]) -> list[re.Match[str]]:
    """Matches of ``pattern`` that are not negated in their clause."""
    return [m for m in pattern.finditer(text) if not is_negated(text, m.start(), m.end())]


def words(*alternatives: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")", re.IGNORECASE)


CLAIM_TYPE_PATTERNS: dict[str, re.Pattern[str]] = {
    "contamination": words(
        r"contaminat", r"contamina[çc][ãa]o", r"contaminad", r"foreign (?:matter|material|fib)",
        r"mat[ée]ria estranha", r"polypropylene", r"polipropileno", r"plastic", r"pl[áa]stic",
        r"jute\b", r"juta\b", r"\bpp (?:fib|strand|string)",
    ),
    "quality_hvi": words(
        r"micronaire", r"\bmic\b", r"staple length", r"comprimento de fibra", r"\bHVI\b",
        r"fib(?:re|er) strength", r"resist[êe]ncia", r"uniformity", r"uniformidade",
        r"leaf grade", r"grau de folha", r"colou?r grade", r"\bquality claim", r"qualidade",
        r"off[- ]grade", r"below (?:contract|the contracted) (?:grade|quality)",
    ),
    "weight_shortfall": words(
        r"weight shortfall", r"short[- ]?weight", r"shortfall", r"underweight",
        r"weight (?:loss|difference|discrepanc|claim)", r"falta de peso", r"quebra de peso",
        r"diferen[çc]a de peso", r"perda de peso", r"peso (?:a menos|inferior|faltante)",
        r"kg (?:short|missing|less)", r"missing (?:bales|weight)",
    ),
    "moisture": words(r"moisture", r"umidade", r"wet bales", r"fardos molhados"),
    "late_shipment": words(r"late shipment", r"delayed shipment", r"atraso no embarque",
                            r"embarque atrasado"),
}

CLAIM_WORDS = words(
    r"claim", r"reclama[çc][ãa]o", r"reclama[çc][õo]es", r"indemni", r"indeniza",
    r"compensation", r"ressarcimento", r"arbitration", r"arbitragem", r"\bICA\b",
    r"dispute", r"disputa", r"debit note", r"nota de d[ée]bito",
)
ARBITRATION_WORDS = words(
    r"arbitration", r"arbitragem", r"\bICA\b", r"International Cotton Association",
    r"legal action", r"a[çc][ãa]o judicial", r"lawyer", r"advogad", r"court", r"tribunal",
    r"lawsuit", r"processo judicial", r"litig",
)
CANCELLATION_WORDS = words(r"cancel(?:l?ation)? (?:of )?(?:the )?contract",
                            r"terminate the contract", r"cancelamento do contrato",
                            r"rescis[ãa]o", r"rescind")


def claim_types(text: str) -> list[str]:
    return [name for name, pat in CLAIM_TYPE_PATTERNS.items() if find_affirmed(text, pat)]


def has_claim_signal(text: str) -> bool:
    """An affirmed claim word or claim type. Deterministic, so a persuaded classifier
    cannot wave a contamination claim through as a routine forward."""
    return bool(find_affirmed(text, CLAIM_WORDS) or claim_types(text))


BANK_CHANGE = re.compile(
    r"\b(?:new|changed?|updated?|different)\s+(?:bank(?:ing)?\s+(?:details|account)|account\s+"
    r"details|remittance\s+details|IBAN|beneficiary)|\bbank\s+(?:details|account)\s+(?:has|have)"
    r"\s+changed|\b(?:novos?|nova)\s+(?:dados\s+banc[áa]rios|conta(?:\s+banc[áa]ria)?)"
    r"|altera[çc][ãa]o\s+(?:de|da|dos)\s+(?:conta|dados\s+banc[áa]rios)",
    re.IGNORECASE)


def bank_change_signal(text: str) -> str:
    """The words of a request to pay to different bank details, or ''."""
    m = BANK_CHANGE.search(text)
    return m.group(0) if m else ""
