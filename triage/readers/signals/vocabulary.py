"""Claim vocabulary: the words of each claim type (problems and measurements), what is
wrong with a measurement, and the claim words (claims, rejections, liability).
"""

from __future__ import annotations

import re

from triage.readers.signals import further
from triage.readers.signals.matching import _whole
from triage.routes import ClaimType

# --- Claim vocabulary ---------------------------------------------------------------

_GOODS = (r"(?:lots?|bales|cotton|goods|shipment|delivery|cargo|merchandise|containers?|"
          r"consignment|fibre|fiber|lotes?|fardos|algod[ãa]o|mercadorias?|carga|embarque|"
          r"remessa|entrega|pacas|algod[óo]n|mercanc[íi]as?|mercader[íi]as?|partida|"
          r"env[íi]o|cargamento|ware|waren|ballen|partie|lieferung|baumwolle|marchandises?|"
          r"balles|coton|livraison|merce|balle|cotone|partita|consegna|mal[ıi]|balyalar[ıi]?|"
          r"pamu[kğ]\w*|sevkiyat\w*|parti\w*|h[àa]ng|l[ôo]|ki[ệe]n|b[ôo]ng)")
_DEFECT = (r"(?:quality|defect\w*|difference|shortfall|contaminat\w*|claim\w*|damage\w*|"
           r"allowance|discount|moisture|micronaire|weight|rejected|qualidade|defeito\w*|"
           r"diferen[çc]a|quebra|falta|contamina\w*|reclama\w*|avaria\w*|desconto|umidade|"
           r"peso|calidad|defecto\w*|diferencia|merma|faltante|da[ñn]o\w*|descuento|humedad)")

# Portuguese "juta" (jute), not Indonesian and Malay "juta" (a million) after a number or
# a number word, or before a currency ("enam ratus lima puluh juta rupiah", "Rp 1,5 juta").
_JUTA = (r"(?<![0-9])(?<![0-9]\s)(?<!puluh\s)(?<!ratus\s)(?<!ribu\s)(?<!satu\s)(?<!dua\s)"
         r"(?<!tiga\s)(?<!empat\s)(?<!lima\s)(?<!enam\s)(?<!tujuh\s)(?<!delapan\s)"
         r"(?<!sembilan\s)(?<!belas\s)juta(?!\s+(?:rupiah|dolar|ringgit|rp|usd|idr|myr)\b)")

# Two kinds of words within a claim type: ones that state a problem by themselves
# ("polypropylene", "weight shortfall", "sticky"), and measurements that are a claim
# only when something is wrong with them or the email is already a claim.
_CONTAMINATION = [
    *further.CONTAMINATION_PHRASES,
    r"contaminat\w*", r"contamina[çc][ãa]o", r"contamina[çc][õo]es", r"contaminad[oa]s?",
    r"contaminaci[óo]n(?:es)?", r"foreign\s+(?:matter|materials?|fib(?:re|er)s?|bodies|"
    r"objects)", r"mat[ée]rias?\s+estranhas?", r"materias?\s+extra[ñn]as?",
    r"cuerpos\s+extra[ñn]os", r"corpos\s+estranhos", r"polypropylene", r"polipropileno",
    r"plastics?", r"pl[áa]stic[oa]s?", r"jute", _JUTA, r"yute", r"pp\s+(?:strings?|"
    r"strands?|fib(?:re|er)s?|bags?|pieces)", r"r[áa]fia",
    # German (compounds that name a check, a report or a risk are not a finding),
    # French, Italian, Turkish ("kontaminasyonsuz" is "without contamination"),
    # Vietnamese and Chinese.
    r"kontamin(?!\w*(?:frei|kontrolle|pr[üu]fung|bericht|risiko|vermeidung|schutz|analyse|"
    r"test|zertifikat|s[ıiuü]z\b))\w*",
    r"verunreinig(?!\w*(?:frei|kontrolle|pr[üu]fung|bericht|risiko))\w*",
    r"fremdfasern", r"fremdk[öo]rper\w*", r"fremdstoffe", r"polypropylen\w*",
    r"kunststoff(?:e|teile|fasern|reste|st[üu]cke|f[äa]den)?", r"plastik(?:teile|reste|"
    r"st[üu]cke|fasern|f[äa]den)?", r"contamin[ée]e?s?", r"polypropyl[èe]ne",
    r"plastiques?", r"corps\s+[ée]trangers", r"mati[èe]res?\s+[ée]trang[èe]res?",
    r"fibres?\s+[ée]trang[èe]res?", r"contaminazion[ei]", r"contaminat[oaie]",
    r"polipropilene", r"plastic(?:a|he)", r"corpi\s+estranei", r"material[ei]\s+estrane[oi]",
    r"iuta", r"kirlilik\w*", r"kirlenm\w*", r"polipropilen\w*", r"yabanc[ıi]\s+(?:madde|"
    r"elyaf|cisim)\w*", r"j[üu]t", r"nhi[ễe]m\s+b[ẩa]n",
    r"t[ạa]p\s+ch[ấa]t\s+(?:l[ạa]|nh[ựu]a)", r"(?:l[ẫa]n|nhi[ễe]m)\s+t[ạa]p\s+ch[ấa]t",
    r"nh[ựu]a\s+(?:pp|plastic)", r"m[ảa]nh\s+nh[ựu]a", r"d[âa]y\s+(?:bao|nh[ựu]a|d[ứu]a)",
    r"ni\s?l[ôo]ng",
    r"s[ợo]i\s+l[ạa]", r"v[ậa]t\s+l[ạa]", r"polypropylen", r"s[ợo]i\s+pp",
    # Vietnamese "tạp chất" and Chinese "杂质" alone are trash, a grade's leaf ("cấp màu và
    # tạp chất không đạt", "杂质含量为5级"): foreign matter is named ("lẫn tạp chất", "nhựa",
    # "外来杂质", "麻绳", "化纤").
    "污染", "异纤", "异性纤维", "异性杂质", "外来杂质", "有害杂质", "三丝", "麻绳", "头发",
    "化纤", "布片", "丙纶", "塑料", "黄麻", "异物",
    *further.CONTAMINATION,
]
_QUALITY_STRONG = [
    r"sticky", r"stickiness", r"honeydew", r"melado", r"pegajos[oa]s?", r"pegajosidade",
    r"pegajosidad", r"off[\s-]?grade", r"below\s+(?:the\s+)?(?:contract(?:ed)?\s+)?grade",
    r"quality\s+(?:claim|complaint|difference)", r"reclama[çc][ãa]o\s+de\s+qualidade",
    r"diferen[çc]a\s+de\s+qualidade", r"reclam(?:o|aci[óo]n)\s+(?:de|por)\s+calidad",
    r"diferencia\s+de\s+calidad", r"immature\s+fib(?:re|er)s?",
    r"fibras?\s+(?:i|in)maturas?",
    r"klebrig\w*", r"honigtau", r"qualit[äa]tsm[äa]ngel\w*", r"qualit[äa]tsreklamation\w*",
    r"collant\w*", r"miellat", r"qualit[ée]\s+inf[ée]rieure", r"appiccicos\w*", r"melata",
    r"yap[ıi][şs]kan\w*", r"b[ôo]ng\s+d[íi]nh", "含糖", "粘性", "质量异议", "品级不符",
    "质量不符", *further.QUALITY,
]
_QUALITY_MEASURE = [
    r"micronaire", r"mic", r"staple(?:\s+length)?", r"comprimento(?:\s+de\s+fibra)?",
    r"longitud(?:\s+de\s+(?:la\s+)?fibra)?", r"uhml", r"(?:fib(?:re|er)\s+)?strength",
    r"resist[êe]ncia", r"resistencia", r"tenacidade", r"tenacidad", r"uniformity",
    r"uniformidade", r"uniformidad", r"leaf(?:\s+grade)?", r"grau\s+de\s+folha",
    r"colou?r(?:\s+grade)?", r"graded", r"grau\s+de\s+cor", r"grado\s+de\s+color",
    r"hvi", r"trash(?:\s+content)?", r"neps?", r"short\s+fib(?:re|er)(?:\s+content)?",
    r"fibras?\s+curtas?", r"fibras?\s+cortas?", r"sfc", r"maturity", r"maturidade",
    r"madurez",
]
_WEIGHT = [
    r"weight\s+shortfalls?", r"short[\s-]?weight(?:ed)?", r"underweight",
    r"weight\s+(?:loss|difference|discrepanc(?:y|ies)|claim|deficit|deficiency|short)",
    r"shortfall\s+(?=(?:of\s+)?[\d.,]+\s*(?:%|kgs?|lbs|mt|t\b|tons|tonnes|bales))",
    r"kgs?\s+(?:short|missing|less)", r"missing\s+(?:bales|weight)", r"falta\s+de\s+peso",
    r"(?:faltante|quebra|merma|falta)\s+de\s+[\d.,]+\s*(?:%|kgs?|kilos|toneladas|t\b)",
    r"faltante\s+de\s+peso", r"peso\s+faltante", r"merma(?:\s+de\s+peso)?",
    r"quebra\s+de\s+peso", r"diferen[çc]a\s+de\s+peso", r"perda\s+de\s+peso",
    r"peso\s+(?:a\s+menos|inferior|faltante)", r"d[ée]ficit\s+de\s+peso",
    r"diferencia\s+de\s+peso", r"p[ée]rdida\s+de\s+peso",
    r"diverg[êe]ncia\s+de\s+peso", r"diferen[çc]a\s+(?:\w+\s+){1,2}de\s+peso",
    r"shortage\s+of\s+[\d.,]+\s*(?:kgs?|lbs|mt|tons|tonnes|bales)",
    r"mindergewicht", r"untergewicht", r"fehlgewicht", r"gewichts(?:verlust|differenz|"
    r"manko|reklamation)\w*", r"manque\s+de\s+poids", r"perte\s+de\s+poids",
    r"diff[ée]rence\s+de\s+poids", r"poids\s+manquant", r"calo\s+(?:di\s+)?peso",
    r"ammanco\s+di\s+peso", r"differenza\s+di\s+peso", r"a[ğg][ıi]rl[ıi]k\s+(?:eksikli[ğg]i|"
    r"fark[ıi]|kayb[ıi])", r"eksik\s+a[ğg][ıi]rl[ıi]k", r"thi[ếe]u\s+(?:h[ụu]t\s+)?tr[ọo]ng"
    r"\s+l[ượu][ợo]ng", r"h[ụu]t\s+tr[ọo]ng\s+l[ượu][ợo]ng", "短重", "重量短缺", "缺重",
    *further.WEIGHT,
]
_MOISTURE_STRONG = [
    r"wet\s+(?:bales|cotton)", r"fardos\s+(?:molhados|[úu]midos)", r"pacas\s+(?:mojadas|"
    r"h[úu]medas)", r"algod[óo]n\s+mojado", r"mou?ld(?:y|ed)?", r"mofo", r"bolor", r"moho",
    r"water[\s-]damaged?", r"danos?\s+por\s+[áa]gua", r"da[ñn]os?\s+por\s+agua",
    r"moisture\s+damage",
    r"nasse\s+ballen", r"schimmel\w*", r"wassersch[äa]den?", r"balles\s+mouill[ée]es",
    r"moisi\w*", r"moisissures?", r"balle\s+bagnate", r"muffa", r"ammuffit\w*",
    r"[ıi]slak\s+balya\w*", r"k[üu]fl[üu]\w*", r"k[üu]flenm\w*", r"[ẩa]m\s+m[ốo]c",
    r"b[ôo]ng\s+[ướu][ớo]t", "霉变", "受潮", "发霉", "水渍", *further.MOISTURE,
]
_MOISTURE_MEASURE = [r"moisture(?:\s+content)?", r"humidity", r"umidade", r"humedad"]
_LATE = [
    r"late\s+(?:shipment|delivery)", r"delayed\s+(?:shipment|delivery)", r"shipped\s+late",
    r"atraso\s+n[oa]\s+(?:embarque|entrega)", r"(?:embarque|entrega)\s+atrasad[oa]",
    r"\d{1,3}\s+days\s+late", r"\d{1,3}\s+dias\s+de\s+atraso",
    r"\d{1,3}\s+d[íi]as\s+de\s+retraso",
    r"retraso\s+en\s+(?:el\s+embarque|la\s+entrega)", r"(?:embarque|entrega)\s+"
    r"(?:retrasad[oa]|tard[íi]a)",
    r"versp[äa]tete\s+(?:lieferung|verschiffung|verladung)", r"lieferverzug",
    r"retard\s+de\s+(?:livraison|chargement|l['’]exp[ée]dition)", r"livraison\s+tardive",
    r"ritardo\s+(?:nella|di|della)\s+(?:consegna|spedizione|imbarco)",
    r"consegna\s+in\s+ritardo", r"ge[çc]\s+(?:teslim|sevk)\w*", r"teslimat\s+gecikme\w*",
    r"giao\s+h[àa]ng\s+(?:ch[ậa]m|tr[ễe])", r"ch[ậa]m\s+giao\s+h[àa]ng", "延迟交货",
    "迟延交货", "延期装运", "延期交货", *further.LATE,
]


def _typed(strong: list[str], measure: list[str]) -> re.Pattern[str]:
    parts = []
    if strong:
        parts.append(r"(?P<strong>" + _whole(*strong) + ")")
    if measure:
        parts.append(r"(?P<measure>" + _whole(*measure) + ")")
    return re.compile("|".join(parts))


# The claim types a rule can read (documentation and "other" are the model's to judge).
CLAIM_TYPE_PATTERNS: dict[ClaimType, re.Pattern[str]] = {
    ClaimType.CONTAMINATION: _typed(_CONTAMINATION, []),
    ClaimType.QUALITY_HVI: _typed(_QUALITY_STRONG, _QUALITY_MEASURE),
    ClaimType.WEIGHT_SHORTFALL: _typed(_WEIGHT, []),
    ClaimType.MOISTURE: _typed(_MOISTURE_STRONG, _MOISTURE_MEASURE),
    ClaimType.LATE_SHIPMENT: _typed([], _LATE),
}

# Something is wrong with a measurement: right after it...
_QUALIFIER_AFTER = re.compile(
    r"\b(?:out\s+of\s+(?:range|spec\w*|contract|tolerance|type)|outside|below|above|"
    r"over\s+(?:the\s+)?(?:limit|max\w*|contract)|exceed\w*|higher\s+than|lower\s+than|"
    r"less\s+than|more\s+than|too\s+(?:high|low|short|weak|long)|high|low(?!\s+middling)|"
    r"excessive|elevated|poor|weak|insufficient|instead\s+of|vs\.?|versus|"
    r"against\s+(?:the\s+|a\s+)?(?:contract(?:ed|ual)?\s+|agreed\s+|required\s+)?"
    r"(?:(?:spec\w*|limit|max\w*|min\w*|value|grade|range)\s+(?:of\s+)?)?\d|"
    r"compared\s+(?:to|with)|not\s+(?:within|in\s+line|as\s+per|according|meet\w*|"
    r"complian\w*|conform\w*)|does\s+not\s+meet|do\s+not\s+meet|non[\s-]?(?:conform\w*|"
    r"complian\w*)|deviat\w*|discrepan\w*|issues?|problems?|defect\w*|off[\s-]?(?:spec|"
    r"type|grade)|failed|fails|claim\w*|complaint|fora\s+d[aeo]s?|abaixo|acima|"
    r"inferior(?:es)?|superior(?:es)?|alt[oa]s?|baix[oa]s?|elevad[oa]s?|excessiv[oa]s?|"
    r"insuficientes?|em\s+vez\s+de|ao\s+inv[ée]s\s+de|contra\s+(?:o|os|a|as)\s+"
    r"contratad\w*|n[ãa]o\s+(?:conforme|atende\w*|est[áa]\s+de\s+acordo)|desvios?|"
    r"problemas?|defeitos?|reprovad\w*|reclama\w*|fuera\s+de|por\s+debajo|por\s+encima|"
    r"menor(?:es)?\s+(?:que|a|al|de)|mayor(?:es)?\s+(?:que|a|al|de)|excede\w*|"
    r"ultrapass\w*|baj[oa]s?|excesiv[oa]s?|en\s+(?:lugar|vez)\s+de|no\s+(?:conforme|cumple\w*)|"
    r"desviaci[óo]n|defectos?|rechazad\w*)\b",
)
# ...or right before it ("low strength", "excess moisture", "alta umidade").
_QUALIFIER_BEFORE = re.compile(
    r"\b(?:low|high|poor|weak|short|excessive|excess|elevated|insufficient|inadequate|bad|"
    r"abnormal|irregular|baixa|baixo|alta|alto|elevad[oa]|excessiv[oa]|insuficiente|fraca|"
    r"fraco|m[áa]|ruim|baja|bajo|pobre|d[ée]bil|deficiente|excesiv[oa]|anormal)\s{1,3}"
    r"(?:\w+\s{1,3})?$",
)
_VALUE = re.compile(r"\d")

CLAIM_WORDS = re.compile(
    _whole(
        # "claim" and its family, not an address, a department or "claims to be".
        r"(?<![@.\-])claim(?:s|ed|ing|ant|ants)?(?![@.\-]\w)"
        r"(?!\s+(?:department|dept|team|manager|handler|office|desk|adjuster|procedure|process|"
        r"policy|form|unit)\b|\s+(?:that|to\s+be|to\s+have|to\s+come|to\s+represent)\b)",
        r"reclama[çc][ãa]o", r"reclama[çc][õo]es", r"reclamos?", r"reclamaci[óo]n(?:es)?",
        r"reclamamos", r"reclamar", r"reclamando", r"reclamad[oa]s?", r"indemni\w*",
        r"(?:delay|late\s+delivery|late\s+shipment)\s+penalt(?:y|ies)",
        r"multa\s+(?:por\s+)?(?:atraso|retraso)", r"penalidad\s+por\s+retraso",
        r"indeniza\w*", r"indemniza\w*",
        r"compensation", r"compensate", r"ressarcimento", r"ressarcir", r"resarcimiento",
        r"resarcir", r"complaints?", r"queixas?", r"quejas?", r"price\s+allowance",
        r"quality\s+(?:settlement|deduction|debit\s+note)",
        # Costs we caused, passed on: "our recharge of the costs incurred as a direct result
        # of the late presentation of original documents" (not a courier's costs passed on).
        r"(?:our|this)\s+recharge\s+(?:\S+\s+){0,8}?(?:as\s+a\s+(?:direct\s+)?result\s+of|"
        r"caused\s+by|due\s+to|because\s+of|owing\s+to|arising\s+from)",
        # "We therefore debit you 5.15 US cents/lb on the late-shipped quantity".
        r"(?:we|i)\s+(?:hereby|therefore|accordingly)\s+debit\s+you(?!\s+for\s+(?:the\s+)?"
        r"(?:freight|charges|fees|commission|swift))",
        r"abatimento", r"rebaja\s+de\s+precio", r"damages", r"preju[íi]zos?", r"perjuicios?",
        r"disputes?(?!\s+(?:resolution|settlement))", r"disputed", r"disputa",
        rf"debit\s+note(?=[^.;!?\n]{{0,80}}?\b{_DEFECT})",
        rf"nota\s+de\s+d[ée]bito(?=[^.;!?\n]{{0,80}}?\b{_DEFECT})",
        # Rejection of goods (a rejection affirms a claim).
        rf"(?:we|i)\s+(?:hereby\s+|must\s+|will\s+|shall\s+|have\s+to\s+|are\s+)?"
        rf"(?:reject|rejecting|refuse|refusing)\s+(?:to\s+accept\s+)?(?:the|this|these|those|"
        rf"your|all|\d+)\s+(?:\S+\s+){{0,2}}?{_GOODS}",
        r"(?:refuse|refused|refusing)\s+(?:to\s+(?:take|accept)\s+)?delivery",
        rf"(?:we|i)\s+(?:cannot|can\s+not|can['’]t|will\s+not|won['’]t|do\s+not|shall\s+not)\s+"
        rf"accept\s+(?:the|this|these|those|your|such|\d+)\s+(?:\S+\s+){{0,2}}?{_GOODS}",
        rf"{_GOODS}\b[^.;!?\n]{{0,40}}?\b(?:cannot|can\s+not|will\s+not|won['’]t|shall\s+not|"
        rf"could\s+not)\s+be\s+accepted",
        r"(?:we|i)\s+(?:hereby\s+|must\s+|will\s+|shall\s+)?(?:reject|refuse)\s+"
        r"(?:lots?|contracts?|bales)\s+(?:no\.?\s*|n[ºo°]\s*|#\s*)?[\w/-]*\d",
        rf"(?:rejeitamos|recusamos|rechazamos|devolvemos|devolveremos|rejeitaremos|"
        rf"recusaremos|rechazaremos)\s+(?:(?:o|a|os|as|este|esta|estes|estas|esse|essa|esses|"
        rf"essas|el|la|los|las|\d+)\s+)?(?:\S+\s+){{0,2}}?{_GOODS}",
        rf"(?:n[ãa]o|no)\s+(?:aceitaremos|aceitamos|podemos\s+aceitar|vamos\s+aceitar|"
        rf"iremos\s+aceitar|aceptaremos|aceptamos|podemos\s+aceptar|vamos\s+a\s+aceptar)\s+"
        rf"(?:o|a|os|as|este|esta|estes|estas|esse|essa|esses|essas|el|la|los|las|\d+)\s+"
        rf"(?:\S+\s+){{0,2}}?{_GOODS}",
        r"recusa(?:r|mos)?\s+(?:a|o)\s+(?:entrega|recebimento)",
        r"rechaz(?:ar|amos)\s+(?:la|el)\s+(?:entrega|recepci[óo]n)",
        # Liability.
        r"(?:we|i)\s+(?:will\s+|shall\s+|must\s+|hereby\s+)?hold\s+(?:you|your\s+(?:company|"
        r"firm|good\s*selves)|the\s+sellers?|them)\s+(?:fully\s+|entirely\s+|solely\s+|"
        r"jointly\s+)?(?:responsible|liable|accountable)",
        r"held\s+(?:fully\s+)?(?:responsible|liable)",
        r"responsabiliza(?:mos|remos|r[áa]|r[ãa]o)", r"responsabilizamos",
        r"(?:os|vos|lhes|a)\s+consideramos\s+respons[áa]veis",
        r"(?:los|les|la|lo)\s+(?:hacemos|haremos|consideramos)\s+responsables?",
        r"hacemos\s+responsables?",
        # German, French, Italian, Turkish, Vietnamese, Chinese: claims, complaints,
        # damages; a rejection; liability.
        r"reklamation(?:en)?", r"\w{2,20}?reklamation(?:en)?", r"beanstandung(?:en)?",
        r"m[äa]ngelr[üu]ge\w*", r"schadens?ersatz\w*", r"entsch[äa]digung\w*",
        r"r[ée]clamation(?:s)?", r"d[ée]dommagement\w*", r"dommages(?:-int[ée]r[êe]ts)?",
        r"litiges?", r"reclami", r"contestazion[ei]", r"risarciment[oi]", r"indennizz[oi]",
        r"danni", r"[şs]ikayet\w*", r"reklamasyon\w*", r"tazminat\w*",
        r"hasar\s+talep\w*", r"khi[ếe]u\s+n[ạa]i", r"b[ồo]i\s+th[ưu][ờo]ng",
        "索赔", "赔偿", "投诉", "质量异议", "理赔", "索偿", "拒收", "拒绝接收",
        rf"wir\s+(?:lehnen|weisen)\s+(?:die|diese|den|diesen|das|alle|\d+)\s+(?:\S+\s+){{0,2}}?"
        rf"{_GOODS}\s+(?:\S+\s+){{0,3}}?(?:ab|zur[üu]ck)",
        rf"wir\s+(?:nehmen|akzeptieren)\s+(?:die|diese|den|das|\d+)\s+(?:\S+\s+){{0,2}}?"
        rf"{_GOODS}\s+nicht",
        rf"nous\s+(?:refusons|rejetons|retournons)\s+(?:la|les|le|ce|cette|ces|\d+)\s+"
        rf"(?:\S+\s+){{0,2}}?{_GOODS}",
        rf"(?:rifiutiamo|respingiamo|restituiamo)\s+(?:la|le|il|i|questa|queste|\d+)\s+"
        rf"(?:\S+\s+){{0,2}}?{_GOODS}",
        rf"{_GOODS}\s+(?:\S+\s+){{0,2}}?(?:reddediyoruz|kabul\s+etmiyoruz|iade\s+ediyoruz)",
        rf"ch[úu]ng\s+t[ôo]i\s+t[ừu]\s+ch[ốo]i\s+(?:nh[ậa]n\s+)?{_GOODS}",
        r"wir\s+(?:machen|halten)\s+sie\s+(?:daf[üu]r\s+)?(?:voll\s+)?(?:haftbar|verantwortlich)",
        r"nous\s+vous\s+tenons\s+(?:pour\s+)?(?:enti[èe]rement\s+)?responsables?",
        r"vi\s+riteniamo\s+(?:pienamente\s+)?responsabili",
        r"sorumlu\s+tutuyoruz", "由贵方承担", "贵方负全部责任",
        # Indonesian and Malay, Japanese, Korean, Thai, Arabic.
        *further.CLAIM_WORDS,
    ),
)
