"""What each viewer must not know, read from a rule system's full state.

``secrets(system_id, state, seats)`` maps every viewer (each seat, and ``None`` for a spectator)
to the strings that viewer must not receive while the state holds: ids of cards in another
seat's hand, in any deck or draw pile (order and content), in another seat's face-down choices.
``own(system_id, state, seat)`` is what a seat does see of its own: the positive control.

Card ids are unique per table (``c17``, ``king-wolf-04``, ``s21``), so finding one in a message
is finding that card, not a card of the same name.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]


def _ids(cards: list[Any]) -> set[str]:
    return {c["id"] if isinstance(c, dict) else str(c) for c in cards}


def _gkr(state: State, seats: list[str]) -> tuple[dict[str, set[str]], set[str]]:
    """Per seat what only that seat may see; and what nobody may see."""
    mine: dict[str, set[str]] = {}
    for seat, p in state["players"].items():
        face_down = {
            e["card"] for e in state["firing_line"] if e["owner"] == seat and not e["revealed"] and e.get("card")
        }
        mine[seat] = _ids(p["hand"]) | _ids(p["sponsor"]) | face_down
    nobody = set(_ids(state["sponsor_pile"]))
    for p in state["players"].values():
        nobody |= _ids(p["deck"])
    # A card whose face is on record elsewhere (a spent firing-line entry, a discard or damage
    # pile) and then went back into a deck: its id says nothing about the deck's order.
    on_record = {e.get("card") for e in state["firing_line"]}
    for p in state["players"].values():
        on_record |= _ids(p["discard"]) | _ids(p["damage"])
    return mine, nobody - on_record


def _small_soldiers(state: State, seats: list[str]) -> tuple[dict[str, set[str]], set[str]]:
    mine: dict[str, set[str]] = {s: set() for s in seats}
    sides = state.get("sides") or {}
    for holder, hand in state["hands"].items():
        readers = [holder] if holder in seats else [s for s in seats if sides.get(s) == holder]
        for seat in readers or seats:
            mine.setdefault(seat, set()).update(_ids(hand))
    return mine, _ids(state["deck"])


EXTRACTORS = {"gkr": _gkr, "small-soldiers": _small_soldiers}


def secrets(system_id: str, state: State, seats: list[str]) -> dict[str | None, set[str]]:
    extract = EXTRACTORS.get(system_id)
    if extract is None:  # no hidden zones: the dice seed is the only secret (added by the caller)
        return {v: set() for v in [*seats, None]}
    mine, nobody = extract(state, seats)
    out: dict[str | None, set[str]] = {}
    for viewer in [*seats, None]:
        others = set().union(*(ids for seat, ids in mine.items() if seat != viewer)) if mine else set()
        out[viewer] = (others - mine.get(viewer or "", set())) | nobody
    return out


def own(system_id: str, state: State, seats: list[str], seat: str) -> set[str]:
    extract = EXTRACTORS.get(system_id)
    return extract(state, seats)[0].get(seat, set()) if extract else set()
