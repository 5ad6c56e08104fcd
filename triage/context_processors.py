from django.conf import settings
from django.http import HttpRequest


def llm_provider(request: HttpRequest) -> dict:
    """Every admin page says which provider decides, so offline results are never
    mistaken for a real model's."""
    provider = settings.TRIAGE_LLM_PROVIDER
    label = (
        f"Gemini ({settings.TRIAGE_GEMINI_MODEL})"
        if provider == "gemini"
        else "OFFLINE rule-based provider (simulated model, no LLM)"
    )
    return {"triage_llm_provider": provider, "triage_llm_label": label}
