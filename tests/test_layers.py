"""The import layering of ``app/``, read from the sources with ``ast``.

Every module's ``app.*`` imports are collected (top level, inside functions, under
``TYPE_CHECKING``, and ``importlib.import_module("app....")`` with a literal name), and the test
asserts:

* no import cycles between modules;
* no upward imports: a rule system imports only ``app.core``, ``app.geometry``, its own
  package and the shared modules at the top of ``app/systems`` (``base``, the registry), never
  another system; those shared modules import no system (only the registry loads them);
  ``app.core`` imports only itself; ``app.geometry`` only itself and ``app.core``;
  ``app.storage`` only itself, ``app.core`` and ``app.config`` (no rule system, session,
  transport, web, bots, cli or main); ``app.session`` nothing from the transport, the web,
  the bots, the cli or main (the bus interface it publishes on is ``app.core.bus``);
  ``app.transport`` nothing from the web, the bots, the cli or main.

A failure prints every offending edge as ``importer -> imported (file:line)``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(p): p for p in sorted(APP.rglob("*.py"))}


def resolve(name: str) -> str | None:
    """The module ``name`` refers to: itself, else its longest prefix that is a module."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def imported(module: str, path: Path) -> Iterator[tuple[str, int]]:
    """(imported module, line) for every ``app.*`` import in the module, wherever it is."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            # ``from app.x import y``: y is a module of its own, or a name defined in app.x
            names = [f"{source}.{a.name}" if f"{source}.{a.name}" in MODULES else source for a in node.names]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]
        for name in names:
            if name == "app" or name.startswith("app."):
                target = resolve(name)
                if target is not None and target != module:
                    yield target, getattr(node, "lineno", 0)


def graph() -> dict[str, dict[str, int]]:
    """module -> {imported module: first line}"""
    edges: dict[str, dict[str, int]] = {}
    for module, path in MODULES.items():
        out = edges.setdefault(module, {})
        for target, line in imported(module, path):
            out.setdefault(target, line)
    return edges


def where(edges: dict[str, dict[str, int]], a: str, b: str) -> str:
    return f"{a} -> {b}  ({MODULES[a].relative_to(ROOT)}:{edges[a][b]})"


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, {}):
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

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def within(module: str, *packages: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def system_packages() -> set[str]:
    """The shipped rule systems' packages (the registry's list), read from its source."""
    tree = ast.parse(MODULES["app.systems"].read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "SYSTEMS" for t in node.targets):
            return {
                e.value
                for e in ast.walk(node.value)
                if isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value.startswith("app.systems.")
            }
    raise AssertionError("app/systems/__init__.py has no SYSTEMS list")


ABOVE_CORE = ("app.session", "app.transport", "app.web", "app.bots", "app.cli", "app.main")


def allowed(importer: str, target: str, packages: set[str]) -> bool:
    """May ``importer`` import ``target``? Only the layers below it (see the module's doc)."""
    if within(importer, "app.core"):
        return within(target, "app.core")
    if within(importer, "app.geometry"):
        return within(target, "app.geometry", "app.core")
    if within(importer, "app.systems"):
        own = next((p for p in packages if within(importer, p)), None)
        if within(target, "app.core", "app.geometry"):
            return True
        shared = within(target, "app.systems") and not within(target, *packages)
        if own is not None:  # a rule system: its own package and the shared top of app/systems
            return within(target, own) or shared
        # The shared modules (base) import each other; only the registry loads the systems (by
        # name, through importlib).
        return shared or importer == "app.systems"
    if within(importer, "app.storage"):
        return within(target, "app.storage", "app.core", "app.config")
    if within(importer, "app.session"):
        return not within(target, *ABOVE_CORE[1:]) or within(target, "app.session")
    if within(importer, "app.transport"):
        return not within(target, *ABOVE_CORE[2:])
    return True


def test_the_graph_sees_the_imports() -> None:
    edges = graph()
    assert "app.core.errors" in edges["app.projection"] or "app.core.events" in edges["app.projection"]
    assert "app.session" in edges["app.main"]
    assert "app.systems.base" in edges["app.systems"]
    assert len(system_packages()) >= 5


def test_the_checks_catch_a_cycle_and_an_upward_import() -> None:
    assert cycles({"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}}) == [["a", "b", "c"]]
    packages = system_packages()
    assert not allowed("app.systems.srbr.movement", "app.systems.gkr.rules", packages)
    assert not allowed("app.systems.srbr.movement", "app.storage.repository", packages)
    assert allowed("app.systems.srbr.movement", "app.systems.base", packages)
    assert allowed("app.systems.srbr.movement", "app.geometry.footprints", packages)
    assert not allowed("app.systems.base", "app.systems.srbr", packages)
    assert allowed("app.systems", "app.systems.srbr", packages)
    assert not allowed("app.core.dice", "app.geometry.hex", packages)
    assert not allowed("app.geometry.hex", "app.systems.base", packages)
    assert not allowed("app.storage.repository", "app.session", packages)
    assert not allowed("app.session.commit", "app.transport.bus", packages)
    assert not allowed("app.transport.ws", "app.web.deps", packages)


def test_no_import_cycles() -> None:
    edges = graph()
    lines = []
    for component in cycles(edges):
        lines.append("cycle: " + ", ".join(component))
        lines.extend("  " + where(edges, a, b) for a in component for b in edges[a] if b in component)
    assert not lines, "Import cycles between modules of app/:\n" + "\n".join(lines)


def test_no_upward_imports() -> None:
    edges = graph()
    packages = system_packages()
    bad = [where(edges, a, b) for a in sorted(edges) for b in sorted(edges[a]) if not allowed(a, b, packages)]
    assert not bad, "Imports from a layer above (importer -> imported):\n" + "\n".join(bad)
