"""The qualification checklist's answer shape and question list, shared by the chains
that can answer it: the extraction (in the same call, the default) and the separate
checklist chain (one call more, a round more; kept to compare against)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from triage.chains.llm import Schema


class ChecklistAnswer(Schema):
    number: Annotated[int, Field(ge=1, description="The question's number.")]
    answer: Annotated[Literal["yes", "no", "unknown"], Field(
        description="yes or no only when the email says so; otherwise unknown.")]
    confidence: Annotated[float, Field(ge=0, le=1, description="0 to 1.")] = 0.0
    quote: Annotated[str | None, Field(description="Supporting quote from the email.",
                                       max_length=300)] = None


def format_questions(questions: list[str]) -> str:
    return "\n".join(f"Q{i}: {q}" for i, q in enumerate(questions, 1))
