"""The house stays readable: no import cycle among product modules, no product module
that grew past what one reader holds in mind, and nothing in the product that needs
the lab."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.factories import ROOT

PRODUCT = ROOT / "triage"
MAX_LINES = 400


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _product_modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PRODUCT.rglob("*.py") if "migrations" not in p.parts}


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Edges to product modules from every import statement, at module level or
    inside a function alike: a function-level import hides a cycle, it does not
    remove it."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                    + ([base] if base else []))
                # ``from pkg import sub`` imports the submodule when there is one.
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                           for a in node.names]
            else:
                continue
            edges.update(t for t in targets if t in modules and t != name)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle():
    # The check itself can fail: a loop through three modules is reported.
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_among_product_modules():
    assert cycles(import_graph(_product_modules())) == []


def test_services_never_import_the_workers():
    graph = import_graph(_product_modules())
    offenders = sorted(m for m, edges in graph.items()
                       if m.startswith("triage.services") and "triage.tasks" in edges)
    assert offenders == []


def test_no_product_module_is_too_long():
    long = {name: n for name, path in _product_modules().items()
            if (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert long == {}


def test_the_product_never_imports_the_lab():
    offenders = []
    for name, path in _product_modules().items():
        for node in ast.walk(ast.parse(path.read_text())):
            mods = ([a.name for a in node.names] if isinstance(node, ast.Import)
                    else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(m == "lab" or m.startswith("lab.") for m in mods):
                offenders.append(name)
    assert offenders == []
