"""The only way into a decision. ``input`` is what an email gives the chains and the
rules; ``run`` runs the chains and ``decide`` builds them from the settings; ``route``
combines the model, the backstop's facts and the review signals; ``record`` is what is
decided. Nothing outside this package imports ``triage.chains``."""

from triage.chains.llm import ModelSpec
from triage.decision.input import EmailInput
from triage.decision.record import CallRecord, Decision
from triage.decision.run import Config, build_model, decide, model_spec, run_chains

__all__ = ["CallRecord", "Config", "Decision", "EmailInput", "ModelSpec", "build_model",
           "decide", "model_spec", "run_chains"]
