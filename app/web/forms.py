"""The create-table form, generated from a rule system's options JSON schema.

Ordinary options (choices, numbers, toggles, short text) become form widgets with their
defaults filled in; nested objects with fixed keys are opened into one widget per key; data
overrides (maps, decks, weapon tables, terrain lists: open-ended objects and lists) are JSON
boxes, and they and the nested values sit in an "Advanced" disclosure. A description that says
"Warboard default" is shown with that label. ``parse_options`` turns the posted strings back
into the nested option values the system validates.

Everything a player reads is in words (issue 25): a label is the option's own title, else its
name in words ("Hand size", never a class name or "Blb Range"); a choice shows its words
(``x-choice-labels`` in the option's schema, else the value in words: "peace_river" ->
"Peace River") while its value stays the id; help texts name no developer's file
("(NOTES.md)"). An option shown only with another's value (``x-shown-when``: the sandbox's
radius only on a hex board) carries it to the page (``data-shown-when``, static/js/lobby.js).
"""

from __future__ import annotations

import json
import re
from typing import Any

from app import systems
from app.core.errors import NotFound
from app.systems.words import title_words

WARBOARD_DEFAULT = "Warboard default"
SCALARS = ("boolean", "integer", "number", "string")
#: a developer's file named in a help text: "(NOTES.md)", "(data/maps.json)", "rules/NOTES.md"
FILES = re.compile(r"\s*\((?:see )?[\w./-]+\.(?:md|json|py)\)|\s*\b[\w/-]*NOTES\.md\b")
#: Python's words for a default in a help text, as a player reads them
PYTHON_WORDS = {"True": "on", "False": "off", "None": "none"}


def option_fields(system_id: str) -> list[dict[str, Any]]:
    """Form fields for a system's options, ordinary ones first then the advanced ones.

    Each field: name (dotted path), label, group (the top-level option's label), input
    (select, number, checkbox, checks, text, json), default, description, advanced, and per
    input choices, step, min, max, maxlength.
    """
    system = systems.get(system_id)
    if system is None:
        return []
    schema = system.describe()["options"]
    defs = schema.get("$defs", {})
    fields: list[dict[str, Any]] = []
    for name, prop in schema.get("properties", {}).items():
        label = _label(name, prop)
        fields += _fields(name, prop, defs, label, label, depth=0)
    return [f for f in fields if not f["advanced"]] + [f for f in fields if f["advanced"]]


def form_sections(system_id: str) -> dict[str, Any]:
    """The fields split for the template: ordinary ones, and the advanced ones by group."""
    fields = option_fields(system_id)
    groups: dict[str, list[dict[str, Any]]] = {}
    for f in fields:
        if f["advanced"]:
            groups.setdefault(f["group"], []).append(f)
    return {
        "fields": [f for f in fields if not f["advanced"]],
        "advanced": list(groups.items()),
        "has_options": bool(fields),
    }


def _fields(
    path: str, raw: dict[str, Any], defs: dict[str, Any], label: str, group: str, depth: int, parent_default: Any = None
) -> list[dict[str, Any]]:
    prop = _resolve(raw, defs)
    default = parent_default if parent_default is not None else prop.get("default")
    description = _help(str(raw.get("description") or prop.get("description") or ""))
    base: dict[str, Any] = {
        "name": path,
        "id": "opt-" + re.sub(r"[^a-zA-Z0-9_-]", "-", path),
        "label": label,
        "group": group,
        "description": description,
        "warboard_default": WARBOARD_DEFAULT in description,
        "default": default,
        "shown_when": _shown_when(raw, prop),
    }
    kind = prop.get("type")
    nullable = _nullable(raw, defs)
    if "enum" in prop or "const" in prop:
        choices = prop["enum"] if "enum" in prop else [prop["const"]]
        # a choice inside a nested option (an edge's faction) is as ordinary as a top-level one
        return [{**base, "input": "select", **_choices(choices, raw, prop), "advanced": False}]
    if kind in SCALARS:
        field = {**base, "advanced": depth > 0}
        if kind == "boolean":
            field.update(input="checkbox", default=bool(default))
        elif kind in ("integer", "number"):
            field.update(
                input="number",
                step="1" if kind == "integer" else "any",
                min=prop.get("minimum", prop.get("exclusiveMinimum")),
                max=prop.get("maximum", prop.get("exclusiveMaximum")),
                optional=nullable,
            )
        else:
            field.update(input="text", maxlength=prop.get("maxLength"))
        return [field]
    items = _resolve(prop.get("items", {}), defs) if kind == "array" else {}
    if kind == "array" and "enum" in items and prop.get("maxItems", 99) <= len(items["enum"]):
        # a short set of choices (the factions at the table): one tick box per choice
        return [
            {
                **base,
                "input": "checks",
                **_choices(items["enum"], raw, {**items, **prop}),
                "advanced": False,
                "default": default or [],
                "min_items": prop.get("minItems"),
            }
        ]
    if kind == "object" and prop.get("properties") and isinstance(default, dict) and not nullable:
        out: list[dict[str, Any]] = []
        for key, sub in prop["properties"].items():
            if key.startswith("_"):
                continue
            sub_label = f"{label}: {_label(key, sub)}" if depth == 0 else _label(key, sub)
            out += _fields(f"{path}.{key}", sub, defs, sub_label, group, depth + 1, default.get(key))
        return out
    text = "" if default is None else json.dumps(default, indent=1 if len(json.dumps(default)) > 60 else None)
    note = description or _help(str(prop.get("description") or ""))
    if default is None:
        note = (note + " " if note else "") + "Empty: the game's own data."
    return [{**base, "input": "json", "default": text, "description": note, "advanced": True}]


def parse_options(system_id: str, raw: dict[str, Any]) -> dict[str, Any]:
    """Turn the form's strings (a list for tick-box groups) back into nested option values."""
    system = systems.get(system_id)
    if system is None:
        raise NotFound(f"There is no game system {system_id!r}", code="unknown_system")
    out: dict[str, Any] = {}
    for field in option_fields(system_id):
        name, value = field["name"], raw.get(field["name"])
        if field["input"] == "checkbox":
            _put(out, name, _one(value) in ("on", "true", "1"))
            continue
        if field["input"] == "checks":
            chosen = [c for c in (value if isinstance(value, list) else [value] if value else []) if c]
            if chosen:
                _put(out, name, [c for c in field["choices"] if c in chosen])
            continue
        value = _one(value)
        if value is None or value.strip() == "":
            continue
        try:
            if field["input"] == "select":
                _put(out, name, _choice(system_id, name, value))
            elif field["input"] == "number":
                _put(out, name, int(value) if field["step"] == "1" else float(value))
            elif field["input"] == "json":
                parsed = json.loads(value)
                if field["default"] == "" or parsed != json.loads(field["default"]):
                    _put(out, name, parsed)
            else:
                _put(out, name, value)
        except (ValueError, RecursionError):  # RecursionError: JSON nested deeper than the parser goes
            raise ValueError(f"Option {field['label']!r}: {_shown(value)} is not a valid value") from None
    return out


def _shown(value: str) -> str:
    """The value as a message may show it: short, its control characters escaped."""
    return repr(value if len(value) <= 80 else value[:80] + "...")


def _one(value: Any) -> str | None:
    if isinstance(value, list):
        return str(value[-1]) if value else None
    return None if value is None else str(value)


def _choice(system_id: str, name: str, value: str) -> Any:
    """A select's value as the schema types it (the integer 4, not the string "4")."""
    schema = systems.get(system_id).describe()["options"]  # type: ignore[union-attr]
    defs = schema.get("$defs", {})
    prop: dict[str, Any] = {"properties": schema.get("properties", {})}
    for key in name.split("."):
        prop = _resolve(prop.get("properties", {}).get(key, {}), defs)
    choices = prop.get("enum", [prop.get("const")])
    return next((c for c in choices if str(c) == value), value)


def _put(out: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for key in parents:
        out = out.setdefault(key, {})
    out[last] = value


def _label(name: str, prop: dict[str, Any]) -> str:
    """The property's own title, or its name in words (never a class name like "MapData", nor
    pydantic's title made from the name, "Energy Per Round": "Energy per round")."""
    title = prop.get("title")
    made = name.replace("_", " ").strip().title()
    if title and title != made and not re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z]+)+", title):
        return str(title)
    return name.replace("_", " ").strip().capitalize()


def _help(text: str) -> str:
    """A help text as a player reads it: no developer's file, Python's True/False as on/off."""
    text = FILES.sub("", text)
    return re.sub(r"\b(True|False|None)\b", lambda m: PYTHON_WORDS[m.group(1)], text)


def _choice_label(value: Any) -> str:
    """A choice in words: "peace_river" -> "Peace River"; a number or a size ("25-28mm") as it is."""
    text = str(value)
    return text if re.search(r"\d", text) else title_words(text)


def _choices(values: list[Any], raw: dict[str, Any], prop: dict[str, Any]) -> dict[str, Any]:
    """A select's (or tick boxes') values and the words each shows."""
    labels = {**(prop.get("x-choice-labels") or {}), **(raw.get("x-choice-labels") or {})}
    return {
        "choices": [str(c) for c in values],
        "choice_labels": {str(c): str(labels.get(str(c)) or _choice_label(c)) for c in values},
    }


def _shown_when(raw: dict[str, Any], prop: dict[str, Any]) -> str:
    """``"board=hex"``: the option counts only when the option ``board`` is ``hex``."""
    when = raw.get("x-shown-when") or prop.get("x-shown-when") or {}
    return ";".join(f"{k}={v}" for k, v in when.items())


def _nullable(prop: dict[str, Any], defs: dict[str, Any]) -> bool:
    return any(p.get("type") == "null" for p in prop.get("anyOf", ()))


def _resolve(prop: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """Follow a local ``$ref`` and unwrap ``Optional`` (anyOf with null)."""
    if "$ref" in prop:
        prop = {**defs.get(prop["$ref"].rsplit("/", 1)[-1], {}), **{k: v for k, v in prop.items() if k != "$ref"}}
    if "anyOf" in prop:
        options = [_resolve(p, defs) for p in prop["anyOf"] if p.get("type") != "null"]
        if len(options) == 1:
            prop = {**options[0], **{k: v for k, v in prop.items() if k != "anyOf"}}
    if "allOf" in prop and len(prop["allOf"]) == 1:
        prop = {**_resolve(prop["allOf"][0], defs), **{k: v for k, v in prop.items() if k != "allOf"}}
    return prop
