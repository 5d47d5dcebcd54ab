"""Warboard default data for SRBR (data/*.json) and the host's overrides.

Every file is labelled "Warboard default, not from the rulebook". The merged result is stored
in the game state at setup, so a game replays with the values it was started with.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.systems.datafiles import DataFiles, merge
from app.systems.srbr import schema

FILES = DataFiles(Path(__file__).parent / "data")
#: a fresh copy of data/<name>.json
load = FILES.load
COLOURS = ("white", "yellow", "red")
#: SRBR p. 2: "a reaction when an opponent rolls a 1 on a Red or Yellow die" (the text's rule)
REACTION_COLOURS = ("yellow", "red")


def defaults() -> dict[str, Any]:
    """All default areas in one dict: rules.json areas plus combat and attack types."""
    rules = load("rules")
    rules["combat"] = load("combat")
    rules["attack_types"] = load("attack_types")["types"]
    return rules


def merged(overrides: dict[str, Any]) -> dict[str, Any]:
    """The defaults with the host's overrides applied, checked. Raises ValueError."""
    rules = merge(defaults(), overrides)
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
