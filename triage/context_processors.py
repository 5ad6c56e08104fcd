from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext


def llm_provider(request: HttpRequest) -> dict:
    """Every admin page says which provider decides, so offline results are never
    mistaken for a real model's."""
    provider = settings.TRIAGE_LLM_PROVIDER
    # The offline banner stays English-first (the README's wording, in every language),
    # with a translation after it for whoever reads Portuguese.
    label = (
        f"Gemini ({settings.TRIAGE_GEMINI_MODEL})"
        if provider == "gemini"
        else _offline_label()
    )
    return {"triage_llm_provider": provider, "triage_llm_label": label}


OFFLINE_LABEL = "OFFLINE rule-based provider (simulated model, no LLM)"


def _offline_label() -> str:
    translated = gettext("OFFLINE rule-based provider (simulated model, no LLM)")
    return OFFLINE_LABEL if translated == OFFLINE_LABEL else f"{OFFLINE_LABEL} · {translated}"
