"""Replay stored mail through the current prompts, model and settings, and compare
with what was decided then. Read-only: nothing stored is changed."""

from __future__ import annotations

import time

from triage.decision import Config, EmailInput, ModelSpec, build_model, model_spec, run_chains

# A replay runs inside a web request: it stops starting emails after this long (each
# email's own reading and model calls are bounded by the pipeline).
MAX_SECONDS = 20.0


def replay(emails, *, model=None, spec: ModelSpec | None = None,
           config: Config | None = None, max_seconds: float | None = None
           ) -> list[dict]:
    """One row per email replayed: the stored decision, today's, and what changed.
    Without arguments, today's configured model and settings. Emails not started within
    ``max_seconds`` have no row (the caller says how many)."""
    deadline = time.monotonic() + (MAX_SECONDS if max_seconds is None else max_seconds)
    spec = spec or model_spec()
    model = model or build_model(spec)
    config = config or Config.from_settings()
    rows = []
    for email in emails:
        if time.monotonic() >= deadline:
            break
        stored = email.current_run
        decision = run_chains(EmailInput.from_stored(email), model=model, spec=spec,
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
