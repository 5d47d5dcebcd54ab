"""Table options: their shape (``SmallSoldiersOptions``) and whether a whole game can be
played with them (``check_feasible``), both checked when the table is created.

A host may replace any data file (map, spinner, deck, fighters, dice, catapult). The models in
``data.py`` check each file's shape; ``check_feasible`` checks what makes a game impossible or
endless although every file is well formed, and raises ``BadOptions`` with the reason.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from app.core.errors import BadOptions
from app.geometry.hex import Hex, neighbors
from app.systems.base import Strict
from app.systems.small_soldiers import data
from app.systems.small_soldiers.battle import score
from app.systems.small_soldiers.cards import HAND_SIZE
from app.systems.small_soldiers.model import ARMIES


class SmallSoldiersOptions(Strict):
    """Table options. The data fields (map, spinner, ...) each replace one whole data file."""

    players: Literal[2, 4] = 2
    team_mode: Literal["alternate", "team", "split"] = Field(
        "alternate",
        title="Teams (4 players)",
        json_schema_extra={"x-choice-labels": {"alternate": "Alternate", "team": "Team", "split": "Split"}},
    )
    advanced: bool = Field(False, title="Advanced rules")
    own_flag_blocks: bool = Field(
        False,
        title="House rule: no fighter ends its move on its own flag's space",
        description="A house rule, not the rulebook's (which refuses only occupied spaces; a flag does not "
        "occupy its space). Off by default.",
    )
    map_name: Annotated[str, Field(max_length=40, title="Map name")] = "default"
    map: data.MapData | None = None
    spinner: data.SpinnerData | None = None
    deck: data.DeckData | None = None
    fighters: data.FightersData | None = None
    dice: data.DiceData | None = None
    catapult: data.CatapultData | None = None

    @field_validator("map_name")
    @classmethod
    def _known_map(cls, v: str) -> str:
        if v not in data.map_names():
            raise ValueError(f"no map {v!r}; shipped maps: {', '.join(data.map_names())}")
        return v


def resolve_data(options: dict[str, Any]) -> dict[str, Any]:
    """The data files for this table: the host's replacement or the default."""
    out = {"map": options.get("map") or data.default_map(options.get("map_name", "default"))}
    for name in data.MODELS:
        out[name] = options.get(name) or data.default(name)
    return out


def check_feasible(options: dict[str, Any]) -> None:
    """Raise ``BadOptions`` if a game with these (shape-checked) options could not be played.

    Checked: the dice can break a tie, the spinner can move a fighter, piece ids are unique,
    the deck holds the advanced rules' hands, and every space of the map can be reached.
    """
    tables = resolve_data(options)
    for problem in (
        _dice(tables["dice"]),
        _spinner(tables["spinner"]),
        _ids(tables["fighters"]),
        _deck(options, tables["deck"]),
        _map(tables["map"]),
    ):
        if problem:
            raise BadOptions(f"Bad table options: {problem}")


def _dice(dice: dict[str, Any]) -> str | None:
    # How to Play 2: "Roll a die. Highest number goes first." Dice whose faces all score the
    # same tie every time, so the opening roll (and a rerolled battle) would never end.
    if len({score(face) for face in dice["faces"]}) < 2:
        return (
            f"dice.faces {dice['faces']} all score the same, so a tie could never be broken "
            "(the opening roll: 'Highest number goes first'); give faces of two different values"
        )
    return None


def _spinner(spinner: dict[str, Any]) -> str | None:
    # Step 3: "If you spin a number: Move any one of your figures the full amount spun."
    if not any(seg["kind"] == "move" for seg in spinner["segments"]):
        return "spinner.segments has no 'move' segment, so no fighter could ever move"
    return None


def _ids(fighters: dict[str, Any]) -> str | None:
    # Fighters and the two flags are pieces on one board: their ids must differ.
    flags = {f"flag-{army}" for army in ARMIES}
    clash = sorted(f["id"] for a in fighters["armies"].values() for f in a["fighters"] if f["id"] in flags)
    if clash:
        return f"fighters: id {clash[0]!r} is the id of a flag; choose another"
    return None


def _deck(options: dict[str, Any], deck: dict[str, Any]) -> str | None:
    # Advanced Rules: "you and your opponent are each dealt a 5-card hand" (one per side).
    size = sum(kind["count"] for kind in deck["cards"])
    need = HAND_SIZE * len(ARMIES)
    if options.get("advanced") and size < need:
        return f"deck holds {size} cards, but the advanced rules deal two hands of {HAND_SIZE} ({need} cards)"
    return None


def _map(m: dict[str, Any]) -> str | None:
    # Step 3: fighters move "from one adjacent space to another"; a space no fighter can reach
    # (a flag or recruit space cut off from the rest) would make the game impossible to win.
    cells = {Hex(q, r) for q, r in m["cells"]}
    start = Hex(*m["armies"][ARMIES[0]]["leader_start"])
    seen, todo = {start}, [start]
    while todo:
        for n in neighbors(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) < len(cells):
        lost = min(cells - seen)
        return (
            f"map: space ({lost.q},{lost.r}) cannot be reached from the other spaces; "
            "every space must connect to the rest through neighbouring spaces"
        )
    return None


#: every system's options model is ``Options`` in its ``options.py``
Options = SmallSoldiersOptions
