"""The pt_BR catalogue, kept in step with the code without GNU gettext.

``extract()`` finds every string we mark: Python through Babel's extractor (the
keywords below, ``N_`` included for the pure modules' labels), templates through
Django's own ``templatize`` (what ``makemessages`` feeds xgettext) and then the same
extractor. ``update()`` merges them into ``triage/locale/pt_BR/LC_MESSAGES/django.po``
(keeping translations, marking new strings empty) and writes the ``.mo`` with Babel;
both files are committed, so a fresh clone, the demo and production need no build step.
``tests/test_translations.py`` fails when a marked string has no translation, when a
translation drops a placeholder, or when the committed ``.mo`` is stale.

    DJANGO_SETTINGS_MODULE=config.settings_lab python manage.py messages
"""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from django.utils.translation.template import templatize

ROOT = Path(__file__).resolve().parent.parent
LOCALE = "pt_BR"
PO = ROOT / "triage" / "locale" / LOCALE / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
PLURAL_FORMS = "nplurals=2; plural=(n > 1);"
KEYWORDS = {
    "_": None, "gettext": None, "gettext_lazy": None, "gettext_noop": None, "N_": None,
    "ngettext": (1, 2), "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2), "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3), "npgettext_lazy": ((1, "c"), 2, 3),
}


def sources() -> list[Path]:
    py = [p for p in (ROOT / "triage").rglob("*.py") if "migrations" not in p.parts]
    html = [*(ROOT / "templates").rglob("*.html"), *(ROOT / "triage").rglob("*.html")]
    return sorted(py + html)


def extract_messages() -> Catalog:
    """Every marked string in the product, as a template catalogue."""
    template = Catalog(locale=None, project="triage", charset="utf-8")
    for path in sources():
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".html":
            text = templatize(text, origin=str(path))
        found = extract("python", io.BytesIO(text.encode("utf-8")), keywords=KEYWORDS,
                        options={"encoding": "utf-8"})
        for lineno, message, comments, context in found:
            flags = ("python-format",) if "%" in "".join(
                message if isinstance(message, tuple) else (message,)) else ()
            template.add(message, None, [(str(path.relative_to(ROOT)), lineno)],
                         auto_comments=comments, context=context, flags=flags)
    return template


def load() -> Catalog:
    with PO.open("rb") as handle:
        return read_po(handle, locale=LOCALE)


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def update() -> tuple[int, int]:
    """Merge the code's strings into the .po and write the .mo; (strings, untranslated)."""
    template = extract_messages()
    catalog = load() if PO.exists() else Catalog(locale=LOCALE, project="triage",
                                                 charset="utf-8")
    # Django's own pt_BR catalogue counts two forms (one, and more than one); CLDR's
    # three would leave our plurals and the admin's disagreeing.
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS)]
    if PO.exists():
        template.creation_date = catalog.creation_date  # no churn when nothing changed
    catalog.update(template, no_fuzzy_matching=True)
    catalog.version, catalog.last_translator = "1", "triage team"
    catalog.language_team = "Português (Brasil)"
    catalog.fuzzy = False
    PO.parent.mkdir(parents=True, exist_ok=True)
    with PO.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, sort_output=True,
                 ignore_obsolete=True, include_lineno=False)
    catalog = load()
    MO.write_bytes(compiled(catalog))
    missing = sum(1 for m in catalog if m.id and not all(_forms(m)))
    return len([m for m in catalog if m.id]), missing


def _forms(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


def untranslated(catalog: Catalog, template: Catalog) -> list[str]:
    """The code's strings with no (or a fuzzy) translation in ``catalog``."""
    missing = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        if found is None or found.fuzzy or not all(_forms(found)):
            missing.append(str(message.id))
    return missing
