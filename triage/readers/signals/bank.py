"""Bank-detail changes and the account identifiers an email gives (IBAN, BIC,
agência/conta, CBU, CLABE, check digits verified).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import islice

from triage.readers.signals import further
from triage.readers.signals.document import _Doc, _folded
from triage.readers.signals.matching import _MAX_CANDIDATES, _compact, _whole
from triage.readers.signals.negation import _pre_negated
from triage.readers.text import fold_for_rules

# --- Bank details -------------------------------------------------------------------

_BANK_EN = (r"(?:bank(?:ing)?\s+(?:details|account|accounts|information|info|data|"
            r"instructions|coordinates)|account\s+(?:details|number|numbers|information|info)|"
            r"remittance\s+(?:details|instructions|information|account)|payment\s+(?:details|"
            r"instructions|information|account)|wire\s+(?:instructions|details)|"
            r"beneficiary(?:\s+(?:details|account|name|bank))?|receiving\s+account|"
            r"iban|swift(?:\s+code)?|bic|sort\s+code|routing\s+number|"
            r"bank(?:ing)?\s+(?:partner|institution)|bank(?!\s+(?:holidays?|guarantees?|"
            r"charges|fees)))")
_BANK_PT = (r"(?:dados\s+banc[áa]rios|conta(?:\s+(?:banc[áa]ria|corrente|para\s+(?:pagamentos?|"
            r"dep[óo]sitos?|cr[ée]ditos?)))?|banco|ag[êe]ncia|dom[íi]c[íi]lio\s+banc[áa]rio|"
            r"cadastro\s+banc[áa]rio|dados\s+(?:para|de)\s+(?:pagamentos?|dep[óo]sitos?|"
            r"cr[ée]ditos?|transfer[êe]ncias?)|chave\s+pix|pix|favorecido|benefici[áa]rio)")
_BANK_ES = (r"(?:datos\s+bancarios|cuenta(?:\s+(?:bancaria|corriente|de\s+pagos?|"
            r"para\s+(?:pagos?|dep[óo]sitos?|transferencias?)))?|banco|datos\s+(?:de|para"
            r"(?:\s+el)?)\s+(?:pagos?|dep[óo]sitos?|transferencias?)|beneficiario|"
            r"cbu|clabe)")
_BANK_DE = (r"(?:bankverbindung|kontoverbindung|bankdaten|bankkonto|konto(?:daten|nummer)?|"
            r"iban)")
_BANK_FR = (r"(?:coordonn[ée]es\s+bancaires|compte\s+bancaire|rib|iban|domiciliation\s+"
            r"bancaire)")
_BANK_IT = (r"(?:coordinate\s+bancarie|conto\s+corrente|iban|dati\s+bancari)")
_BANK_TR = (r"(?:banka\s+(?:hesab[ıi]m[ıi]z|hesap\s+bilgilerimiz|hesap\s+bilgileri|bilgilerimiz|"
            r"hesab[ıi])|hesap\s+bilgilerimiz|hesab[ıi]m[ıi]za|iban(?:[ıi]m[ıi]z)?)")
_FUTURE_PAY = (r"(?:payments?|remittances?|transfers?|invoices?|settlements?|funds|"
               r"pagamentos?|dep[óo]sitos?|transfer[êe]ncias?|pagos?|transferencias?)")

BANK_CHANGE = re.compile(
    _whole(
        rf"(?:new|changed|updated|different|revised|amended|alternative)\s+{_BANK_EN}",
        rf"{_BANK_EN}\s+(?:has|have)\s+(?:been\s+|recently\s+|now\s+)?(?:changed|updated|"
        rf"modified|amended|moved)",
        rf"{_BANK_EN}\s+(?:is|are)\s+(?:changing|being\s+(?:changed|updated))",
        rf"{_BANK_EN}\s+(?:will|shall)\s+(?:change|be\s+(?:changed|updated))",
        rf"change\s+(?:of|to|in)\s+(?:our\s+|the\s+)?{_BANK_EN}",
        rf"changes\s+(?:to|in)\s+(?:our\s+|the\s+)?{_BANK_EN}",
        r"(?:we\s+have|we['’]ve|we)\s+(?:changed|updated|switched|moved)\s+(?:our\s+|the\s+)?"
        r"(?:banks?|bank(?:ing)?\s+\w+|accounts?|iban)",
        r"(?:old|previous|former|current|existing|usual)\s+(?:bank\s+)?account\s+(?:\S+\s+){0,3}?"
        r"(?:will\s+be|is\s+being|has\s+been|was|is|are)\s+(?:closed|discontinued|deactivated|"
        r"blocked|frozen|terminated|no\s+longer\s+(?:valid|active|in\s+use|operational))",
        r"(?:do\s+not|don['’]t|please\s+(?:do\s+)?not)\s+(?:use|pay\s+(?:in)?to|send\s+"
        r"(?:payments?\s+)?to|remit\s+to|transfer\s+to)\s+(?:the|our)\s+(?:old|previous|former|"
        r"usual)",
        rf"(?:kindly|please)\s+(?:\w+\s+){{0,2}}?(?:route|direct|redirect|re-?route|send|remit|"
        rf"make|transfer|wire|pay|effect)\s+(?:all\s+|any\s+)?(?:future|further|upcoming|"
        rf"subsequent)\s+{_FUTURE_PAY}",
        rf"(?:future|further|subsequent|upcoming)\s+{_FUTURE_PAY}\s+(?:should|must|are\s+to|"
        rf"will\s+need\s+to|need\s+to)\s+be\s+(?:made|sent|routed|remitted|directed|wired|"
        rf"transferred)\s+to",
        rf"(?:redirect|re-?route)\s+(?:all\s+)?(?:your\s+|the\s+)?{_FUTURE_PAY}",
        rf"(?:from\s+now\s+on|henceforth|going\s+forward|with\s+immediate\s+effect|effective\s+"
        rf"(?:immediately|today))\s*,?\s+(?:\S+\s+){{0,4}}?(?:pay|remit|wire|{_FUTURE_PAY})",
        r"account\s+(?:\w+\s+){0,2}?\(\s*(?:new|updated|changed)\s*\)",
        r"(?:update|amend|change|modify|correct)\s+(?:your|the)\s+(?:records?|system|files?|"
        r"database|master\s+data|details)",
        r"(?:update|amend|change|modify|correct)\s+(?:your|the)\s+(?:vendor|supplier|"
        r"beneficiary|payee)\s+(?:file|master|records?|details|data|information)",
        # Portuguese.
        rf"nov[oa]s?\s+{_BANK_PT}",
        rf"{_BANK_PT}\s+(?:nov[oa]s?|atualizad[oa]s?|alterad[oa]s?)",
        rf"(?:altera[çc][ãa]o|mudan[çc]a|troca|atualiza[çc][ãa]o|substitui[çc][ãa]o)\s+"
        rf"(?:de|da|do|dos|das|nos|nas|na|no|em)\s+(?:nossa\s+|nosso\s+|nossos\s+|nossas\s+)?"
        rf"{_BANK_PT}",
        rf"{_BANK_PT}\s+(?:(?:foi|foram|est[áa]|est[ãa]o|ser[áa]|ser[ãa]o)\s+)?(?:alterad|"
        rf"atualizad|modificad|mudad|trocad|substitu[íi]d)\w*",
        rf"(?:mudamos|trocamos|alteramos|atualizamos)\s+(?:de\s+|o\s+|a\s+|os\s+|nosso\s+|"
        rf"nossa\s+|nossos\s+)?{_BANK_PT}",
        r"(?:favor|por\s+favor|solicitamos|pedimos|gentileza|queiram)\s+(?:de\s+)?"
        r"(?:atualizar|alterar|modificar|corrigir|atualizem|alterem)\s+(?:o\s+|os\s+|a\s+|as\s+|"
        r"seu\s+|seus\s+|sua\s+|suas\s+|nosso\s+|nossos\s+)?(?:cadastro|registros?|dados)"
        r"(?:\s+(?:banc[áa]rios?|de\s+fornecedor(?:es)?|para\s+pagamento|de\s+pagamento))?",
        r"conta\s+(?:antiga|anterior)\s+(?:\S+\s+){0,2}?(?:ser[áa]|foi|est[áa])\s+"
        r"(?:encerrad|desativad|bloquead|cancelad)\w*",
        r"(?:n[ãa]o)\s+(?:utilizar|utilizem|usar|usem|depositar|depositem|pagar|efetuar)\s+"
        r"(?:\S+\s+){0,3}?(?:conta|dados)\s+(?:antig|anterior)\w*",
        rf"a\s+partir\s+de\s+(?:agora|hoje|j[áa]|amanh[ãa])\s*,?\s+(?:\S+\s+){{0,5}}?"
        rf"{_FUTURE_PAY}",
        # Spanish.
        rf"nuev[oa]s?\s+{_BANK_ES}",
        rf"{_BANK_ES}\s+(?:nuev[oa]s?|actualizad[oa]s?|modificad[oa]s?)",
        rf"(?:cambio|modificaci[óo]n|actualizaci[óo]n|sustituci[óo]n)\s+(?:de|del|en)\s+"
        rf"(?:(?:nuestr[oa]s?|los|las|la|el)\s+)?{_BANK_ES}",
        rf"{_BANK_ES}\s+(?:(?:ha|han)\s+(?:sido\s+)?|fue\s+|fueron\s+|ser[áa]n?\s+)?"
        rf"(?:cambiad|modificad|actualizad|sustituid)\w*",
        r"hemos\s+cambiado\s+(?:de\s+banco|(?:nuestra|la)\s+cuenta|(?:nuestros|los)\s+"
        r"datos\s+bancarios)",
        r"(?:por\s+favor|favor\s+de|favor|les\s+(?:solicitamos|pedimos|rogamos)|solicitamos|"
        r"rogamos|s[íi]rvanse)\s+(?:\w+\s+){0,1}?(?:actualicen|actualizar|actualice|"
        r"modifiquen|modificar|modifique|cambien|cambiar|corrijan)\s+(?:sus\s+|su\s+|los\s+|"
        r"el\s+|la\s+)?(?:registros?|datos|archivo|ficha|sistema|base\s+de\s+datos|"
        r"maestro\s+de\s+proveedores)(?:\s+(?:bancari[oa]s|de\s+proveedor(?:es)?|de\s+pago))?",
        r"cuenta\s+(?:anterior|antigua|vieja)\s+(?:\S+\s+){0,2}?(?:ser[áa]|fue|ha\s+sido|"
        r"est[áa])\s+(?:cerrad|cancelad|desactivad|bloquead)\w*",
        rf"(?:a\s+partir\s+de\s+(?:ahora|hoy|ma[ñn]ana)|de\s+ahora\s+en\s+adelante)\s*,?\s+"
        rf"(?:\S+\s+){{0,5}}?{_FUTURE_PAY}",
        # German.
        rf"neue[nrs]?\s+{_BANK_DE}",
        rf"(?:[äa]nderung|wechsel)\s+(?:der|unserer|ihrer|unseres)\s+{_BANK_DE}",
        rf"{_BANK_DE}\s+(?:hat|haben)\s+sich\s+(?:ge[äa]ndert|ver[äa]ndert)",
        # The subordinate clause: "dass sich unsere Bankverbindung geändert hat".
        rf"sich\s+(?:unsere|unser|die)\s+{_BANK_DE}\s+(?:ge[äa]ndert|ver[äa]ndert)",
        rf"{_BANK_DE}\s+(?:wurde|wurden|ist|sind)\s+(?:ge[äa]ndert|aktualisiert)",
        r"(?:k[üu]nftig|zuk[üu]nftig|ab\s+sofort|ab\s+heute)\s+(?:\S+\s+){0,4}?"
        r"(?:[üu]berweisen|zahlen|zahlungen|[üu]berweisungen)",
        # French.
        rf"(?:nouvelles?|nouveaux?|nouvel)\s+{_BANK_FR}",
        rf"(?:changement|modification|mise\s+[àa]\s+jour)\s+(?:de|des)\s+(?:nos\s+|notre\s+)?"
        rf"{_BANK_FR}",
        rf"{_BANK_FR}\s+(?:ont|a)\s+(?:chang[ée]|[ée]t[ée]\s+modifi[ée]e?s?)",
        r"(?:veuillez|merci\s+de)\s+(?:d[ée]sormais\s+)?(?:effectuer|adresser|envoyer|"
        r"r[ée]gler)\s+(?:vos|les|tous\s+les)\s+(?:paiements|virements|r[èe]glements)",
        # Italian.
        rf"nuov[oae]\s+{_BANK_IT}",
        rf"(?:cambio|variazione|modifica)\s+(?:delle|del|della|dei)\s+(?:nostr[eoia]\s+)?"
        rf"{_BANK_IT}",
        rf"{_BANK_IT}\s+(?:sono|[èe])\s+(?:cambiat|variat|modificat)\w*",
        # Turkish.
        rf"yeni\s+{_BANK_TR}",
        rf"{_BANK_TR}\s+(?:de[ğg]i[şs]ti|de[ğg]i[şs]mi[şs]tir|g[üu]ncellendi)",
        rf"{_BANK_TR}\w*\s+de[ğg]i[şs]iklik",
        # Greek: our new account ("στον νέο μας λογαριασμό"; not a new platform or e-mail
        # account, nor a new bill), written as the rules read it: look-alike letters folded.
        fold_for_rules(r"ν[έε](?:ο|ος|ου|α|ον)\s+μας\s+(?:τραπεζικ\w*\s+)?λογαριασμ\w*"
                       r"(?!\s+(?:χρήστη|email|e-mail))").lower(),
        *further.BANK_CHANGE,  # Indonesian and Malay, Japanese, Korean, Thai, Arabic
    ),
)
# What makes "please update your records" about bank details.
_BANK_CONTEXT = re.compile(
    r"\b(?:iban|swift|bic|cbu|clabe|bank(?:ing)?|beneficiary|remittance|wire|routing|"
    r"sort\s+code|account\s+(?:number|no|details)|payment\s+(?:details|instructions)|"
    r"banc[áa]ri\w*|banco|conta\s+(?:corrente|banc[áa]ria)|ag[êe]ncia|pix|"
    r"dep[óo]sitos?|cuenta\s+(?:bancaria|corriente)|datos\s+bancarios)\b",
)
_CHANGE_WORD = re.compile(
    r"\b(?:new|updated|changed|amended|different|nova|novo|novos|novas|atualizad[oa]s?|"
    r"alterad[oa]s?|nueva|nuevo|nuevos|nuevas|actualizad[oa]s?|cambiad[oa]s?|modificad[oa]s?|"
    r"from\s+now\s+on|henceforth|going\s+forward|a\s+partir\s+de\s+(?:agora|hoje|ahora|hoy)|"
    r"de\s+ahora\s+en\s+adelante|instead|em\s+vez|en\s+lugar|no\s+longer|n[ãa]o\s+mais|"
    r"ya\s+no|"
    # Indirect: the usual account is out of use, or payments are sent elsewhere for now.
    r"supersed\w*|substitu\w*|sustitu\w*|reemplaz\w*|hasta\s+nuevo\s+aviso|"
    r"until\s+further\s+notice|at[ée]\s+segunda\s+ordem|temporar\w*|temporalmente|"
    r"canaliz\w*|redirect\w*|redireccion\w*|redirecion\w*|effective\s+immediately|"
    r"with\s+immediate\s+effect|payment\s+agent|agente\s+de\s+pagos?|"
    r"agente\s+de\s+pagamentos?|parceir[oa]|inmovilizad\w*|bloquead\w*|blocked|frozen|"
    r"congelad\w*|effective\s{0,3}:?\s{0,3}immediately|rather\s+than|"
    # Pay someone else: an affiliate or a third party.
    r"filial|affiliat\w*|sister\s+company|coligada|third[\s-]+party|terceir[oa]s?|"
    r"terceros?|on\s+behalf\s+of|em\s+nome\s+d[aeo]|a\s+nombre\s+de|"
    # A secret transfer to an account we never paid (a CEO fraud's escrow): "keep it
    # between us", "mantenha sigilo".
    r"escrow|(?:keep|kept|remain\w*|stay\w*|strictly|only|just)\s+(?:\w+\s+)?between\s+us|"
    r"(?:fique|fica|ficar|mantenha|manter|s[óo]|somente|apenas|quede|queda|solo)\s+(?:\w+\s+)?"
    r"entre\s+n[óo]s(?:otros)?|keep\s+(?:this|it)\s+(?:confidential|"
    r"quiet|secret|private)|(?:mantenha|manter)\s+(?:\S+\s+)?sigilo|en\s+secreto)\b"
    r"(?!\s{1,3}(?:\w+\s{1,3})?(?:invoices?|faturas?|facturas?|boletos?|orders?|pedidos?|"
    r"contracts?|contratos?|crops?|safras?|cosechas?|seasons?|years?|anos?|años?|eta|etd|"
    r"vessels?|navios?|buques?|bookings?|shipments?|embarques?|prices?|pre[çc]os?|precios?|"
    r"offers?|ofertas?|products?|produtos?|productos?|customers?|clientes?|address\w*|"
    r"endere[çc]os?|direcci[óo]n\w*|phone|telefones?|tel[ée]fonos?|e-?mails?|website|site|"
    r"offices?|escrit[óo]rios?|oficinas?|logos?|catalog\w*|cat[áa]logos?|lots?|lotes?|bales|"
    r"fardos|containers?|contenedor\w*|cont[êe]iner\w*|schedules?|dates?|datas?|fechas?|"
    r"statements?|extratos?|estados?|versions?|vers[ãa]o|vers[õo]es|versi[óo]n\w*|cop(?:y|ies)|"
    r"c[óo]pias?|lists?|listas?|terms|termos|t[ée]rminos|documents?|documentos?|reports?|"
    r"relat[óo]rios?|informes?|business|neg[óo]cios?|staff|team|equipe|equipo|colleagues?|"
    r"colaborador\w*|members?|forms?|formul[áa]rios?|formularios?|regulations?|rules?|"
    r"regras|reglas|laws?|leis?|leyes?|procedures?|procedimentos?|procedimientos?)\b)",
)


# "Please update your records" is about bank details only near bank words.
_GENERIC_RECORDS = re.compile(
    r"(?<!vendor\s)(?<!supplier\s)(?<!beneficiary\s)(?<!payee\s)\b(?:records?|system|files?|"
    r"database|master\s+data|details|cadastro|registros?|dados|datos|archivo|ficha|sistema|"
    r"base\s+de\s+datos)$"
)


def _bank_change_match(doc: _Doc, m: re.Match[str]) -> bool:
    if _pre_negated(doc, m.start()):
        return False
    a, b = doc.sentence(m.start(), m.end())
    # A fraud warning names changes it does not ask for ("Comunicado: tentativas de fraude").
    if doc.in_sentence("awareness", a, b) or doc.in_first_line("awareness"):
        return False
    if _GENERIC_RECORDS.search(m.group(0)):
        lo, hi = max(0, m.start() - 200), min(len(doc.text), m.end() + 200)
        return _BANK_CONTEXT.search(doc.low, lo, hi) is not None
    return True


def bank_change_signal(text: str) -> str:
    """The words asking to pay to different bank details, or '': a change phrase in
    English, Portuguese or Spanish, or account details given with words of change
    ("IBAN ... (new)", "nova conta: agência ..."). Not an invoice that states the
    usual details, a warning about fraud, or "no change to our bank details"."""
    doc = _folded(text)
    first = None
    for i, m in enumerate(BANK_CHANGE.finditer(doc.low)):
        if i >= _MAX_CANDIDATES:
            # So many requests to change bank details, all read as warnings or
            # negations: a person decides.
            return _compact(doc.text[first.start():first.end()])  # type: ignore[union-attr]
        first = first or m
        if _bank_change_match(doc, m):
            return _compact(doc.text[m.start():m.end()])
    for start, end in sorted({(a, b) for a, b, _ in _accounts(doc)} | _stated_accounts(doc)):
        a, b = doc.sentence(start, end)
        # Details are often introduced by the sentence before ("...to the account below:").
        lo, hi = max(0, start - 500), min(b, end + 120)
        if doc.has_cue("awareness", lo, hi):
            continue
        for w in _CHANGE_WORD.finditer(doc.low, lo, hi):
            if not _pre_negated(doc, w.start()):
                return _compact(doc.text[min(w.start(), start):max(w.end(), end)])
    return ""


# --- Account identifiers ------------------------------------------------------------

_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,32}")
_BIC = re.compile(
    r"\b(?i:SWIFT|BIC|SWIFT/BIC|BIC/SWIFT)(?i:\s+code)?\b[\s:.#-]{0,6}(?:(?i:code)\s*[:#]?\s*)?"
    r"([A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b"
)
_AGENCIA = re.compile(
    r"\b(?:ag[êe]ncia|ag\.?)\s*(?:n[ºo°]\.?\s*)?[:#]?\s*(\d{3,5}(?:-?[\dXx])?)\b"
    r"[\s,;/|-]{0,6}(?:(?:e|and)\s+)?"
    r"(?:conta(?:\s+corrente)?|c/c|cc|c\.c\.|conta-corrente)\s*(?:n[ºo°]\.?\s*)?[:#]?\s*"
    r"(\d{3,12}(?:-?[\dXx])?)\b",
)
# Any account number stated as such (an IBAN whose checksum fails still names one).
_GENERIC_ACCOUNT = re.compile(
    r"\b(?:iban|account(?:\s+(?:no\.?|number|n[ºo°]))?|acct\.?|a/c|conta(?:\s+corrente)?|"
    r"cuenta(?:\s+corriente)?|c/c)\s{0,8}[:#]?\s{0,3}([a-z0-9][a-z0-9 \-]{4,38}[0-9])\b"
)
_CBU = re.compile(r"\b(?i:CBU)\b\s*(?:n[ºo°]\.?\s*)?[:#]?\s*(\d{22})\b")
_CLABE = re.compile(r"\b(?i:CLABE)\b\s*(?:interbancaria\s*)?[:#]?\s*(\d{18})\b")


@lru_cache(maxsize=1)
def _countries() -> frozenset[str]:
    """ISO 3166 country codes, from Babel's data (a BIC's letters 5-6, an IBAN's 1-2)."""
    from babel import Locale

    return frozenset(code for code in Locale("en").territories
                     if len(code) == 2 and code.isalpha())


def _iban_ok(candidate: str) -> bool:
    if not 15 <= len(candidate) <= 34 or candidate[:2] not in _countries():
        return False
    rearranged = candidate[4:] + candidate[:4]
    digits = "".join(str(int(ch, 36)) for ch in rearranged)
    return int(digits) % 97 == 1


def _cbu_ok(cbu: str) -> bool:
    def check(block: str, weights: tuple[int, ...]) -> bool:
        total = sum(int(d) * w for d, w in zip(block[:-1], weights, strict=False))
        return (10 - total % 10) % 10 == int(block[-1])
    return check(cbu[:8], (7, 1, 3, 9, 7, 1, 3)) and check(
        cbu[8:], (3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3))


def _clabe_ok(clabe: str) -> bool:
    total = sum(int(d) * (3, 7, 1)[i % 3] % 10 for i, d in enumerate(clabe[:17]))
    return (10 - total % 10) % 10 == int(clabe[17])


def _accounts(doc: _Doc) -> list[tuple[int, int, str]]:
    """(start, end, identifier) of the account identifiers in the text, in order; a
    bounded number of candidates of each kind is examined."""
    if "accounts" in doc._memo:
        return doc._memo["accounts"]  # type: ignore[return-value]
    found: list[tuple[int, int, str]] = []
    for m in islice(_IBAN.finditer(doc.text), _MAX_CANDIDATES):
        # The run may swallow the next word ("... 0130 00 SWIFT"): try each end at a
        # group boundary, longest first.
        run = m.group(0)
        ends = [j for j, ch in enumerate(run) if ch == " "] + [len(run)]
        for cut in reversed(ends):
            compact = run[:cut].replace(" ", "")
            if _iban_ok(compact):
                found.append((m.start(), m.start() + cut, f"IBAN {compact}"))
                break
    for m in islice(_BIC.finditer(doc.text), _MAX_CANDIDATES):
        if m.group(1)[4:6] in _countries():
            found.append((m.start(), m.end(), f"BIC {m.group(1)}"))
    for m in islice(_AGENCIA.finditer(doc.low), _MAX_CANDIDATES):
        found.append((m.start(), m.end(), f"AG {m.group(1).upper()} CC {m.group(2).upper()}"))
    for m in islice(_CBU.finditer(doc.text), _MAX_CANDIDATES):
        if _cbu_ok(m.group(1)):
            found.append((m.start(), m.end(), f"CBU {m.group(1)}"))
    for m in islice(_CLABE.finditer(doc.text), _MAX_CANDIDATES):
        if _clabe_ok(m.group(1)):
            found.append((m.start(), m.end(), f"CLABE {m.group(1)}"))
    found.sort()
    doc._memo["accounts"] = found
    return found


def _stated_accounts(doc: _Doc) -> set[tuple[int, int]]:
    """Where an account number is stated as such, checked or not: for spotting a
    change, an IBAN with a bad checksum still names an account to pay into."""
    stated = {(m.start(), m.end())
              for m in islice(_GENERIC_ACCOUNT.finditer(doc.low), _MAX_CANDIDATES)
              if sum(ch.isdigit() for ch in m.group(1)) >= 6}
    return stated | {(m.start(), m.end())
                     for m in islice(_IBAN.finditer(doc.text), _MAX_CANDIDATES)}


def bank_accounts(text: str) -> list[str]:
    """Account identifiers the email gives, in order, each once (at most 20):
    ``IBAN <compact>`` (mod-97 checked), ``BIC <code>`` (after "SWIFT"/"BIC"),
    ``AG <agência> CC <conta>``, ``CBU <22 digits>`` and ``CLABE <18 digits>`` (check
    digits verified), so a caller can compare them with the usual ones."""
    seen: list[str] = []
    for _, _, value in _accounts(_folded(text)):
        if value not in seen:
            seen.append(value)
            if len(seen) >= 20:
                break
    return seen
