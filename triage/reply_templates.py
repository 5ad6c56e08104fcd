"""Reply templates staff start from, in English and Portuguese: pure text built from
facts a person can check on the page (subject, contract, lot, the ticket's state and
number), on one line each and without invisible characters. Never the model's
reasoning, triggers or anything else it wrote."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from triage.sanitize import strip_invisible


@dataclass(frozen=True)
class Facts:
    subject: str
    contract: str = ""
    lot: str = ""
    ticket_state: str = ""  # draft, approved, rejected or ""
    arbitration_number: str = ""


def _refs_en(f: Facts) -> str:
    parts = [f"contract {f.contract}" if f.contract else "", f"lot {f.lot}" if f.lot else ""]
    return " and ".join(p for p in parts if p) or "your message"


def _refs_pt(f: Facts) -> str:
    parts = [f"contrato {f.contract}" if f.contract else "", f"lote {f.lot}" if f.lot else ""]
    return " e ".join(p for p in parts if p) or "sua mensagem"


def _ack_en(f: Facts) -> str:
    return (f"Dear Sir or Madam,\n\nWe confirm receipt of your claim regarding {_refs_en(f)}. "
            "Our claims team is reviewing it and will contact you with the next steps.\n\n"
            "Kind regards,\nClaims team")


def _ack_pt(f: Facts) -> str:
    return (f"Prezados,\n\nConfirmamos o recebimento da sua reclamação referente a "
            f"{_refs_pt(f)}. Nossa equipe de reclamações está analisando o caso e entrará em "
            "contato com os próximos passos.\n\nAtenciosamente,\nEquipe de reclamações")


def _docs_en(f: Facts) -> str:
    return (f"Dear Sir or Madam,\n\nTo assess your claim regarding {_refs_en(f)} we need the "
            "following documents:\n\n- HVI test results for the lot\n- the weight certificate "
            "or weigh-in report\n- photographs of the affected bales\n\n"
            "Kind regards,\nClaims team")


def _docs_pt(f: Facts) -> str:
    return (f"Prezados,\n\nPara analisarmos sua reclamação referente a {_refs_pt(f)}, "
            "precisamos dos seguintes documentos:\n\n- resultados de HVI do lote\n- certificado "
            "de peso ou relatório de pesagem\n- fotografias dos fardos afetados\n\n"
            "Atenciosamente,\nEquipe de reclamações")


def _decision_en(f: Facts) -> str:
    if f.ticket_state == "approved":
        outcome = (f"has been accepted for arbitration under number {f.arbitration_number}"
                   if f.arbitration_number else "has been accepted for arbitration")
    elif f.ticket_state == "rejected":
        outcome = "has not been accepted"
    else:
        outcome = "is still under review"
    return (f"Dear Sir or Madam,\n\nYour claim regarding {_refs_en(f)} {outcome}.\n\n"
            "Kind regards,\nClaims team")


def _decision_pt(f: Facts) -> str:
    if f.ticket_state == "approved":
        outcome = (f"foi aceita para arbitragem sob o número {f.arbitration_number}"
                   if f.arbitration_number else "foi aceita para arbitragem")
    elif f.ticket_state == "rejected":
        outcome = "não foi aceita"
    else:
        outcome = "ainda está em análise"
    return (f"Prezados,\n\nSua reclamação referente a {_refs_pt(f)} {outcome}.\n\n"
            "Atenciosamente,\nEquipe de reclamações")


# name -> (label, body builder)
TEMPLATES = {
    "ack-en": (_("Acknowledge the claim (English)"), _ack_en),
    "ack-pt": (_("Acknowledge the claim (Portuguese)"), _ack_pt),
    "docs-en": (_("Ask for missing documents (English)"), _docs_en),
    "docs-pt": (_("Ask for missing documents (Portuguese)"), _docs_pt),
    "decision-en": (_("Decision on the ticket (English)"), _decision_en),
    "decision-pt": (_("Decision on the ticket (Portuguese)"), _decision_pt),
}


def reply_subject(subject: str) -> str:
    """``Re: <subject>`` on one line, without stacking ``Re:``."""
    line = " ".join(strip_invisible(subject).split())[:180]
    return line if line.lower().startswith(("re:", "res:")) else f"Re: {line}".strip()


def render(name: str, facts: Facts) -> str:
    """The body of template ``name`` for these facts ('' for an unknown name)."""
    entry = TEMPLATES.get(name)
    if entry is None:
        return ""
    clean = Facts(*(" ".join(strip_invisible(str(v)).split())[:100] for v in (
        facts.subject, facts.contract, facts.lot, facts.ticket_state, facts.arbitration_number)))
    return entry[1](clean)
