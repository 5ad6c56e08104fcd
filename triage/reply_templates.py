"""Reply templates staff start from, in English, Portuguese and Spanish: text built from
facts a person can check on the page (subject, contract, lot, the ticket's state and
number) and signed by the person who sends it (name and role), on one line each and
without invisible characters. Never the model's reasoning, triggers or anything else
it wrote. The words are Django templates per language
(``templates/triage/notifications/<lang>/reply_*.txt``), as the notifications are.

Which templates an item offers follows what it is (``purposes``): a claim gets the
acknowledgement, the documents request and, with a ticket, the decision; a possible
fraud (a bank-detail change under review) only what is safe to tell a stranger; any
other email (a freight invoice) only a plain acknowledgement of receipt."""

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
    signer_name: str = ""
    signer_role: str = ""  # desk, claims, triage ("" signs with the name alone)


_FOLDER = "triage/notifications"
# code -> (the language's name, its folder)
LANGUAGES = {"en": (_("English"), "en"), "pt": (_("Portuguese"), "pt-br"),
             "es": (_("Spanish"), "es")}
# purpose -> (what the reply does, its file in each language's folder)
PURPOSES = {
    "ack": (_("Acknowledge the claim"), "reply_ack.txt"),
    "docs": (_("Ask for missing documents"), "reply_docs.txt"),
    "decision": (_("Decision on the ticket"), "reply_decision.txt"),
    "bank": (_("Bank details: we confirm by phone, nothing changes before"),
             "reply_bank.txt"),
    "received": (_("Confirm receipt"), "reply_received.txt"),
}
# name ("ack-pt") -> (purpose, language)
TEMPLATES = {f"{purpose}-{lang}": (purpose, lang) for purpose in PURPOSES for lang in LANGUAGES}

CLAIM, BANK_CHANGE, OTHER = "claim", "bank_change", "other"


def purposes(kind: str, *, has_ticket: bool = False) -> list[str]:
    """The templates an item of ``kind`` offers, the likeliest first."""
    if kind == BANK_CHANGE:
        return ["bank", "received"]
    if kind == CLAIM:
        return ["ack", "docs", *(["decision"] if has_ticket else [])]
    return ["received"]


def reply_subject(subject: str) -> str:
    """``Re: <subject>`` on one line, without stacking ``Re:``."""
    line = " ".join(strip_invisible(subject).split())[:180]
    return line if line.lower().startswith(("re:", "res:")) else f"Re: {line}".strip()


def render(name: str, facts: Facts) -> str:
    """The body of template ``name`` for these facts ('' for an unknown name)."""
    entry = TEMPLATES.get(name)
    if entry is None:
        return ""
    purpose, lang = entry
    clean = {key: " ".join(strip_invisible(str(value)).split())[:100]
             for key, value in asdict(facts).items()}
    folder = f"{_FOLDER}/{LANGUAGES[lang][1]}"
    return render_to_string(f"{folder}/{PURPOSES[purpose][1]}",
                            {**clean, "folder": folder}).rstrip("\n")
