"""The house stays readable: no import cycle among product modules, no product module
that grew past what one reader holds in mind, nothing in the product that needs the
lab, and each model's rows written only by its service module (``OWNERS``; the few
modules that write across entities are ``ACROSS``, each with its reason).

The writer check reads the code (AST): a manager call (``Ticket.objects...update``) or
a write on a name bound in the same function to a model's row (an annotated
parameter, an assignment from a manager or a constructor)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.factories import ROOT
from triage import labels
from triage.chains import classification, escalation, extraction
from triage.models import ROUTED, Status
from triage.offline import heuristics
from triage.readers import signals
from triage.routes import ClaimType, Department, Route, Trigger

PRODUCT = ROOT / "triage"
MAX_LINES = 350


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
    long = {name for name, path in _product_modules().items()
            if len(path.read_text().splitlines()) > MAX_LINES}
    assert long == set()


def test_only_the_decision_package_imports_the_chains():
    def inside(module: str, package: str) -> bool:
        return module == package or module.startswith(package + ".")

    graph = import_graph(_product_modules())
    offenders = sorted(name for name, edges in graph.items()
                       if any(inside(e, "triage.chains") for e in edges)
                       and not inside(name, "triage.chains")
                       and not inside(name, "triage.decision"))
    assert offenders == []
    assert any(inside(e, "triage.chains") for e in graph["triage.decision.run"])


def test_the_product_never_imports_the_lab():
    offenders = []
    for name, path in _product_modules().items():
        for node in ast.walk(ast.parse(path.read_text())):
            mods = ([a.name for a in node.names] if isinstance(node, ast.Import)
                    else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(m == "lab" or m.startswith("lab.") for m in mods):
                offenders.append(name)
    assert offenders == []


# --- each model's rows have one writer --------------------------------------------------

# The service modules that create, change or delete each model's rows. An email's own
# row has a writer per stage of its life: ingestion creates it, ``status`` moves it
# (every transition, a conditional UPDATE), the worker claims it (``triage``: the claim
# and its unfinished count) and ``threads`` links a reply to its parent.
OWNERS = {
    "InboundEmail": {"ingestion", "status", "triage", "threads"},
    "Attachment": {"ingestion"},
    "WebhookToken": {"ingestion"},
    "EmailEvent": {"audit"},
    "TriageRun": {"runs"},
    "ChainCall": {"runs"},
    "Escalation": {"escalations"},
    "Ticket": {"tickets"},
    "TicketVersion": {"tickets"},
    "Forward": {"emails"},
    "Notification": {"notifications"},
    "Note": {"notes"},
    "Reply": {"replies"},
    "DataRequest": {"privacy"},
    "Tombstone": {"retention"},
    "CorrespondentDomain": {"correspondents"},
}
# Modules that write across entities, and why each may.
ACROSS = {
    # Retention and erasure remove personal data from every row an email has (LGPD).
    "triage.services.retention",
    # Who works an item is the assignee column of an escalation, a ticket or an email.
    "triage.services.ownership",
}
WRITES = frozenset({"create", "get_or_create", "update_or_create", "bulk_create",
                    "bulk_update", "update", "delete", "save"})
ANY_MODEL = "?"  # a manager reached through a variable's model (``spec.model.objects``)


def _chain(node: ast.AST) -> tuple[str, list[str]]:
    """(root name, attribute names) of ``a.b(...).c[...]``."""
    attrs: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            attrs.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Subscript):
            node = node.value
        else:
            return (node.id if isinstance(node, ast.Name) else ""), attrs


def _model_of(expr: ast.AST, models: set[str]) -> str:
    """The model a manager or constructor expression gives rows of, else ''."""
    root, attrs = _chain(expr)
    if "objects" in attrs:
        if root in models:
            return root
        # ``spec.model.objects``: one of ours, chosen at run time; a manager of another
        # app's model (``User.objects``) is not ours to check.
        through = attrs[attrs.index("objects") + 1:attrs.index("objects") + 2]
        return ANY_MODEL if through == ["model"] else ""
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and root in models:
        return root  # an unsaved row: ``Attachment(...)``
    return ""


def _bound(function: ast.AST, models: set[str]) -> dict[str, str]:
    """Names in a function bound to a model's rows: parameters annotated with a model,
    and assignments from a manager or a constructor (``ticket, created = ...``)."""
    names: dict[str, str] = {}
    args = getattr(function, "args", None)
    for arg in ([*args.posonlyargs, *args.args, *args.kwonlyargs] if args else []):
        if isinstance(arg.annotation, ast.Name) and arg.annotation.id in models:
            names[arg.arg] = arg.annotation.id
    for node in ast.walk(function):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            model = _model_of(node.value, models)
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                first = target.elts[0] if isinstance(target, ast.Tuple) else target
                if model and isinstance(first, ast.Name):
                    names[first.id] = model
    return names


def model_writes(source: str, models: set[str]) -> set[str]:
    """The models whose rows ``source`` creates, changes or deletes."""
    found: set[str] = set()
    tree = ast.parse(source)
    scopes = [n for n in ast.walk(tree)
              if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)] or [tree]
    for scope in scopes:
        bound = _bound(scope, models)
        for node in ast.walk(scope):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in WRITES):
                continue
            model = _model_of(node.func.value, models)
            if not model:
                root, _attrs = _chain(node.func.value)
                model = bound.get(root, "")
            if model:
                found.add(model)
    return found


def _triage_models() -> set[str]:
    from django.apps import apps

    return {m.__name__ for m in apps.get_app_config("triage").get_models()}


def test_the_writer_check_sees_a_write():
    models = {"Ticket", "Escalation"}
    source = ("def f(pk, esc: Escalation):\n"
              "    t = Ticket.objects.select_for_update().get(pk=pk)\n"
              "    t.save(update_fields=['state'])\n"
              "    esc.note = ''\n    esc.save()\n"
              "    Ticket.objects.filter(pk=pk).update(state='x')\n"
              "    extra = {}\n    extra.update(a=1)\n")
    assert model_writes(source, models) == {"Ticket", "Escalation"}
    assert model_writes("def f(kind):\n    KINDS[kind].model.objects.filter().update(a=1)\n",
                        models) == {ANY_MODEL}
    assert model_writes("def f():\n    Ticket.objects.filter(pk=1).exists()\n", models) == set()


def test_every_model_has_its_writer():
    assert set(OWNERS) == _triage_models()


def test_only_a_models_service_module_writes_its_rows():
    models = _triage_models()
    offenders = []
    for name, path in sorted(_product_modules().items()):
        if name in ACROSS:
            continue
        for model in sorted(model_writes(path.read_text(), models)):
            owners = {f"triage.services.{m}" for m in OWNERS.get(model, ())}
            if name not in owners:
                offenders.append((name, model))
    assert offenders == []


def test_the_cross_entity_writers_still_write():
    # The allow-list stays true: an entry that no longer writes across entities goes.
    modules = _product_modules()
    models = _triage_models()
    assert all(len(model_writes(modules[name].read_text(), models)) > 1
               or model_writes(modules[name].read_text(), models) == {ANY_MODEL}
               for name in ACROSS)
# --- One vocabulary -------------------------------------------------------------------

VOCABULARY = PRODUCT / "routes.py"
# Where a route's word means something else: the Ticket model's name (its relation, its
# admin kind, its note targets "ticket:12", its export section) and mime's flag for a
# message forwarded inside an email. Path prefixes, so a module split keeps its reason;
# each must still hold the word (an exemption nobody needs is removed).
NOT_A_ROUTE = {
    "ticket": ("triage/models/review.py", "triage/admin/names.py", "triage/admin/tickets.py",
               "triage/admin/work.py", "triage/admin/live.py", "triage/services/",
               "triage/admin/email_panels.py", "triage/admin/emails.py", "triage/admin/states.py",
               "triage/admin/display.py"),
    "forwarded": ("triage/mime",),
}


def _route_words(sources: dict[str, str], words: set[str]) -> list[tuple[str, int, str]]:
    """Every str constant (dict keys, defaults, comparisons, f-string parts alike) that
    is exactly one of ``words``, by module path."""
    return [(name, node.lineno, node.value) for name, text in sources.items()
            for node in ast.walk(ast.parse(text, name))
            if isinstance(node, ast.Constant) and node.value in words]


def _vocabulary_users() -> dict[str, str]:
    """triage/ and config/ but the vocabulary and the migrations (history keeps its
    words)."""
    return {p.relative_to(ROOT).as_posix(): p.read_text()
            for root in (PRODUCT, ROOT / "config") for p in sorted(root.rglob("*.py"))
            if "migrations" not in p.parts and p != VOCABULARY}


def raw_routes(sources: dict[str, str]) -> list[tuple[str, int, str]]:
    return [(name, line, word) for name, line, word in _route_words(sources, set(Route))
            if not name.startswith(NOT_A_ROUTE.get(word, ()))]


def test_the_route_scan_finds_a_raw_route():
    # The check itself can fail: a comparison with a route's word is reported, the
    # exempted meaning of a word in its own module is not, the same word elsewhere is.
    assert raw_routes({
        "triage/forms.py": 'if data.get("route") == "forwarded":\n    pass\n',
        "triage/mime.py": 'flags.setdefault("forwarded", [])\n',
        "config/settings.py": 'QUEUE = {"ticket": 1}\n',
    }) == [("triage/forms.py", 1, "forwarded"), ("config/settings.py", 1, "ticket")]


def test_no_raw_route_string_outside_the_vocabulary():
    assert raw_routes(_vocabulary_users()) == []


def test_each_exemption_is_still_needed():
    found = {(name, word) for name, _, word in _route_words(_vocabulary_users(), set(Route))}
    stale = [(word, prefix) for word, prefixes in NOT_A_ROUTE.items() for prefix in prefixes
             if not any(w == word and name.startswith(prefix) for name, w in found)]
    assert stale == []


def _codes() -> set[str]:
    return {m.value for enum in (Route, Department, ClaimType, Trigger) for m in enum}


def redefined_codes(sources: dict[str, str]) -> list[tuple[str, str, str]]:
    """Class members (an enum's, a TextChoices') whose value is one of the vocabulary's
    codes: a second spelling of a word the vocabulary already defines (the words'
    other meanings in ``NOT_A_ROUTE`` aside)."""
    codes, found = _codes(), []
    for name, text in sources.items():
        for cls in ast.walk(ast.parse(text, name)):
            if not isinstance(cls, ast.ClassDef):
                continue
            for node in cls.body:
                value = node.value if isinstance(node, ast.Assign) else None
                if isinstance(value, ast.Tuple) and value.elts:
                    value = value.elts[0]  # TextChoices: "value", label
                if isinstance(value, ast.Constant) and value.value in codes \
                        and not name.startswith(NOT_A_ROUTE.get(value.value, ())):
                    found.append((name, cls.name, value.value))
    return found


def test_the_enumeration_scan_finds_a_second_enumeration():
    assert redefined_codes({"triage/chains/escalation.py": (
        'class Trigger(StrEnum):\n    HIGH_EXPOSURE = "high_exposure"\n'),
        "triage/models/mail.py": 'class Status(TextChoices):\n    TICKET = "ticket", _("T")\n',
    }) == [("triage/chains/escalation.py", "Trigger", "high_exposure"),
           ("triage/models/mail.py", "Status", "ticket")]


def test_routes_departments_claim_types_and_triggers_are_defined_once():
    assert redefined_codes(_vocabulary_users()) == []


def test_the_chains_readers_and_labels_use_the_one_enumeration():
    # What the model sees is the vocabulary's values, so prompts and stored data agree.
    defs = {**extraction.ClaimExtract.model_json_schema()["$defs"],
            **escalation.EscalationCheck.model_json_schema()["$defs"],
            **classification.Classification.model_json_schema()["$defs"]}
    assert defs["ClaimType"]["enum"] == [t.value for t in ClaimType]
    assert defs["Trigger"]["enum"] == [t.value for t in Trigger]
    assert defs["Department"]["enum"] == [d.value for d in Department]
    assert set(labels.CLAIM_TYPES) == set(ClaimType)
    assert set(labels.MODEL_TRIGGERS) == set(Trigger)
    assert set(signals.CLAIM_TYPE_PATTERNS) <= set(ClaimType)
    assert set(heuristics.DEPARTMENT_PATTERNS) == set(Department)
    # Every route is the status of the same word; the pipeline's own states are not routes.
    assert {Status(r).value for r in Route} == set(Route)
    assert ROUTED == {Status(r) for r in Route} - {Status.NEEDS_REVIEW}


# --- Reasons are data -------------------------------------------------------------------

# Where the product keeps why: a keyword, an attribute, a list or a dict key by these
# names never takes a sentence (a str literal, an f-string, a list of them). A reason is
# ``routes.reason(Code..., **params)``; a person's words arrive as a variable, never
# as a literal.
REASON_NAMES = frozenset({"reasons", "reason", "note", "why", "backstop_triggers",
                          "review_signals", "errors", "model_triggers", "status_reasons",
                          "triggers", "review", "unread", "failure"})
# Words that are not the system's reason: the offline stand-in's own answer (a model's
# reasoning is the model's words) and the HTML reader's kind of hidden text.
NOT_A_REASON = {("triage/offline/__init__.py", "reasons"), ("triage/htmltext.py", "reason")}
# ``errors=`` of a codec: how to decode, not why.
_CODEC_ERRORS = frozenset({"strict", "replace", "ignore", "surrogateescape", "surrogatepass"})


def _sentence(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(node.value)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _sentence(node.left) or _sentence(node.right)
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        return any(_sentence(e) for e in node.elts)
    if isinstance(node, ast.ListComp):
        return _sentence(node.elt)
    if isinstance(node, ast.IfExp):
        return _sentence(node.body) or _sentence(node.orelse)
    if isinstance(node, ast.Call):  # an exception's text, sentences joined
        func = node.func
        return (isinstance(func, ast.Name) and func.id == "str") or (
            isinstance(func, ast.Attribute) and func.attr == "join"
            and isinstance(func.value, ast.Constant))
    return False


def _target_name(node: ast.AST) -> str:
    return node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")


def sentences_as_reasons(sources: dict[str, str], exempt=NOT_A_REASON
                         ) -> list[tuple[str, int, str]]:
    """(module, line, name) of every sentence written where a reason goes."""
    found = []
    for name, text in sources.items():
        for node in ast.walk(ast.parse(text, name)):
            pairs: list[tuple[str, ast.AST]] = []
            if isinstance(node, ast.keyword) and node.arg:
                pairs.append((node.arg, node.value))
            elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign) and node.value:
                # A row's or a result's field, or a local list of reasons (a local
                # string is a message being built, not yet a reason).
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                pairs += [(_target_name(t), node.value) for t in targets
                          if isinstance(t, ast.Attribute)
                          or isinstance(node.value, ast.List | ast.ListComp)]
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("append", "extend", "insert") and node.args):
                pairs.append((_target_name(node.func.value), node.args[-1]))
            elif isinstance(node, ast.Dict):
                pairs += [(k.value, v) for k, v in zip(node.keys, node.values, strict=True)
                          if isinstance(k, ast.Constant) and isinstance(k.value, str)]
            found += [(name, node.lineno, key) for key, value in pairs
                      if key in REASON_NAMES and (name, key) not in exempt
                      and _sentence(value) and not (
                          key == "errors" and getattr(value, "value", None) in _CODEC_ERRORS)]
    return sorted(found)


def test_the_reason_scan_finds_a_sentence():
    # The check itself can fail: each way a sentence used to be written is reported, a
    # reason built from its code and a person's words in a variable are not.
    assert sentences_as_reasons({"triage/services/queue.py": (
        'email_enqueue(pk, reason="sweeper: still received")\n'
        'review.append(f"bank details change requested ({bank!r})")\n'
        'decision.errors = [str(exc)]\n'
        'result.review += [f"{t}, but the model did not read a claim" for t in x]\n'
        'audit_write(pk, "retry", reasons=[reason(Code.RETRY, seconds=30)], reason=note)\n'
        'run = {"backstop_triggers": ["USD 1 >= threshold"]}\n')}) == [
        ("triage/services/queue.py", 1, "reason"), ("triage/services/queue.py", 2, "review"),
        ("triage/services/queue.py", 3, "errors"), ("triage/services/queue.py", 4, "review"),
        ("triage/services/queue.py", 6, "backstop_triggers")]


def test_no_product_module_writes_a_reason_as_a_sentence():
    product = {p.relative_to(ROOT).as_posix(): p.read_text()
               for p in sorted(PRODUCT.rglob("*.py")) if "migrations" not in p.parts
               and p.relative_to(ROOT).parts[:2] != ("triage", "labels")}
    assert sentences_as_reasons(product) == []


def test_each_reason_exemption_is_still_needed():
    for name, key in NOT_A_REASON:
        source = (ROOT / name).read_text()
        assert any(k == key for _, _, k in sentences_as_reasons({name: source}, set())), name
