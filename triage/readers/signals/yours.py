"""Whose claim a reply answers: the reader's own. An insurer adjusting "your claim", a
carrier declining "your claim RO-27-014", a supplier that "analisou a reclamação de
vocês" and offers a discount: the claim in such mail is the reader's (made on the
sender), not one made on the reader, so its figures are nobody's exposure
(``document._Doc.on_others``). Words only; the caller checks that the sender's own words
put no claim of their own to the reader ("our claim", "we claim", "against you")."""

from __future__ import annotations

# Not the reader's claims office, its reference for a claim ("your claim reference
# RCL-2027-014": a claim on the reader, by the reader's file number), its tools or what it
# asserts ("your claim that the bales were in order").
_NOT_THEIRS = (r"(?!\s*(?:ref\b|ref\.|reference|no\b|no\.|n[º°]|nr\b|number|#|id\b|file\b|"
               r"department|dept|team|desk|handler|manager|portal|form|procedure|process|"
               r"policy|insurer|adjuster|system|e-?mail|address|ticket|handling|requirements?|"
               r"letter|that\b|whether\b|regarding\b|de\s+que\b))")
# A word between "your" and the claim, not a party of the reader's whose claim it is
# ("your customer claim", "your buyer's claim": a claim on the reader, forwarded by its
# agent; a possessive's apostrophe ends the word, so it never matches).
_WORD = (r"(?:(?!(?:customer|client|buyer|mill|principal|receiver|consignee|counterpart|"
         r"spinner|agent|insured|assured)s?\b)[\w-]+\s+)")
# The reply's own verb, a few words before the claim it answers: "we refer to", "we
# confirm that", "analisamos", "recebemos", "acusamos o recebimento do" (not "contrary
# to your claim", "sorry to hear about your claim with the line").
_ANSWERS = (r"\b(?:(?:we|i)\s+(?:hereby\s+)?(?:refer\s+to|acknowledge|confirm\s+that|have\s+"
            r"(?:reviewed|received|examined|considered|assessed|registered))|further\s+to|"
            r"with\s+reference\s+to|in\s+reply\s+to|analisamos|recebemos|examinamos|avaliamos|"
            r"acusamos|registramos|analizamos|recibimos|hemos\s+recibido|acusamos\s+recibo)\b"
            r"\s+(?:\S+\s+){0,8}?")
CLAIM_OF_READER = _ANSWERS + (
    # "we refer to your claim RO-27-014", "we confirm that your claim has been adjusted".
    r"(?:\byour\s+" + _WORD + r"{0,2}?(?:claim|notice\s+of\s+(?:claim|loss))\b" + _NOT_THEIRS
    # "analisamos a reclamação de vocês", "recebemos a reclamação JCF-27-027 de vocês";
    # "recibimos el reclamo de ustedes" (not a bare "sua", "su", "ihre": his or hers too).
    + r"|\b(?:reclama[çc][ãa]o|pleito|aviso\s+de\s+sinistro)\s+(?:[\w/.-]+\s+){0,3}?"
    r"de\s+voc[êe]s\b|\bvossa\s+reclama[çc][ãa]o\b"
    r"|\b(?:reclamo|reclamaci[óo]n)\s+(?:[\w/.-]+\s+){0,3}?de\s+ustedes\b"
    # An insurer to its insured: "acusamos o recebimento do aviso de sinistro encaminhado
    # pela segurada".
    r"|\b(?:aviso\s+de\s+sinistro|sinistro|reclama[çc][ãa]o)\s+(?:\S+\s+){0,3}?"
    r"(?:encaminhad|enviad|apresentad|comunicad|registrad)[oa]\s+pel[ao]\s+segurad[ao]\b)"
)
# What the sender's own words must not hold for the claim to be the reader's alone: a
# demand of their own ("compensation of USD 55,000 is requested", "solicitamos desconto",
# "exigimos"), besides a claim asserted, a finding or "against you" (``document``).
OWN_DEMAND = (
    r"\b(?:compensation|indemnity|damages|refund|reimbursement|allowance|discount)\s+"
    r"(?:\S+\s+){0,6}?(?:is|are|will\s+be)\s+(?:hereby\s+)?(?:requested|claimed|demanded|due)\b"
    r"|\b(?:we|i)\s+(?:hereby\s+|therefore\s+)?(?:demand|claim)\b"
    r"|\b(?:we|i)\s+(?:also\s+)?have\s+(?:a|our\s+own)\s+(?:\w+\s+)?claim\b"
    r"|\b(?:must|is\s+to|are\s+to)\s+be\s+paid\b|\b(?:please|kindly)\s+(?:pay|remit)\b"
    # A sum of its own named as damages: "compensation USD 72,000", "indenização de R$ ...".
    r"|\b(?:compensation|indemnity|damages|indeniza[çc][ãa]o|ressarcimento|compensaci[óo]n|"
    r"indemnizaci[óo]n)\s*:?\s*(?:of\s+|de\s+)?(?:usd|us\$|eur|r\$|brl|\$|€)"
    r"|\b(?:exigimos|cobramos|cobraremos|reclamamos|demandamos|debitaremos|exigiremos|"
    r"pleiteamos)\b|\bfor\s+your\s+account\b|\b(?:solicitamos|requeremos|pedimos)\s+(?:\w+\s+)?"
    r"(?:pagamento|desconto|abatimento|ressarcimento|indeniza\w+|compensa\w+|reembolso)\b"
)

# The sender's own words close the matter their quoted thread is about: "in full and final
# settlement", "we consider the matter closed", "no further claims", "damos o assunto por
# encerrado". Not "we do not consider the matter closed"; nor a past season ("last
# year"), which closes nothing written below it.
SETTLED_ABOVE = (
    r"\bfull\s+and\s+final\s+settlement\b"
    r"|\b(?:consider|regard|deem)\s+(?:the|this)\s+(?:matter|claim|file|"
    r"case)\s+(?:as\s+)?(?:closed|settled)\b"
    r"|\b(?:matter|claim|file|case)\s+(?:is|was|has\s+been)\s+(?:now\s+)?(?:closed|settled)\b"
    r"|\b(?:have|has)\s+no\s+further\s+claims?\b"
    r"|\bquita[çc][ãa]o\s+(?:total|final|integral|plena|geral)\b|\btermo\s+de\s+quita[çc][ãa]o\b"
    r"|\b(?:damos|consideramos)\s+(?:o\s+assunto|a\s+reclama[çc][ãa]o|o\s+caso|o\s+processo)\s+"
    r"(?:como\s+|por\s+)?encerrad[oa]\b|\bnada\s+mais\s+(?:havendo|tendo)\s+a\s+reclamar\b"
    r"|\bfiniquito\b|\bdamos\s+por\s+(?:cerrad|finalizad)[oa]\b"
)
# ...unless its own words deny it or point below to a claim still open: "we cannot
# consider the matter closed", "não assinaremos o termo de quitação", "see the new claim
# below", "encaminho abaixo a nova reclamação", "closed by mistake".
NOT_SETTLED_ABOVE = (
    r"\b(?:not|cannot|can['’]t|never|n[ãa]o|no|nunca|jamais|nicht|pas|yet)\b[^.;\n]{0,40}$"
)
CLAIM_BELOW = (
    r"\b(?:below|beneath|(?<!look\s)(?<!looking\s)forward\w*|attached\s+claim|new\s+claim|another\s+claim|different|"
    r"propos\w*|offer\w*|propost\w*|propuest\w*|to\s+be\s+paid|a\s+ser\s+pag[oa]|"
    r"abaixo|encaminh\w*|segue|nova\s+reclama[çc][ãa]o|outra\s+reclama[çc][ãa]o|debajo|"
    r"nuevo\s+reclamo|nueva\s+reclamaci[óo]n|otro\s+reclamo|by\s+mistake|in\s+error|"
    r"erroneously|por\s+engano|por\s+error)\b"
)
