"""The layers of ``app/``, read from the sources with ``ast``.

``LAYERS`` maps every top-level package (and module) of ``app/`` to its layer, bottom first;
a module outside every entry fails the test. Every module's ``app.*`` imports are collected (top
level, inside functions, under ``TYPE_CHECKING``, and ``importlib.import_module("app....")``
with a literal name), and the test asserts:

* no import cycles between modules;
* no upward imports: a module imports only its own layer and the layers below it, and the pure
  layers less still: a rule system imports only ``app.core``, ``app.geometry``, its own package
  and the shared modules at the top of ``app/systems`` (``base``, the registry), never another
  system; those shared modules import no system (only the registry loads them); ``app.core``
  imports only itself; ``app.process`` and ``app.geometry`` only themselves and ``app.core``;
  ``app.storage`` only itself, ``app.core`` and ``app.process`` (no rule system);
* no call into another object's or module's private methods (``x._name(...)``, anything but
  ``self``, ``cls`` or ``super()``, and the standard library's own), in any layer: the room
  talks to the hub through its public interface, the transport to the session through its calls.

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


#: every top-level package and module of app/ and its layer, bottom first: a module imports only
#: from its own layer and those below (``allowed``). ``app`` itself is only its version string.
LAYERS: dict[str, int] = {
    "app": 0,
    "app.core": 0,  # pure data: errors, dice, events, patches, text, tokens, the token bucket
    "app.process": 1,  # the process: settings, outage watch, garbage collector
    "app.geometry": 2,  # hex and tabletop math
    "app.systems": 3,  # the rule systems and their registry
    "app.storage": 4,  # the schema, the repository, the writer
    "app.session": 5,  # the orchestrator: tables, seats, actions, commits, history, projection, bus
    "app.social": 6,  # the table's social life: chat, marks, settings, spectator delay
    "app.transport": 7,  # websockets, their protocol, the buses, the per-viewer fan-out
    "app.bots": 8,  # computer players
    "app.web": 9,  # routes, pages, the app's services
    "app.server": 10,  # the app factory and the warboard command
    "app.main": 10,  # ``uvicorn app.main:app``
}


def layer_of(module: str) -> str | None:
    """The entry of ``LAYERS`` that holds ``module`` (``app`` holds only itself), else None."""
    found = [k for k in LAYERS if module == k or (k != "app" and module.startswith(k + "."))]
    return max(found, key=len) if found else None


def allowed(importer: str, target: str, packages: set[str]) -> bool:
    """May ``importer`` import ``target``? Only its own layer and those below (module's doc)."""
    if within(importer, "app.core"):
        return within(target, "app.core")
    if within(importer, "app.process", "app.geometry"):
        return within(target, layer_of(importer) or "", "app.core")
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
        return within(target, "app.storage", "app.core", "app.process")
    mine, theirs = layer_of(importer), layer_of(target)
    return mine is not None and theirs is not None and LAYERS[theirs] <= LAYERS[mine]


def private_calls(path: Path) -> Iterator[tuple[int, str]]:
    """(line, call) for every call of another object's or module's private method in ``path``:
    ``x._name(...)`` where ``x`` is not ``self``, ``cls``, ``super()`` nor a module of the
    standard library or a third party (``os._exit``)."""
    tree = ast.parse(path.read_text(), str(path))
    outside = {
        (a.asname or a.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for a in node.names
        if not a.name.startswith("app")
    }
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        name, owner = node.func.attr, node.func.value
        if not name.startswith("_") or name.startswith("__"):
            continue
        if isinstance(owner, ast.Name) and owner.id in {"self", "cls", *outside}:
            continue
        if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super":
            continue
        yield node.lineno, ast.unparse(node.func)


def test_the_graph_sees_the_imports() -> None:
    edges = graph()
    assert "app.core.errors" in edges["app.session.projection"] or "app.core.events" in edges["app.session.projection"]
    assert "app.session" in edges["app.server.factory"]
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
    assert not allowed("app.process.config", "app.storage.db", packages)
    assert not allowed("app.storage.repository", "app.session", packages)
    assert not allowed("app.storage.repository", "app.systems", packages)
    assert allowed("app.storage.migrate", "app.process.config", packages)
    assert not allowed("app.session.commit", "app.transport.bus", packages)
    assert not allowed("app.session.commit", "app.social.chat", packages)
    assert allowed("app.social.chat", "app.session", packages)
    assert not allowed("app.transport.ws", "app.web.deps", packages)
    assert not allowed("app.bots.hosted", "app.web.deps", packages)
    assert not allowed("app.web.api", "app.server.factory", packages)
    assert allowed("app.main", "app.server.factory", packages)
    assert not allowed("app.chat", "app.core.errors", packages)  # a loose module belongs to no layer


def test_every_module_has_a_layer() -> None:
    loose = sorted(m for m in MODULES if layer_of(m) is None)
    assert layer_of("app.chat") is None and layer_of("app.social.chat") == "app.social"
    assert not loose, "Modules outside every layer (add them to a package of LAYERS):\n" + "\n".join(loose)


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


def test_the_private_call_check_catches_the_room_calling_the_hub(tmp_path: Path) -> None:
    source = tmp_path / "room.py"
    source.write_text(
        "import os\n"
        "class Room:\n"
        "    def f(self):\n"
        "        self._own()\n"
        "        super()._draw()\n"
        "        os._exit(0)\n"
        "        self.hub._render(1)\n"
        "        hub._schedule_presence()\n"
    )
    assert [line for line, _ in private_calls(source)] == [7, 8]


def test_no_calls_into_private_methods_across_modules() -> None:
    """Every layer, the rule systems too: a module's private names are its own."""
    bad = [
        f"{MODULES[m].relative_to(ROOT)}:{line}: {call}(...)"
        for m in sorted(MODULES)
        for line, call in private_calls(MODULES[m])
    ]
    assert not bad, "Calls into another object's private methods (use its public interface):\n" + "\n".join(bad)
