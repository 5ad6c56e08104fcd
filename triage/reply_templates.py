"""Reply templates staff start from, in English and Portuguese: text built from facts a
person can check on the page (subject, contract, lot, the ticket's state and number), on
one line each and without invisible characters. Never the model's reasoning, triggers
or anything else it wrote. The words are Django templates per language
(``templates/triage/notifications/<lang>/reply_*.txt``), as the notifications are."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from triage.sanitize import strip_invisible


@dataclass(frozen=True)
class Facts:
    subject: str
    contract: str = ""
    lot: str = ""
    ticket_state: str = ""  # draft, approved, rejected or ""
    arbitration_number: str = ""


_FOLDER = "triage/notifications"
# name -> (label, template)
TEMPLATES = {
    "ack-en": (_("Acknowledge the claim (English)"), f"{_FOLDER}/en/reply_ack.txt"),
    "ack-pt": (_("Acknowledge the claim (Portuguese)"), f"{_FOLDER}/pt-br/reply_ack.txt"),
    "docs-en": (_("Ask for missing documents (English)"), f"{_FOLDER}/en/reply_docs.txt"),
    "docs-pt": (_("Ask for missing documents (Portuguese)"), f"{_FOLDER}/pt-br/reply_docs.txt"),
    "decision-en": (_("Decision on the ticket (English)"), f"{_FOLDER}/en/reply_decision.txt"),
    "decision-pt": (_("Decision on the ticket (Portuguese)"),
                    f"{_FOLDER}/pt-br/reply_decision.txt"),
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
    clean = {key: " ".join(strip_invisible(str(value)).split())[:100]
             for key, value in asdict(facts).items()}
    return render_to_string(entry[1], clean).rstrip("\n")
