"""Does this email need the trading desk now? Judged on the raw text, independently
of the extraction, so one mistaken chain cannot hide an escalation."""

from __future__ import annotations

from typing import Annotated

from langchain_core.prompts import ChatPromptTemplate
from pydantic import Field

from triage.chains.llm import Schema, prompt_version, structured
from triage.chains.untrusted import HUMAN_TEMPLATE
from triage.routes import Trigger

NAME = "escalation"


class EscalationCheck(Schema):
    requires_escalation: Annotated[bool, Field(description=(
        "True if any escalation rule applies. If unsure, answer true: the trading desk "
        "would rather see a false alarm than miss a claim."))]
    triggers: Annotated[list[Trigger], Field(description="Every rule that applies.")] = []
    reasoning: Annotated[str, Field(description="Two sentences at most, citing the email.",
                                    max_length=800)] = ""


SYSTEM = """You decide whether an inbound email must be escalated to the trading desk of a
cotton trading company today.
Escalate when any of these holds:
- money at stake of USD {threshold_usd} or more (convert other currencies);
- a threat of ICA arbitration, legal action or lawyers;
- contamination (plastic, polypropylene, jute or other foreign matter) that the sender
  affirms (not when they say none was found);
- a response deadline within {deadline_days} business days;
- a threat to cancel or reject the contract.
Mail may be in English or Portuguese.

{untrusted_rules}

Answer only with the requested JSON fields."""

prompt = ChatPromptTemplate.from_messages([("system", SYSTEM), ("human", HUMAN_TEMPLATE)])
SCHEMA = EscalationCheck
PROMPT_VERSION = prompt_version(prompt, EscalationCheck)


def build(model):
    return (prompt | structured(model, EscalationCheck)).with_config(run_name=NAME)
