"""Which of our mail's languages (English, Portuguese, Spanish) a sender wrote in, for
the reply a person starts from. py3langid's model, shipped in its package, restricted
to the three: no network, no data of ours. Linear in the text (a byte automaton), read
on its first few thousand characters; loaded once per process, on first use."""

from __future__ import annotations

import threading

LANGUAGES = ("en", "pt", "es")
READ_CHARS = 4_000
# Below this the three-way posterior is a guess (a subject of two words): no language.
MIN_CONFIDENCE = 0.6

_lock = threading.Lock()
_identifier = None


def _model():
    global _identifier
    with _lock:
        if _identifier is None:
            from py3langid.langid import MODEL_FILE, LanguageIdentifier

            identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
            identifier.set_languages(list(LANGUAGES))
            _identifier = identifier
    return _identifier


def language_of(*texts: str) -> str | None:
    """"en", "pt" or "es" for the text (a subject, a body), or None when there is too
    little to tell."""
    text = "\n".join(t for t in texts if t)[:READ_CHARS].strip()
    if len(text) < 12:
        return None
    code, confidence = _model().classify(text)
    return code if confidence >= MIN_CONFIDENCE else None
