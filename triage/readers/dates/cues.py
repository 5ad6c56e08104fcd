"""The cue patterns: the words that set a time for us (before a date or a duration,
after a date, a verb before a day word, an end-of-day word), the date phrases they lead
to, and the markers of whose action or what fact the clause before a cue is about."""

from __future__ import annotations

import re

from triage.readers.dates.parse import _MONTHS, _WEEKDAY_ABBR, _WEEKDAYS

# --- the cue patterns ---------------------------------------------------------------
# They run on the normalised, lower-cased text (no re.I: a pattern that starts with a
# plain alternation of words lets the engine skip to the places where one can start).
# Tokens are separated by exactly one space or newline, so every separator below is a
# single optional character, every repeat is bounded, and the fillers between a cue and
# its date are possessive: nothing can backtrack over a run of text.

def _trie(words: list[str], *, boundary: bool = False) -> str:
    """An alternation as a prefix tree, so the engine tries one branch per character
    rather than every word; with ``boundary`` each word must start a word (its own
    look-behind, so the pattern still begins with literal text the engine can skip to)."""
    tree: dict = {}
    for w in set(words):
        node = tree
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = w

    # A space in a phrase is a space or a line break: "close of\nbusiness tomorrow" in a
    # hard-wrapped mail.
    def emit(node: dict) -> str:
        alts = [re.escape(ch).replace(r"\ ", "[ \n]") + emit(node[ch])
                for ch in sorted(k for k in node if k)]
        if "" in node:  # a word ends here; longer words were tried first
            alts.append(rf"(?<![^\W_]{re.escape(node[''])})".replace(r"\ ", "[ \n]")
                        if boundary else "")
        return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"

    return emit(tree)


_L = r"(?![^\W\d_])"          # not followed by a letter
_S = r"[ \n]"                 # one separator (text is normalised)
_SEP = rf"(?:{_S}?[:\-–]{_S}?|{_S})"  # "deadline: ", "by ", "prazo - ", "due : "
_WD_NAMES = [*(w for w in _WEEKDAYS if w not in ("segunda", "terça", "terca", "quarta",
                                                   "quinta", "sexta")),
             *(f"{d}{f}" for d in ("segunda", "terça", "terca", "quarta", "quinta", "sexta")
               for f in ("", "-feira", " feira"))]
_WD_FULL = _trie(_WD_NAMES) + _L
_WD_ANY = _trie([*_WD_NAMES, *_WEEKDAY_ABBR, *(a + "." for a in _WEEKDAY_ABBR)]) + _L
_MONTH = _trie([*_MONTHS, *(m + "." for m in _MONTHS if len(m) <= 4)]) + _L
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th|º|°|ª|er(?![^\W\d_])|o(?![^\W\d_]))?"
_YEAR = r"(?:19|20)\d\d(?!\d)"
_ARTICLE = _trie(["the", "o dia", "dia", "el día", "el dia", "día", "el", "on", "em", "no",
                  "na", "den", "dem", "am", "zum", "le", "il", "ngày"])
_ARTICLE = rf"(?:{_ARTICLE}{_S})?"
_WD_PREFIX = rf"(?:{_WD_ANY},?{_S}{_ARTICLE})?"

_DATE_NAMED = (  # 4 December 2026, 4 de dezembro de 2026, 4-Dec-2026, 4. Dezember 2026
    rf"(?P<nd>{_DAY})(?:\.(?={_S}))?(?:{_S}(?:of|de))?(?:{_S}|[/\-.])(?P<nm>{_MONTH})"
    rf"(?:(?:,?{_S}(?:de{_S}|del{_S}|of{_S})?|[/\-.])(?P<ny>{_YEAR}))?")
_DATE_NAMED_MF = (  # December 4th, 2026; Dec 4
    rf"(?P<mm>{_MONTH}){_S}(?:the{_S})?(?P<md>{_DAY})(?!\d)"
    rf"(?:,?{_S}(?P<my>{_YEAR}))?")
_DATE_ISO = r"(?P<iy>(?:19|20)\d\d)[-/.](?P<im>[01]?\d)[-/.](?P<id>[0-3]?\d)(?![\d/.\-]?\d)"
_DATE_NUM = (  # 15/12/2026, 15.12.26, 12/15/2026; no year: 03/12, 09.11., zum 7.5. (not 12.5)
    r"(?P<na>[0-3]?\d)(?:(?P<sep>[/.\-])(?P<nb>[01]?\d)(?P=sep)"
    r"(?P<nyr>\d{4}|\d\d)|/(?P<nb2>[0-3]?\d)|(?<=\d\d)\.(?P<nb3>[0-3]\d)\."
    # German "bis zum 7.5.": one digit is a date only after "zum" (not "3.5 bis 4.9.").
    r"|(?:(?<=zum\s\d)|(?<=zum\s\d\d))\.(?P<nb4>[01]?\d)\.)"
    r"(?![\d/.\-]?\d)(?!%|,\d)")
# Vietnamese: "ngày 4 tháng 12 (năm 2026)", the day and the month's number.
_DATE_VI = (rf"(?P<vd>{_DAY}){_S}th[áa]ng{_S}(?P<vm>1[0-2]|0?[1-9])(?!\d)"
            rf"(?:,?{_S}n[ăa]m{_S}(?P<vy>{_YEAR}))?")
_REL_WORDS = _trie([
    "today", "tonight", "tomorrow", "day after tomorrow", "hoje", "hoje à noite",
    "hoje a noite", "amanhã", "amanha", "depois de amanhã", "depois de amanha", "hoy",
    "esta noche", "mañana", "manana", "pasado mañana", "pasado manana",
    "heute", "morgen", "übermorgen", "aujourd'hui", "demain", "après-demain", "oggi",
    "domani", "dopodomani", "bugün", "yarın", "yarına", "hôm nay", "ngày mai",
    "ngày kia"]) + _L
_RELATIVE = f"(?P<rel>{_REL_WORDS})"
_QUALIFIER = _trie(["this", "next", "coming", "esta", "este", "próxima", "proxima",
                    "próximo", "proximo", "el próximo", "el proximo", "la próxima",
                    "la proxima", "diesen", "nächsten", "kommenden", "ce", "questo",
                    "bu", "gelecek"])
_WEEKDAY = (rf"(?:(?P<wq>{_QUALIFIER}){_S})?(?P<wd>{_WD_FULL})"
            rf"(?:{_S}(?:pr[óo]xim[ao]|que vem|prochain|prossimo))?")
# Articles before these ("the", "o", "el") are fillers.
_EOD_WORDS = [
    "end of day", "end of the day", "end of business day", "end of the business day",
    "close of business", "eod", "cob", "fim do dia", "final do dia", "fim do expediente",
    "final do expediente", "final del día", "final del dia", "fin del día", "fin del dia",
    "cierre del día", "cierre del dia", "geschäftsschluss", "dienstschluss", "tagesende",
    "ende des tages", "fin de journée", "fin de la journée", "fine giornata",
    "fine della giornata", "gün sonu", "mesai bitimi", "cuối ngày"]
_EOD = _trie(_EOD_WORDS) + _L
_ZONE = "utc gmt brt brst art clt cet cest est edt cst cdt pst pdt ist hkt sgt ict jst"
_TIME = (rf"(?:(?:at|às|as|a las|a la){_S})?"
         rf"(?:(?:[01]?\d|2[0-3])(?:[:h.][0-5]\d)?{_S}?(?:am|pm|a\.m\.|p\.m\.|h|hs|hrs)"
         rf"{_L}|(?:[01]?\d|2[0-3]):[0-5]\d|noon|midnight|midday|meio-dia|"
         rf"meia-noite|mediod[ií]a|medianoche)(?:{_S}?\(?{_trie(_ZONE.split())}\)?{_L})?")
_CORE = (rf"(?:{_WD_PREFIX}(?:{_DATE_NAMED}|{_DATE_NAMED_MF}|{_DATE_VI}|{_DATE_NUM})|"
         rf"{_DATE_ISO}|{_RELATIVE}|{_WEEKDAY})")
_JOIN = rf"(?:,?{_S}(?:(?:on|of|de|do|da|del|el|the){_S})?)"
# A time, then the date; with an end-of-day word before it ("by EOD") the date may be
# missing. Neither part gives back what it took; the look-ahead lets a try fail on the
# first character when no date can start there.
_TAIL_BODY = rf"(?=\w)(?:{_TIME}{_JOIN})?+(?P<core>{_CORE})"
_TAIL_END = r"(?(core)|(?(eod)|(?!)))"
_DATE_TAIL = rf"(?:{_SEP}{_TAIL_BODY})?{_TAIL_END}"

# Words that may stand between a cue and its date ("deadline for your reply is", "prazo
# final para a sua resposta é"). No cue word is one, so "by by by..." costs one try each.
_FILLER = ("the a an o os as el la los las de do da del dos das dia día is will be on at "
           "para por é es será sera final máximo maximo your our reply response answer "
           "resposta respuesta retorno pagamento pago payment vence expira expires ends "
           "termina encerra no na em en for to us email e-mail me nos contestación "
           "contestacion that date data fecha limite límite sua seu su vossa "
           "zum den dem am spätestens ihre ihrer antwort zahlung le votre réponse paiement "
           "il lo vostra risposta ngày là").split()
# No comma straight after a cue: "as mentioned before, on 4 December we shipped".
# A filler never starts an end-of-day phrase ("hasta el final del día" is not three
# fillers). The end-of-day word sits outside the possessive repeats: CPython 3.11's re
# mis-tracks a group captured inside one ("SystemError: The span of capturing group is
# wrong").
_FILLER_WORD = rf"{_SEP}(?!{_EOD}){_trie(_FILLER)}{_L}"
_FILLERS = (rf"(?:{_FILLER_WORD}){{0,6}}+(?:{_SEP}(?P<eod>{_EOD})"
            rf"(?:{_FILLER_WORD}){{0,2}}+)?")

_BY = ["by", "before", "until", "till", "untill", "no later than", "not later than",
       "on or before", "at the latest by", "latest by", "até", "ate", "antes de", "antes do",
       "antes da", "o mais tardar", "no mais tardar", "o mais tardar até", "hasta",
       "antes del", "a más tardar", "a mas tardar", "a más tardar el", "como máximo"]
# German, French, Italian, Vietnamese (Turkish and Chinese put the cue after the date).
_BY_MORE = ["bis", "bis zum", "bis spätestens", "spätestens bis", "spätestens am",
            "spätestens", "avant", "avant le", "d'ici", "d'ici le", "au plus tard le",
            "au plus tard", "jusqu'au", "entro", "entro il", "entro e non oltre",
            "entro e non oltre il", "non oltre il", "prima del", "trước", "trước ngày",
            "chậm nhất", "chậm nhất là", "chậm nhất vào", "en geç"]
_VERBS = ["respond", "reply", "answer", "revert", "pay", "settle", "confirm",
          "responder", "responda", "respondam", "retornar", "retorne", "pague", "paguem",
          "confirme", "confirmem", "conteste", "contestar", "contesten", "respondan",
          "paguen", "confirmen"]
_DATE_CUES = [
    *_BY, "latest", "deadline", "due", "due date", "expires", "expiring", "prazo", "data limite",
    "vencimento", "plazo", "fecha límite", "fecha limite", "vencimiento",
    *(f"{v} {b}" for v in _VERBS for b in _BY),
    *(f"{v} {t} {b}" for v in _VERBS[:7] for t in ("to us", "to this", "me", "us")
      for b in ("by", "before", "until", "no later than")),
    *_BY_MORE, "frist", "fällig am", "zahlbar bis", "délai", "date limite", "échéance",
    "scadenza", "termine", "hạn chót", "thời hạn", "hạn cuối", "son tarih",
]
# Verbs before a day word ("Bitte antworten Sie heute", "répondre aujourd'hui").
_VERBS_MORE = ["antworten", "zahlen", "bestätigen", "répondre", "payer", "confirmer",
               "rispondere", "pagare", "confermare", "trả lời", "phản hồi", "thanh toán",
               "xác nhận"]
_DUR_CUES = [
    "within", "in", "in the next", "within the next", "em", "em até", "em ate",
    "no prazo de", "prazo de", "dentro de", "dentro dos próximos", "dentro das próximas",
    "nas próximas", "nos próximos", "no máximo em", "en", "en un plazo de", "plazo de",
    "en las próximas", "en los próximos", "dentro de los próximos",
    "dentro de las próximas", "en un máximo de", "no máximo", "como máximo", "prazo",
    "plazo", "deadline", "innerhalb", "innerhalb von", "innerhalb der nächsten", "binnen",
    "in den nächsten", "sous", "dans les", "dans un délai de", "sous un délai de", "entro",
    "nei prossimi", "nelle prossime", "entro i prossimi", "entro le prossime", "trong vòng",
    "trong", "trong thời hạn", "trong thời gian", "frist", "délai", "termine",
]
# "a"/"an"/"um" are not fillers here: "within a day" counts one.
_DUR_FILLER = [*(w for w in _FILLER if w not in ("a", "an", "em", "en", "no", "na", "in")),
               "até", "ate", "next", "coming", "following", "próximas", "proximas",
               "próximos", "proximos", "seguintes", "siguientes"]
# Number words text2num reads; "forty-eight", "quarenta e oito", "cuarenta y ocho" chain.
_NUM_WORDS = (
    "a an one two three four five six seven eight nine ten eleven twelve fourteen fifteen "
    "twenty thirty forty fifty sixty seventy ninety um uma dois duas três tres quatro "
    "cinco seis sete oito nove dez onze doze catorze quatorze quinze vinte trinta quarenta "
    "cinquenta sessenta setenta noventa un uno dos cuatro siete ocho nueve diez once "
    "doce quince veinte veintiuno veintiuna veinticuatro treinta cuarenta cincuenta "
    "sesenta noventa zwei drei vier fünf sieben zehn vierzehn deux trois quatre cinq sept "
    "dix quinze tre quattro cinque sette dieci quindici").split()
_NUM_WORD = _trie(_NUM_WORDS) + _L
_NUM = (rf"(?:(?P<n>\d{{1,3}})(?:{_S}?\({_NUM_WORD}(?:[- ]{_NUM_WORD}){{0,3}}\))?|"
        rf"(?P<w>{_NUM_WORD}(?:(?:-|{_S}(?:e{_S}|y{_S}|and{_S})?){_NUM_WORD}){{0,2}})"
        rf"(?:{_S}?\((?P<wn>\d{{1,3}})\))?)")
_UNIT = (r"(?:(?P<bd>(?:business|working|work)[ \n]days?|dias?[ \n][úu]teis|dia[ \n][úu]til|"
         r"d[ií]as?[ \n]h[áa]biles|d[ií]as?[ \n]laborables|(?:werk|arbeits|gesch[äa]fts)tage?n?|"
         r"jours?[ \n]ouvr(?:[ée]s?|ables?)|giorni[ \n](?:lavorativi|feriali)|"
         r"ng[àa]y[ \n]l[àa]m[ \n]vi[ệe]c)|"
         r"(?P<h>hours?|hrs?|h|horas?|hs|stunden|heures?|ore|gi[ờo])|"
         r"(?P<wk>weeks?|semanas?|wochen?|semaines?|settimane?|tu[ầa]n)|"
         r"(?P<d>(?:calendar[ \n])?days?|d[ií]as?(?:[ \n](?:corridos|naturales))?|tage?n?|"
         r"jours?|giorni|ng[àa]y))"
         + _L)

_DATE_RE = re.compile(rf"{_trie(_DATE_CUES, boundary=True)}{_L}{_FILLERS}{_DATE_TAIL}")
# "Kindly settle the claim today", "responda hoje", "reply on Friday": a verb, up to
# three words, a day word.
_VERB_RE = re.compile(rf"{_trie([*_VERBS, *_VERBS_MORE], boundary=True)}{_L}"
                      rf"(?:{_S}(?!{_REL_WORDS}|{_EOD}|on{_S}{_WD_FULL})[^\W\d_]{{1,15}}+)"
                      rf"{{0,3}}+{_S}(?:on{_S})?(?:(?P<core>{_RELATIVE}|{_WEEKDAY})|"
                      rf"(?P<eod>{_EOD}))")
# "we need your confirmation today COB": an end-of-day word needs no cue ("EOD"/"COB"
# only in capitals, see _eod_alone); a day word may stand before or after it.
_EOD_RE = re.compile(rf"{_trie(_EOD_WORDS, boundary=True)}{_L}"
                     rf"(?:{_JOIN}(?P<after>{_REL_WORDS}|{_WD_FULL}))?")
_DAY_BEFORE_RE = re.compile(rf"(?<![^\W_])(?:{_REL_WORDS}|{_WD_FULL}),?[ \n]$")
_DUR_RE = re.compile(
    rf"{_trie(_DUR_CUES, boundary=True)}{_L}"
    rf"(?:{_SEP}{_trie(_DUR_FILLER)}{_L}){{0,6}}+{_SEP}{_NUM}{_S}?{_UNIT}")
# "... 4 December, failing which": the date comes before the cue.
_POST_CUES = [
    "failing which", "failing that", "otherwise", "or else", "at the latest",
    "caso contrário", "caso contrario", "do contrário", "do contrario", "sob pena de",
    "o mais tardar", "impreterivelmente", "de lo contrario", "en caso contrario",
    "a más tardar", "a mas tardar", "so pena de", "sin falta", "como muy tarde",
    "lo más tarde", "lo mas tarde", "at the very latest", "no máximo", "no maximo",
    "sem falta", "spätestens", "andernfalls", "au plus tard", "faute de quoi", "à défaut",
    "al più tardi", "altrimenti", "in mancanza", "aksi takdirde", "en geç", "chậm nhất",
    "nếu không",
    # Turkish puts "until" after the date, in the dative: "cuma gününe kadar", "4 Aralık'a
    # kadar", "15.12.2026 tarihine kadar" (what may stand between: _POST_GAP_RE).
    "kadar",
]
# Also a day named in brackets and the end of the working day: "15 Haziran 2027 (yarın)
# mesai bitimine kadar".
_POST_GAP_RE = re.compile(r",?[ \n]?|'?(?:y?[ae]|n[ae])[ \n]"
                          r"|\)?[ \n](?:\([^()\n]{1,20}\)[ \n])?"
                          r"(?:(?:g[üu]n[üu]n|tarihin|saatin|mesai[ \n]bitimin)[ae][ \n])?")
_POST_CUE_RE = re.compile(rf"{_trie(_POST_CUES, boundary=True)}{_L}")
_PHRASE_RE = re.compile(
    rf"(?<![^\W_/.\-])(?:(?P<eod>{_EOD}){_JOIN}?)?(?:{_TAIL_BODY})?{_TAIL_END}")

# Whose action or what fact the clause before a cue is about. The last marker wins:
# "We will take action unless you pay by Friday" ends on "unless you".
_ACTOR_RE = re.compile(
    r"(?<![^\W_])(?:"
    # the sender's own promise or absence
    r"(?P<self>(?:we|i)(?: will| shall|'ll| are going to| am going to| plan to| intend to)"
    r"(?! need| require| expect| await| wait| appreciate| ask| request| insist| take| start"
    r"| initiate| proceed| commence| file| be forced| be obliged| have to| hold| charge"
    r"| consider| treat| escalate| refer| cancel| reject| deduct| only| not)|"
    r"will be (?:sent|shipped|delivered|ready|available|provided|forwarded|issued|loaded|"
    r"dispatched|uploaded)|(?:envia|manda|retorna|responde|embarca|providencia|entrega|"
    r"fornece|encaminha|proporciona|informa|despacha|remete|carrega|carga)(?:remos|rei|ré)|"
    r"vamos(?: a)? (?:enviar|mandar|retornar|responder|embarcar|entregar|providenciar)|"
    r"iremos|estaremos enviando|ser[áã]o? enviad[oa]s?|ser[áa]n? enviad[oa]s?|"
    r"out of (?:the )?office|on (?:annual )?leave|on holiday|on vacation|away from|"
    r"fora do escrit[óo]rio|de f[ée]rias|em f[ée]rias|ausente|fuera de la oficina|"
    r"de vacaciones|"
    r"wir werden|werden wir|wir (?:senden|schicken|liefern|verschiffen|übermitteln|melden uns)|"
    r"wird (?:versandt|verschifft|geliefert|geschickt|zugestellt)|abwesend|nicht im büro|"
    r"im urlaub|nous (?:vous |les |leur |lui )?(?:enverrons|expédierons|livrerons|chargerons|"
    r"répondrons|reviendrons|ferons parvenir)|"
    r"sera (?:envoy|exp[ée]di|livr)[ée]e?s?|en congé|absente?|"
    r"(?:invieremo|spediremo|consegneremo|caricheremo|risponderemo|provvederemo)|"
    r"sar[àa] (?:inviat|spedit|consegnat)[oaie]|in ferie|fuori ufficio|"
    r"(?:g[öo]nderece[ğg]iz|sevk edece[ğg]iz|teslim edece[ğg]iz|y[üu]kleyece[ğg]iz)|izinde|"
    r"ofis d[ıi][şs][ıi]nda|chúng tôi sẽ (?:gửi|giao|xếp hàng|trả lời|phản hồi)|nghỉ phép)|"
    # a fact or a past obligation, not a time set now
    r"(?P<fact>previa|previam|deveria|deveriam|devia|deviam|deb[íi]a|deb[íi]an|was to|"
    r"were to|had to|should have|was due|were due|vencia|venceu|venci[óo]|expired|"
    r"expirou|expir[óo]|supposed to|previst[oa]s?|scheduled|shipped|loaded|sailed|"
    r"arrived|arrives|arriving|arrival|discharged|dated|issued|invoiced|signed|shipment|"
    r"shipping|b/l|bill of lading|invoice date|eta|etd|departure|departed|vessel|"
    r"embarcad[oa]s?|embarque|carregad[oa]s?|chegou|chegaram|chegada|emitid[oa]s?|"
    r"datad[oa]s?|assinad[oa]s?|navio|zarpou|data da fatura|data de emiss[ãa]o|"
    r"cargad[oa]s?|lleg[óo]|llegaron|llegada|fechad[oa]s?|firmad[oa]s?|buque|zarp[óo]|"
    r"closed|cerrad[oa]s?|"
    r"fecha de factura|fecha de emisi[óo]n|"
    r"verschifft|verladen|geliefert|angekommen|ankunft|schiff|rechnungsdatum|datiert|"
    r"unterzeichnet|verschiffung|lieferung|exp[ée]di[ée]e?s?|charg[ée]e?s?|livr[ée]e?s?|"
    r"arriv[ée]e?s?|navire|date de facture|dat[ée]e?s?|sign[ée]e?s?|exp[ée]dition|"
    r"livraison|spedit[oaie]|caricat[oaie]|consegnat[oaie]|arrivat[oaie]|arrivo|nave|"
    r"data fattura|datat[oaie]|firmat[oaie]|spedizione|consegna|sevk edildi|y[üu]klendi|"
    r"teslim edildi|geldi|var[ıi][şs]|gemi|fatura tarihi|tarihli|sevkiyat|teslimat|"
    r"đã giao|đã xếp|đã đến|tàu|ngày hóa đơn|giao hàng)|"
    # a demand on us
    r"(?P<you>you|your|please|pls|kindly|unless|otherwise|failing|if|must|should|need|"
    r"needs|require|requires|request|demand|expect|await|awaiting|ask|asking|"
    r"você|voce|vocês|voces|v\.?sas?|sua|seu|suas|seus|favor|solicitamos|pedimos|exigimos|"
    r"aguardamos|precisamos|caso|deve|devem|necessitamos|queira|queiram|usted|ustedes|su|"
    r"sus|rogamos|esperamos|necesitamos|necesito|a menos que|salvo que|debe|deben|"
    r"s[íi]rvase|responda|respondam|respondan|retorne|retornem|pague|paguem|paguen|"
    r"confirme|confirmem|confirmen|envie|enviem|env[íi]e|env[íi]en|conteste|contesten|"
    r"bitte|wir erwarten|wir bitten|fordern sie|ersuchen|erwarten|wenn|falls|sofern|"
    r"andernfalls|sollten|ihre|ihr|ihrerseits|veuillez|merci de|nous vous prions|"
    r"nous attendons|vous|votre|vos|faute|[àa] d[ée]faut|vi preghiamo|si prega|vogliate|"
    r"attendiamo|vostra|vostro|vostri|qualora|in mancanza|l[üu]tfen|rica ederiz|"
    r"bekliyoruz|talep ediyoruz|sizin|vui lòng|quý công ty|đề nghị|yêu cầu))"
    + _L)
# What follows the date can still say it is no deadline of ours: a named shipment or
# invoice, a fraction ("4/5 of the total"), a narrative ("By 10 November we had opened"),
# "to date" ("até hoje não recebemos", "until today we have not").
_AFTER_FACT_RE = re.compile(
    r"[ \n]?(?:shipment|sailing|vessel|b/l|invoice|embarque|navio|fatura|factura|buque|"
    r"of the|do total|de la|del total|parts?|partes?|verschiff\w*|schiff|rechnung|"
    r"exp[ée]dition|navire|facture|spedizione|nave|fattura|sevkiyat\w*|gemi|tàu|hóa đơn)"
    + _L)
# A promise of our sender's written after the date, in languages that put the verb last:
# "Fotoğrafları cuma gününe kadar göndereceğiz", "(wir werden) ... bis Freitag senden".
_AFTER_SELF_RE = re.compile(
    r"(?:[ \n][^\W\d_]{1,20}){0,4}?[ \n](?:(?P<tr>[^\W\d_]*(?:g[öo]nder|sevk ed|teslim ed|"
    r"y[üu]kle|ilet|bildir|cevap ver|yan[ıi]t ver)[^\W\d_]*(?:ece[ğg]iz|aca[ğg][ıi]z|iyoruz|"
    r"[ıi]yoruz|uyoruz|[üu]yoruz|eriz|ar[ıi]z))|(?P<de>senden|schicken|liefern|verschiffen|"
    r"übermitteln|zusenden|versenden|zukommen lassen)(?:[ \n]werden)?)" + _L)
_FIRST_PERSON_DE = re.compile(r"(?<![^\W_])wir" + _L)
# Only where the cue opens its clause ("By 10 November we had opened 40 bales"; but
# "please respond by Friday, we have a board meeting" is a deadline).
_NARRATIVE_RE = re.compile(
    r",?[ \n](?:(?:we|i) (?:had|have|found|received|opened|noticed|discovered|were|was|"
    r"already)|já|ya|nós|nosotros|tivemos|hab[íi]amos|hemos|hatten wir|haben wir|"
    r"nous avions|nous avons|avevamo|abbiamo)" + _L)
_TO_DATE_RE = re.compile(
    r"(?:bis heute|jusqu'à aujourd'hui|fino (?:ad )?oggi)(?:[ ,\n]|$)|"
    r"(?:until|till|até|ate|hasta) (?:today|hoje|hoy),?[ \n](?:não|nao|no|not|nothing|nada|"
    r"nenhum|nenhuma|ningún|ninguna|ninguém|never|nunca|still|ainda|todavía|todavia|we|i|"
    r"nós|nos|nosotros|hemos|temos|tivemos|have|has)" + _L)
_CLAUSE_BACK = 160

# --- Chinese: no spaces, the cue around the date ("请于12月4日前", "在周五之前", "3个工作日内")
_ZH_NUM = r"\d{1,3}|[一二两三四五六七八九十]{1,3}"
_ZH_DATE = (r"(?:(?P<zy>(?:19|20)\d\d)\s?年\s?)?(?P<zm>1[0-2]|0?[1-9])\s?月\s?"
            r"(?P<zd>3[01]|[12]\d|0?[1-9])\s?[日号]")
_ZH_WEEKDAY = r"(?P<zq>本|这个?|下个?)?(?:周|星期|礼拜)(?P<zw>[一二三四五六日天])"
_ZH_REL = r"(?P<zrel>今天|今日|明天|明日|后天)"
_ZH_ANY = rf"(?:{_ZH_DATE}|{_ZH_WEEKDAY}|{_ZH_REL}|{_DATE_ISO}|{_DATE_NUM})"
# A cue before the date ("请于", "截止日期：", "最迟", "不迟于"), or "之前/以前/前" after it.
_ZH_DATE_RE = re.compile(
    rf"(?:(?P<zcue>截止日期|截止时间|截至|截止|最迟|最晚|不迟于|限于|须于|需于|请于|务必于|于|在)"
    rf"[:：]?\s?)?{_ZH_ANY}\s?(?P<zafter>之前|以前|前)?")
_ZH_DUR_RE = re.compile(
    rf"(?P<zn>{_ZH_NUM})\s?个?\s?(?:(?P<bd>工作日)|(?P<h>小时)|(?P<wk>周|星期)|(?P<d>天|日))"
    r"\s?(?:之内|以内|内)")
# Whose action the clause is about, as in _ACTOR_RE; no word boundaries.
_ZH_ACTOR_RE = re.compile(
    r"(?P<self>我方将|我们将|我司将|我方会|我们会|我司会)"
    r"|(?P<fact>已于|已经|已|装运|发货|装船|到港|提单|发票日期|船期|交货|签订)"
    r"|(?P<you>请|贵方|贵司|务必|须|需|要求|如|若)")
# Turkish durations put the cue after the number: "5 iş günü içinde", "48 saat içinde".
_TR_DUR_RE = re.compile(
    r"(?<![^\W_])(?P<n>\d{1,3})[ \n](?:(?P<bd>i[şs][ \n]g[üu]n[üu]?)|(?P<h>saat)"
    r"|(?P<wk>hafta)|(?P<d>g[üu]n))(?:l[üu]k)?[ \n](?:i[çc]inde|i[çc]erisinde|zarf[ıi]nda)"
    + _L)
