"""Every error code the server can send, read from its source: what the error table must name.

A code is a string in one of the places the server puts one: a ``code=`` argument or a ``code``
assignment, a ``"code"`` key of a dict, the second argument of an error class (``IllegalAction(
message, "code")``) or of a refusal window, the code argument of ``error_response`` and of the
guard's ``_answer``, and the values of the HTTP status table (``app.web.errors.HTTP_CODES``)
and its default."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from app.core.errors import WarboardError

APP = Path(__file__).resolve().parents[2] / "app"
#: calls whose argument at this position is a code
CODE_ARGS = {"error_response": 1, "_answer": 2, "Window": 1}


def _error_classes() -> set[str]:
    found: set[str] = set()
    todo: list[type] = [WarboardError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found


def _strings(node: ast.AST) -> list[str]:
    """The string constants an expression may evaluate to (a constant, either branch of an ``if``
    expression, either side of ``or``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [s for value in node.values for s in _strings(value)]
    return []


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def collect() -> dict[str, list[str]]:
    """code -> the places (``app/...py:line``) that send it."""
    classes = _error_classes()
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(APP.rglob("*.py")):
        where = path.relative_to(APP.parent).as_posix()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            codes: list[str] = []
            if isinstance(node, ast.Call):
                name = _name(node.func)
                codes += [s for kw in node.keywords if kw.arg == "code" for s in _strings(kw.value)]
                if name == "get" and isinstance(node.func, ast.Attribute) and _name(node.func.value) == "HTTP_CODES":
                    codes += _strings(node.args[1])  # the code of a status the table does not name
                position = 1 if name in classes else CODE_ARGS.get(name)
                if position is not None and len(node.args) > position:
                    codes += _strings(node.args[position])
            elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(_name(t) == "code" for t in targets if isinstance(t, ast.Name | ast.Attribute)):
                    codes += _strings(node.value)
                if any(isinstance(t, ast.Name) and t.id == "HTTP_CODES" for t in targets):
                    assert isinstance(node.value, ast.Dict)
                    codes += [s for v in node.value.values for s in _strings(v)]
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == "code" and value is not None:
                        codes += _strings(value)
            for code in codes:
                found[code].append(f"{where}:{getattr(node, 'lineno', 0)}")
    return dict(found)
