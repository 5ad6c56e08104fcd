"""Threats to take this dispute to arbitration or court, or to cancel the contract."""

from __future__ import annotations

import re

from triage.readers.signals import further
from triage.readers.signals.cues import _SELF_THREAT
from triage.readers.signals.document import _Doc, _folded
from triage.readers.signals.matching import _MAX_CANDIDATES, _compact, _whole
from triage.readers.signals.negation import _post_negated, _pre_negated
from triage.readers.signals.topics import _topic_only

ARBITRATION_WORDS = re.compile(
    _whole(
        r"arbitration", r"arbitrate", r"arbitrators?", r"arbitragem", r"arbitraje",
        r"arbitral", r"ica(?!\s+bremen)", r"international\s+cotton\s+association",
        r"legal\s+(?:action|actions|proceedings|measures|steps|remedies)", r"courts?",
        r"enforcement\s+(?:proceedings|action)",
        r"tribunal", r"tribunais", r"tribunales", r"lawsuits?", r"sue", r"litigation",
        r"litigate", r"lawyers?", r"attorneys?", r"solicitors?", r"advogad[oa]s?",
        r"abogad[oa]s?", r"a[çc][ãa]o\s+judicial", r"a[çc][õo]es\s+judiciais",
        r"processo\s+judicial", r"medidas\s+(?:judiciais|legais|legales|judiciales)",
        r"justi[çc]a", r"ju[íi]zo", r"acci[óo]n(?:es)?\s+(?:legal|legales|judicial|judiciales)",
        r"v[íi]a\s+judicial", r"v[íi]a\s+legal", r"demanda\s+(?:judicial|arbitral)",
        r"demandar", r"processar",
        r"judicialmente",
        # A suit to collect the debt, a bill protested at the notary ("ajuizará ação de
        # cobrança", "protesto da duplicata", "cobro judicial").
        r"ajuiza\w*", r"ajuizar\w*", r"a[çc][ãa]o\s+de\s+(?:cobran[çc]a|execu[çc][ãa]o|"
        r"indeniza[çc][ãa]o|perdas\s+e\s+danos)", r"cobran[çc]a\s+judicial",
        r"execu[çc][ãa]o\s+judicial", r"protest(?:o|ar|aremos|ar[áa])\s+(?:d[oa]s?\s+)?"
        r"(?:t[íi]tulos?|duplicatas?|boletos?)", r"cart[óo]rio\s+de\s+protesto",
        r"acci[óo]n\s+de\s+cobro", r"cobro\s+judicial", r"demanda\s+ejecutiva",
        # German, French, Italian, Turkish, Vietnamese ("kiện" alone is a bale: only
        # "khởi kiện", to sue), Chinese.
        r"schiedsverfahren\w*", r"schiedsgericht\w*", r"schiedsklage", r"klage",
        r"gerichtlich\w*", r"gericht", r"rechtliche\w*\s+schritte", r"rechtsweg\w*",
        r"anw[äa]lt\w*", r"rechtsanw[äa]lt\w*", r"verklagen", r"arbitrage",
        r"poursuites?(?:\s+judiciaires)?", r"actions?\s+en\s+justice",
        r"proc[ée]dure\s+judiciaire", r"avocats?", r"mesures\s+juridiques", r"arbitrato",
        r"azion[ei]\s+legal[ei]", r"vie\s+legali", r"tribunale", r"avvocat[oi]",
        r"causa\s+legale", r"procedimento\s+giudiziario", r"tahkim\w*",
        # Turkish "dava" (a lawsuit) inflected or with its verb: bare "dava" is Portuguese.
        r"dava(?:s[ıi]\w*|y[ıi]|lar\w*|\s+a[çc]\w*|\s+yolu\w*)",
        r"hukuki\s+(?:i[şs]lem|s[üu]re[çc]|yol)\w*", r"yasal\s+(?:yol|i[şs]lem)\w*",
        r"mahkeme\w*", r"avukat\w*", r"tr[ọo]ng\s+t[àa]i", r"kh[ởo]i\s+ki[ệe]n",
        r"ki[ệe]n\s+ra\s+t[òo]a", r"t[òo]a\s+[áa]n", r"lu[ậa]t\s+s[ưu]",
        r"bi[ệe]n\s+ph[áa]p\s+ph[áa]p\s+l[ýy]", "仲裁", "诉讼", "起诉", "法律行动",
        "法律途径", "法律手段", "法院", "律师", *further.ARBITRATION,
    ),
)
CANCELLATION_WORDS = re.compile(
    _whole(
        r"(?:cancel|terminate|rescind|void)\s+(?:the|this|our|said|that)\s+(?:\w+\s+){0,2}?"
        r"contracts?",
        r"(?:cancell?ation|termination|rescission)\s+of\s+(?:the\s+|this\s+|our\s+)?"
        r"(?:\w+\s+)?contracts?",
        r"contract\s+(?:cancell?ation|termination)",
        # The rest of the contract: "we shall cancel the unshipped balance of 800 tons".
        r"(?:cancel|terminate)\s+(?:the\s+|all\s+)?(?:\w+\s+)?(?:unshipped|remaining|outstanding|"
        r"open|undelivered|pending)\s+(?:balance|quantity|quantities|tons|tonnes|bales|lots?|"
        r"shipments?|part)",
        # "we will cancel the balance of 1,200 bales still to be shipped".
        r"(?:cancel|terminate)\s+the\s+(?:balance|remainder|rest)\s+of\s+(?:the\s+)?[\d.,]*\s*"
        r"(?:bales|tons|tonnes|lots?|shipments?|contract|quantity)",
        r"cancelar\s+o\s+saldo\s+(?:\w+\s+){0,2}?(?:contrato|toneladas|fardos)",
        r"cancelar\s+(?:los|las|os|as)\s+(?:embarques|env[íi]os|entregas|remessas|saldos)\s+"
        r"(?:pendientes|pendentes|restantes)",
        r"cancelar\s+el\s+saldo\s+(?:\w+\s+){0,2}?(?:contrato|toneladas|pacas)",
        r"(?:cancelamento|rescis[ãa]o|cancelaci[óo]n|rescisi[óo]n|resoluci[óo]n)\s+"
        r"d[oe]l?\s+(?:\w+\s+)?contrat[oa]s?",
        r"(?:cancelar|rescindir|resolver|cancelaremos|rescindiremos|cancelamos|rescindimos)\s+"
        r"(?:o|el|este|esse|nosso|nuestro|os|los|nossos|nuestros)\s+contrat[oa]s?",
        r"contrato\s+(?:ser[áa]|fica|queda)\s+(?:cancelado|rescindido)",
        r"(?:den|diesen|unseren|vom)\s+(?:\w+\s+)?(?:vertrag|kontrakt)\s+(?:\w+\s+){0,3}?"
        r"(?:k[üu]ndigen|stornieren|aufl[öo]sen|annullieren|aufheben|zur[üu]cktreten)",
        r"r[üu]cktritt\s+vom\s+(?:vertrag|kontrakt)",
        r"(?:k[üu]ndigung|stornierung|aufl[öo]sung)\s+des\s+(?:\w+\s+)?(?:vertrags?|kontrakts?)",
        r"(?:r[ée]silier|annuler|r[ée]soudre)\w*\s+(?:le|ce|notre)\s+(?:\w+\s+)?contrat",
        r"(?:r[ée]siliation|annulation)\s+du\s+(?:\w+\s+)?contrat",
        r"(?:risolvere|annullare|rescindere|disdire|risolveremo|annulleremo)\s+(?:il|questo|"
        r"nostro)\s+(?:\w+\s+)?contratto", r"(?:risoluzione|rescissione|annullamento)\s+del"
        r"\s+(?:\w+\s+)?contratto", r"s[öo]zle[şs]meyi\s+(?:feshe|iptal)\w*",
        r"s[öo]zle[şs]menin\s+(?:feshi|iptali)", r"h[ủu]y\s+(?:b[ỏo]\s+)?h[ợo]p\s+đồng",
        r"ch[ấa]m\s+d[ứu]t\s+h[ợo]p\s+đồng", "取消合同", "解除合同", "终止合同", "撤销合同",
        *further.CANCELLATION,
    ),
)
# A threat stated after its object: "legal action will be taken", "o contrato será
# rescindido".
_THREAT_AFTER = re.compile(
    r"\s{1,6}(?:will|shall)\s+be\s+(?:taken|initiated|commenced|started|filed|brought|"
    r"pursued)|\s{1,6}ser[áa]n?\s+(?:iniciad|tomad|ajuizad|movid|cancelad|rescindid|"
    r"interpuest)\w*"
    r"|\s{1,6}(?:wird|werden)\s+(?:\w+\s+)?(?:eingeleitet|erhoben|angestrengt)"
    r"|\s{1,6}ser(?:a|ont)\s+(?:engag|intent|introduit)\w*"
    r"|(?:\s{1,6}\S+){0,2}?\s{1,6}\w+(?<!m[ae]y)(?:ece[ğg]iz|aca[ğg][ıi]z)\b"
    + further.THREAT_AFTER,
)


def _affirmed_legal(doc: _Doc, m: re.Match[str]) -> bool:
    """An arbitration, legal or cancellation word that is not negated and not only a
    clause, an event or news (a threat in its sentence outweighs those)."""
    if _pre_negated(doc, m.start()) or _post_negated(doc, m.end()):
        return False
    a, b = doc.sentence(m.start(), m.end())
    if doc.in_sentence("threat", a, b) or doc.in_sentence("self_threat", a, b):
        return not _generic_clause(doc, a, b)
    return not _topic_only(doc, m.start(), m.end(), conditional=False)


# An event the sentence is about ("our lawyers will present these cases at our webinar"):
# talk about disputes, not a threat.
_EVENT = re.compile(
    r"\b(?:webinars?|seminars?|workshops?|conferences?|masterclass\w*|semin[áa]rios?|"
    r"palestras?|seminarios?|conferencias?|s[ée]minaires?|conf[ée]rences?|seminare?|"
    r"konferenz\w*|seminer\w*|konferans\w*|hội\s+thảo)\b|研讨会|讲座")


def _generic_clause(doc: _Doc, a: int, b: int) -> bool:
    return doc.in_sentence("generic_clause", a, b)


# A company's "S.A." or "Ltd." that the sentence reader took for a sentence's end, a word
# in lower case after it: "our legal counsel has been instructed to file suit against
# Foo Exportadora S.A. before the competent court".
_COMPANY_END = re.compile(r"\b(?:S\.A|Ltda?|Inc|Co|Corp|B\.V)\.[ \t]*\Z")
_LOWER_NEXT = re.compile(r"[ \t]*[a-zà-ÿ]")


def _across_company(doc: _Doc, a: int) -> int:
    """Where the sentence starting at ``a`` starts when a company's abbreviation, not a
    full stop, ended the one before: a threat's cue there is this sentence's."""
    if a > 1 and _LOWER_NEXT.match(doc.text, a) and _COMPANY_END.search(
            doc.text, max(0, a - 12), a):
        return doc.sentence(a - 2, a - 1)[0]
    return a


def _threat_quote(doc: _Doc, m: re.Match[str]) -> str:
    """The sentence part that threatens to take this dispute further, or ''."""
    if _pre_negated(doc, m.start()) or _post_negated(doc, m.end()):
        return ""
    a, b = doc.sentence(m.start(), m.end())
    if (_generic_clause(doc, a, b) or doc.in_sentence("third_party", a, b)
            or doc.in_sentence("withdrawal", a, b) or _EVENT.search(doc.low, a, b)):
        return ""
    cue = doc.last_cue("threat", max(_across_company(doc, a), m.start() - 150), m.end())
    if cue is not None:
        return _compact(doc.text[cue:b], 160)
    after = _THREAT_AFTER.match(doc.low, m.end(), min(b, m.end() + 40))
    if after:
        return _compact(doc.text[m.start():after.end()])
    near = doc.first_cue("self_threat", max(a, m.start() - 80), min(b, m.end() + 80))
    if near is not None:
        self_threat = _SELF_THREAT.match(doc.low, near)
        end = max(self_threat.end() if self_threat else m.end(), m.end())
        return _compact(doc.text[min(near, m.start()):end])
    return ""


def _threat(doc: _Doc) -> str:
    if "threat" not in doc._memo:
        quote = ""
        for pattern in (ARBITRATION_WORDS, CANCELLATION_WORDS):
            for i, m in enumerate(pattern.finditer(doc.low)):
                if i >= _MAX_CANDIDATES:
                    doc._memo["overflow"] = True
                    break
                quote = _threat_quote(doc, m)
                if quote:
                    break
            if quote:
                break
        doc._memo["threat"] = quote
    return str(doc._memo["threat"])


def threat_signal(text: str) -> str:
    """The words threatening to take this dispute to arbitration or court, or to cancel
    the contract ("we will refer the matter to ICA arbitration", "acionaremos a
    justiça"), or ''. A clause that only names ICA is not a threat."""
    return _threat(_folded(text))


def own_threat(doc: _Doc) -> str:
    """The threat the sender makes on the reader. In mail carrying a claim on someone else
    (``_Doc.on_others``), only a threat in the sender's own words above the message it
    forwards or quotes: the forwarded claim's threat is on that claim's addressee ("We
    reserve the right to take legal action against the carrier"); in a report of an award
    the reader won, none (its enforcement is against the other side)."""
    quote = _threat(doc)
    if not quote or not doc.on_others():
        return quote
    if doc.anywhere("award_for_reader"):
        return ""
    own = len(doc.own_words())
    return _threat(_folded(doc.text[:own])) if own < len(doc.low) else quote
