"""Loading the data files (Warboard defaults and force lists) with the host's overrides."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, cast

from app.systems.datafiles import DataFiles, merge

FILES = DataFiles(Path(__file__).parent / "data")
#: a fresh copy of data file ``name`` (callers may change it)
load = FILES.load
FACTIONS = ("north", "south", "peace_river")


def rules(overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    return merge(load("rules"), overrides)


def weapons(overrides: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    return merge(load("weapons")["weapons"], overrides)


def faction(name: str) -> dict[str, Any]:
    if name not in FACTIONS:
        raise KeyError(name)
    return load(name)


def maps() -> dict[str, Any]:
    return cast("dict[str, Any]", load("maps")["maps"])


#: parts of a game state that no action changes: the table's options and rules, the weapon cards
UNCHANGING = ("options", "rules", "weapons")


def copy_state(state: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``state`` for an action to change: ``copy.deepcopy``, except that the
    :data:`UNCHANGING` parts and each model's data card are the original's, not copies (no action
    changes them; a new force brings new cards). Over half of an action's time was the deep copy
    of those. The conformance and fuzz tests check that applying an action, accepted or refused,
    leaves the state it was given as it was."""
    memo: dict[int, Any] = {id(state[k]): state[k] for k in UNCHANGING if k in state}
    memo.update((id(m["card"]), m["card"]) for m in state.get("models", {}).values())
    return copy.deepcopy(state, memo)
