"""What /openapi.json says beyond what FastAPI makes of the routes, so that a typed client
generated from it (openapi-python-client, say) keeps every model and operation:

- each system's action union (discriminated on ``kind``), its models named after the system
  (``HgbMove``, ``GkrAttack``, ``app.systems.schemas``);
- the operations that take or return actions (``act``, ``preview_action``, ``make_ruling``,
  ``read_legal``) typed with those unions;
- every component's ``title`` equal to its name, and no module path in a name (FastAPI names two
  models of one name ``app__systems__hgb__helpers__AttackRequest``): generators name their
  classes after titles, so equal titles collide;
- an example on every operation (``app.web.examples``).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from app import systems
from app.session.session import TABLE_ACTION_KINDS as TABLE_KINDS
from app.systems.schemas import action_definitions, prefix
from app.web.examples import EXAMPLES

REF = "#/components/schemas/"
#: where an action appears: (component, property, is it a list of them)
ACTION_FIELDS = (("ActionRequest", "action", False), ("LegalResponse", "actions", True))


def install(app: FastAPI) -> None:
    """Make ``app.openapi()`` answer the finished document (made once, then kept)."""
    original = app.openapi

    def openapi() -> dict[str, Any]:
        if not app.openapi_schema:
            app.openapi_schema = finish(original())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def finish(schema: dict[str, Any]) -> dict[str, Any]:
    """The document FastAPI made, finished as the module's text says."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    actions, unions = action_definitions(systems.registry.systems.values(), REF, components, TABLE_KINDS)
    components.update(actions)
    any_action = {"anyOf": [{"$ref": REF + name} for name in unions]}
    # a legal list holds the game's actions only (a takeback or a pause is never listed)
    game_action = {"anyOf": [{"$ref": REF + name} for name in unions if name != "TableAction"]}
    for component, field, many in ACTION_FIELDS:
        prop = components[component]["properties"][field]
        typed = {"type": "array", "items": game_action} if many else dict(any_action)
        components[component]["properties"][field] = {**typed, "description": prop.get("description", "")}
    schema = _plain_names(schema)
    for name, component in schema["components"]["schemas"].items():
        component["title"] = name
    _add_examples(schema)
    return schema


def plain_name(name: str) -> str:
    """A component name without FastAPI's module path: ``app__systems__hgb__helpers__AttackRequest``
    -> ``HgbAttackRequest`` (a system's model takes the system's name before its own)."""
    if "__" not in name:
        return name
    parts = name.split("__")
    last = parts[-1]
    if "systems" in parts[:-1]:
        system = parts[parts.index("systems") + 1]
        start = prefix(system)
        return last if last.startswith(start) else start + last
    return last


def _plain_names(schema: dict[str, Any]) -> dict[str, Any]:
    components = schema["components"]["schemas"]
    renames: dict[str, str] = {}
    for name in list(components):
        plain = plain_name(name)
        if plain != name:
            if plain in components or plain in renames.values():
                raise RuntimeError(f"two models would be documented as {plain!r}: name one of them apart")
            renames[name] = plain
    if not renames:
        return schema
    schema["components"]["schemas"] = {renames.get(k, k): v for k, v in components.items()}
    retargeted: dict[str, Any] = _retarget(schema, {REF + old: REF + new for old, new in renames.items()})
    return retargeted


def _retarget(node: Any, refs: dict[str, str]) -> Any:
    if isinstance(node, dict):
        return {
            k: refs.get(v, v) if k == "$ref" and isinstance(v, str) else _retarget(v, refs) for k, v in node.items()
        }
    if isinstance(node, list):
        return [_retarget(v, refs) for v in node]
    return node


def _add_examples(schema: dict[str, Any]) -> None:
    """Each operation's example (``app.web.examples``): the request body's, else the answer's.
    An operation without one is a programmer's error (a test names it)."""
    for item in schema["paths"].values():
        for op in item.values():
            example = EXAMPLES.get(op.get("operationId", ""))
            if example is None:
                continue
            if "request" in example:
                op["requestBody"]["content"]["application/json"]["example"] = example["request"]
            if "response" in example:
                status = next(s for s in op["responses"] if s.startswith("2"))
                content = op["responses"][status].setdefault("content", {})
                media = next(iter(content), "application/json")
                content.setdefault(media, {})["example"] = example["response"]
