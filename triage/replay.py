"""Replay stored mail through the current prompts, model and settings, and compare
with what was decided then. Read-only: nothing stored is changed."""

from __future__ import annotations

from triage import pipeline
from triage.chains import llm
from triage.chains.untrusted import EmailInput


def replay(emails, *, model=None, spec: llm.ModelSpec | None = None,
           config: pipeline.Config | None = None) -> list[dict]:
    """One row per email: the stored decision, today's, and what changed. Without
    arguments, today's configured model and settings."""
    spec = spec or llm.model_spec()
    model = model or llm.build_model(spec)
    config = config or pipeline.Config.from_settings()
    rows = []
    for email in emails:
        stored = email.current_run
        decision = pipeline.run(EmailInput.from_stored(email), model=model, spec=spec,
                                config=config)
        now = {"route": decision.route, "escalate": decision.escalate,
               "exposure_usd": float(decision.exposure_usd)
               if decision.exposure_usd is not None else None}
        before = {"route": stored.route if stored else None,
                  "escalate": stored.escalation_required if stored else None,
                  "exposure_usd": float(stored.exposure_usd)
                  if stored and stored.exposure_usd is not None else None}
        changed = [k for k in now if now[k] != before[k]]
        rows.append({"email_id": email.pk, "subject": email.subject, "stored": before,
                     "now": now, "changed": changed,
                     "stored_provider": stored.provider if stored else None})
    return rows
