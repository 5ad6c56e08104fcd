"""Deterministic reading of cotton-trade email, English and Portuguese (pure).

Used by the offline provider (to answer the chains honestly without a model) and by
the backstop (to check what the model extracted against what the email states).
Nothing here is clever NLP: explicit patterns, tested on realistic mail.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation

# --- Money ----------------------------------------------------------------------

_CURRENCY_TOKENS = {
    "usd": "USD", "us$": "USD", "u$s": "USD", "us dollars": "USD", "dollars": "USD",
    "dólares": "USD", "dolares": "USD", "$": "USD",
    "r$": "BRL", "brl": "BRL", "reais": "BRL",
    "eur": "EUR", "€": "EUR", "euros": "EUR", "euro": "EUR",
    "gbp": "GBP", "£": "GBP", "cny": "CNY", "rmb": "CNY", "inr": "INR", "pkr": "PKR",
    "bdt": "BDT", "try": "TRY", "chf": "CHF", "jpy": "JPY", "vnd": "VND",
}
_CUR = r"(?:US\$|U\$S|R\$|USD|BRL|EUR|GBP|CNY|RMB|INR|PKR|BDT|CHF|JPY|VND|TRY|€|£|\$)"
_NUM = r"\d{1,3}(?:[.,\s]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d+)?"
_SCALE = (r"(?:\s*(?:k\b|m\b|mm\b|mn\b|thousand\b|mil\b|million\b|millions\b|milhão\b|milhao\b"
          r"|milhões\b|milhoes\b|bn\b|billion\b|bilhão\b))?")
_WORD_CUR = r"(?:\s*(?:US\s?dollars|dollars|dólares|dolares|reais|euros?))"
_MONEY_RE = re.compile(
    rf"(?P<pre>{_CUR})\s?(?P<n1>{_NUM})(?P<s1>{_SCALE})"
    rf"|(?P<n2>{_NUM})(?P<s2>{_SCALE})\s?(?P<post>{_CUR}|{_WORD_CUR})",
    re.IGNORECASE,
)
_SCALES = {
    "k": 1_000, "thousand": 1_000, "mil": 1_000,
    "m": 1_000_000, "mm": 1_000_000, "mn": 1_000_000, "million": 1_000_000,
    "millions": 1_000_000, "milhão": 1_000_000, "milhao": 1_000_000,
    "milhões": 1_000_000, "milhoes": 1_000_000,
    "bn": 1_000_000_000, "billion": 1_000_000_000, "bilhão": 1_000_000_000,
}


@dataclass(frozen=True)
class Money:
    amount: Decimal
    currency: str | None
    quote: str
    start: int


def parse_number(text: str, *, currency: str | None = None) -> Decimal | None:
    """``180,000.00`` / ``118.300,00`` / ``71.850`` / ``4,2`` -> Decimal.

    The last separator is the decimal one when it is followed by 1-2 digits;
    groups of exactly three digits are thousands (a money amount with three decimals
    is rarer than a thousands group).
    """
    s = text.strip().replace(" ", "").replace("\u00a0", "")
    if not s:
        return None
    last = max(s.rfind("."), s.rfind(","))
    if last == -1:
        digits = s
    else:
        tail = s[last + 1:]
        head = s[:last]
        if len(tail) in (1, 2) or (len(tail) != 3 and len(tail) > 0):
            digits = re.sub(r"[.,]", "", head) + "." + tail
        else:
            digits = re.sub(r"[.,]", "", s)
    try:
        return Decimal(digits)
    except InvalidOperation:
        return None


def find_amounts(text: str) -> list[Money]:
    found: list[Money] = []
    for m in _MONEY_RE.finditer(text):
        raw_cur = (m.group("pre") or m.group("post") or "").strip().lower()
        currency = _CURRENCY_TOKENS.get(re.sub(r"\s+", " ", raw_cur))
        if raw_cur.startswith("us") and "dollar" in raw_cur:
            currency = "USD"
        number = parse_number(m.group("n1") or m.group("n2") or "", currency=currency)
        if number is None:
            continue
        scale = (m.group("s1") or m.group("s2") or "").strip().lower()
        if scale:
            number *= _SCALES.get(scale, 1)
        found.append(Money(number, currency, m.group(0).strip(), m.start()))
    return found


_CLAIM_AMOUNT_CUES = re.compile(
    r"claim|compensation|indemni|damages|exposure|loss|reimburs|we (?:demand|request)|"
    r"total|reclama|indeniza|ressarc|prejuízo|prejuizo|perda|valor|montante|debit note|"
    r"nota de débito|reserv",
    re.IGNORECASE,
)


def claimed_amount(text: str) -> Money | None:
    """The amount the sender claims: the largest amount stated near a claim cue,
    else the largest amount at all. Largest, because understating the first figure
    ("USD 5,000 now, USD 175,000 reserved") must not hide the exposure."""
    amounts = find_amounts(text)
    if not amounts:
        return None
    cued = [
        a for a in amounts
        if _CLAIM_AMOUNT_CUES.search(text[max(0, a.start - 120): a.start + len(a.quote) + 40])
    ]
    return max(cued or amounts, key=lambda a: a.amount)


# --- Negation-aware keyword search ----------------------------------------------

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


def _words(*alternatives: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")", re.IGNORECASE)


CLAIM_TYPE_PATTERNS: dict[str, re.Pattern[str]] = {
    "contamination": _words(
        r"contaminat", r"contamina[çc][ãa]o", r"contaminad", r"foreign (?:matter|material|fib)",
        r"mat[ée]ria estranha", r"polypropylene", r"polipropileno", r"plastic", r"pl[áa]stic",
        r"jute\b", r"juta\b", r"\bpp (?:fib|strand|string)",
    ),
    "quality_hvi": _words(
        r"micronaire", r"\bmic\b", r"staple length", r"comprimento de fibra", r"\bHVI\b",
        r"fib(?:re|er) strength", r"resist[êe]ncia", r"uniformity", r"uniformidade",
        r"leaf grade", r"grau de folha", r"colou?r grade", r"\bquality claim", r"qualidade",
        r"off[- ]grade", r"below (?:contract|the contracted) (?:grade|quality)",
    ),
    "weight_shortfall": _words(
        r"weight shortfall", r"short[- ]?weight", r"shortfall", r"underweight",
        r"weight (?:loss|difference|discrepanc|claim)", r"falta de peso", r"quebra de peso",
        r"diferen[çc]a de peso", r"perda de peso", r"peso (?:a menos|inferior|faltante)",
        r"kg (?:short|missing|less)", r"missing (?:bales|weight)",
    ),
    "moisture": _words(r"moisture", r"umidade", r"wet bales", r"fardos molhados"),
    "late_shipment": _words(r"late shipment", r"delayed shipment", r"atraso no embarque",
                            r"embarque atrasado"),
}

CLAIM_WORDS = _words(
    r"claim", r"reclama[çc][ãa]o", r"reclama[çc][õo]es", r"indemni", r"indeniza",
    r"compensation", r"ressarcimento", r"arbitration", r"arbitragem", r"\bICA\b",
    r"dispute", r"disputa", r"debit note", r"nota de d[ée]bito",
)
ARBITRATION_WORDS = _words(
    r"arbitration", r"arbitragem", r"\bICA\b", r"International Cotton Association",
    r"legal action", r"a[çc][ãa]o judicial", r"lawyer", r"advogad", r"court", r"tribunal",
    r"lawsuit", r"processo judicial", r"litig",
)
CANCELLATION_WORDS = _words(r"cancel(?:l?ation)? (?:of )?(?:the )?contract",
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


# --- Departments ----------------------------------------------------------------

DEPARTMENT_PATTERNS: dict[str, re.Pattern[str]] = {
    "finance": _words(r"invoice", r"fatura", r"factura", r"nota fiscal", r"payment", r"pagamento",
                      r"boleto", r"remittance", r"bank details", r"dados banc[áa]rios",
                      r"statement of account", r"overdue", r"vencid", r"\bIBAN\b", r"SWIFT"),
    "logistics": _words(r"booking", r"vessel", r"container", r"cont[êe]iner", r"navio",
                        r"embarque", r"shipment", r"shipping", r"bill of lading", r"\bB/?L\b",
                        r"\bETA\b", r"\bETD\b", r"port of", r"porto", r"warehouse", r"armaz[ée]m",
                        r"freight", r"frete", r"transit", r"tr[âa]nsito", r"stuffing"),
    "commercial": _words(r"offer", r"oferta", r"quote", r"quotation", r"cota[çc][ãa]o",
                         r"price", r"pre[çc]o", r"proposal", r"proposta", r"\bbid\b",
                         r"availability", r"disponibilidade", r"indication", r"new crop",
                         r"safra", r"purchase", r"compra"),
}


def department_scores(text: str) -> dict[str, int]:
    return {name: len(pat.findall(text)) for name, pat in DEPARTMENT_PATTERNS.items()}


_INVOICE = _words(r"invoice", r"fatura", r"factura", r"nota fiscal", r"boleto", r"debit note",
                  r"credit note", r"statement of account")


def best_department(text: str, subject: str = "") -> str:
    """An invoice named in the subject is finance's, whatever it is for (a freight
    invoice mentions vessels and bookings). Otherwise subject words count three times:
    senders say what a mail is about there."""
    if _INVOICE.search(subject):
        return "finance"
    scores = department_scores(text)
    for name, count in department_scores(subject).items():
        scores[name] += 3 * count
    name, score = max(scores.items(), key=lambda kv: kv[1])
    return name if score > 0 else "other"


# --- References, HVI and origin ------------------------------------------------------

_REF = r"((?:[A-Z0-9][A-Z0-9\-/.]*)?\d[A-Z0-9\-/]*)"
CONTRACT_RE = re.compile(
    rf"\b(?:contract|contrato|ctr|s/c|sales contract)\s*(?:no\.?|n[º°o]\.?|number|nr\.?|#|:)?"
    rf"\s*[:#]?\s*{_REF}", re.IGNORECASE)
LOT_RE = re.compile(
    rf"\b(?:lot|lote|lots|lotes)\s*(?:no\.?|n[º°o]\.?|number|nr\.?|#|:)?\s*[:#]?\s*{_REF}",
    re.IGNORECASE)


def first_ref(pattern: re.Pattern[str], text: str) -> tuple[str | None, str | None]:
    m = pattern.search(text)
    if not m:
        return None, None
    return m.group(1).rstrip(".-/"), m.group(0)


_HVI_PATTERNS = {
    "micronaire": re.compile(r"\b(?:micronaire|mic)\b[^0-9\n]{0,25}(\d[.,]\d{1,2})", re.I),
    "staple_length_mm": re.compile(
        r"\b(?:staple(?: length)?|comprimento(?: de fibra)?|UHML)\b[^0-9\n]{0,25}"
        r"(\d{2}(?:[.,]\d{1,2})?)\s*mm", re.I),
    "staple_32nds": re.compile(
        r"\b(?:staple(?: length)?|comprimento)\b[^0-9\n]{0,25}(\d{2})(?:/32|\s*(?:32nds|"
        r"thirty-seconds))", re.I),
    "strength_gpt": re.compile(r"(\d{2}(?:[.,]\d{1,2})?)\s*g/tex", re.I),
    "uniformity_pct": re.compile(
        r"\b(?:uniformity|uniformidade|UI)\b[^0-9\n]{0,20}(\d{2}(?:[.,]\d{1,2})?)\s*%?", re.I),
    "color_grade": re.compile(r"\b(?:colou?r(?: grade)?|cor|grau de cor)\b[^0-9\n]{0,15}"
                              r"(\d{2}-\d)", re.I),
    "leaf_grade": re.compile(r"\b(?:leaf(?: grade)?|grau de folha|folha)\b[^0-9\n]{0,15}"
                             r"(\d)\b", re.I),
}


def hvi_findings(text: str) -> dict[str, tuple[str, str]]:
    """{field: (value, supporting quote)} for every HVI value stated."""
    out: dict[str, tuple[str, str]] = {}
    for name, pat in _HVI_PATTERNS.items():
        m = pat.search(text)
        if m:
            out[name] = (m.group(1).replace(",", "."), m.group(0).strip())
    return out


ORIGINS = {
    "brazil": "Brazil", "brasil": "Brazil", "brazilian": "Brazil", "brasileir": "Brazil",
    "usa": "USA", "u.s.": "USA", "united states": "USA", "american": "USA", "us cotton": "USA",
    "india": "India", "indian": "India", "australia": "Australia", "australian": "Australia",
    "mali": "Mali", "burkina": "Burkina Faso", "benin": "Benin", "greece": "Greece",
    "greek": "Greece", "uzbek": "Uzbekistan", "pakistan": "Pakistan", "egypt": "Egypt",
    "turkey": "Turkey", "türkiye": "Turkey", "china": "China", "chad": "Chad",
    "côte d'ivoire": "Côte d'Ivoire", "ivory coast": "Côte d'Ivoire", "tanzania": "Tanzania",
    "mexico": "Mexico", "argentina": "Argentina", "cameroon": "Cameroon",
}
_ORIGIN_RE = re.compile(
    r"\b(?:origin|origem|grown in|from)\b[:\s]*(?:the\s)?([A-Za-zÀ-ÿ'. ]{3,25})", re.I)


def origin(text: str) -> tuple[str | None, str | None]:
    for m in _ORIGIN_RE.finditer(text):
        candidate = m.group(1).lower()
        for key, name in ORIGINS.items():
            if candidate.startswith(key):
                return name, m.group(0).strip()
    low = text.lower()
    for key, name in ORIGINS.items():
        i = low.find(f"{key} cotton") if len(key) > 3 else -1
        if i >= 0:
            return name, text[i:i + len(key) + 7]
    return None, None


# --- Dates --------------------------------------------------------------------------

_MONTHS = {
    "jan": 1, "january": 1, "janeiro": 1, "feb": 2, "february": 2, "fev": 2, "fevereiro": 2,
    "mar": 3, "march": 3, "março": 3, "marco": 3, "apr": 4, "april": 4, "abr": 4, "abril": 4,
    "may": 5, "mai": 5, "maio": 5, "jun": 6, "june": 6, "junho": 6, "jul": 7, "july": 7,
    "julho": 7, "aug": 8, "august": 8, "ago": 8, "agosto": 8, "sep": 9, "sept": 9,
    "september": 9, "set": 9, "setembro": 9, "oct": 10, "october": 10, "out": 10,
    "outubro": 10, "nov": 11, "november": 11, "novembro": 11, "dec": 12, "december": 12,
    "dez": 12, "dezembro": 12,
}


def parse_date(value: object, *, day_first: bool = True) -> date | None:
    """Any reasonable written date -> ``date``; anything else -> None, never raises.
    Numeric dates are day-first (Brazil, Europe) unless the first number cannot be a
    day or ``day_first`` is False."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    s = str(value).strip().lower().rstrip(".")
    if not s or len(s) > 60:
        return None
    try:
        return date.fromisoformat(s[:10])
    except ValueError:
        pass
    m = re.fullmatch(r"(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{2,4})", s)
    if m:
        a, b, y = (int(x) for x in m.groups())
        y = y + 2000 if y < 100 else y
        d, mo = (a, b) if (day_first or b > 12) and a <= 31 else (b, a)
        if mo > 12:
            d, mo = mo, d
        return _safe_date(y, mo, d)
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th|º)?(?:\s+de)?\s+([a-zç]+)(?:\s+de)?,?\s+(\d{4})",
                     s)
    if m and m.group(2) in _MONTHS:
        return _safe_date(int(m.group(3)), _MONTHS[m.group(2)], int(m.group(1)))
    m = re.fullmatch(r"([a-zç]+)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})", s)
    if m and m.group(1) in _MONTHS:
        return _safe_date(int(m.group(3)), _MONTHS[m.group(1)], int(m.group(2)))
    return None


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        result = date(y, m, d)
    except ValueError:
        return None
    return result if 1990 <= result.year <= 2100 else None


_DATE_PATTERN = (r"(\d{4}-\d{2}-\d{2}|\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4}|"
               r"\d{1,2}(?:st|nd|rd|th|º)?(?:\s+de)?\s+[A-Za-zç]+(?:\s+de)?,?\s+\d{4}|"
               r"[A-Za-z]+\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4})")
_DEADLINE_ABS = re.compile(
    r"\b(?:by|before|until|no later than|deadline(?: is| of)?|respond by|reply by|até|ate|"
    r"prazo(?: até| final| de resposta)?|antes de|data limite)\b[:\s]*(?:o dia\s|the\s)?"
    + _DATE_PATTERN, re.I)
_DEADLINE_REL = re.compile(
    r"\b(?:within|in the next|next|dentro de|em|no prazo de|nas próximas|nos próximos)\s+"
    r"(\d{1,3}|one|two|three|four|five|seven|ten|um|uma|dois|duas|três|tres|cinco|sete|dez)"
    r"\s+(hours?|horas?|business days?|working days?|dias úteis|dias uteis|days?|dias?)", re.I)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "ten": 10,
                 "um": 1, "uma": 1, "dois": 2, "duas": 2, "três": 3, "tres": 3, "cinco": 5,
                 "sete": 7, "dez": 10}


def response_deadline(text: str, received: date) -> tuple[date | None, str | None]:
    m = _DEADLINE_ABS.search(text)
    if m:
        found = parse_date(m.group(1))
        if found:
            return found, m.group(0).strip()
    m = _DEADLINE_REL.search(text)
    if m:
        n_raw = m.group(1).lower()
        n = int(n_raw) if n_raw.isdigit() else _NUMBER_WORDS.get(n_raw, 0)
        unit = m.group(2).lower()
        if unit.startswith("hor") or unit.startswith("hour"):
            return received + timedelta(days=max(1, -(-n // 24))), m.group(0).strip()
        if "business" in unit or "working" in unit or "úteis" in unit or "uteis" in unit:
            return add_business_days(received, n), m.group(0).strip()
        return received + timedelta(days=n), m.group(0).strip()
    return None, None


def add_business_days(start: date, days: int) -> date:
    current = start
    added = 0
    while added < days:
        current += timedelta(days=1)
        if current.weekday() < 5:
            added += 1
    return current


def business_days_between(start: date, end: date) -> int:
    """Business days after ``start`` up to and including ``end`` (negative if past)."""
    if end <= start:
        return -sum(1 for i in range((start - end).days)
                    if (end + timedelta(days=i)).weekday() < 5)
    return sum(1 for i in range(1, (end - start).days + 1)
               if (start + timedelta(days=i)).weekday() < 5)
