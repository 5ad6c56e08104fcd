from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext


def llm_provider(request: HttpRequest) -> dict:
    """Every admin page says which provider decides, so offline results are never
    mistaken for a real model's."""
    provider = settings.TRIAGE_LLM_PROVIDER
    # The offline banner says OFFLINE in every language: the README's English wording,
    # or its translation alone on a page in another language (a pt-BR page carries no
    # English sentence).
    if provider == "gemini":
        return {"triage_llm_provider": provider,
                "triage_llm_label": f"Gemini ({settings.TRIAGE_GEMINI_MODEL})",
                "triage_llm_label_local": ""}
    translated = gettext("OFFLINE rule-based provider (simulated model, no LLM)")
    return {"triage_llm_provider": provider, "triage_llm_label": OFFLINE_LABEL,
            "triage_llm_label_local": "" if translated == OFFLINE_LABEL else translated}


OFFLINE_LABEL = "OFFLINE rule-based provider (simulated model, no LLM)"
