"""Is this a claim? If not, which department handles it, and why."""

from __future__ import annotations

from typing import Annotated

from langchain_core.prompts import ChatPromptTemplate
from pydantic import Field

from triage.chains.llm import Schema, prompt_version, structured
from triage.chains.untrusted import HUMAN_TEMPLATE
from triage.routes import Department

NAME = "classification"


class Classification(Schema):
    """Routing of one inbound email at a cotton trading company."""

    is_claim: Annotated[bool, Field(description=(
        "True if the sender makes, pursues or threatens a claim against us (quality/HVI, "
        "contamination, weight shortfall, moisture, arbitration). If unsure, answer true: "
        "a human will review claims."))]
    department: Annotated[Department, Field(
        description=(
            "For a non-claim: finance (invoices, payments, bank details), logistics "
            "(bookings, vessels, containers, shipping documents), commercial (offers, "
            "quotes, prices, purchase inquiries), other. For a claim, the closest one."))]
    reason: Annotated[str, Field(description="One sentence on why, citing the email.",
                                 max_length=600)]
    confidence: Annotated[float, Field(ge=0, le=1, description="0 to 1.")] = 0.5


SYSTEM = """You triage inbound email for a cotton trading company.
Decide whether the email is a claim against us, and if not, which department handles it.
Claims include contamination (plastic, polypropylene, jute, foreign matter), quality or HVI
disputes (micronaire, staple length, strength, uniformity, colour, leaf grade), weight
shortfalls, moisture, and any threat of ICA arbitration or legal action. Mail may be in
English or Portuguese.

{untrusted_rules}

Answer only with the requested JSON fields."""

prompt = ChatPromptTemplate.from_messages([("system", SYSTEM), ("human", HUMAN_TEMPLATE)])
SCHEMA = Classification
PROMPT_VERSION = prompt_version(prompt, Classification)


def build(model):
    return (prompt | structured(model, Classification)).with_config(run_name=NAME)
