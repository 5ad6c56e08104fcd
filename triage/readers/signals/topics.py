"""Whether the sentence around a word only names the topic (a certificate, an event, a
clause, an offer, an if-clause, a newsletter, a settled claim) rather than affirming it.
"""

from __future__ import annotations

import re

from triage.readers.signals.document import _Doc

# Right after a word: it names a topic ("contamination control", "moisture certificate").
# A name a finding elsewhere in the sentence cannot turn into a finding: a check, a
# test, a department ("contamination check ...: no contamination found").
_TOPIC_NAME = re.compile(
    r"[\s\-]{1,3}(?:\(\w{1,8}\)\s{1,3})?(?:checks?|inspections?|inspe[çc][ãa]o|inspecci[óo]n|"
    r"tests?|testing|teste|testes|ensayos?|reports?|relat[óo]rio|informe|results?|"
    r"resultados?|analys[ie]s|an[áa]lise|an[áa]lisis|screening|coordination|coordena\w+|"
    r"coordinaci[óo]n|department|dept|departamento|team|equipe|equipo|desk|unit|officer|"
    r"manager|analyst|handling|procedures?|procedimentos?|procedimientos?|season|safra|"
    r"temporada|dashboard|painel|ratio|history|hist[óo]rico|historial)\b",
)

_TOPIC_MODIFIER = re.compile(
    r"[\s\-]{1,3}(?:control|controls|controle|prevention|preven[çc][ãa]o|prevenci[óo]n|"
    r"polic(?:y|ies)|pol[íi]tica|certificates?|certificado|certification|risks?|risco|riesgo|"
    r"awareness|seminar|webinar|training|standards?|norms?|normas?|guidelines?|programm?e?|"
    r"programa|management|gest[ãa]o|gesti[óo]n|monitoring|monitoramento|clause|cl[áa]usula|"
    r"rates?|[íi]ndices?|nivel(?:es)?|survey|statistics|awareness|removal|mitigation|"
    r"checks?|"
    # Packaging named, not found in the cotton ("plastic bags for the samples").
    r"bags?|wrap\w*|film|sheets?|sheeting|pallets?|seals?|covers?|tarp\w*|packag\w*|sacos?|sacolas?|"
    r"lonas?|embalage\w*|bolsas?|envases?|bottles?|garrafas?|botellas?|cups?)\b",
)


# Portuguese and Spanish put the adjective after the packaging ("lonas plásticas").
_PACKAGING_BEFORE = re.compile(
    r"\b(?:sacos?|sacolas?|lonas?|embalage\w*|bolsas?|envases?|filmes?|capas?|fitas?|"
    r"cintas?|garrafas?|botellas?|copos?|vasos?)\s{1,3}(?:de\s{1,3})?$"
)


def _topic_only(doc: _Doc, start: int, end: int, *, conditional: bool = True,
                claim_word: bool = False) -> bool:
    """The sentence around ``text[start:end]`` names the topic without affirming it.

    In order: a story told of the past, a statistic or a payment in settlement only
    names it; a finding in the
    goods (outside an if-clause) affirms; a settled, withdrawn or past claim is only
    named; the sender's own claim affirms a claim word even inside an
    if-clause ("let us know if you accept our claim") and any word outside one; an
    if-clause, a newsletter, a topic word (certificate, seminar, clause, offer...) or a
    topic noun right after the word ("contamination control") only name it."""
    a, b = doc.sentence(start, end)
    hypothetical = False
    if conditional:
        c = doc.last_cue("conditional", a, start)
        hypothetical = c is not None and not doc.has_cue("comma", c, start)
    if any(doc.in_sentence(told, a, b)
           for told in ("history", "statistics", "settlement", "claim_received")):
        # A story, a statistic, a payment settling it, a claim on the sender received:
        # not this email's finding.
        return True
    if not hypothetical and doc.in_sentence("finding", a, b):
        return False
    if doc.in_sentence("settled", a, b) or doc.in_sentence("withdrawal", a, b):
        return True
    if _TOPIC_NAME.match(doc.low, end, min(len(doc.text), end + 40)):
        return True
    if (claim_word or not hypothetical) and doc.in_sentence("claim_assertion", a, b):
        return False
    if hypothetical or doc.anywhere("newsletter") or doc.in_first_line("genre_subject"):
        return True
    if doc.in_sentence("finding_any", a, b):
        return False
    if _TOPIC_MODIFIER.match(doc.low, end, min(len(doc.text), end + 40)) or \
            _PACKAGING_BEFORE.search(doc.low, max(0, start - 24), start):
        return True
    return (doc.in_sentence("topic", a, b) or doc.in_sentence("clause", a, b)
            or doc.has_cue("reply", max(0, a - 1), a + 1))
