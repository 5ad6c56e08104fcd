"""The offline provider's own reading of an email: departments, references, HVI values
and origin. Heuristics to answer the chains without a model, never used by the
backstop."""

from __future__ import annotations

import re

from triage.readers.signals import words
from triage.routes import Department

DEPARTMENT_PATTERNS: dict[Department, re.Pattern[str]] = {
    Department.FINANCE: words(
        r"invoice", r"fatura", r"factura", r"nota fiscal", r"payment", r"pagamento",
        r"boleto", r"remittance", r"bank details", r"dados banc[áa]rios",
        r"statement of account", r"overdue", r"vencid", r"\bIBAN\b", r"SWIFT"),
    Department.LOGISTICS: words(
        r"booking", r"vessel", r"container", r"cont[êe]iner", r"navio",
        r"embarque", r"shipment", r"shipping", r"bill of lading", r"\bB/?L\b",
        r"\bETA\b", r"\bETD\b", r"port of", r"porto", r"warehouse", r"armaz[ée]m",
        r"freight", r"frete", r"transit", r"tr[âa]nsito", r"stuffing",
        # Certificates, surveys and lab results travel with the goods.
        r"certificate", r"certificado", r"laudo", r"inspection", r"inspe[çc][ãa]o",
        r"inspecci[óo]n", r"surveyor", r"survey report", r"weighing", r"pesagem",
        r"outturn", r"phytosanitary", r"fitossanit[áa]rio", r"fumigation",
        r"HVI results", r"resultados HVI", r"romaneio", r"packing list",
        r"draft B/?L", r"contenedor", r"buque", r"naviera", r"despacho"),
    Department.COMMERCIAL: words(
        r"offer", r"oferta", r"quote", r"quotation", r"cota[çc][ãa]o",
        r"cotizaci[óo]n", r"price", r"pre[çc]o", r"precio", r"proposal",
        r"proposta", r"propuesta", r"\bbid\b", r"availability",
        r"disponibilidade", r"disponibilidad", r"indication", r"new crop",
        r"safra", r"purchase", r"compra", r"contract confirmation",
        r"confirma[çc][ãa]o de contrato", r"confirmaci[óo]n de contrato",
        r"countersign\w*", r"market report", r"broker", r"corretor",
        r"basis", r"ICE futures", r"inquiry", r"enquiry", r"consulta de"),
    # Mail for nobody's desk in particular: events, memos, newsletters, office notices.
    Department.OTHER: words(
        r"seminar", r"semin[áa]rio", r"webinar", r"workshop", r"conference",
        r"congresso", r"congreso", r"newsletter", r"boletim", r"bolet[íi]n",
        r"memo\b", r"all-staff", r"all staff", r"training", r"treinamento",
        r"capacitaci[óo]n", r"out of office", r"fora do escrit[óo]rio",
        r"fuera de la oficina", r"holiday", r"feriado", r"office closure",
        r"password", r"senha", r"contrase[ñn]a", r"IT support", r"unsubscribe"),
}


def department_scores(text: str) -> dict[Department, int]:
    return {name: len(pat.findall(text)) for name, pat in DEPARTMENT_PATTERNS.items()}


_INVOICE = words(r"invoice", r"fatura", r"factura", r"nota fiscal", r"boleto", r"debit note",
                  r"credit note", r"statement of account")


def best_department(text: str, subject: str = "") -> Department:
    """An invoice named in the subject is finance's, whatever it is for (a freight
    invoice mentions vessels and bookings). Otherwise subject words count three times:
    senders say what a mail is about there."""
    if _INVOICE.search(subject):
        return Department.FINANCE
    scores = department_scores(text)
    for name, count in department_scores(subject).items():
        scores[name] += 3 * count
    name, score = max(scores.items(), key=lambda kv: kv[1])  # ties: the first listed
    return name if score > 0 else Department.OTHER


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
                # The quote ends with the country's name, never inside the next word.
                return name, text[m.start():m.start(1) + len(key)].strip()
    low = text.lower()
    for key, name in ORIGINS.items():
        i = low.find(f"{key} cotton") if len(key) > 3 else -1
        if i >= 0:
            return name, text[i:i + len(key) + 7]
    return None, None
