"""Sentence cues: what a sentence around a word says (a finding, a settled claim, a
topic, a clause, a threat, a condition...), and sentence breaks. The analysed text
finds them block by block, by name (``_CUES``).
"""

from __future__ import annotations

import re

from triage.readers.signals.matching import _whole
from triage.readers.signals.vocabulary import _QUALIFIER_AFTER

_BREAK = re.compile(
    r"[.!?;](?<!\b[Nn][Oo]\.)(?<!\b[Nn][Rr]\.)(?=\s|$)|\n[ \t>]*\n"
    r"|\n(?=[ \t>]*(?:[-*•]|\d+[.)]\s|[A-ZÀ-Ý]))"
)


# --- Sentence cues ----------------------------------------------------------------

# Someone found the problem in the goods: first person, a named finder, a count of
# bales, the goods called contaminated, a rejection.
_FINDING = _whole(
    r"(?:we|i|our\s+\w+(?:\s+\w+)?)\s+(?:have\s+|has\s+|had\s+)?(?:also\s+|again\s+)?"
    r"(?:found|find|detected|identified|observed|noticed|discovered|confirmed|saw)",
    r"encontramos", r"detectamos", r"constatamos", r"identificamos", r"observamos",
    r"verificamos", r"hallamos", r"notamos", r"encontraram", r"detectaram", r"constataram",
    r"(?:in|em|en|on)\s+\d+\s+(?:of\s+(?:the\s+)?\d+\s+)?(?:bales|fardos|pacas|balas|"
    r"containers?|cont[êe]ineres|contenedores)",
    r"\d+\s+(?:bales|fardos|pacas)\s+(?:were|are|was|foram|estão|estavam|fueron|están|"
    r"estaban|with|com|con|contain|contained|containing|contaminad\w*|contaminated|affected|"
    r"afetad\w*|afectad\w*)",
    r"(?:the|these|those|this|that|os|as|o|a|estes|estas|esses|essas|este|esta|esse|essa|"
    r"los|las|el|la|estos|esos|esas|our|nossos?|nossas?|nuestros?|nuestras?)\s{1,3}"
    r"(?:\w+\s{1,3})?(?:contaminated|contaminad[oa]s?|rejected|rejeitad[oa]s?|"
    r"rechazad[oa]s?|affected|afetad[oa]s?|afectad[oa]s?|sticky|pegajos[oa]s?|wet|"
    r"molhad[oa]s?|mojad[oa]s?)",
    r"(?:bales|lots?|cotton|fardos|lotes?|algodão|pacas|algodón|goods|cargo)\s{1,3}"
    r"(?:contaminad[oa]s?|afetad[oa]s?|afectad[oa]s?|rejeitad[oa]s?|rechazad[oa]s?)",
    r"(?:we|i)\s+(?:hereby\s+|must\s+|will\s+|shall\s+|now\s+)?reject",
    r"rejeitamos", r"recusamos", r"rechazamos", r"devolvemos", r"devolveremos",
)
# The sender states a claim of their own.
_CLAIM_ASSERTION = _whole(
    r"(?:we|i)\s+(?:hereby\s+|must\s+|will\s+|shall\s+|now\s+|still\s+)?(?:claim|dispute|"
    r"maintain)",
    r"(?:our|nossa|nosso|nuestra|nuestro)\s+(?:\w+\s+)?(?:claim|reclama[çc][ãa]o|reclamo|"
    r"reclamaci[óo]n)",
    r"reclamamos", r"responsabilizamos",
)
_FINDING_ANY = _whole(
    r"found", r"detected", r"identified", r"discovered", r"confirmed", r"confirms",
    r"showed", r"shows", r"showing", r"revealed", r"reveals", r"contains", r"contained",
    r"containing", r"encontrou", r"detectou", r"constatou", r"identificou", r"observou",
    r"verificou", r"encontrad[oa]s?", r"detectad[oa]s?", r"constatad[oa]s?",
    r"identificad[oa]s?", r"confirm(?:ou|aram|ó|aron)", r"confirmad[oa]s?",
    r"apresent(?:ou|aram|a|am)", r"cont[ée]m", r"contêm", r"mostr(?:ou|aram|ó)",
    r"revel(?:ou|ó)", r"encontr(?:ó|aron)", r"hallad[oa]s?", r"presenta", r"presentan",
    r"present[óo]", r"contiene", r"contienen",
)
# A claim already dealt with, or a past season.
_SETTLED = _whole(
    r"(?:was|were|has\s+been|have\s+been|had\s+been|already|been|is|are)\s+(?:amicably\s+|"
    r"fully\s+|finally\s+)?(?:settled|closed|resolved|withdrawn|paid)",
    r"settled\s+(?:claims?|in|on|last|amicably)", r"(?:has|have|had)\s+withdrawn", r"withdrew",
    r"(?:foi|foram|j[áa]|est[áa]|est[ãa]o|fica|ficou)\s+(?:\w+\s+)?(?:encerrad|liquidad|"
    r"quitad|resolvid|retirad|arquivad|pag)[oa]s?",
    r"(?:reclama[çc][ãa]o|reclama[çc][õo]es)\s+(?:encerrad|liquidad|resolvid|quitad|"
    r"arquivad)[oa]s?",
    r"(?:fue|fueron|ya|est[áa]|est[áa]n|ha\s+sido|han\s+sido|qued[óo]|quedaron)\s+"
    r"(?:\w+\s+)?(?:cerrad|resuelt|"
    r"saldad|pagad|liquidad|retirad)[oa]s?",
    r"last\s+(?:year|season|crop)", r"ano\s+passado", r"safra\s+passada", r"a[ñn]o\s+pasado",
    r"last\s+(?:spring|summer|autumn|fall|winter|month|quarter)",
    r"full\s+and\s+final\s+settlement", r"quita[çc][ãa]o\s+(?:total|final|integral)",
    r"finiquito", r"file\s+closed", r"processo\s+encerrado", r"expediente\s+cerrado",
    # A reference marked closed: "Claim CL-2025-044 - settled", "Reclamo 2025-012 (cerrado)".
    r"\s{0,3}[-–(]\s{0,3}(?:settled|closed|resolved|withdrawn|encerrad[oa]|liquidad[oa]|"
    r"resolvid[oa]|quitad[oa]|arquivad[oa]|cerrad[oa]|resuelt[oa]|saldad[oa])",
)
_TOPIC = _whole(
    r"certificates?", r"certification", r"certificados?", r"certificaci[óo]n", r"certified",
    r"accredited", r"credenciad[oa]", r"acreditad[oa]", r"declaration", r"declara[çc][ãa]o",
    r"declaraci[óo]n", r"attestation", r"seminars?", r"webinars?", r"workshops?",
    r"conferences?", r"congress", r"symposium", r"training", r"lectures?",
    r"semin[áa]rios?", r"webin[áa]rios?", r"congresso", r"simp[óo]sio", r"treinamentos?",
    r"capacita[çc][ãa]o", r"palestras?", r"congreso", r"simposio", r"capacitaci[óo]n",
    r"talleres", r"taller", r"charlas?", r"jornadas?\s+t[ée]cnicas?", r"newsletters?",
    r"bulletin", r"boletim", r"informativo", r"bolet[íi]n", r"articles?", r"artigos?",
    r"art[íi]culos?", r"magazine", r"revista", r"registration", r"register",
    r"inscri[çc][ãa]o", r"inscri[çc][õo]es", r"inscreva-se", r"inscripci[óo]n",
    r"inscr[íi]base", r"agenda", r"avoid", r"avoiding", r"prevent", r"preventing",
    r"prevention", r"preventive", r"evitar", r"evite", r"evitem", r"evitando", r"prevenir",
    r"previna", r"preven[çc][ãa]o", r"prevenci[óo]n", r"preventiv[oa]s?", r"reduce",
    r"reducing", r"reduction", r"reduzir", r"redu[çc][ãa]o", r"reducir", r"reducci[óo]n",
    r"minimi[sz]e", r"minimizar", r"going\s+forward", r"zero\s+tolerance",
    r"toler[âa]ncia\s+zero", r"tolerancia\s+cero", r"statistics", r"estat[íi]sticas?",
    r"estad[íi]sticas?", r"market\s+(?:report|update|news)", r"industry", r"guidelines?",
    r"manual", r"(?:future|next|upcoming)\s+(?:shipments|deliveries|lots|contracts|crops?)",
    r"pr[óo]xim[oa]s\s+(?:embarques|entregas|lotes|safras|envios)",
    r"futur[oa]s\s+(?:embarques|entregas|env[íi]os|lotes|cosechas)",
    # Offers and specifications name limits, not findings.
    r"offers?", r"ofertas?", r"quotations?", r"cota[çc][ãa]o", r"cota[çc][õo]es",
    r"cotizaci[óo]n", r"propostas?", r"propuestas?", r"specifications?",
    r"especifica[çc][ãa]o", r"especificaci[óo]n", r"premiums?", r"franchise", r"franquia",
    r"franquicia", r"(?:is|are|will\s+be|shall\s+be|to\s+be|ser[áa]|ser[ãa]o|ser[áa]n)\s+"
    r"(?:discounted|penali[sz]ed|descontad[oa]s?)",
    r"(?:subject\s+to|sujeit[oa]s?\s+a|sujet[oa]s?\s+a)\s+(?:a\s+)?(?:discounts?|"
    r"descontos?|descuentos?)", r"discount\s+(?:scale|table|schedule)",
    r"tabela\s+de\s+descontos",
    # Signatures and disclaimers disclaim liability for claims; they claim nothing.
    r"n[ãa]o\s+se\s+responsabiliza\w*", r"no\s+se\s+hace\s+responsable",
    r"no\s+se\s+responsabiliza", r"(?:be|is|are)\s+not\s+(?:be\s+)?(?:liable|responsible)",
    r"accepts?\s+no\s+(?:liability|responsibility)", r"confidential\w*", r"confidencial\w*",
    r"intended\s+(?:solely\s+|only\s+)?for", r"destinat[áa]ri[oa]s?",
)
# A standard dispute clause, as opposed to this dispute.
_CLAUSE = (
    r"\b(?:shall\s+be\s+(?:settled|referred|resolved|submitted|decided|governed)|"
    r"(?:any|all|each|every)\s+(?:disputes?|controvers(?:y|ies)|differences?)|disputes|"
    r"arising\s+(?:out\s+of|from|under)|subject\s+to|governed\s+by|terms\s+and\s+conditions|"
    r"standard\s+(?:terms|contract)|sujeit[oa]s?|regid[oa]s?\s+pel|dirimid[oa]s?|"
    r"controv[ée]rsias?|disputas|quaisquer\s+diverg[êe]ncias|termos\s+e\s+condi[çc][õo]es|"
    r"condi[çc][õo]es\s+gerais|sometid[oa]s?|controversias|cualquier\s+disputa|"
    r"t[ée]rminos\s+y\s+condiciones|condiciones\s+generales|cl[áa]usulas?|clauses?|"
    r"ica\s+(?:rules|bylaws|terms)|rules\s+(?:and\s+bylaws\s+)?of\s+the\s+ica|"
    r"regras\s+da\s+ica|reglas\s+de\s+la\s+ica|(?:as\s+)?per\s+ica|"
    r"arbitra\w*\s+(?:in|at|em|en)\s+(?:liverpool|london|bremen|s[ãa]o\s+paulo)|"
    r"ser[áã]o?\s+(?:resolvid|dirimid|submetid)\w*|se\s+resolver[áa]n?|"
    r"ser[áa]n?\s+(?:resuelt|sometid)\w*)\b"
)
_THREAT = (
    r"\b(?:we|i|our\s+(?:lawyers|legal\s+(?:department|counsel|team|advisers|advisors)|"
    r"solicitors|attorneys|principals|clients?|buyers?))\s+"
    r"(?:will|shall|are\s+going\s+to|intend\s+to|plan\s+to|have\s+decided\s+to|hereby|must|"
    r"may|might|would|reserve\s+the\s+right\s+to|have\s+instructed|are\s+instructing|"
    r"have\s+no\s+(?:choice|alternative|option)|(?:are|will\s+be)\s+(?:forced|obliged|"
    r"compelled)\s+to|are\s+(?:preparing|taking|referring|filing|commencing|starting|"
    r"initiating|cancell?ing|terminating|going)|have\s+(?:commenced|started|initiated|filed|"
    r"referred|appointed|cancell?ed|terminated))\b(?!\s+(?:not|never)\b)"
    r"|\bwe['’]ll\b|\bfailing\s+(?:which|settlement|payment|an?\s+\w+|this|that|your|a\s+"
    r"\w+)|\botherwise\b|\bor\s+else\b|\bnotice\s+of\s+(?:arbitration|intention|termination|"
    r"cancell?ation|claim)|\bintention\s+to\s+arbitrate"
    r"|(?<!não\s)(?<!nao\s)\b(?:iniciaremos|iniciar[ãa]o|acionaremos|acionar[ãa]o|"
    r"recorreremos|recorrer[ãa]o|entraremos|ingressaremos|ingressar[ãa]o|moveremos|"
    r"mover[ãa]o|tomaremos|tomar[ãa]o|levaremos|submeteremos|cancelaremos|rescindiremos|"
    r"processaremos|daremos\s+(?:in[íi]cio|entrada)|vamos\s+(?:acionar|entrar|iniciar|recorrer|"
    r"cancelar|rescindir|processar|levar|submeter|tomar)|reservamo-nos|nos\s+reservamos|"
    r"n[ãa]o\s+teremos\s+(?:outra\s+)?(?:alternativa|op[çc][ãa]o|escolha)|teremos\s+que|"
    r"seremos\s+obrigados|caso\s+contr[áa]rio|do\s+contr[áa]rio|sob\s+pena\s+de)\b"
    r"|(?<!no\s)\b(?:acudiremos|recurriremos|procederemos|presentaremos|someteremos|"
    r"llevaremos|demandaremos|interpondremos|iniciar[áa]n|vamos\s+a\s+(?:iniciar|cancelar|"
    r"acudir|recurrir|demandar|proceder|tomar|llevar|rescindir|presentar|someter)|"
    r"nos\s+veremos\s+obligados|no\s+tendremos\s+(?:m[áa]s|otra)\s+(?:remedio|alternativa|"
    r"opci[óo]n)|tendremos\s+que|de\s+lo\s+contrario|en\s+caso\s+contrario)\b"
    r"|\b(?:nossos?|nuestros?)\s+(?:advogados?|abogados?|jur[íi]dico|departamento\s+"
    r"(?:jur[íi]dico|legal))\s+\w+(?:r[ãa]o|r[áa]n|remos)\b"
)
_CONDITIONAL = (
    r"\b(?:if|unless|in\s+case|in\s+the\s+event|should\s+(?:any|there|the|a)|caso|"
    r"(?<![-\w])se\s+(?:houver|for|forem|algum|alguma|qualquer|o|a|os|as|n[ãa]o)|si|"
    r"en\s+caso\s+de|"
    r"a\s+menos\s+que|a\s+n[ãa]o\s+ser\s+que)\b"
)
_NEWSLETTER = (
    r"\b(?:unsubscribe|descadastr\w*|cancelar\s+(?:a\s+)?inscri[çc][ãa]o|darse\s+de\s+baja|"
    r"dar\s+de\s+baja|newsletter|boletim\s+informativo|bolet[íi]n\s+informativo|"
    r"view\s+(?:this\s+email\s+)?in\s+(?:your\s+)?browser|ver\s+no\s+navegador|"
    r"ver\s+en\s+el\s+navegador|this\s+(?:week|month)['’]s\s+edition|nesta\s+edi[çc][ãa]o|"
    r"en\s+esta\s+edici[óo]n|"
    # Genres whose alarming words name a topic: event programmes, auto-replies, reports.
    r"save\s+the\s+date|temario|programa[çc][ãa]o\s+do\s+evento|inscri[çc][õo]es\s+abertas|"
    r"inscripciones\s+abiertas|register\s+now|out\s+of\s+(?:the\s+)?office|"
    r"fora\s+do\s+escrit[óo]rio|ausente\s+do\s+escrit[óo]rio|fuera\s+de\s+(?:la\s+)?oficina|"
    r"resposta\s+autom[áa]tica|respuesta\s+autom[áa]tica|auto-?reply|automatic\s+reply|"
    r"market\s+report|weekly\s+report|relat[óo]rio\s+(?:semanal|de\s+mercado)|"
    r"informe\s+(?:semanal|de\s+mercado))\b"
)
# A subject that names the mail's genre: a programme, a policy, a requirement list, news.
# Not "reminder": claims are chased with reminders.
_GENRE_SUBJECT = (
    r"\b(?:preven[çc][ãa]o|prevention|preventive|preventiv[oa]|prevenci[óo]n|treinamento|"
    r"training|capacita[çc][ãa]o|capacitaci[óo]n|workshop|semin[áa]rio|seminario|seminar|"
    r"webinar|requirements|requisitos|requerimientos|specifications?|especifica[çc][õo]es|"
    r"especificaciones|comunicado|announcement|anuncio|news|not[íi]cias|noticias|headlines|"
    r"policy|pol[íi]tica|procedures?|procedimentos?|procedimientos?|guidelines|diretrizes|"
    r"directrices|best\s+practices|boas\s+pr[áa]ticas|buenas\s+pr[áa]cticas)\b"
)
_REPLY_SUBJECT = r"(?:^|\n)[ \t]*(?:subject:\s*)?(?:re|res|fw|fwd|enc|rv|aw|tr)\s*:"
_AWARENESS = (
    r"\b(?:never|nunca|jamais|jam[áa]s|fraud\w*|scam\w*|phishing|beware|be\s+aware|"
    r"be\s+careful|be\s+alert|cuidado|aten[çc][ãa]o\s+a|golpes?|fraude\w*|estafas?|"
    r"suspicious|suspeit\w*|sospechos\w*|impersonat\w*|fake|falsos?|falsas?|spoof\w*|"
    r"verify\s+by\s+phone|confirme\s+por\s+telefone)\b"
)
_CUES = {
    "finding": re.compile(_FINDING),
    "claim_assertion": re.compile(_CLAIM_ASSERTION),
    "finding_any": re.compile(_FINDING_ANY),
    "settled": re.compile(_SETTLED),
    "topic": re.compile(_TOPIC),
    "clause": re.compile(_CLAUSE),
    "threat": re.compile(_THREAT),
    "conditional": re.compile(_CONDITIONAL),
    "comma": re.compile(r",|\bthen\b|\bent[ãa]o\b|\bentonces\b"),
    "newsletter": re.compile(_NEWSLETTER),
    "genre_subject": re.compile(_GENRE_SUBJECT),
    "reply": re.compile(_REPLY_SUBJECT),
    "awareness": re.compile(_AWARENESS),
    "break": _BREAK,
    # A word that can start a negation after a finding (checked before the pattern).
    "post_negation": re.compile(
        r"\b(?:not|never|não|nao|no|nunca|jamais|free|negativ\w*|nil|none|nenhum\w*|ningun\w*|"
        r"sin|sem|0|"
        r"nada|nul[oa]|zero|absent|ausentes?|n/?d|passed|aprovad\w*|aprobad\w*|ruled|excluded|"
        r"descartad\w*|exclu[íi]d\w*|within|inside|line|accordance|according|per|meets?|"
        r"compl\w*|conform\w*|acordo|conformidade|conformidad|acuerdo|dentro|cumple|atende)\b"),
}

_SELF_THREAT = re.compile(
    r"\b(?:notice\s+of\s+(?:arbitration|intention\s+to\s+arbitrate)|intention\s+to\s+arbitrate|"
    r"we\s+hereby\s+(?:refer|submit|commence|give\s+notice)|demanda\s+arbitral|"
    r"pedido\s+de\s+arbitragem|solicitud\s+de\s+arbitraje|"
    r"(?:appointed|nominated)\s+(?:our|an)\s+arbitrator|nomeamos\s+(?:nosso|o)\s+[áa]rbitro|"
    r"designamos\s+(?:nuestro|al)\s+[áa]rbitro)\b",
)

_GENERIC_CLAUSE = re.compile(
    r"\b(?:(?:any|all|each|every)\s+(?:disputes?|controvers(?:y|ies)|differences?)|disputes"
    r"|shall\s+be\s+(?:settled|referred|resolved|submitted)|arising\s+(?:out\s+of|from|under)"
    r"|subject\s+to|terms\s+and\s+conditions|sujeit[oa]s?|dirimid\w*|controv[ée]rsias|"
    r"quaisquer\s+diverg[êe]ncias|sometid[oa]s?|controversias|cualquier\s+disputa|"
    r"cl[áa]usulas?|clauses?)\b",
)

# Cues the claim and threat readers look up by name.
_CUES["qualifier"] = _QUALIFIER_AFTER
_CUES["generic_clause"] = _GENERIC_CLAUSE
_CUES["self_threat"] = _SELF_THREAT
