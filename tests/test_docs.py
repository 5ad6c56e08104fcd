"""The README and docs/ say only what is true of this checkout: the README stays a front
door that links every page; every link, image and path they name exists; every make
target, management command and option they show is one a reader can run; and the
configuration page names exactly the TRIAGE_* variables the settings read."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import get_commands, load_command_class

from tests.factories import ROOT

README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
MAX_README_LINES = 300

_FENCED = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)
_INLINE = re.compile(r"`([^`\n]+(?:\n[^`\n]+)*)`")
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*$", re.M)
# A repository path in backticks (`triage/mime.py`, `tests/screenshots/`); runtime paths
# such as `data/outbox/` are not files of the checkout.
_REPO_PATH = re.compile(r"^(?:config|triage|lab|tests|templates|docs|\.ci)/[\w./-]*$")
# `make demo PORT=8010`: the target is the first word that is not a VAR=value.
_MAKE = re.compile(r"(?<![\w-])make\s+(?!\S*=)([a-z][\w.-]*)")
_MANAGE = re.compile(r"manage\.py\s+([a-z_]\w*)(.*)")
_OPTION = re.compile(r"(?<![\w-])--([a-z][\w-]*)")
# The helpers in config/env.py that also read NAME_FILE (through env_str).
_FILE_CAPABLE = {"env_str", "env_list", "env_rates"}
_TRIAGE_VAR = re.compile(r"\bTRIAGE_[A-Z0-9_]*[A-Z0-9]\b")


def _text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def _rel(page: Path) -> str:
    return str(page.relative_to(ROOT))


def _prose(text: str) -> str:
    """The text without code: a `[x](y)` inside a code span is not a link."""
    return _INLINE.sub("", _FENCED.sub("", text))


def _code(text: str) -> list[str]:
    """Each inline code span and each line of a fenced block, with shell continuations
    joined, so a command written over two lines is read as one."""
    spans = [m.group(1).replace("\n", " ") for m in _INLINE.finditer(_FENCED.sub("", text))]
    for block in _FENCED.findall(text):
        spans += block.replace("\\\n", " ").splitlines()
    return spans


def _commands(span: str) -> list[str]:
    """The shell commands in a span, split at a spaced && || | or ; (an unspaced | is a
    usage's alternatives, `--mode offline|both`), each without its trailing comment."""
    return [re.sub(r"\s#\s.*$", "", part) for part in re.split(r"\s(?:&&|\|\||\|)\s|;\s", span)]


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation out, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    anchors = set()
    for _, heading in _HEADING.findall(_FENCED.sub("", _text(page))):
        slug = _slug(heading)
        anchors.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
        seen[slug] = seen.get(slug, 0) + 1
    return anchors


def _links(page: Path) -> list[str]:
    return [t for t in _LINK.findall(_prose(_text(page))) if not re.match(r"[a-z]+:", t)]


def _broken_links(page: Path) -> list[str]:
    broken = []
    for target in _links(page):
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        if not resolved.is_relative_to(ROOT) or not resolved.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and resolved.suffix == ".md" and anchor not in _anchors(resolved):
            broken.append(f"{target} (no heading #{anchor} in {_rel(resolved)})")
    return broken


def _makefile_targets() -> set[str]:
    return set(re.findall(r"^([a-z][\w.-]*)\s*:(?!=)", (ROOT / "Makefile").read_text(), re.M))


def _settings_reads() -> set[str]:
    """Every environment variable config/settings.py reads through the env_* helpers,
    with NAME_FILE for those that accept a secret from a file."""
    names = set()
    tree = ast.parse((ROOT / "config" / "settings.py").read_text())
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id.startswith("env_") and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            names.add(node.args[0].value)
            if node.func.id in _FILE_CAPABLE:
                names.add(f"{node.args[0].value}_FILE")
    return names


def test_readme_is_a_front_door():
    lines = _text(README).splitlines()
    assert len(lines) <= MAX_README_LINES, (
        f"README.md has {len(lines)} lines (at most {MAX_README_LINES}): move the detail "
        "to a page in docs/ and link it under 'Where to read next'")


def test_readme_and_the_index_link_every_docs_page():
    pages = {p.resolve() for p in DOCS.glob("*.md")}
    for index, pages_expected in ((README, pages), (DOCS / "README.md", pages - {
            (DOCS / "README.md").resolve()})):
        linked = {(index.parent / t.partition("#")[0]).resolve() for t in _links(index)}
        missing = sorted(_rel(p) for p in pages_expected - linked)
        assert not missing, f"{_rel(index)} does not link {missing}"


def test_readme_shows_the_two_commands_and_ci_runs_the_test_one():
    two = _text(README).split("## Two commands", 1)[1].split("\n## ", 1)[0]
    assert "`make demo`" in two and "`make test`" in two
    # .ci/run says it runs "the README's test command": keep both sides of that true.
    assert re.search(r"^make test\b", (ROOT / ".ci" / "run").read_text(), re.M)


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_relative_link_and_image_resolves(page):
    assert not _broken_links(page), f"{_rel(page)}: broken links {_broken_links(page)}"


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_repository_path_named_exists(page):
    named = {s.strip() for s in _code(_text(page)) if _REPO_PATH.match(s.strip())}
    missing = sorted(p for p in named if not (ROOT / p.rstrip("/")).exists())
    assert not missing, f"{_rel(page)} names paths that do not exist: {missing}"


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_make_target_is_in_the_makefile(page):
    targets = _makefile_targets()
    written = {m for span in _code(_text(page)) for m in _MAKE.findall(span)}
    assert not written - targets, (
        f"{_rel(page)} shows make targets the Makefile lacks: {sorted(written - targets)}")


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_management_command_and_option_exists(page):
    # The docs show lab commands too (triage_eval, bench_*): check against the lab
    # settings, which the suite runs under (pyproject.toml).
    assert "lab" in settings.INSTALLED_APPS, "run under config.settings_lab"
    commands = get_commands()
    wrong = []
    for span in _code(_text(page)):
        for command in _commands(span):
            match = _MANAGE.search(command)
            if not match:
                continue
            name, rest = match.groups()
            if name == "help":  # manage.py's own, not a command module
                continue
            if name not in commands:
                wrong.append(f"manage.py {name} (no such command)")
                continue
            usage = load_command_class(commands[name], name).create_parser(
                "manage.py", name).format_help()
            wrong += [f"manage.py {name} --{option} (no such option)"
                      for option in _OPTION.findall(rest)
                      if not re.search(rf"(?<![\w-])--{re.escape(option)}(?![\w-])", usage)]
    assert not wrong, f"{_rel(page)}: {wrong}"


def test_configuration_names_exactly_the_triage_variables_settings_reads():
    documented = set(_TRIAGE_VAR.findall(_text(DOCS / "configuration.md")))
    read = _settings_reads()
    assert not documented - read, (
        f"docs/configuration.md names variables config/settings.py does not read: "
        f"{sorted(documented - read)}")
    undocumented = {n for n in read if n.startswith("TRIAGE_") and not n.endswith("_FILE")}
    assert not undocumented - documented, (
        f"config/settings.py reads variables docs/configuration.md does not name: "
        f"{sorted(undocumented - documented)}")
