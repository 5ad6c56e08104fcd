"""The qualification checklist as a call of its own (a third round). The pipeline asks
the extraction call instead unless ``TRIAGE_CHECKLIST_IN_EXTRACTION`` is off."""

from __future__ import annotations

from typing import Annotated

from langchain_core.prompts import ChatPromptTemplate
from pydantic import Field

from triage.chains.llm import Schema, prompt_version, structured
from triage.chains.questions import ChecklistAnswer, format_questions
from triage.chains.untrusted import HUMAN_TEMPLATE

NAME = "checklist"
__all__ = ["ChecklistAnswer", "build", "format_questions"]


class QualificationChecklist(Schema):
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


def build(model):
    return (prompt | structured(model, QualificationChecklist)).with_config(run_name=NAME)
