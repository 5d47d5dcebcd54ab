"""Reading the state: seats, armies, fighters, spaces. No rule decisions here, only lookups.

State layout (JSON-able)::

    options   players, team_mode, advanced
    data      map, spinner, deck, fighters, dice, catapult (resolved data files)
    fighters  {id: {id, name, army, leader, owner, pos: [q, r] | None (Toy Store), card}}
    deck      [card, ...]  hidden order, top = last      discard  [card, ...] face up
    hands     {army: [card, ...]}  (advanced rules: one hand per side)
    sides     {seat: army}  (the hand a seat sees)       phase    see system.py
    turn      {army, seat, number, ...}                  result   {winners, reason, army, text} | None
"""

from __future__ import annotations

from typing import Any, cast

from app.core.errors import IllegalAction
from app.geometry.hex import Hex, neighbors

State = dict[str, Any]
ARMIES = ("gorgonites", "commandos")
ARMY_NAMES = {"gorgonites": "Gorgonites", "commandos": "Commandos"}


def seat_ids(players: int) -> list[str]:
    """2 players: one seat per army. 4 players: ``<army>-1`` and ``<army>-2``."""
    if players == 4:
        return [f"{a}-{i}" for a in ARMIES for i in (1, 2)]
    return list(ARMIES)


def army_of(seat: str) -> str:
    return seat.split("-")[0]


def enemy(army: str) -> str:
    return ARMIES[1 - ARMIES.index(army)]


def army_seats(state: State, army: str) -> list[str]:
    return [s for s in state["seats"] if army_of(s) == army]


def hexes(cells: list[list[int]] | list[Any]) -> set[Hex]:
    return {Hex(c[0], c[1]) for c in cells}


def to_hex(pos: list[int] | tuple[int, int]) -> Hex:
    return Hex(pos[0], pos[1])


_CELLS: dict[int, tuple[list[Any], frozenset[Hex]]] = {}


def board_cells(state: State) -> frozenset[Hex]:
    """The map's spaces, built once per map list (the data files never change in a game)."""
    cells = state["data"]["map"]["cells"]
    hit = _CELLS.get(id(cells))
    if hit is None or hit[0] is not cells:
        if len(_CELLS) > 256:
            _CELLS.clear()
        hit = _CELLS[id(cells)] = (cells, frozenset(hexes(cells)))
    return hit[1]


def army_map(state: State, army: str) -> dict[str, Any]:
    return cast("dict[str, Any]", state["data"]["map"]["armies"][army])


def flag_hex(state: State, army: str) -> Hex:
    return to_hex(army_map(state, army)["flag"])


def recruit_hex(state: State, army: str) -> Hex:
    return to_hex(army_map(state, army)["recruit"])


def fighter(state: State, fid: str) -> dict[str, Any]:
    f = state["fighters"].get(fid)
    if f is None:
        raise IllegalAction("There is no such fighter", code="unknown_fighter")
    return cast("dict[str, Any]", f)


def on_board(state: State, army: str) -> list[dict[str, Any]]:
    return [f for f in state["fighters"].values() if f["army"] == army and f["pos"] is not None]


def in_toy_store(state: State, army: str) -> list[dict[str, Any]]:
    return [f for f in state["fighters"].values() if f["army"] == army and f["pos"] is None]


def fighter_at(state: State, h: Hex) -> dict[str, Any] | None:
    for f in state["fighters"].values():
        if f["pos"] is not None and f["pos"][0] == h.q and f["pos"][1] == h.r:
            return cast("dict[str, Any] | None", f)
    return None


def occupied(state: State) -> dict[Hex, str]:
    """Hexes holding a fighter -> fighter id."""
    return {to_hex(f["pos"]): f["id"] for f in state["fighters"].values() if f["pos"] is not None}


def flag_hexes(state: State) -> dict[Hex, str]:
    return {flag_hex(state, a): a for a in ARMIES}


def controls(state: State, seat: str, f: dict[str, Any]) -> bool:
    """Whether ``seat`` commands fighter ``f`` (its army; in the split 4-player game, its own three)."""
    if f["army"] != army_of(seat):
        return False
    if state["options"]["players"] == 4 and state["options"]["team_mode"] == "split":
        return cast("bool", f["owner"] == seat)
    return True


def commanded(state: State, seat: str) -> list[dict[str, Any]]:
    return [f for f in state["fighters"].values() if controls(state, seat, f)]


def adjacent_enemies(state: State, f: dict[str, Any]) -> list[dict[str, Any]]:
    """Enemy fighters on the spaces next to fighter ``f`` (which must be on the board)."""
    foes = {to_hex(e["pos"]): e for e in on_board(state, enemy(f["army"]))}
    return [foes[n] for n in neighbors(to_hex(f["pos"])) if n in foes]


def bonus(f: dict[str, Any], *types: str) -> int:
    card = f.get("card")
    return card["bonus"] if card and card["type"] in types else 0


def hex_list(h: Hex) -> list[int]:
    return [h.q, h.r]
