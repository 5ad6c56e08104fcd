"""What a sentence does with a claim word, in every language we read: someone found the
problem in the goods, the sender states a claim of their own, a finding of any kind, or
the claim is already dealt with (settled, withdrawn, paid, a past season).
"""

from __future__ import annotations

from triage.readers.signals import further
from triage.readers.signals.matching import _whole
from triage.readers.signals.vocabulary import _GOODS

# Someone found the problem in the goods: first person, a named finder, a count of
# bales, the goods called contaminated, a rejection.
_FINDING = _whole(
    r"(?:we|i|our\s+\w+(?:\s+\w+)?)\s+(?:have\s+|has\s+|had\s+)?(?:also\s+|again\s+)?"
    r"(?:found|find|detected|identified|observed|noticed|discovered|confirmed|saw)",
    r"encontramos", r"detectamos", r"constatamos", r"identificamos", r"observamos",
    r"verificamos", r"hallamos", r"notamos", r"encontraram", r"detectaram", r"constataram",
    r"(?:in|em|en|on)\s+(?:uns\s+|umas\s+|unos\s+|about\s+|some\s+)?\d+\s+(?:of\s+(?:the\s+)?"
    r"\d+\s+)?(?:bales|fardos|pacas|balas|"
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
    # The goods showed the defect: "o algodão do lote GO-2526-01530 (...) apresentou forte
    # pegajosidade", "las pacas presentaron humedad".
    r"(?:fardos|lotes?|algod[ãa]o|pacas|algod[óo]n|mercadoria|mercanc[íi]a)\s+"
    r"(?:(?:[^.;!?\n]|\.\d){0,80}?\s)?(?:apresentou|apresentaram|present[óo]|presentaron)",
    r"(?:we|i)\s+(?:hereby\s+|must\s+|will\s+|shall\s+|now\s+)?reject",
    # A refusal of the goods is a rejection too: "we cannot accept this cotton".
    rf"(?:we|i)\s+(?:cannot|can\s+not|can['’]t|will\s+not|won['’]t|shall\s+not)\s+accept\s+"
    rf"(?:the|this|these|those|your|such|\d+)\s+(?:\S+\s+){{0,2}}?{_GOODS}",
    r"rejeitamos", r"recusamos", r"rechazamos", r"devolvemos", r"devolveremos",
    # German (the participle ends the clause), French, Italian, Turkish, Vietnamese,
    # Chinese ("未发现" is a negation, not a finding).
    r"wir\s+(?:haben|hatten)\s+(?:\S+\s+){0,8}?(?:festgestellt|gefunden|entdeckt|"
    r"nachgewiesen|beanstandet|bemerkt)", r"(?:stellten|fanden|entdeckten)\s+wir",
    r"haben\s+wir\s+(?:\S+\s+){0,8}?(?:festgestellt|gefunden|entdeckt|nachgewiesen)",
    r"wir\s+(?:stellten|fanden|entdeckten)",
    r"nous\s+avons\s+(?:\S+\s+){0,2}?(?:constat[ée]|trouv[ée]|d[ée]tect[ée]|relev[ée]|"
    r"d[ée]couvert|observ[ée]|identifi[ée]|d[ée]cel[ée])",
    r"abbiamo\s+(?:\S+\s+){0,2}?(?:riscontrato|trovato|rilevato|constatato|scoperto|"
    r"individuato|osservato|accertato)",
    r"tespit\s+(?:ettik|edilmi[şs]tir|edildi|edilmi[şs])", r"bulduk", r"saptad[ıi]k",
    r"saptanm[ıi][şs]t[ıi]r",
    r"ch[úu]ng\s+t[ôo]i\s+(?:đã\s+)?(?:ph[áa]t\s+hi[ệe]n|t[ìi]m\s+th[ấa]y|ghi\s+nh[ậa]n)",
    r"(?:in|im|dans|nelle|nei|in\s+den|trong)\s+\d+\s+(?:ballen|balles|balle|ki[ệe]n)",
    r"\d+\s+(?:ballen|balles|balle|balya\w*|ki[ệe]n)\s+(?:waren|sind|mit|enthielten|"
    r"étaient|sont|avec|contenaient|erano|sono|con|contenevano|b[ịi]|c[óo]|\w*kontamin\w*|"
    r"contamin\w*)",
    r"(?:die|diese|der)\s{1,3}(?:\w+\s{1,3})?(?:kontaminierten|verunreinigten|beanstandeten|"
    r"abgelehnten|nassen)", r"(?:les|ces)\s{1,3}(?:\w+\s{1,3})?(?:contamin[ée]es|"
    r"mouill[ée]es|refus[ée]es)", r"(?:le|queste)\s{1,3}(?:\w+\s{1,3})?(?:contaminate|"
    r"bagnate|rifiutate)", r"kontamine\s+balya\w*",
    "我方发现", "我们发现", "我司发现", "经检验发现", "检验发现", "(?<!未)(?<!没有)(?<!无)检出",
    "(?<!未)(?<!没有)(?<!没)(?<!无)(?<!并未)发现", "在\\d+包", *further.FINDING,
) + further.FINDING_COUNTS
# The sender states a claim of their own.
_CLAIM_ASSERTION = _whole(
    r"(?:we|i)\s+(?:hereby\s+|must\s+|will\s+|shall\s+|now\s+|still\s+|therefore\s+|thus\s+|"
    r"accordingly\s+|formally\s+)?(?:claim|dispute|"
    r"maintain)",
    # Not a file's number: an insurer's "our claim no. BTC-27-1140" is its reference; nor
    # a noun it qualifies ("our clients cut claim payouts by 31 %": a pitch's statistic).
    r"(?:our|nossa|nosso|nuestra|nuestro)\s+(?:\w+\s+){0,2}?(?:claim|reclama[çc][ãa]o|reclamo|"
    r"reclamaci[óo]n|pleito)(?!\s*(?:no\b|n[º°o]\.|nr\b|number|ref\b|ref\.|reference|#|file|"
    r"payouts?\b|costs\b|ratios?\b|volumes?\b|intake\b|handling\b|management\b))",
    r"reclamamos", r"responsabilizamos", r"pleiteamos", r"cobraremos",
    # "we hold you fully liable", "we hold Buriti Cotton responsible" (not the carrier).
    r"(?:we|i)\s+(?:hereby\s+|shall\s+|will\s+|must\s+|therefore\s+)?hold\s+(?!(?:the\s+|our\s+)?"
    r"(?:carriers?|shipping|line|insurers?|vessel|owners|forwarders?|ourselves|myself)\b)"
    r"(?:you|\S+(?:\s+\S+){0,2})\s+"
    r"(?:\w+\s+)?(?:responsible|liable|accountable)",
    # The claim being put to us: "we are claiming as follows", "we lodge a claim", "our
    # documented loss is", "my boss decided to go for claim", "they accept to settle with
    # an allowance of", "vamos cobrar de vocês", "seguem as reclamações", "detallamos los
    # reclamos", "beziffern wir", "talep ediyoruz". Not a debit note by itself: a broker's
    # debit note for port charges is an invoice.
    r"(?:we|i)\s+(?:are|am)\s+(?:hereby\s+|now\s+|formally\s+|therefore\s+)?(?:claiming|"
    r"lodging|raising|filing|submitting)",
    r"(?:we|i)\s+(?:hereby\s+|therefore\s+|formally\s+|now\s+)?(?:lodge|raise|file|submit|"
    r"register)\s+(?:a|an|our|this|the)\s+"
    r"(?:\w+\s+){0,2}?claim",
    r"(?:our|my)\s+(?:\w+\s+)?(?:loss(?:es)?|damages?)(?!\s+ratio)\s+(?:\S+\s+){0,4}?(?:is|are|"
    r"amounts?\s+to|comes?\s+to|totals?)",
    # A demand: "we request price allowance of", "we will not accept less than", "não
    # aceitaremos menos que".
    r"(?:we|i)\s+(?:hereby\s+|kindly\s+|therefore\s+)?(?:request|demand|require|ask\s+for|seek)\s+"
    r"(?:a\s+|an\s+|the\s+|your\s+)?(?:\w+\s+)?(?:allowance|compensation|refund|reimbursement|"
    r"indemnity|damages|discount|credit\s+note)",
    r"(?:we|i)\s+(?:will|shall|cannot|can\s+not|won['’]t)\s+(?:not\s+)?accept\s+less\s+than",
    # "We kindly ask you to arrange payment of our quality debit note ... USD 57,800.00".
    r"(?:arrange|make|effect|remit)\s+(?:the\s+)?payment\s+of\s+our\s+(?:\w+\s+){0,2}?"
    r"(?:debit\s+note|claim)",
    # A solicitor's letter: "We are instructed to demand payment of USD 38,900.00".
    r"(?:we|i)\s+(?:are|am|have\s+been)\s+instructed\s+to\s+(?:demand|claim|seek|request)",
    # A charge or a settlement set off against our payment: "we therefore debit you",
    # "the quality settlement ... will be deducted from the payment of your next invoice".
    r"(?:we|i)\s+(?:hereby|therefore|accordingly)\s+debit\s+you(?!\s+for\s+(?:the\s+)?"
    r"(?:freight|charges|fees|commission|swift))",
    r"(?:settlement|claim|penalty|compensation)\s+(?:\S+\s+){0,14}?"
    r"(?:will|shall|is\s+to|are\s+to)\s+be\s+deducted\s+from\s+(?:the\s+payment|"
    r"your\s+(?:next\s+)?invoice|our\s+(?:next\s+)?payment)",
    # Costs we caused, recharged or deducted: "we now send our recharge of the costs
    # incurred as a direct result of the late presentation of original documents", "confirm
    # that we may deduct USD 2,340.00 from the balance payment" (not a recharge of courier
    # costs, nor a pass-through "recharged to you at cost, as usual").
    r"(?:our|this)\s+recharge\s+(?:\S+\s+){0,8}?(?:as\s+a\s+(?:direct\s+)?result\s+of|caused\s+by|"
    r"due\s+to|because\s+of|owing\s+to|arising\s+from)",
    r"(?:we|i)\s+(?:may|will|shall|can|must)\s+deduct\s+(?:\S+\s+){0,4}?from\s+(?:the\s+|your\s+|"
    r"our\s+)?(?:\w+\s+)?(?:payment|remittance)",
    # A credit note or a refund asked for: "Agradecemos emitir la nota crédito".
    r"(?:agradecemos|agradeceremos|solicitamos|pedimos|aguardamos|favor\s+de)\s+(?:\S+\s+){0,3}?"
    r"(?:nota\s+(?:de\s+)?cr[ée]dito|reembolso|ressarcimento|indemnizaci[óo]n|"
    r"indeniza[çc][ãa]o|compensaci[óo]n|compensa[çc][ãa]o|bonificaci[óo]n|abatimento)",
    r"n[ãa]o\s+aceitaremos\s+menos\s+(?:que|de|do\s+que)", r"no\s+aceptaremos\s+menos\s+de",
    r"(?:decided|decides|decide)\s+to\s+(?:go\s+for|file|lodge|raise|make)\s+(?:a\s+)?claim",
    r"go\s+for\s+(?:a\s+)?claim",
    r"(?:accepts?|agrees?|prepared|willing|ready)\s+to\s+settle\s+(?:\S+\s+){0,4}?(?:for|with|at)",
    r"(?:we|i)\s+(?:count|calculate|calculated|estimate|estimated|quantify|quantified)\s+"
    r"(?:the\s+|our\s+)?(?:discount|loss|damage|claim|allowance)",
    r"(?:vamos|iremos|vou)\s+(?:\w+\s+)?(?:cobrar|debitar)", r"debitaremos",
    r"(?:seguem|segue|enviamos|apresentamos|encaminhamos)\s+(?:\S+\s+){0,2}?"
    r"(?:reclama[çc](?:[ãa]o|[õo]es)|pleito)",
    r"(?:encaminhe|envie|repasse)\s+(?:\S+\s+){0,4}?(?:nossas?|nossos?)\s+reclama\w*",
    r"(?:detallamos|presentamos|enviamos|adjuntamos|remitimos)\s+(?:\S+\s+){0,2}?"
    r"(?:reclamos?|reclamaciones)",
    r"vamos\s+a\s+(?:cobrar|debitar)", r"les\s+(?:cobraremos|debitaremos)",
    # A claim form's own status line: "Claim Status : OPEN".
    r"claim\s+status\s{0,20}[:\-]?\s{0,20}(?:open|pending|outstanding)",
    r"beziffern\s+wir", r"wir\s+beziffern", r"talep\s+ediyoruz", r"talep\s+etmekteyiz",
    # A claim passed on: "müssen wir Ihnen folgende Qualitätsreklamation übermitteln", "Die
    # Spinnerei beziffert den Schaden auf".
    r"\w*reklamation\s+(?:zu\s+)?(?:übermitteln|weiterleiten|mitteilen)",
    r"beziffer[nt]\s+(?:\w+\s+){0,3}?(?:schaden|forderung|minderwert|anspruch)",
    r"wir\s+(?:hiermit\s+)?(?:reklamieren|beanstanden|beanspruchen)",
    r"wir\s+machen\s+(?:\S+\s+){0,10}?geltend",
    r"(?:den|die|das|welchen|welche)\s+wir\s+(?:hiermit\s+|nunmehr\s+)?geltend\s+machen",
    r"wir\s+fordern\s+(?:\S+\s+){0,3}?(?:schadens?ersatz|entsch[äa]digung|minderung|ersatz)",
    # "Mängelrüge und Geltendmachung von Schadensersatz"; "Wir fordern Sie hiermit auf, den
    # vorgenannten Betrag von EUR 46.500,00 anzuerkennen".
    r"geltendmachung\s+(?:von\s+|des\s+|der\s+|eines\s+)?(?:\w+\s+)?(?:schadens?ersatz\w*|"
    r"forderung\w*|anspr[üu]ch\w*|minderung)",
    r"wir\s+fordern\s+sie\s+(?:hiermit\s+|daher\s+|deshalb\s+)?(?:nochmals\s+)?auf",
    r"unsere\s+(?:\w+\s+)?(?:reklamation|forderung|schadens?ersatzforderung|beanstandung)",
    r"nous\s+(?:r[ée]clamons|contestons|maintenons)",
    r"notre\s+(?:\w+\s+)?(?:r[ée]clamation|demande\s+d['’]indemnisation)",
    r"reclamiamo", r"contestiamo",
    r"(?:chiediamo|richiediamo|esigiamo)\s+(?:\S+\s+){0,6}?(?:risarcimento|indennizzo|abbuono|"
    r"rimborso|sconto|nota\s+di\s+credito)",
    r"(?:il\s+nostro\s+reclamo|la\s+nostra\s+(?:\w+\s+)?(?:contestazione|richiesta\s+di"
    r"\s+risarcimento))",
    r"tazminat\s+talep\w*", r"talebimiz\w*", r"itiraz\s+ediyoruz", r"reklamasyonumuz\w*",
    r"(?:y[êe]u\s+c[ầa]u|đòi)\s+b[ồo]i\s+th[ưu][ờo]ng", r"ch[úu]ng\s+t[ôo]i\s+khi[ếe]u\s+n[ạa]i",
    r"khi[ếe]u\s+n[ạa]i\s+c[ủu]a\s+ch[úu]ng\s+t[ôo]i",
    "要求赔偿", "要求补偿", "向贵方索赔", "向贵司索赔", "特此索赔",
    "(?<!不)(?<!未)(?<!无意)提出索赔", "我方索赔",
    "我们索赔", "我司索赔", *further.CLAIM_ASSERTION,
)
_FINDING_ANY = _whole(
    r"found", r"detected", r"identified", r"discovered", r"confirmed", r"confirms",
    r"showed", r"shows", r"showing", r"revealed", r"reveals", r"contains", r"contained",
    r"containing", r"encontrou", r"detectou", r"constatou", r"identificou", r"observou",
    r"verificou", r"encontrad[oa]s?", r"detectad[oa]s?", r"constatad[oa]s?",
    r"identificad[oa]s?", r"confirm(?:ou|aram|ó|aron)", r"confirmad[oa]s?",
    r"festgestellt", r"gefunden", r"nachgewiesen", r"entdeckt", r"best[äa]tigt",
    r"constat[ée]e?s?", r"trouv[ée]e?s?", r"d[ée]tect[ée]e?s?", r"confirm[ée]e?s?",
    r"riscontrat[oaie]", r"rilevat[oaie]", r"trovat[oaie]", r"confermat[oaie]",
    r"tespit\s+edil(?:di|mi[şs]\w*)", r"ph[áa]t\s+hi[ệe]n", "(?<!未)(?<!没有)检出", "(?<!未)确认",
    r"apresent(?:ou|aram|a|am)", r"cont[ée]m", r"contêm", r"mostr(?:ou|aram|ó)",
    r"revel(?:ou|ó)", r"encontr(?:ó|aron)", r"hallad[oa]s?", r"presenta", r"presentan",
    r"present[óo]", r"contiene", r"contienen", *further.FINDING_ANY,
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
    r"(?:plena|total|geral|irrevog[áa]vel)[,\s]+(?:\w+[,\s]+){0,3}?quita[çc][ãa]o",
    r"termo\s+de\s+quita[çc][ãa]o", r"nada\s+mais\s+(?:havendo|tendo)\s+a\s+reclamar",
    r"finiquito", r"file\s+closed", r"processo\s+encerrado", r"expediente\s+cerrado",
    # A reference marked closed: "Claim CL-2025-044 - settled", "Reclamo 2025-012 (cerrado)".
    r"\s{0,3}[-–(]\s{0,3}(?:settled|closed|resolved|withdrawn|encerrad[oa]|liquidad[oa]|"
    r"resolvid[oa]|quitad[oa]|arquivad[oa]|cerrad[oa]|resuelt[oa]|saldad[oa]|erledigt|"
    r"abgeschlossen|r[ée]gl[ée]e?|cl[ôo]tur[ée]e?|chius[oa]|risolt[oa]|kapat[ıi]ld[ıi]|"
    # ...or marked with the noun: "Claim CL-2025-044 - closure", "Réclamation 3011 - clôture"
    r"closure|cl[ôo]ture|abschluss|chiusura|kapan[ıi][şs])",
    # German (the participle ends the clause), French, Italian, Turkish, Vietnamese,
    # Chinese.
    r"(?:wurde|wurden|ist|sind|war|bereits|schon)\s+(?:\S+\s+){0,4}?(?:erledigt|beglichen|"
    r"geregelt|abgeschlossen|zur[üu]ckgezogen|bezahlt|gezahlt|gutgeschrieben)",
    r"(?:letztes|vergangenes|im)\s+(?:jahr|vorjahr)", r"(?:letzte|vergangene)\s+saison",
    r"(?:a|ont|avait|avaient)\s+[ée]t[ée]\s+(?:\w+\s+)?(?:r[ée]gl[ée]|cl[ôo]tur[ée]|"
    r"r[ée]solu|retir[ée]|pay[ée]|sold[ée])\w*", r"(?:est|sont|d[ée]j[àa])\s+(?:\w+\s+){0,2}?"
    r"(?:r[ée]gl[ée]|cl[ôo]tur[ée]|r[ée]solu|retir[ée]|pay[ée]|sold[ée]|clos)\w*",
    r"l['’]ann[ée]e\s+derni[èe]re", r"la\s+(?:saison|campagne)\s+derni[èe]re",
    r"(?:è|sono|era|erano|già)\s+(?:stat[oaie]\s+)?(?:\w+\s+)?(?:saldat|chius|risolt|"
    r"ritirat|pagat|liquidat|archiviat)[oaie]", r"l['’]anno\s+scorso",
    r"la\s+(?:scorsa\s+stagione|stagione\s+(?:scorsa|passata))",
    r"kapat[ıi]lm[ıi][şs]t[ıi]r", r"kapat[ıi]ld[ıi]", r"[çc][öo]z[üu]lm[üu][şs]t[üu]r",
    r"[çc][öo]z[üu]ld[üu]", r"geri\s+[çc]ekil(?:mi[şs]tir|di)", r"[öo]denmi[şs]tir",
    r"sonu[çc]land[ıi]r[ıi]ld[ıi]", r"uzla[şs][ıi]ld[ıi]", r"ge[çc]en\s+(?:y[ıi]l|sezon|sene)",
    r"đã\s+(?:được\s+)?(?:gi[ảa]i\s+quy[ếe]t|thanh\s+to[áa]n|t[ấa]t\s+to[áa]n|r[úu]t|"
    r"đóng|kh[ée]p\s+l[ạa]i)", r"n[ăa]m\s+ngo[áa]i", r"v[ụu]\s+tr[ưu][ớo]c",
    "已结清", "已解决", "已撤回", "已撤销", "已关闭", "已支付", "已赔付", "已结案", "已了结",
    "已和解", "去年", "上一季", "上季度", "驳回", "就此结案", "本案结案",
    "已于[^。，,]{0,8}?(?:结清|解决|撤回|关闭|支付|赔付|结案|了结|和解)", *further.SETTLED,
)
# The sender withdraws its own claim or closes the matter: anywhere in the email, the
# claim words of the email are about a claim no longer made ("retiramos formalmente el
# reclamo y damos el asunto por cerrado").
_WITHDRAWAL = _whole(
    r"(?:we|i)\s+(?:hereby\s+|formally\s+|now\s+|therefore\s+)*withdraw\s+(?:our|the|this|my)",
    r"(?:our|the|this)\s+claim\s+is\s+(?:hereby\s+)?withdrawn",
    # "our management has decided to withdraw our claim of USD 31,500 ... in full".
    r"(?:decided|decides|agreed|agrees|wish|wishes)\s+to\s+withdraw\s+(?:our|the|this|its|my)"
    r"\s+(?:\w+\s+)?claim",
    r"retiramos\s+(?:formalmente\s+)?(?:a|o|el|la|nossa|nosso|nuestra|nuestro)\s+"
    r"(?:reclama|reclamo|pedido|demanda)",
    r"desistimos\s+(?:formalmente\s+)?d[aoe]", r"damos\s+(?:\S+\s+){0,3}?por\s+(?:cerrad|encerrad)",
    r"nous\s+retirons\s+(?:notre|la)\s+r[ée]clamation", r"ritiriamo\s+(?:il|la|formalmente)",
    r"ziehen\s+wir\s+(?:\S+\s+){0,4}?zur[üu]ck", r"wir\s+ziehen\s+(?:\S+\s+){0,6}?zur[üu]ck",
    r"geri\s+[çc]ekiyoruz", r"ch[úu]ng\s+t[ôo]i\s+r[úu]t\s+l[ạa]i", "撤回索赔", "撤销索赔",
    # A request for arbitration renounced: "la Filatura rinuncia alla domanda di arbitrato".
    r"rinuncia(?:mo)?\s+(?:formalmente\s+)?(?:alla|al|all['’])\s*(?:domanda|richiesta|reclamo|"
    r"arbitrato|pretesa)",
    r"(?:renuncia|renunciamos|desiste|renunciam?)\s+(?:formalmente\s+)?(?:a|al|à|ao)\s+"
    r"(?:la\s+|o\s+|a\s+)?(?:demanda|arbitraje|arbitragem|reclama\w*|pedido)",
    *further.WITHDRAWAL,
)
# A claim told as history: "the Chittagong dispute in 2014, when we found the jute...",
# "years ago". A finding in it is the story's, not this email's.
_HISTORY = _whole(
    r"(?:in|em|en|back\s+in|im|nel|no\s+ano\s+de)\s+(?:19|20)\d\d\s*,?\s+(?:when|quando|"
    r"cuando|als|lorsque|quand|quando)",
    r"\d+\s+years\s+ago", r"years\s+ago", r"h[áa]\s+\d+\s+anos", r"hace\s+\d+\s+a[ñn]os",
    r"(?:it['’]s|it\s+has)\s+been\s+(?:a|one|two|three|\d+)\s+(?:years?|seasons?)\s+since",
    r"back\s+in\s+(?:19|20)\d\d", r"(?:i|we)\s+(?:still\s+|will\s+always\s+)?remember",
    r"over\s+the\s+years", r"vor\s+\d+\s+jahren", r"il\s+y\s+a\s+\d+\s+ans",
)
# Claims as statistics: "the average polypropylene claim we saw was USD 83,000".
_STATISTICS = _whole(
    r"(?:average|typical|median)\s+(?:\w+\s+){0,2}(?:claims?|loss(?:es)?|disputes?)",
    r"(?:claims?|losses|disputes)\s+(?:\w+\s+){0,3}on\s+average",
    r"(?:reclama[çc][ãa]o|reclama[çc][õo]es|reclamos?|perdas?|p[ée]rdidas?)\s+"
    r"(?:\w+\s+){0,2}(?:m[ée]di[oa]s?|promedio)",
    r"(?:m[ée]di[oa]|promedio)\s+de\s+(?:\w+\s+){0,2}(?:reclama|reclamo|perda|p[ée]rdida)",
    # What a claim can cost anyone ("a single contaminated lot can cost USD 50,000 to
    # 250,000 once the mill's buyer rejects the goods"): a pitch's general case.
    r"(?:a|one)\s+single\s+(?:\w+\s+){0,3}(?:can|could|may|might)\s+(?:easily\s+)?cost\s+"
    r"(?:(?:up\s+to|as\s+much\s+as|over|more\s+than)\s+)?(?:usd|us\$|\$|eur|€|r\$|brl)",
)
# A payment that settles the claim, a stronger word than a finding in its sentence
# ("the swift copy of USD 58,000 in full and final settlement of the claim on 22 bales").
_SETTLEMENT = _whole(
    r"(?:in\s+)?full\s+and\s+final\s+settlement", r"in\s+settlement\s+of",
    r"(?:confirm|acknowledge)\w*\s+(?:the\s+)?receipt\s+(?:today\s+|herewith\s+|"
    r"with\s+thanks\s+)?of\s+(?:your\s+|the\s+)?"
    r"(?:payment|remittance|transfer|swift|usd|us\$|eur|brl|r\$|\$|€|\d)",
    r"confirmamos\s+(?:o\s+)?recebimento\s*,?\s*(?:\S+\s+){0,3}?d[oa]\s+(?:pagamento|valor|"
    r"transfer|cr[ée]dito|dep[óo]sito)",
    r"confirmamos\s+(?:la\s+)?recepci[óo]n\s+del\s+(?:pago|importe)",
    r"quita[çc][ãa]o\s+(?:total|final|integral|plena)", r"finiquito",
    r"(?:als|zur)\s+(?:vollst[äa]ndige|endg[üu]ltige)\s+(?:\S+\s+)?(?:abgeltung|erledigung)",
    r"(?:pour\s+)?solde\s+de\s+tout\s+compte", r"a\s+saldo\s+e\s+stralcio",
    r"accusons\s+(?:bonne\s+)?r[ée]ception\s+de\s+(?:votre|du|de\s+la|de\s+votre)\s+"
    r"(?:virement|paiement|r[èe]glement|versement)",
    r"r[èe]glement\s+(?:transactionnel|complet\s+et\s+d[ée]finitif|d[ée]finitif)",
    r"best[äa]tigen\s+(?:\S+\s+){0,2}?(?:den\s+)?(?:zahlungs)?eingang\s+(?:ihrer|der)\s+"
    r"(?:zahlung|[üu]berweisung)", r"confermiamo\s+(?:la\s+)?ricezione\s+del\s+"
    r"(?:bonifico|pagamento)",
    *further.SETTLEMENT,
)
# Money we are owed held back over a dispute ("we have instructed our bank not to accept
# the documents and to withhold payment", "o pagamento ficará retido"): a claim made by
# other means (issue 24: an LC payment withheld, which a persuaded model drops).
_WITHHELD = _whole(
    r"(?:withhold|withholding|hold\s+back|holding\s+back|suspend|suspending|block|blocking)"
    r"\s+(?:the\s+|all\s+|any\s+|your\s+)?(?:\w+\s+){0,2}?payments?",
    r"payments?\s+(?:\w+\s+){0,3}?(?:will\s+)?remain\w*\s+on\s+hold",
    r"not\s+to\s+(?:accept|honou?r|take\s+up|pay)\s+(?:the\s+)?documents",
    r"(?:reter|retendo|suspender|suspendendo|bloquear)\s+(?:o\s+|os\s+)?pagamentos?",
    r"pagamentos?\s+(?:ficar[áa]|ficar[ãa]o|permanecer[áa]|est[áa])\s+(?:retid|suspens|bloquead)\w*",
    r"(?:retener|reteniendo|suspender|bloquear)\s+(?:el\s+|los\s+)?pagos?",
    r"(?:zahlung|auszahlung)\w*\s+(?:\w+\s+){0,3}?(?:zur[üu]ckhalten|einbehalten|aussetzen)",
)
# The sender says in so many words that the claim it carries is not on the reader ("For
# the avoidance of doubt, no claim is being made against your company"): read only beside
# a claim on someone else and when the sender's own words put none to us
# (``document._Doc.on_others``), so the words alone hide no claim.
_NOT_ON_READER = _whole(
    r"no\s+claim\s+(?:is|has\s+been|will\s+be)\s+(?:being\s+)?(?:made|brought|raised|lodged|"
    r"asserted)\s+against\s+(?:you|your\s+(?:company|firm|good\s+selves))",
    r"(?:this|it)\s+is\s+not\s+a\s+claim\s+against\s+(?:you|your\s+(?:company|firm))",
    # "The claim is not against you; ..." (a carrier forwarding another cargo's claim),
    # not where it turns on the reader after all ("... alone", "but", "it is against").
    r"(?:the|this|that|their)\s+claim\s+is\s+not\s+(?:made\s+|directed\s+|brought\s+)?"
    r"against\s+(?:you|your\s+(?:company|firm))(?!\s+(?:alone|only|yet)\b)"
    r"(?![\s\S]{0,120}?\b(?:but|rather|instead|however|nevertheless|separately|it\s+is|"
    r"it['’]s|also)\b)",
)
# The sender acknowledges a claim it received: the claim is the reader's (or someone
# else's) on the sender, not one made on the reader ("Acusamos o recebimento da
# reclamação da Cerrado Sul referente aos 164 fardos com contaminação").
_CLAIM_RECEIVED = _whole(
    r"(?:acknowledge|confirm)\w*\s+(?:the\s+)?receipt\s+of\s+(?:your|the)\s+(?:\w+\s+){0,2}?"
    r"(?:claim|complaint|debit\s+note)",
    r"(?:acusamos|confirmamos)\s+(?:o\s+)?recebimento\s+d[ao]s?\s+(?:sua\s+|vossa\s+)?"
    r"(?:\w+\s+)?(?:reclama\w*|nota\s+de\s+d[ée]bito|pleito)",
    r"recebemos\s+(?:a\s+)?(?:sua\s+|vossa\s+)?(?:carta\s+de\s+|notifica[çc][ãa]o\s+de\s+)?"
    r"reclama[çc][ãa]o\s+(?:de\s+voc[êe]s|d[ao]\s+(?!nosso|nossa)\S+)",
    r"(?:acusamos|confirmamos)\s+(?:el\s+)?recibo\s+de(?:l|\s+su|\s+la)?\s+(?:\w+\s+)?"
    r"(?:reclamo|reclamaci[óo]n|nota\s+de\s+d[ée]bito)",
    r"accusons\s+(?:bonne\s+)?r[ée]ception\s+de\s+votre\s+(?:\w+\s+)?r[ée]clamation",
    r"best[äa]tigen\s+(?:\S+\s+){0,2}?(?:den\s+)?eingang\s+ihrer\s+(?:\w+\s+)?"
    r"(?:reklamation|beanstandung|m[äa]ngelr[üu]ge)",
    r"(?:confermiamo|accusiamo)\s+(?:la\s+)?ricezione\s+del(?:la)?\s+vostr[oa]\s+"
    r"(?:reclamo|contestazione)",
    r"(?:we|i)\s+(?:have\s+)?received\s+your\s+(?:\w+\s+)?(?:claim|complaint|debit\s+note)",
    r"recebemos\s+(?:a|o|sua|vossa)\s+(?:\w+\s+)?(?:reclama\w*|nota\s+de\s+d[ée]bito)\s+"
    r"(?:de\s+voc[êe]s|da\s+\w+|que)",
    r"recibimos\s+(?:su|el|la)\s+(?:\w+\s+)?(?:reclamo|reclamaci[óo]n|nota\s+de\s+d[ée]bito)",
    # ...or accepts it: "Aceitamos o desconto de R$ 96.000,00", "we accept your claim".
    r"(?:we|i)\s+(?:hereby\s+)?accept\s+(?:your|the)\s+(?:\w+\s+)?(?:claim|allowance|discount|"
    r"debit\s+note)",
    r"aceitamos\s+(?:o|a|sua|vossa)\s+(?:\w+\s+)?(?:desconto|reclama\w*|abatimento|"
    r"nota\s+de\s+d[ée]bito)",
    r"aceptamos\s+(?:el|la|su)\s+(?:\w+\s+)?(?:descuento|reclamo|reclamaci[óo]n|"
    r"nota\s+de\s+d[ée]bito)",
    r"reconhece(?:mos)?\s+(?:a|o)\s+(?:\w+\s+)?(?:contamina\w*|reclama\w*|diferen\w*|"
    r"quebra|falta)",
)
