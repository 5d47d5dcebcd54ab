"""The sandbox's starting state: an empty board."""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.systems.base import State

SEATS = [f"p{i}" for i in range(1, 9)]


def seats(options: dict[str, Any]) -> list[str]:
    return SEATS[: options.get("seats", 8)]


def setup(options: dict[str, Any], dice: Dice) -> State:
    board: dict[str, Any] = {"kind": options["board"]}
    if options["board"] == "hex":
        board["radius"] = options["radius"]
    else:
        board.update(width=options["width"], height=options["height"])
    return {"board": board, "tokens": {}}
