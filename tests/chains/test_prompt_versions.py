"""Every chain carries a prompt version (a hash of its prompt and schema), so a stored
decision says which prompt made it."""

from __future__ import annotations

from triage.chains import checklist, classification, escalation, extraction


def test_every_chain_has_its_own_prompt_version():
    versions = {m.PROMPT_VERSION for m in (classification, extraction, escalation, checklist)}
    assert len(versions) == 4 and all(len(v) == 12 for v in versions)
