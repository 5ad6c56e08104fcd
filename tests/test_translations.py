"""The pt_BR catalogue is complete: CI fails when a string we mark has no translation,
when a translation drops or invents a placeholder, or when the committed .mo is stale."""

from __future__ import annotations

from lab import i18n


def test_every_marked_string_has_a_pt_br_translation():
    missing = i18n.untranslated(i18n.load(), i18n.extract_messages())
    assert not missing, ("untranslated in triage/locale/pt_BR (run `manage.py messages` with "
                         f"the lab settings, then translate): {missing}")


def test_translations_keep_their_placeholders():
    catalog = i18n.load()
    problems = [(m.id, [str(e) for e in m.check(catalog)]) for m in catalog if m.id]
    assert not [p for p in problems if p[1]]


def test_the_committed_mo_is_compiled_from_the_po():
    assert i18n.MO.read_bytes() == i18n.compiled(i18n.load()), \
        "triage/locale/pt_BR/LC_MESSAGES/django.mo is stale: run `manage.py messages`"


def test_the_checker_sees_a_missing_translation(tmp_path):
    """The test above would catch a new string: a marked string absent from the .po is
    reported."""
    template = i18n.extract_messages()
    template.add("A string nobody translated", None)
    assert i18n.untranslated(i18n.load(), template) == ["A string nobody translated"]
