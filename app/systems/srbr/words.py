"""The words Samurai Robots' texts use for the table's things: lengths and places as a tape
measure reads them ("12.5 cm", "12.5 cm from the left, 30 cm from the top", like the board's
ruler and the client's ``placeWords``), terrain by its label on the table."""

from __future__ import annotations

from typing import Any

State = dict[str, Any]


def tape(value: float, unit: str = "cm") -> str:
    """A length to a tenth, no trailing ".0": "3.5 cm", "12 cm"."""
    return f"{round(float(value), 1):g} {unit}"


def place_words(x: float, y: float, unit: str = "cm") -> str:
    """A place on the table: "3.5 cm from the left, 12 cm from the top"."""
    return f"{tape(x, unit)} from the left, {tape(y, unit)} from the top"


def units(state: State) -> str:
    return str(state["board"].get("units", "cm"))


def terrain_label(state: State, terrain_id: str) -> str:
    """A piece of terrain as the table labels it ("Office block"); "that terrain" for an unknown id."""
    piece = next((t for t in state["board"]["terrain"] if t["id"] == terrain_id), None)
    return str(piece.get("label") or piece["type"].capitalize()) if piece else "that terrain"
