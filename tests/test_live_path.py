"""docs/live-path.md stays true: every ``file:function`` it names exists (a function, a class or
a class's method of that Python module; a class's method or a function of that JavaScript
module), and it names the hops of the live path that matter."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.conftest import ROOT

PAGE = ROOT / "docs" / "live-path.md"
NAMED = re.compile(r"`((?:app|static)/[\w/.-]+\.(?:py|js)):([\w.]+)`")


def named() -> list[tuple[str, str]]:
    return NAMED.findall(PAGE.read_text())


def python_has(path: Path, qualname: str) -> bool:
    scope: list[ast.stmt] = ast.parse(path.read_text(), str(path)).body
    for part in qualname.split("."):
        found = next(
            (
                node
                for node in scope
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.name == part
            ),
            None,
        )
        if found is None:
            return False
        scope = found.body
    return True


def javascript_has(path: Path, qualname: str) -> bool:
    text = path.read_text()
    *owner, name = qualname.split(".")
    if owner and not re.search(rf"\bclass\s+{re.escape(owner[0])}\b", text):
        return False
    method = rf"^\s*(?:async\s+)?{re.escape(name)}\s*\([^)]*\)\s*\{{"
    function = rf"\bfunction\s+{re.escape(name)}\s*\("
    return bool(re.search(method, text, re.M) if owner else re.search(function, text))


def test_every_hop_the_page_names_exists() -> None:
    missing = []
    for file, qualname in named():
        path = ROOT / file
        exists = path.is_file() and (python_has if file.endswith(".py") else javascript_has)(path, qualname)
        if not exists:
            missing.append(f"{file}:{qualname}")
    assert not missing, "docs/live-path.md names what is not there:\n" + "\n".join(missing)


def test_the_page_draws_the_whole_path() -> None:
    hops = {f"{file}:{name}" for file, name in named()}
    assert len(hops) >= 30
    for hop in (
        "app/transport/ws.py:_handle",
        "app/session/session.py:Session.apply",
        "app/session/commit.py:Committer._write",
        "app/session/session.py:Session.follow",
        "app/transport/hub.py:TableHub.render",
        "app/transport/fanout.py:deliver",
        "app/transport/connection.py:Connection.offer",
    ):
        assert hop in hops, hop


def test_the_check_catches_a_name_that_is_not_there(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("class Hub:\n    async def render(self): ...\n\ndef deliver(): ...\n")
    assert python_has(module, "Hub.render") and python_has(module, "deliver")
    assert not python_has(module, "Hub._render") and not python_has(module, "render")
    script = tmp_path / "s.js"
    script.write_text("export class TableSocket {\n  onMessage(m) {\n  }\n}\nfunction helper(x) {}\n")
    assert javascript_has(script, "TableSocket.onMessage") and javascript_has(script, "helper")
    assert not javascript_has(script, "TableSocket.onClose") and not javascript_has(script, "Other.onMessage")
