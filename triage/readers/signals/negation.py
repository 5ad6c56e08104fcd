"""Scoped negation: whether a word is negated in its own clause, read leftwards on the
reversed text and rightwards after the word, by anchored matches on bounded windows.
"""

from __future__ import annotations

import re

from triage.readers.signals import further
from triage.readers.signals.document import _Doc, _doc
from triage.readers.signals.matching import _S, _phrase_alt

# --- Vocabulary for negation ---------------------------------------------------------

# Determiners and prepositions that negate the noun phrase right after them.
_DET_NEGATORS = [
    "without", "free of", "free from", "absence of", "negative for", "zero", "nor",
    "neither", "sem", "nenhum", "nenhuma", "livre de", "livres de", "isento de", "isenta de",
    "isentos de", "isentas de", "ausência de", "ausencia de", "negativo para", "negativa para",
    "negativos para", "nem", "sin", "ningún", "ninguna", "ninguno", "libre de", "libres de",
    "exento de", "exenta de", "exentos de", "exentas de", "ni", "nada de", "0",
    "kein", "keine", "keinen", "keiner", "keines", "keinerlei", "ohne", "frei von", "weder",
    "aucun", "aucune", "sans", "pas de", "exempt de", "exempte de", "exempts de",
    "exemptes de", "absence de", "nessun", "nessuna", "nessuno", "senza", "privo di",
    "priva di", "privi di", "prive di", "esente da", "esenti da", "libero da", "libera da",
    "liberi da", "assenza di", "né", "hiçbir", "no habrá", "no habra", "não haverá",
    "nao havera", "there will be no", *further.DET_NEGATORS,
]
# Verbal negators. "no" is one in Spanish ("no se encontró") and English
# ("no contamination": a determiner, handled with English fillers only, because in
# Portuguese "no" means "in the": "no lote 12 encontramos contaminação").
_VERB_NEGATORS = ["not", "never", "cannot", "não", "nao", "nunca", "jamais", "jamás",
                  "nicht", "pas", "non", "không", "chưa", *further.VERB_NEGATORS]
# Auxiliaries and copulas between a verbal negator and what it governs.
_AUX = [
    "be", "been", "being", "is", "was", "were", "are", "have", "has", "had", "yet",
    "foi", "foram", "é", "são", "está", "estão", "estava", "estavam", "era", "eram", "ser",
    "sido", "seja", "sejam", "se", "nos", "lhe", "ainda", "es", "son", "están", "estaba",
    "estaban", "fue", "fueron", "ha", "han", "había", "habían", "le", "les", "hemos", "temos",
    "tivemos", "we", "i", "they", "nós",
    "wurde", "wurden", "ist", "sind", "war", "waren", "haben", "hat", "hatten", "wir", "es",
    "wird", "werden", "a", "ont", "avons", "été", "est", "sont", "était", "étaient", "nous",
    "è", "stato", "stata", "stati", "state", "abbiamo", "ha", "hanno", "erano", "viene",
    "vengono", "si", "ci", "bị", "được", "hề", "đã", "chúng tôi",
]
# Verbs of finding or existence: "not found", "não houve", "no se detectó".
_FIND_VERBS = [
    "find", "found", "finding", "detect", "detected", "observe", "observed", "see", "seen",
    "saw", "notice", "noticed", "identify", "identified", "contain", "contains", "contained",
    "show", "shows", "showed", "shown", "have", "has", "had", "reveal", "revealed",
    "discover", "discovered", "exist", "exists", "present", "presence", "evident",
    "encontrou", "encontramos", "encontraram", "encontrado", "encontrada", "encontrados",
    "encontradas", "encontrar", "encontrei", "detectou", "detectamos", "detectaram",
    "detectado", "detectada", "detectados", "detectadas", "detectar", "constatou",
    "constatamos", "constatado", "constatada", "constatados", "constatadas", "identificou",
    "identificamos", "identificado", "identificada", "identificados", "identificadas",
    "observou", "observamos", "observado", "observada", "verificou", "verificamos",
    "verificado", "verificada", "houve", "há", "havia", "existe", "existem", "existia",
    "apresentou", "apresentaram", "apresenta", "apresentam", "apresentava", "contém", "contêm",
    "continha", "tem", "têm", "tinha", "teve", "tiveram", "mostrou", "mostraram", "mostra",
    "mostram", "revelou", "registrou", "registramos", "registrado", "registrada",
    "encontró", "encontraron", "hallamos", "halló", "hallaron", "hallado", "hallada",
    "detectó", "detectaron", "observó", "identificó", "constató", "hay", "hubo", "había",
    "existen", "presenta", "presentan", "presentó", "presentaron", "contiene", "contienen",
    "contenía", "tiene", "tienen", "tenía", "tuvo", "muestra", "muestran", "mostró",
    "registró", "evidenció",
    "festgestellt", "gefunden", "entdeckt", "nachgewiesen", "gesehen", "beobachtet",
    "ermittelt", "vorhanden", "feststellen", "finden", "constaté", "constatée", "trouvé",
    "trouvée", "détecté", "détectée", "relevé", "observé", "décelé", "découvert",
    "identifié", "présente", "contient", "riscontrato", "riscontrata", "trovato", "trovata",
    "rilevato", "rilevata", "constatato", "individuato", "osservato", "presenta",
    "contiene", "phát hiện", "thấy", "tìm thấy", "có", "ghi nhận", "phát hiện ra",
    *further.FIND_VERBS,
]
# Words that may stand between a negator and the noun it governs.
_FILLERS = [
    "any", "a", "an", "some", "qualquer", "quaisquer", "algum", "alguma", "nenhum", "nenhuma",
    "ningún", "ninguna", "ninguno", "cualquier", "algún", "alguna", "tipo", "kind", "type",
    "sort", "form", "sign", "signs", "trace", "traces", "evidence", "indication",
    "indications", "sinal", "sinais", "indício", "indícios", "vestígio", "vestígios",
    "traço", "traços", "rastro", "rastros", "traza", "trazas", "indicio", "indicios",
    "evidencia", "evidencias", "señal", "señales", "presence", "presença", "presencia",
    "of", "de", "da", "do", "das", "dos", "del", "visible", "visibly", "visível", "visíveis",
    "visibles", "apparent", "aparente", "obvious", "significant", "significativa",
    "significativo", "detectable", "detectável", "further", "other", "outra", "outro", "otra",
    "otro", "such", "tal", "bales", "bale", "lots", "lot", "samples", "sample", "fardos",
    "fardo", "lotes", "amostras", "amostra", "pacas", "paca", "muestras", "muestra",
    "real", "actual", "serious", "major", "new", "nada", "nothing", "anything",
    "irgendeine", "irgendwelche", "spuren", "anzeichen", "von", "an", "sichtbare",
    "sichtbaren", "du", "des", "trace", "traces", "signe", "signes", "visible", "alcun",
    "alcuna", "alcuno", "traccia", "tracce", "segni", "segno", "di", "della", "delle",
    "dei", "visibile", "dấu hiệu", "bất kỳ", "nào", "sự", "hiện tượng", *further.FILLERS,
]
# Fillers after English "no": "no bales were found contaminated".
_EN_FILLERS = [
    "any", "visible", "apparent", "obvious", "significant", "detectable", "further", "other",
    "such", "sign", "signs", "trace", "traces", "evidence", "indication", "of", "bales", "bale",
    "lots", "lot", "samples", "sample", "was", "were", "is", "are", "been", "has", "have",
    "found", "detected", "observed", "identified", "seen", "real", "actual", "serious",
    "major", "new",
]
# Items of a negated list: "no plastic, jute or PP strings".
_LIST_ITEMS = [
    "plastic", "plastics", "plástico", "plásticos", "jute", "juta", "yute", "polypropylene",
    "polipropileno", "pp", "strings", "strands", "fibres", "fibers", "pieces", "string",
    "fios", "fibras", "pedaços", "hilos", "pedazos", "foreign", "matter", "material",
    "materia", "matéria", "estranha", "extraña", "stones", "hair", "feathers", "contamination",
    "contaminação", "contaminación", "moisture", "umidade", "humedad", "stickiness",
    "honeydew", "pegajosidade", "pegajosidad", "melado", "damage", "dano", "daño",
    "kunststoff", "kunststoffe", "plastik", "polypropylen", "fremdfasern", "fremdkörper",
    "kontamination", "verunreinigungen", "plastique", "polypropylène", "corps", "étrangers",
    "fibres", "plastica", "polipropilene", "iuta", "corpi", "estranei", "contaminazione",
    "polipropilen", "jüt", "kontaminasyon", "nhựa", "sợi", "lạ", "tạp", "chất",
    *further.LIST_ITEMS,
]
# "por"/"by"/"with": "ausência de contaminação por plástico, polipropileno" lists too.
_LIST_SEP_WORDS = ["or", "nor", "and", "ou", "nem", "e", "ni", "o", "y", "por", "by", "with",
                   "com", "con", "oder", "und", "noch", "et", "veya", "ve", "hoặc", "và",
                   "mit", "avec", "da", "di", *further.LIST_SEP_WORDS]


def _rev_words(ws: list[str]) -> str:
    return _phrase_alt(ws, reverse=True)


# Leftwards from the start of a word, on the reversed text: the grammar of a negated
# noun phrase read backwards (list items, fillers, a finding verb, auxiliaries, the
# negator). Each repetition is bounded.
# A list may open with a parenthesis after an adjective: "sin contaminación visible
# (plástico, polipropileno, yute)".
_REV_SEP = rf"(?:\s{{0,3}}[,(]\s{{0,6}}|{_S}{_rev_words(_LIST_SEP_WORDS)}{_S})"
_REV_ITEMS = (rf"(?:{_REV_SEP}(?:{_rev_words(_FILLERS)}{_S})?{_rev_words(_LIST_ITEMS)}"
              rf"(?:{_S}{_rev_words(_LIST_ITEMS)}){{0,2}})")
_PRE_NEGATION = re.compile(
    rf"(?:{_REV_ITEMS}){{0,3}}"
    rf"(?:(?:{_S}{_rev_words(_FILLERS)}){{0,3}}(?:{_S}{_rev_words(_FIND_VERBS)})?"
    rf"(?:{_S}{_rev_words(_AUX)}){{0,2}}(?:{_S}{_rev_words(_FILLERS)}){{0,3}}"
    rf"{_S}{_rev_words(_DET_NEGATORS)}\b"
    rf"|(?:{_S}{_rev_words(_FILLERS)}){{0,4}}(?:{_S}{_rev_words(_FIND_VERBS)})?"
    rf"(?:{_S}{_rev_words(_AUX)}){{0,2}}{_S}(?:{_rev_words(_VERB_NEGATORS)}\b|t['’]n\w)"
    # Spanish "no" governs through a verb ("no se encontró") or a copula ("no está").
    rf"|(?:(?:{_S}{_rev_words(_FILLERS)}){{0,4}}{_S}{_rev_words(_FIND_VERBS)})?"
    rf"(?:{_S}{_rev_words(_AUX)}){{0,2}}{_S}on\b(?!['’])"
    rf"|(?:{_S}{_rev_words(_EN_FILLERS)}){{0,2}}(?:{_S}{_rev_words(_FIND_VERBS)})?"
    rf"(?:{_S}{_rev_words(_EN_FILLERS)}){{0,4}}{_S}on\b(?!['’]))",
)

_SOFT_BREAK = (r"(?:but|mas|pero|however|porém|porem|contudo|entretanto|although|though|"
               r"whereas|while|which|que|sino|except|exceto|excepto|salvo|yet|todavia|"
               r"todavía|aunque|embora|because|porque|since|as)")
_WORDISH = r"(?:[^\s.;!?]|\.(?=\d)){1,30}"
_FREE_WORD = rf"(?!{_SOFT_BREAK}\b){_WORDISH}"
_NEG_WORD = r"(?:not|never|não|nao|no|nunca|jamais|nicht|kein\w{0,2}|pas|non|không|chưa)"
_AUX_ALT = _phrase_alt(_AUX)
_PARTICIPLES = (
    r"(?:found|detected|observed|present|seen|identified|confirmed|noted|noticed|evident|"
    r"discovered|encontrad[oa]s?|detectad[oa]s?|constatad[oa]s?|observad[oa]s?|"
    r"identificad[oa]s?|confirmad[oa]s?|verificad[oa]s?|presentes?|hallad[oa]s?|"
    r"evidenciad[oa]s?|registrad[oa]s?|vist[oa]s?|festgestellt|gefunden|nachgewiesen|"
    r"entdeckt|beobachtet|vorhanden|ermittelt|constat[ée]e?s?|trouv[ée]e?s?|d[ée]tect[ée]e?s?|"
    r"relev[ée]e?s?|observ[ée]e?s?|d[ée]cel[ée]e?s?|riscontrat[oaie]|trovat[oaie]|"
    r"rilevat[oaie]|constatat[oaie]|individuat[oaie]|osservat[oaie]|present[ei]|"
    r"ph[áa]t\s+hi[ệe]n|th[ấa]y|ghi\s+nh[ậa]n)\b"
    r"(?!\s{1,4}(?:acceptable|suitable|fit|satisfactory|in\s+order|aceit|adequad|aceptab))"
)
_NONE_WORDS = (
    r"(?:none|nil|no|não|nao|negative|negativ[oa]s?|absent|ausentes?|nenhum[a]?|ningun[oa]|"
    r"kein\w{0,2}|negativ|aucune?|n[ée]gati(?:f|ve)s?|nessun[oa]?|negatif|yok(?:tur)?|"
    r"không(?:\s+có)?|âm\s+tính|无|没有|未发现|未检出|阴性|"
    r"nada|nul[oa]|zero|0(?![\d.,])|n/?d|not\s+(?:detected|found|observed|present)|"
    r"n[ãa]o\s+(?:detectad|encontrad|constatad)\w*|no\s+(?:detectad|encontrad)\w*)\b"
)
_WITHIN = (
    r"(?:within|inside|in\s+line\s+with|in\s+accordance\s+with|according\s+to|as\s+per|"
    r"meets|meet|complies\s+with|comply\s+with|conforms?\s+to|de\s+acordo\s+com|conforme|"
    r"dentro\s+d[eo]s?|dentro\s+de\s+(?:las?|los)|dentro\s+del|em\s+conformidade\s+com|"
    r"en\s+conformidad\s+con|de\s+acuerdo\s+con|cumple\s+con|atende)"
    rf"{_S}(?:(?:the|o|os|a|as|el|la|los|las|our|nosso|nuestro|normal|acceptable|agreed)"
    rf"{_S})?(?:contract|contracted|contratad|contrato|limit|tolerance|specification|spec|"
    r"range|normal|acceptable|standard|padr[ãõ]|l[íi]mite|toler[âa]ncia|tolerancia|"
    r"especifica|par[âa]metro|par[áa]metro|norma|requirement|requisit|franchise|franquia|"
    r"franquicia)"
)
# Turkish negates the verb itself: "tespit edilmedi", "bulunmamaktadır", "görülmedi"
# (and "-maktadır" without the negative "ma" is "is present": not a negation).
_TR_NEGATED_VERB = (
    r"(?:(?:tespit|kay[ıi]t)\s+edilme|bulunma|g[öo]r[üu]lme|rastlanma|saptanma|g[öo]zlenme"
    r"|belirlenme)(?:d[ıi]|di|m[ıi][şs]|mi[şs]|makta|mekte|z|yacak|yecek)\w*"
    r"|yok(?:tur|tu)?\b|mevcut\s+de[ğg]il\w*"
)
# Chinese: "未发现" before, "未检出" after; no spaces.
_ZH_NOT_FOUND = (r"\s?(?:未|没有|并未|并没有)(?:被)?(?:发现|检出|检测到|见到|出现|存在)"
                 r"|\s?(?:为|呈)?阴性")
_NOT_NEGATING_WORD = (r"(?!(?:not|não|nao|no|never|nunca|fora|fuera|out|outside|above|below|"
                       r"acima|abaixo|encima|debajo|exceed\w*|excede\w*)\b)")
# Rightwards from the end of a word: a finding negated after it.
_POST_NEGATION = re.compile(
    rf"[\s,\-–—(]{{0,4}}(?:{_FREE_WORD}{_S}){{0,5}}?(?:{_AUX_ALT}{_S}){{0,2}}{_NEG_WORD}{_S}"
    rf"(?:{_AUX_ALT}{_S}){{0,2}}{_PARTICIPLES}"
    # A label and its count: "Fardos com contaminação: 0", "New claims today     : 0".
    rf"|(?:[ \t]{{1,3}}[^\W\d_]{{1,15}}){{0,2}}[ \t]{{0,12}}[:=\-–—]\s{{0,3}}"
    rf"(?:{_NONE_WORDS}|sin\b|sem\b)"
    r"|[\s\-]{0,2}free\b"
    r"|(?:\s{1,4}(?:test|tests|testing|check|result|results|teste|testes|resultado|"
    r"inspection|inspe[çc][ãa]o|inspecci[óo]n|screening|"
    r"resultados|prueba|pruebas|analysis|análise|análisis|level|levels|nível|nivel)){0,2}"
    r"\s{0,4}[:=\-–]?\s{0,4}(?:negative|negativ[oa]s?|nil|none|passed|aprovad[oa]s?|"
    r"aprobad[oa]s?)\b"
    rf"|(?:{_S}(?:was|were|is|are|has\s+been|have\s+been|had\s+been|foi|foram|fue|fueron|"
    rf"ha\s+sido|han\s+sido))?{_S}(?:ruled\s+out|excluded|descartad[oa]s?|exclu[íi]d[oa]s?)"
    rf"|[\s,]{{0,3}}(?:{_NOT_NEGATING_WORD}{_FREE_WORD}{_S}){{0,4}}?{_WITHIN}"
    rf"|(?:{_S}{_FREE_WORD}){{0,4}}?{_S}(?:{_TR_NEGATED_VERB})"
    rf"|{_ZH_NOT_FOUND}|{further.POST_NEGATION}",
)
# Leftwards on the reversed text, right before a Chinese word: "未发现任何污染", "没有污染",
# "无异纤" (the negator, a finding verb, a filler; each optional but the negator).
_ZH_FILLERS = ["任何", "明显", "可见", "的"]
_ZH_VERBS = ["发现", "检出", "检测到", "见到", "出现", "存在", "有"]
_ZH_NEGATORS = ["未", "没有", "没", "无", "不", "并未", "并无", "并没有", "毫无"]


def _zh_rev(words: list[str]) -> str:
    return "(?:" + "|".join(w[::-1] for w in sorted(words, key=len, reverse=True)) + ")"


_ZH_PRE_NEGATION = re.compile(
    rf"\s?(?:{_zh_rev(_ZH_FILLERS)})?(?:{_zh_rev(_ZH_VERBS)})?{_zh_rev(_ZH_NEGATORS)}")
_CJK_CHAR = re.compile("[\u2e80-\u9fff\uf900-\ufaff]")
_TH_PRE_NEGATION = re.compile(
    rf"\s?(?:{_zh_rev(further.TH_FILLERS)}){{0,2}}(?:{_zh_rev(further.TH_VERBS)})?"
    rf"{_zh_rev(further.TH_NEGATORS)}")
_THAI_CHAR = re.compile("[\u0e00-\u0e7f]")


def _pre_negated(doc: _Doc, start: int) -> bool:
    p = len(doc.text) - start
    if start and _CJK_CHAR.match(doc.text, start - 1) or _CJK_CHAR.match(doc.text, start):
        if _ZH_PRE_NEGATION.match(doc.rev, p, min(len(doc.rev), p + 12)):
            return True
    if _THAI_CHAR.match(doc.text, start) and _TH_PRE_NEGATION.match(
            doc.rev, p, min(len(doc.rev), p + 30)):
        return True
    return _PRE_NEGATION.match(doc.rev, p, min(len(doc.rev), p + 200)) is not None


def _post_negated(doc: _Doc, end: int) -> bool:
    hi = min(len(doc.low), end + 160)
    if not doc.has_cue("post_negation", end, hi):
        return False
    return _POST_NEGATION.match(doc.low, end, hi) is not None


def is_negated(text: str, start: int, end: int) -> bool:
    """Whether the words at ``text[start:end]`` are negated in their clause (positions
    in ``text`` as given: pass the folded text when the match came from it)."""
    doc = _doc(text)
    return _pre_negated(doc, start) or _POST_NEGATION.match(
        doc.low, end, min(len(doc.low), end + 160)) is not None
