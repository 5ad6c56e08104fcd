"""Whose claim a reply answers: the reader's own. An insurer adjusting "your claim", a
carrier declining "your claim RO-27-014", a supplier that "analisou a reclamação de
vocês" and offers a discount: the claim in such mail is the reader's (made on the
sender), not one made on the reader, so its figures are nobody's exposure
(``document._Doc.on_others``). Words only; the caller checks that the sender's own words
put no claim of their own to the reader ("our claim", "we claim", "against you")."""

from __future__ import annotations

# Not the reader's claims office, its reference for a claim ("your claim reference
# RCL-2027-014": a claim on the reader, by the reader's file number) or what it asserts
# ("your claim that the bales were in order").
_NOT_THEIRS = (r"(?!\s*(?:ref\b|ref\.|reference|no\b|no\.|n[º°]|nr\b|number|#|file\b|"
               r"department|dept|team|desk|handler|manager|portal|form|procedure|process|"
               r"policy|that\b|whether\b|regarding\b|de\s+que\b))")
# A word between "your" and the claim, not a party of the reader's whose claim it is
# ("your customer claim", "your buyer's complaint": a claim on the reader, forwarded by
# its agent; a possessive's apostrophe ends the word, so it never matches).
_WORD = (r"(?:(?!(?:customer|client|buyer|mill|principal|receiver|consignee|counterpart|"
         r"spinner|agent|insured|assured)s?\b)[\w-]+\s+)")
CLAIM_OF_READER = (
    # "your claim RO-27-014", "your notice of loss", "your quality claim".
    r"\byour\s+" + _WORD + r"{0,2}?(?:claims?|complaints?|notice\s+of\s+(?:claim|loss))\b"
    + _NOT_THEIRS
    # "a reclamação de vocês", "a reclamação JCF-27-027 de vocês", "sua reclamação",
    # "o seu aviso de sinistro", "vossa reclamação".
    + r"|\b(?:sua|vossa|seu|vosso)\s+(?:\w+\s+){0,1}?(?:reclama[çc](?:[ãa]o|[õo]es)|pleito|"
    r"aviso\s+de\s+sinistro|sinistro)\b" + _NOT_THEIRS
    + r"|\b(?:reclama[çc](?:[ãa]o|[õo]es)|pleito|aviso\s+de\s+sinistro)\s+(?:[\w/.-]+\s+){0,3}?"
    r"de\s+voc[êe]s\b"
    # "el reclamo de ustedes", "su reclamación".
    + r"|\bsu\s+(?:\w+\s+){0,1}?(?:reclamo|reclamaci[óo]n)\b" + _NOT_THEIRS
    + r"|\b(?:reclamo|reclamaci[óo]n)\s+(?:[\w/.-]+\s+){0,3}?de\s+ustedes\b"
    # "Ihre Reklamation", "votre réclamation", "il vostro reclamo".
    + r"|\bihre[rn]?\s+(?:reklamation|beanstandung|schadens?meldung|schadenanzeige)\b"
    r"|\bvotre\s+(?:r[ée]clamation|d[ée]claration\s+de\s+sinistre)\b"
    r"|\b(?:vostr[oa]|su[oa])\s+(?:reclamo|contestazione)\b"
    # An insurer to its insured: "o aviso de sinistro encaminhado pela segurada".
    + r"|\b(?:aviso\s+de\s+sinistro|sinistro|reclama[çc][ãa]o)\s+(?:\S+\s+){0,3}?"
    r"(?:encaminhad|enviad|apresentad|comunicad|registrad)[oa]\s+pel[ao]\s+segurad[ao]\b"
)

# The sender's own words close the matter their quoted thread is about: "in full and final
# settlement", "we consider the matter closed", "no further claims", "damos o assunto por
# encerrado". Not "we do not consider the matter closed"; nor a past season ("last
# year"), which closes nothing written below it.
SETTLED_ABOVE = (
    r"\bfull\s+and\s+final\s+settlement\b"
    r"|(?<!\bnot\s)(?<!n['’]t\s)\b(?:consider|regard|deem)\s+(?:the|this)\s+(?:matter|claim|file|"
    r"case)\s+(?:as\s+)?(?:closed|settled)\b"
    r"|\b(?:matter|claim|file|case)\s+(?:is|was|has\s+been)\s+(?:now\s+)?(?:closed|settled)\b"
    r"|\b(?:have|has)\s+no\s+further\s+claims?\b"
    r"|\bquita[çc][ãa]o\s+(?:total|final|integral|plena|geral)\b|\btermo\s+de\s+quita[çc][ãa]o\b"
    r"|\b(?:damos|consideramos)\s+(?:o\s+assunto|a\s+reclama[çc][ãa]o|o\s+caso|o\s+processo)\s+"
    r"(?:como\s+|por\s+)?encerrad[oa]\b|\bnada\s+mais\s+(?:havendo|tendo)\s+a\s+reclamar\b"
    r"|\bfiniquito\b|\bdamos\s+por\s+(?:cerrad|finalizad)[oa]\b"
)
