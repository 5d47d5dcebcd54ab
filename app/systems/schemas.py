"""Every system's actions as JSON Schema, for the documents that describe them (/openapi.json,
the websocket schema): each system's models named after the system (``HgbMove``, ``GkrAttack``),
since systems share model names (``Move``, ``Attack``) and one must never document another's,
and one union per system, discriminated on ``kind`` (``HgbAction``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import TypeAdapter

from app.systems.base import RuleSystem

LOCAL = "#/$defs/"


def prefix(system_id: str) -> str:
    """``small-soldiers`` -> ``SmallSoldiers``: the start of the system's model names."""
    return "".join(p.capitalize() for p in system_id.replace("-", "_").split("_"))


def action_definitions(
    systems: Iterable[RuleSystem], ref: str, taken: Iterable[str] = (), table_kinds: Iterable[str] = ()
) -> tuple[dict[str, Any], list[str]]:
    """``{name: schema}`` of every action model and of each system's union, and the unions'
    names (``<System>Action``, in the systems' order). They refer to each other as ``ref`` +
    name (``#/components/schemas/``, ``#/$defs/``); each schema's title is its name. ``taken``:
    names already used in the document. ``table_kinds``: the kinds of the actions any table
    takes whatever its game (takebacks, the clock's pauses), described last as ``TableAction``."""
    out: dict[str, Any] = {}
    union_names: list[str] = []
    used = set(taken)
    for system in systems:
        start = prefix(system.id)
        sub = TypeAdapter(system.action_type).json_schema(ref_template=LOCAL + "{model}")
        defs = sub.pop("$defs", {})
        names = {name: _unique(used, name if name.startswith(start) else start + name) for name in defs}
        for name, definition in defs.items():
            out[names[name]] = {**_rename_refs(definition, names, ref), "title": names[name]}
        union = start + "Action"
        used.add(union)
        union_names.append(union)
        out[union] = {
            **_rename_refs(sub, names, ref),
            "title": union,
            "description": f"An action at a {system.name} table",
        }
    kinds = sorted(table_kinds)
    if kinds:
        union_names.append(_unique(used, "TableAction"))
        out[union_names[-1]] = {
            "title": union_names[-1],
            "description": "An action any table takes, whatever its game: a takeback asked or answered, "
            "a pause of the clock asked, answered or ended",
            "type": "object",
            "properties": {"kind": {"enum": kinds, "title": "Kind", "type": "string"}},
            "required": ["kind"],
            "additionalProperties": False,
        }
    return out, union_names


def _unique(used: set[str], name: str) -> str:
    candidate, n = name, 2
    while candidate in used:
        candidate, n = f"{name}{n}", n + 1
    used.add(candidate)
    return candidate


def _rename_refs(node: Any, names: dict[str, str], ref: str) -> Any:
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith(LOCAL):
                out[key] = ref + names[value[len(LOCAL) :]]
            elif key == "mapping" and isinstance(value, dict):
                out[key] = {
                    k: ref + names[v[len(LOCAL) :]] if isinstance(v, str) and v.startswith(LOCAL) else v
                    for k, v in value.items()
                }
            else:
                out[key] = _rename_refs(value, names, ref)
        return out
    if isinstance(node, list):
        return [_rename_refs(v, names, ref) for v in node]
    return node
