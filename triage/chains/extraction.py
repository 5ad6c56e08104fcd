"""Extract the structured claim, each field with the quote that supports it."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from langchain_core.prompts import ChatPromptTemplate
from pydantic import Field, field_validator

from triage.chains.llm import Schema, prompt_version, structured
from triage.chains.questions import ChecklistAnswer, format_questions
from triage.chains.untrusted import HUMAN_TEMPLATE
from triage.readers.dates import parse_date
from triage.routes import ClaimType

NAME = "extraction"


class HVIFindings(Schema):
    """HVI values as stated in the email; null when not stated."""

    micronaire: Annotated[float | None, Field(description="Micronaire reading, e.g. 4.9.")] = None
    staple_length_mm: Annotated[float | None, Field(
        description="Staple length / UHML in millimetres.")] = None
    staple_32nds: Annotated[int | None, Field(description="Staple length in 32nds of an inch.")] \
        = None
    strength_gpt: Annotated[float | None, Field(description="Strength in g/tex.")] = None
    uniformity_pct: Annotated[float | None, Field(description="Uniformity index, %.")] = None
    color_grade: Annotated[str | None, Field(description="Colour grade, e.g. 41-4.")] = None
    leaf_grade: Annotated[str | None, Field(description="Leaf grade, e.g. 5.")] = None


class FieldQuote(Schema):
    field: Annotated[str, Field(description="Name of the field this quote supports.")]
    quote: Annotated[str, Field(description="Short verbatim quote from the email.",
                                max_length=300)]


class ClaimExtract(Schema):
    claiming_party: Annotated[str | None, Field(description="Company making the claim.")] = None
    contact: Annotated[str | None, Field(description="Person, email or phone to reply to.")] = None
    contract_reference: Annotated[str | None, Field(
        description="Contract number exactly as written.")] = None
    lot_reference: Annotated[str | None, Field(description="Lot number(s) as written.")] = None
    origin: Annotated[str | None, Field(description="Origin country of the cotton.")] = None
    claim_types: Annotated[list[ClaimType], Field(
        description="Every claim type the email affirms; ignore negated ones ('no "
                    "contamination was found').")] = []
    hvi: HVIFindings = HVIFindings()
    required_action: Annotated[str | None, Field(
        description="What the sender asks us to do.", max_length=500)] = None
    claim_date: Annotated[date | None, Field(description="Date of the claim, YYYY-MM-DD.")] = None
    response_deadline: Annotated[date | None, Field(
        description="Date by which we must respond, YYYY-MM-DD; resolve relative deadlines "
                    "('within 48 hours') from the trusted received timestamp.")] = None
    exposure_amount: Annotated[float | None, Field(
        ge=0, description="Total amount claimed or at stake, as a plain number (no "
                          "separators). If several amounts, the total exposure.")] = None
    exposure_currency: Annotated[str | None, Field(
        description="ISO 4217 code of exposure_amount, e.g. USD, BRL, EUR.")] = None
    quotes: Annotated[list[FieldQuote], Field(
        description="For each field you filled, the quote from the email that supports "
                    "it.")] = []
    checklist: Annotated[list[ChecklistAnswer], Field(
        description="One answer per checklist question listed in the instructions; "
                    "empty when none is listed.")] = []

    @field_validator("claim_date", "response_deadline", mode="before")
    @classmethod
    def _lenient_date(cls, value: object) -> date | None:
        # A model may answer "15/03/2026" or "ASAP"; a bad date becomes null, never an
        # error that loses the rest of the extraction.
        return parse_date(value)

    @field_validator("exposure_currency", mode="before")
    @classmethod
    def _currency(cls, value: object) -> str | None:
        if not isinstance(value, str) or not value.strip():
            return None
        aliases = {"US$": "USD", "$": "USD", "R$": "BRL", "€": "EUR", "£": "GBP"}
        value = aliases.get(value.strip(), value.strip().upper())
        return value[:3] if value.isalpha() else None


SYSTEM = """You extract the facts of a claim made to a cotton trading company.
Fill each field only from what the email states; use null where it is not stated. Amounts
may use Brazilian formats (R$ 71.850,00 is seventy-one thousand eight hundred and fifty)
or abbreviations ($75k). For every field you fill, add the short quote that supports it.
Mail may be in English or Portuguese.
{checklist}
{untrusted_rules}

Answer only with the requested JSON fields."""

prompt = ChatPromptTemplate.from_messages([("system", SYSTEM), ("human", HUMAN_TEMPLATE)])
SCHEMA = ClaimExtract
PROMPT_VERSION = prompt_version(prompt, ClaimExtract)


def checklist_section(questions: list[str]) -> str:
    """The checklist asked in this call: the claim is read once for both, and the
    ticket draft needs no third round."""
    if not questions:
        return ""
    return ("\nAlso answer the qualification checklist below in `checklist`, one answer per "
            "question, from the email alone: yes or no only when the email settles it, else "
            "unknown, with the supporting quote.\n\nQuestions:\n"
            f"{format_questions(questions)}\n")


def build(model):
    return (prompt | structured(model, ClaimExtract)).with_config(run_name=NAME)
