"""What each chain's model reads, fingerprinted: the prompt rendered for one fixed
email (system text, the untrusted-data paragraph, the checklist section, the email's
envelope) and the output schema. ``PROMPT_VERSION`` hashes only the templates and the
schema; the test compares both against the committed ``prompt_versions.json``, so a
change the version does not see is caught.

Refresh the file after a deliberate prompt change (and bump the version)::

    .venv/bin/python -m tests.chains.prompt_fingerprints
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType

from triage.chains import classification, escalation, extraction
from triage.chains.untrusted import prompt_inputs, wrap
from triage.decision import EmailInput

RECORD = Path(__file__).with_name("prompt_versions.json")
CHAINS: tuple[ModuleType, ...] = (classification, extraction, escalation)
# Fixed stand-ins for what settings and the email supply: the fingerprint follows the
# prompt's own words, not the configuration.
_QUESTIONS = ["Was the claim assessed by an independent surveyor?"]
_CHAIN_INPUTS = {
    "extraction": {"checklist": extraction.checklist_section(_QUESTIONS)},
    "escalation": {"threshold_usd": "50,000", "deadline_days": "2"},
}
_EMAIL = EmailInput(subject="Claim CT-1", from_header="Mill <qa@mill.example.cn>",
                    received_at=datetime(2026, 11, 16, 9, 0, tzinfo=UTC),
                    body="Contamination found in lot 7; we claim USD 80,000.",
                    attachments=["report.pdf"], attachment_texts=[("report.pdf", "HVI 5.3")])


def rendered(chain: ModuleType) -> str:
    """The messages the model receives for the fixed email, the nonce made constant."""
    envelope = wrap(_EMAIL)
    inputs = {**prompt_inputs(_EMAIL, envelope), **_CHAIN_INPUTS.get(chain.NAME, {})}
    text = "\n".join(f"[{m.type}]\n{m.content}" for m in chain.prompt.format_messages(**inputs))
    return text.replace(envelope.nonce, "NONCE")


def fingerprint(chain: ModuleType) -> str:
    schema = json.dumps(chain.SCHEMA.model_json_schema(), sort_keys=True)
    return hashlib.sha256(f"{rendered(chain)}\n{schema}".encode()).hexdigest()


def current() -> dict[str, dict[str, str]]:
    return {c.NAME: {"prompt_version": c.PROMPT_VERSION, "fingerprint": fingerprint(c)}
            for c in CHAINS}


def recorded() -> dict[str, dict[str, str]]:
    return json.loads(RECORD.read_text())


def main() -> None:
    RECORD.write_text(json.dumps(current(), indent=2, sort_keys=True) + "\n")
    print(f"wrote {RECORD}")


if __name__ == "__main__":
    main()
