"""The one place that builds chat models, and the error taxonomy for their calls.

``gemini``: ``ChatGoogleGenerativeAI``, temperature 0, thinking budget 0 by default
(these are extraction tasks; thinking multiplies latency and cost), bounded timeout
and in-client retries. ``offline``: the rule-based ``OfflineChatModel``, a simulated
model that runs exactly the same chains without a key.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass

import httpx
from django.conf import settings
from langchain_core.language_models import BaseChatModel
from langchain_core.prompts import ChatPromptTemplate
from pydantic import BaseModel, ConfigDict

from triage import offline


@dataclass(frozen=True)
class ModelSpec:
    provider: str
    model_name: str
    base_url: str = ""


def model_spec() -> ModelSpec:
    if settings.TRIAGE_LLM_PROVIDER == "offline":
        return ModelSpec("offline", offline.MODEL_NAME)
    return ModelSpec("gemini", settings.TRIAGE_GEMINI_MODEL, settings.TRIAGE_GEMINI_BASE_URL)


def build_model(spec: ModelSpec | None = None) -> BaseChatModel:
    """One model per process and configuration, shared by every run and thread: the
    Gemini client loads its TLS trust store when built (~45 ms of CPU, more than the
    rest of a triage together) and keeps its HTTP connections alive for reuse."""
    spec = spec or model_spec()
    if spec.provider == "offline":
        return offline.OfflineChatModel()
    return _gemini(spec, settings.TRIAGE_GEMINI_API_KEY, settings.TRIAGE_GEMINI_THINKING_BUDGET,
                   settings.TRIAGE_LLM_TIMEOUT_S, settings.TRIAGE_LLM_CLIENT_RETRIES)


@functools.lru_cache(maxsize=8)
def _gemini(spec: ModelSpec, api_key: str, thinking_budget: int, timeout: float,
            retries: int) -> BaseChatModel:
    # Imported here: the Google client is heavy, and only a Gemini deployment needs it.
    from langchain_google_genai import ChatGoogleGenerativeAI

    if not api_key:
        raise ChainError("TRIAGE_LLM_PROVIDER=gemini needs GOOGLE_API_KEY or GEMINI_API_KEY",
                         transient=False)
    kwargs = {}
    if spec.base_url:
        kwargs["base_url"] = spec.base_url
    return ChatGoogleGenerativeAI(
        model=spec.model_name,
        api_key=api_key,
        temperature=0,
        thinking_budget=thinking_budget,
        timeout=timeout,
        # The SDK counts attempts, the first included.
        max_retries=retries + 1,
        **kwargs,
    )


def _drop_property_titles(schema: dict) -> None:
    # Pydantic titles every property with its own name again ("contact" -> "Contact")
    # and repeats its default (the prompts say "null where not stated"): nothing for
    # the model, and tokens on every call of every chain. Our own validation keeps the
    # defaults.
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)
        prop.pop("default", None)


class Schema(BaseModel):
    """Base of every chain's output schema: what the model is sent is the field names,
    types and descriptions, nothing repeated."""

    model_config = ConfigDict(json_schema_extra=_drop_property_titles)


def structured(model: BaseChatModel, schema: type[BaseModel]):
    """``{"raw", "parsed", "parsing_error"}``: the raw message is kept for token usage
    and for the record when validation fails."""
    return model.with_structured_output(schema, include_raw=True)


def prompt_version(prompt: ChatPromptTemplate, schema: type[BaseModel]) -> str:
    """A hash of the prompt text and the output schema: a decision can be traced to
    the exact prompt that produced it, and a change to either shows up as a new id."""
    parts = [repr(m.prompt.template) for m in prompt.messages if hasattr(m, "prompt")]
    parts.append(json.dumps(schema.model_json_schema(), sort_keys=True))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:12]


class ChainError(Exception):
    """A chain call failed. ``transient`` errors are retried by the task (with a cap);
    permanent ones fail closed at once. ``what`` says which failure it was (one of
    ``KINDS``), for staff to read in their language; the message is the technical text."""

    KINDS = ("rate_limited", "provider_error", "refused", "timeout", "unreachable",
             "invalid_output", "other")

    def __init__(self, message: str, *, transient: bool, what: str = "other") -> None:
        super().__init__(message)
        self.transient = transient
        self.what = what


def classify_exception(exc: BaseException) -> ChainError:
    """Transient: HTTP 408/429/5xx, timeouts, connection errors. Everything else,
    including schema validation, is permanent. Client libraries wrap the HTTP error
    (``raise ... from e``), so the whole cause chain is inspected."""
    if isinstance(exc, ChainError):
        return exc
    for link in _causes(exc):
        code = getattr(link, "code", None) or getattr(link, "status_code", None)
        if isinstance(code, int) and 100 <= code < 600:
            transient = code in (408, 429) or code >= 500
            kind = "rate_limited" if code == 429 else "provider_error" if transient \
                else "refused"
            return ChainError(f"HTTP {code} from model provider: {_short(link)}",
                              transient=transient, what=kind)
        if isinstance(link, (httpx.TimeoutException, TimeoutError)):
            return ChainError(f"model call timed out ({type(link).__name__})", transient=True,
                              what="timeout")
        if isinstance(link, (httpx.TransportError, ConnectionError)):
            return ChainError(f"cannot reach model provider ({type(link).__name__}): "
                              f"{_short(link)}", transient=True, what="unreachable")
    return ChainError(f"{type(exc).__name__}: {_short(exc)}", transient=False)


def _causes(exc: BaseException) -> list[BaseException]:
    chain, seen = [], set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and len(chain) < 10:
        seen.add(id(current))
        chain.append(current)
        current = current.__cause__ or current.__context__
    return chain


def _short(exc: BaseException) -> str:
    return str(exc).replace("\n", " ")[:300]
