"""Sentence cues: what a sentence around a word says (a finding, a settled claim, a
topic, a clause, a threat, a condition...), and sentence breaks. The analysed text
finds them block by block, by name (``_CUES``).
"""

from __future__ import annotations

import re

from triage.readers.signals import further, yours
from triage.readers.signals.acts import (
    _CLAIM_ASSERTION,
    _CLAIM_RECEIVED,
    _FINDING,
    _FINDING_ANY,
    _HISTORY,
    _NOT_ON_READER,
    _SETTLED,
    _SETTLEMENT,
    _STATISTICS,
    _WITHDRAWAL,
    _WITHHELD,
)
from triage.readers.signals.matching import _whole
from triage.readers.signals.vocabulary import _QUALIFIER_AFTER
from triage.readers.text import CLAIM_ELSEWHERE

_BREAK = re.compile(
    r"(?:(?<!\.)\.|[!?;])(?<!\b[Nn][Oo]\.)(?<!\b[Nn][Rr]\.)(?=\s|$)|[。！？；؟؛]|\n[ \t>]*\n"
    r"|\n(?=[ \t>]*(?:[-*•]|\d+[.)]\s|[A-ZÀ-Ý]))"
)


# --- Sentence cues ----------------------------------------------------------------

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
    # German, French, Italian, Turkish, Vietnamese, Chinese: certificates, events,
    # publications, prevention, offers, specifications.
    r"zertifikat\w*", r"bescheinigung\w*", r"seminar\w*", r"schulung\w*", r"konferenz\w*",
    r"tagung\w*", r"artikel", r"zeitschrift\w*", r"anmeldung", r"vermeiden", r"vermeidung",
    r"verhindern", r"vorbeug\w*", r"reduzier\w*", r"verringer\w*", r"minimier\w*",
    r"statistik\w*", r"richtlinie\w*", r"angebot\w*", r"spezifikation\w*",
    r"k[üu]nftige\w*\s+(?:lieferungen|partien|verschiffungen)",
    r"certificats?", r"s[ée]minaires?", r"formations?", r"conf[ée]rences?", r"inscription",
    r"[ée]viter", r"pr[ée]vention", r"pr[ée]venir", r"r[ée]duire", r"minimiser",
    r"statistiques", r"directives?", r"offres?", r"cotation", r"sp[ée]cifications?",
    r"futures?\s+(?:livraisons|exp[ée]ditions)", r"certificat[oi]", r"seminari[oi]?",
    r"formazione", r"conferenza", r"convegno", r"articol[oi]", r"iscrizione", r"evitare",
    r"prevenzione", r"prevenire", r"ridurre", r"riduzione", r"minimizzare", r"statistiche",
    r"linee\s+guida", r"offert[ae]", r"quotazione", r"specifich[ae]",
    r"future\s+(?:consegne|spedizioni)", r"sertifika\w*", r"seminer\w*", r"e[ğg]itim\w*",
    r"konferans\w*", r"b[üu]lten\w*", r"makale\w*", r"[öo]nle(?:mek|me|nmesi)\w*",
    r"azalt\w*", r"istatistik\w*", r"teklif\w*", r"spesifikasyon\w*",
    r"ch[ứu]ng\s+nh[ậa]n", r"ch[ứu]ng\s+ch[ỉi]", r"h[ộo]i\s+th[ảa]o", r"đào\s+t[ạa]o",
    r"b[ảa]n\s+tin", r"b[àa]i\s+vi[ếe]t", r"đăng\s+k[ýy]", r"ph[òo]ng\s+ng[ừu]a",
    r"ng[ăa]n\s+ng[ừu]a", r"gi[ảa]m\s+thi[ểe]u", r"th[ốo]ng\s+k[êe]", r"b[áa]o\s+gi[áa]",
    r"ch[àa]o\s+gi[áa]", "证书", "研讨会", "培训", "简报", "文章", "报名", "避免", "预防",
    "防止", "减少", "降低", "统计", "指南", "报价", "规格", "今后", *further.TOPIC,
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
    r"ser[áa]n?\s+(?:resuelt|sometid)\w*|"
    r"streitigkeiten|unterliegen|unterliegt|schiedsklausel|allgemeine\s+gesch[äa]ftsbedingungen|"
    r"gem[äa](?:ß|ss)\s+(?:den\s+)?(?:ica-?\w*|regeln|bedingungen)|tout\s+litige|"
    r"tous\s+(?:les\s+)?litiges|ser(?:a|ont)\s+soumis\w*|conform[ée]ment\s+aux|"
    r"conditions\s+g[ée]n[ée]rales|qualsiasi\s+controversia|tutte\s+le\s+controversie|"
    r"sar(?:à|anno)\s+(?:sottopost|risolt|deferit)\w*|clausola|condizioni\s+generali|"
    r"uyu[şs]mazl[ıi]k\w*|tabidir|tabi\s+olacakt[ıi]r|[çc][öo]z[üu]mlenecektir|"
    r"genel\s+[şs]artlar|m[ọo]i\s+tranh\s+ch[ấa]p|tranh\s+ch[ấa]p\s+ph[áa]t\s+sinh|"
    r"s[ẽe]\s+đư[ợo]c\s+gi[ảa]i\s+quy[ếe]t|đi[ềe]u\s+kho[ảa]n)\b"
    r"|任何争议|一切争议|争议应|均应提交|应提交仲裁|仲裁条款|合同条款|" + further.CLAUSE
)
_THREAT = (
    r"\b(?:we|i|our\s+(?:lawyers|legal\s+(?:department|counsel|team|advisers|advisors)|"
    r"solicitors|attorneys|principals|clients?|buyers?))\s+"
    r"(?:will|shall|are\s+going\s+to|intend\s+to|plan\s+to|have\s+decided\s+to|hereby|must|"
    r"may|might|would|reserve\s+the\s+right\s+to|have\s+instructed|are\s+instructing|"
    r"(?:are|am|is|have\s+been|has\s+been)\s+instructed\s+to|"
    r"have\s+no\s+(?:choice|alternative|option)|(?:are|will\s+be)\s+(?:forced|obliged|"
    r"compelled)\s+to|are\s+(?:preparing|taking|referring|filing|commencing|starting|"
    r"initiating|cancell?ing|terminating|going)|have\s+(?:commenced|started|initiated|filed|"
    r"referred|appointed|cancell?ed|terminated)|has\s+(?:instructed|decided\s+to))\b"
    r"(?!\s+(?:not|never)\b)|\binstructed\s+us\s+to\b"
    r"|\bwe['’]ll\b|\bfailing\s+(?:which|settlement|payment|an?\s+\w+|this|that|your|a\s+"
    r"\w+)|\botherwise\b|\bor\s+else\b|\bnotice\s+of\s+(?:arbitration|intention|termination|"
    r"cancell?ation|claim)|\bintention\s+to\s+arbitrate"
    r"|(?<!não\s)(?<!nao\s)\b(?:iniciaremos|iniciar[ãa]o|acionaremos|acionar[ãa]o|"
    r"recorreremos|recorrer[ãa]o|entraremos|ingressaremos|ingressar[ãa]o|moveremos|"
    r"mover[ãa]o|tomaremos|tomar[ãa]o|levaremos|submeteremos|cancelaremos|rescindiremos|"
    r"processaremos|daremos\s+(?:in[íi]cio|entrada|instru[çc][õo]es)|vamos\s+(?:acionar|entrar|iniciar|recorrer|"
    r"cancelar|rescindir|processar|levar|submeter|tomar|ajuizar|protestar|executar|mover)|reservamo-nos|nos\s+reservamos|"
    r"n[ãa]o\s+teremos\s+(?:outra\s+)?(?:alternativa|op[çc][ãa]o|escolha)|teremos\s+que|"
    r"seremos\s+obrigados|caso\s+contr[áa]rio|do\s+contr[áa]rio|sob\s+pena\s+de|"
    # The company's lawyers in the third person: "a empresa ajuizará ação de cobrança".
    r"ajuizar[áa]|ajuizaremos|acionar[áa]|ingressar[áa]|mover[áa]|protestar[áa]|"
    r"protestaremos|executar[áa]|executaremos)\b"
    r"|(?<!no\s)\b(?:acudiremos|recurriremos|procederemos|presentaremos|someteremos|"
    r"llevaremos|demandaremos|interpondremos|iniciar[áa]n|vamos\s+a\s+(?:iniciar|cancelar|"
    r"acudir|recurrir|demandar|proceder|tomar|llevar|rescindir|presentar|someter)|"
    r"nos\s+veremos\s+obligados|no\s+tendremos\s+(?:m[áa]s|otra)\s+(?:remedio|alternativa|"
    r"opci[óo]n)|tendremos\s+que|de\s+lo\s+contrario|en\s+caso\s+contrario)\b"
    r"|\b(?:nossos?|nuestros?)\s+(?:advogados?|abogados?|jur[íi]dico|departamento\s+"
    r"(?:jur[íi]dico|legal))\s+\w+(?:r[ãa]o|r[áa]n|remos)\b"
    # German, French, Italian, Turkish (a future in the first person plural, not its
    # negative "-mayacağız"), Vietnamese, Chinese.
    r"|\b(?:wir\s+werden|werden\s+wir)\b(?!\s+(?:nicht|kein\w*|niemals)\b)"
    r"|\b(?:sehen\s+uns\s+gezwungen|sind\s+gezwungen|behalten\s+uns\s+(?:\w+\s+)?vor|"
    r"andernfalls|anderenfalls|ansonsten|widrigenfalls|bleibt\s+uns\s+nichts\s+anderes)\b"
    r"|\b(?:nous\s+(?:allons|engagerons|intenterons|saisirons|entamerons|r[ée]silierons|"
    r"annulerons|serons\s+(?:contraints|oblig[ée]s)|sommes\s+(?:contraints|oblig[ée]s)|"
    r"nous\s+r[ée]servons)|[àa]\s+d[ée]faut|faute\s+de\s+quoi|sinon)\b"
    r"|(?<!non\s)\b(?:procederemo|avvieremo|intraprenderemo|adiremo|ricorreremo|"
    r"risolveremo|annulleremo|saremo\s+costretti|ci\s+riserviamo|in\s+mancanza|"
    r"in\s+difetto|altrimenti|diversamente)\b"
    r"|\b(?:\w+(?<!m[ae]y)(?:ece[ğg]iz|aca[ğg][ıi]z|ece[ğg]imizi|aca[ğg][ıi]m[ıi]z[ıi])|"
    r"zorunda\s+kalaca[ğg][ıi]z|sakl[ıi]\s+tut(?:uyoruz|tu[ğg]umuzu)|aksi\s+(?:takdirde|halde))\b"
    r"|\b(?:ch[úu]ng\s+t[ôo]i\s+s[ẽe](?!\s+kh[ôo]ng)|bu[ộo]c\s+ph[ảa]i|n[ếe]u\s+kh[ôo]ng|"
    r"b[ảa]o\s+l[ưu]u\s+quy[ềe]n)\b"
    r"|我方将(?!不)|我们将(?!不)|我司将(?!不)|否则|将诉诸|将提起|将申请|不得不|保留[^。]{0,8}权利|"
    + further.THREAT
)
_CONDITIONAL = (
    r"\b(?:if|unless|in\s+case|in\s+the\s+event|should\s+(?:any|there|the|a)|caso|"
    r"(?<![-\w])se\s+(?:houver|for|forem|algum|alguma|qualquer|o|a|os|as|n[ãa]o)|si|"
    r"en\s+caso\s+de|"
    r"a\s+menos\s+que|a\s+n[ãa]o\s+ser\s+que|"
    r"wenn|falls|sofern|im\s+falle|au\s+cas\s+o[ùu]|en\s+cas\s+de|dans\s+le\s+cas\s+o[ùu]|"
    r"qualora|nel\s+caso|in\s+caso\s+di|se\s+(?:dovesse|dovessero|fosse|fossero|venisse|"
    r"venissero|ci\s+fosse|si\s+\w+)|e[ğg]er|halinde|durumunda|n[ếe]u|"
    r"trong\s+tr[ưu][ờo]ng\s+h[ợo]p)\b"
    r"|如果|若(?!干)|如发现|一旦|假如|倘若|" + further.CONDITIONAL
)
_NEWSLETTER = (
    r"\b(?:unsubscribe|descadastr\w*|cancelar\s+(?:a\s+)?inscri[çc][ãa]o|darse\s+de\s+baja|"
    r"dar\s+de\s+baja|newsletter|boletim\s+informativo|bolet[íi]n\s+informativo|"
    r"view\s+(?:this\s+email\s+)?in\s+(?:your\s+)?browser|ver\s+no\s+navegador|"
    r"manage\s+your\s+subscription|you\s+are\s+receiving\s+this\s+(?:brief|newsletter|bulletin|"
    r"digest|e-?mail)|(?:book|request|schedule)\s+(?:a|your)\s+(?:free\s+)?(?:\d+[- ]minute\s+)?"
    r"demo|(?:book|schedule)\s+(?:\S+\s+){1,5}?for\s+a\s+(?:\w+\s+)?demo|"
    r"to\s+stop\s+receiving\s+(?:this|these|our)\s+(?:\w+\s+)?(?:brief|newsletter|bulletin|"
    r"e-?mails|updates)|"
    r"ver\s+en\s+el\s+navegador|this\s+(?:week|month)['’]s\s+edition|nesta\s+edi[çc][ãa]o|"
    r"en\s+esta\s+edici[óo]n|"
    # Genres whose alarming words name a topic: event programmes, auto-replies, reports.
    r"save\s+the\s+date|temario|programa[çc][ãa]o\s+do\s+evento|inscri[çc][õo]es\s+abertas|"
    r"inscripciones\s+abiertas|register\s+now|inscri[çc][õo]es\s+at[ée]|carga\s+hor[áa]ria|"
    r"(?:por|per)\s+participante?|\A(?:informativo|rundschreiben)|out\s+of\s+(?:the\s+)?office|"
    r"fora\s+do\s+escrit[óo]rio|ausente\s+do\s+escrit[óo]rio|fuera\s+de\s+(?:la\s+)?oficina|"
    r"resposta\s+autom[áa]tica|respuesta\s+autom[áa]tica|auto-?reply|automatic\s+reply|"
    r"market\s+report|weekly\s+report|relat[óo]rio\s+(?:semanal|de\s+mercado)|"
    r"informe\s+(?:semanal|de\s+mercado)|"
    r"abmelden|im\s+browser\s+anzeigen|abwesenheitsnotiz|au(?:ß|ss)er\s+haus|"
    r"nicht\s+im\s+b[üu]ro|automatische\s+antwort|marktbericht|wochenbericht|"
    r"d[ée]sabonner|d[ée]sinscri\w*|abbestellen|newsletter\s+abmelden|voir\s+dans\s+le\s+navigateur|"
    r"absente?\s+du\s+bureau|r[ée]ponse\s+automatique|rapport\s+de\s+march[ée]|"
    r"lettre\s+d['’]information|annulla\s+l['’]iscrizione|disiscriviti|fuori\s+ufficio|"
    r"risposta\s+automatica|rapporto\s+di\s+mercato|notiziario|abonelikten\s+[çc][ıi]k|"
    r"ofis\s+d[ıi][şs][ıi]nda|otomatik\s+yan[ıi]t|piyasa\s+raporu|haftal[ıi]k\s+rapor|"
    r"h[ủu]y\s+đăng\s+k[ýy]|tr[ảa]\s+l[ờo]i\s+t[ựu]\s+đ[ộo]ng|b[áa]o\s+c[áa]o\s+th[ịi]"
    r"\s+tr[ưu][ờo]ng)\b"
    r"|退订|取消订阅|自动回复|市场报告|周报|" + further.NEWSLETTER
)
# A subject that names the mail's genre: a programme, a policy, a requirement list, news.
# Not "reminder": claims are chased with reminders.
_GENRE_SUBJECT = (
    r"\b(?:preven[çc][ãa]o|prevention|preventive|preventiv[oa]|prevenci[óo]n|treinamento|"
    r"training|capacita[çc][ãa]o|capacitaci[óo]n|workshop|semin[áa]rio|seminario|seminar|"
    r"webinar|requirements|requisitos|requerimientos|specifications?|especifica[çc][õo]es|"
    r"especificaciones|comunicado|announcement|anuncio|news|not[íi]cias|noticias|headlines|"
    r"policy|pol[íi]tica|procedures?|procedimentos?|procedimientos?|guidelines|diretrizes|"
    r"directrices|best\s+practices|boas\s+pr[áa]ticas|buenas\s+pr[áa]cticas|"
    r"pr[äa]vention|schulung|richtlinie|pr[ée]vention|s[ée]minaire|formation|politique|"
    r"prevenzione|seminario|formazione|politica|[öo]nleme|seminer|e[ğg]itim|politika|"
    r"ph[òo]ng\s+ng[ừu]a|h[ộo]i\s+th[ảa]o|đào\s+t[ạa]o)\b"
    r"|预防|培训|研讨会" + further.GENRE_SUBJECT
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
    "withdrawal": re.compile(_WITHDRAWAL),
    "withheld": re.compile(_WITHHELD),
    "history": re.compile(_HISTORY),
    "settlement": re.compile(_SETTLEMENT),
    "claim_received": re.compile(_CLAIM_RECEIVED),
    "not_on_reader": re.compile(_NOT_ON_READER),
    "award_for_reader": re.compile(further.AWARD_FOR_READER),
    "reader_claim": re.compile(yours.CLAIM_OF_READER),
    "settled_above": re.compile(yours.SETTLED_ABOVE),
    "not_settled_above": re.compile(yours.NOT_SETTLED_ABOVE),
    "claim_below": re.compile(yours.CLAIM_BELOW),
    "own_demand": re.compile(yours.OWN_DEMAND),
    "statistics": re.compile(_STATISTICS),
    "topic": re.compile(_TOPIC),
    "clause": re.compile(_CLAUSE),
    "threat": re.compile(_THREAT),
    "conditional": re.compile(_CONDITIONAL),
    "comma": re.compile(r",|\bthen\b|\bent[ãa]o\b|\bentonces\b"),
    "newsletter": re.compile(_NEWSLETTER),
    # The dispute is with someone else: "another supplier ... arbitration with them".
    # (Not "comprar de outro fornecedor": buying elsewhere is a threat to us.)
    "third_party": re.compile(
        r"\b(?:with|against)\s+(?:an?other|other)\s+(?:supplier|shipper|seller|merchant|"
        r"trader|vendor)s?\b|\b(?:com|contra)\s+outros?\s+fornecedor(?:es)?\b|"
        r"\b(?:con|contra)\s+otros?\s+proveedor(?:es)?\b|"
        r"\bmit\s+(?:einem\s+)?anderen\s+(?:lieferanten|h[äa]ndler)\b|"
        r"\bavec\s+(?:un\s+)?autres?\s+fournisseurs?\b"),
    "claim_elsewhere": re.compile(CLAIM_ELSEWHERE, re.IGNORECASE),
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
        r"compl\w*|conform\w*|acordo|conformidade|conformidad|acuerdo|dentro|cumple|atende|"
        r"nicht|kein\w*|negativ|pas|aucune?|non|nessun\w*|n[ée]gati\w*|kh[ôo]ng|ch[ưu]a|"
        r"yok\w*|negatif|mevcut|\w+m[ae](?:d[ıi]|di|m[ıi][şs]|mi[şs]|makta|mekte)\w*)\b"
        r"|未|没有|无|阴性" + further.POST_NEGATION_CUE),
}

_SELF_THREAT = re.compile(
    r"\b(?:notice\s+of\s+(?:arbitration|intention\s+to\s+arbitrate)|intention\s+to\s+arbitrate|"
    r"we\s+hereby\s+(?:refer|submit|commence|give\s+notice)|demanda\s+arbitral|"
    r"letter\s+before\s+(?:arbitration|action|claim)|"
    r"pedido\s+de\s+arbitragem|solicitud\s+de\s+arbitraje|"
    r"(?:appointed|nominated)\s+(?:our|an)\s+arbitrator|nomeamos\s+(?:nosso|o)\s+[áa]rbitro|"
    r"designamos\s+(?:nuestro|al)\s+[áa]rbitro|schiedsklage|"
    r"einleitung\s+eines\s+schiedsverfahrens|benennen\s+(?:hiermit\s+)?unseren\s+"
    r"schiedsrichter|(?:notification|demande)\s+d['’]arbitrage|nous\s+d[ée]signons\s+notre"
    r"\s+arbitre|domanda\s+di\s+arbitrato|nominiamo\s+(?:il\s+)?nostro\s+arbitro|"
    r"tahkim\s+talebi|hakemimizi|th[ôo]ng\s+b[áa]o\s+tr[ọo]ng\s+t[àa]i)\b"
    r"|仲裁申请|仲裁通知|指定仲裁员" + further.SELF_THREAT,
)

_GENERIC_CLAUSE = re.compile(
    r"\b(?:(?:any|all|each|every)\s+(?:disputes?|controvers(?:y|ies)|differences?)|disputes"
    r"|shall\s+be\s+(?:settled|referred|resolved|submitted)|arising\s+(?:out\s+of|from|under)"
    r"|subject\s+to|terms\s+and\s+conditions|sujeit[oa]s?|dirimid\w*|controv[ée]rsias|"
    r"quaisquer\s+diverg[êe]ncias|sometid[oa]s?|controversias|cualquier\s+disputa|"
    # A clause cited by its number is a threat's ground ("procederemos a iniciar el
    # arbitraje ... conforme a la cláusula 15 del contrato"), not a clause quoted.
    r"cl[áa]usulas?(?!\s+\d)|clauses?(?!\s+\d)|streitigkeiten|schiedsklausel|tout\s+litige|"
    r"tous\s+(?:les\s+)?litiges|qualsiasi\s+controversia|tutte\s+le\s+controversie|"
    r"clausola|uyu[şs]mazl[ıi]k\w*|m[ọo]i\s+tranh\s+ch[ấa]p)\b"
    r"|任何争议|一切争议|仲裁条款|" + further.GENERIC_CLAUSE,
)

# Cues the claim and threat readers look up by name.
_CUES["qualifier"] = _QUALIFIER_AFTER
_CUES["generic_clause"] = _GENERIC_CLAUSE
_CUES["self_threat"] = _SELF_THREAT
