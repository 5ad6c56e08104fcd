from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext


def llm_provider(request: HttpRequest) -> dict:
    """Every admin page says which provider decides, so offline results are never
    mistaken for a real model's."""
    provider = settings.TRIAGE_LLM_PROVIDER
    # The offline banner stays English-first (the README's wording, in every language),
    # with a translation after it for whoever reads Portuguese.
    # (``lang="en"`` on the page: the English is the product's name for it, not a gap in
    # the translation.)
    if provider == "gemini":
        return {"triage_llm_provider": provider,
                "triage_llm_label": f"Gemini ({settings.TRIAGE_GEMINI_MODEL})",
                "triage_llm_label_local": ""}
    translated = gettext("OFFLINE rule-based provider (simulated model, no LLM)")
    return {"triage_llm_provider": provider, "triage_llm_label": OFFLINE_LABEL,
            "triage_llm_label_local": "" if translated == OFFLINE_LABEL else translated}


OFFLINE_LABEL = "OFFLINE rule-based provider (simulated model, no LLM)"
