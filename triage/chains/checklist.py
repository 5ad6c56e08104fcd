"""The qualification checklist: every configured yes/no question in one call."""

from __future__ import annotations

from typing import Annotated, Literal

from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, Field

from triage.chains.llm import prompt_version, structured
from triage.chains.untrusted import HUMAN_TEMPLATE

NAME = "checklist"


class ChecklistAnswer(BaseModel):
    number: Annotated[int, Field(ge=1, description="The question's number.")]
    answer: Annotated[Literal["yes", "no", "unknown"], Field(
        description="yes or no only when the email says so; otherwise unknown.")]
    confidence: Annotated[float, Field(ge=0, le=1, description="0 to 1.")] = 0.0
    quote: Annotated[str | None, Field(description="Supporting quote from the email.",
                                       max_length=300)] = None


class QualificationChecklist(BaseModel):
    answers: Annotated[list[ChecklistAnswer], Field(description="One answer per question.")]


SYSTEM = """You answer a qualification checklist about a claim received by a cotton trading
company. Answer every question below from the email alone. Say unknown when the email
does not settle it.

Questions:
{questions}

{untrusted_rules}

Answer only with the requested JSON fields."""

prompt = ChatPromptTemplate.from_messages([("system", SYSTEM), ("human", HUMAN_TEMPLATE)])
SCHEMA = QualificationChecklist
PROMPT_VERSION = prompt_version(prompt, QualificationChecklist)


def format_questions(questions: list[str]) -> str:
    return "\n".join(f"Q{i}: {q}" for i, q in enumerate(questions, 1))


def build(model):
    return (prompt | structured(model, QualificationChecklist)).with_config(run_name=NAME)
