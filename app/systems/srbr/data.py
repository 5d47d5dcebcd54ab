"""Warboard default data for SRBR (data/*.json) and the host's overrides.

Every file is labelled "Warboard default, not from the rulebook". The merged result is stored
in the game state at setup, so a game replays with the values it was started with.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from app.systems.srbr import schema

DATA = Path(__file__).parent / "data"
COLOURS = ("white", "yellow", "red")
#: SRBR p. 2: "a reaction when an opponent rolls a 1 on a Red or Yellow die" (the text's rule)
REACTION_COLOURS = ("yellow", "red")


@cache
def _load(name: str) -> dict[str, Any]:
    with open(DATA / f"{name}.json", encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def load(name: str) -> dict[str, Any]:
    """A fresh copy of data/<name>.json."""
    return copy.deepcopy(_load(name))


def deep_merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """``override`` wins; nested dicts merge; lists and scalars replace."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def defaults() -> dict[str, Any]:
    """All default areas in one dict: rules.json areas plus combat and attack types."""
    rules = load("rules")
    rules["combat"] = load("combat")
    rules["attack_types"] = load("attack_types")["types"]
    return rules


def merged(overrides: dict[str, Any]) -> dict[str, Any]:
    """The defaults with the host's overrides applied, checked. Raises ValueError."""
    rules = deep_merge(defaults(), overrides)
    check(rules)
    return rules


def check(rules: dict[str, Any]) -> None:
    """Reject overrides that would break the engine. Raises ValueError naming the key."""
    schema.validate(rules)


def samples() -> dict[str, dict[str, Any]]:
    """The sample mechas by id."""
    return {m["id"]: m for m in load("mechas")["mechas"]}


def default_forces() -> dict[str, list[str]]:
    forces: dict[str, list[str]] = load("mechas")["default_forces"]
    return forces


def terrain() -> list[dict[str, Any]]:
    pieces: list[dict[str, Any]] = load("terrain")["terrain"]
    return pieces
