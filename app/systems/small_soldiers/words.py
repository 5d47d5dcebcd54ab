"""Every word Small Soldiers' texts use for the table's things, as the board and the seat list
show them: spaces by the board's coordinates ("space B4"), fighters by name, seats by their army
("Gorgonites", "Commando Elite 2" at four players), phases and actions in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.geometry.hex import Hex, cell_names
from app.systems.small_soldiers.data import default
from app.systems.small_soldiers.model import State, army_of

PHASE_NAMES = {
    "deploy": "deployment",
    "opening": "opening roll",
    "spin": "spin",
    "move": "move",
    "card": "card",
    "attack": "battle",
    "recruit": "recruit",
    "over": "end of the game",
}
#: why an army won, as the outcome and the log say it
WIN_REASONS = {
    "flag_captured": "captured the enemy flag",
    "all_in_toy_store": "sent every enemy fighter to the Toy Store",
    "out_of_time": "won on time: the other army's clock ran out",
}
#: each action as a player would name it (``RuleSystem.kind_names``)
KIND_NAMES = {
    "deploy": "deploying",
    "roll_opening": "rolling for the first turn",
    "spin": "spinning",
    "move": "moving a fighter",
    "end_moves": "ending the moves",
    "attack": "battling",
    "end_turn": "ending the turn",
    "place_card": "putting a card under a fighter",
    "discard_card": "discarding the card",
    "recall": "recalling a fighter",
    "launch": "launching the catapult",
    "recruit": "recruiting",
    "play_card": "playing a card from the hand",
}


def army_name(army: str) -> str:
    """An army as the seat list and the legend name it: "Gorgonites", "Commando Elite"."""
    armies = default("fighters")["armies"]
    return str(armies[army]["name"]) if army in armies else army


def seat_label(seat: str, options: Mapping[str, Any] | None = None) -> str:
    """A seat by its army; at four players, the army and the seat's number ("Gorgonites 2")."""
    army = army_of(seat)
    number = seat.removeprefix(army).lstrip("-")
    return f"{army_name(army)} {number}".strip()


def space_name(state: State, pos: list[int] | tuple[int, int] | Hex | None) -> str:
    """A space as the board's coordinates read: "space B4" (the Toy Store for a fighter off the board)."""
    if pos is None:
        return "the Toy Store"
    h = pos if isinstance(pos, Hex) else Hex(pos[0], pos[1])
    names = cell_names(Hex(c[0], c[1]) for c in state["data"]["map"]["cells"])
    return f"space {names[h]}" if h in names else "a space off the board"


def fighter_name(state: State, fid: str | None) -> str:
    """A fighter by its name ("Archer"); an id that names no fighter: "that fighter"."""
    f = state["fighters"].get(fid or "")
    return str(f["name"]) if f else "that fighter"
