"""Warboard default data for SRBR (data/*.json) and the host's overrides.

Every file is labelled "Warboard default, not from the rulebook". The merged result is stored
in the game state at setup, so a game replays with the values it was started with.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
COLOURS = ("white", "yellow", "red")
#: SRBR p. 2: "a reaction when an opponent rolls a 1 on a Red or Yellow die" (the text's rule)
REACTION_COLOURS = ("yellow", "red")


@lru_cache(maxsize=None)
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
    track = rules["health"]["track"]
    if not isinstance(track, list) or not 2 <= len(track) <= 10:
        raise ValueError("health.track must list 2 to 10 rows of dice")
    for i, row in enumerate(track):
        if not isinstance(row, list) or len(row) > 3 or any(c not in COLOURS for c in row):
            raise ValueError(f"health.track[{i}] must be up to 3 of {', '.join(COLOURS)}")
    if track[-1]:
        raise ValueError("health.track must end with an empty row (the part destroyed)")
    act = rules["activation"]
    for key in ("failures_end_turn", "always_fail", "always_succeed", "activations_per_part_per_turn"):
        if not isinstance(act.get(key), int) or not 0 <= act[key] <= 6:
            raise ValueError(f"activation.{key} must be a whole number from 0 to 6")
    effects = {"damage", "destroy_part", "recoil", "knock_down", "knock_back",
               "attacker_recoil", "attacker_damage"}
    for mode in ("close", "ranged"):
        for row in rules["combat"]["results"][mode]:
            bad = [e for e in row["effects"] if e not in effects]
            if bad:
                raise ValueError(f"combat.results.{mode}: unknown effects {bad}")
    for name, spec in rules["attack_types"].items():
        if spec.get("mode") not in ("close", "ranged"):
            raise ValueError(f"attack_types.{name}.mode must be close or ranged")
        if spec["mode"] == "ranged" and spec.get("range") not in ("S", "M", "L"):
            raise ValueError(f"attack_types.{name}.range must be S, M or L")


def samples() -> dict[str, dict[str, Any]]:
    """The sample mechas by id."""
    return {m["id"]: m for m in load("mechas")["mechas"]}


def default_forces() -> dict[str, list[str]]:
    forces: dict[str, list[str]] = load("mechas")["default_forces"]
    return forces


def terrain() -> list[dict[str, Any]]:
    pieces: list[dict[str, Any]] = load("terrain")["terrain"]
    return pieces
