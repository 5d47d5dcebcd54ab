"""The game as one seat may know it: what its previews run on (``GKR.seal``).

``view.py`` shows a seat its own hand, sponsor cards and firing-line entries, and of everything
else only counts: the cards in other seats' hands, every deck, discard and damage pile, the
sponsor pile and its discard, other seats' face-down firing-line entries (weapon, card, target,
stated flank) and the Big Little Buddy weapon another seat chose face down (BLB text: "They
should also keep the other 2 Weapon Cards face down, so their opponents don't know which
Weapon they will be firing from Big Little Buddy"). ``seal`` replaces each of those by values
that depend only on what the seat sees, two ways (``world`` 0 and 1) so that a preview can
tell whether an action's result would depend on them:

- the cards of one pile group (a seat's hand, deck, discard and damage pile and its face-down
  cards; the sponsor pile, its discard and the other seats' sponsor cards) are dealt again in
  order of their ids, ascending in world 0 and descending in world 1, each pile keeping its size
  (any other world: a shuffle of its own, ``world_order``);
- each face-down entry keeps its place and the kind of its firing unit (those follow from the
  counts the seat sees) and gets the first (world 0) or last (world 1) weapon and target that
  unit could have chosen (first in even worlds, last in odd ones), its card from the group's
  cards of that weapon;
- a revealed entry of another seat (its weapon is public now, not its card's id) names the
  first or last card of that weapon.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.errors import IllegalAction
from app.geometry.hex import Hex
from app.systems.base import world_order
from app.systems.gkr.board import BLB, hex_of, units_on_board
from app.systems.gkr.combat import check_target_unit, entry, shot_hexes
from app.systems.gkr.data import BLB_WEAPONS

State = dict[str, Any]
Order = Callable[[list[str]], list[str]]
#: the piles of a seat's own cards, in the order ``seal`` deals them
PILES = ("hand", "deck", "discard", "damage")
#: the order in which one seat's face-down entries take their firing units (public: counts)
SOURCE_ORDER = {"heavy": 0, "combat": 1, BLB: 2}


def seal(state: State, viewer: str, world: int) -> State:
    """``state`` with what ``viewer``'s view hides dealt again as world ``world`` deals it."""

    def order(ids: list[str]) -> list[str]:
        return world_order(ids, world)

    s = {**state, "players": {seat: dict(p) for seat, p in state["players"].items()}}
    s["firing_line"] = [dict(e) for e in state["firing_line"]]
    s["blb"] = dict(state["blb"])
    for seat in s["players"]:
        if seat == viewer:
            _deal(s["players"][seat], PILES[1:], order)
        else:
            _seal_other(s, seat, order, world)
    _seal_sponsor(s, viewer, order)
    if state.get("undo"):
        s["undo"] = seal(state["undo"], viewer, world)
    return s


def _deal(player: dict[str, Any], piles: tuple[str, ...], order: Order) -> None:
    """Deal the cards of ``piles`` again in ``order``, each pile keeping its size."""
    cards = order([c for pile in piles for c in player[pile]])
    for pile in piles:
        size = len(player[pile])
        player[pile], cards = cards[:size], cards[size:]


def _seal_other(s: State, seat: str, order: Order, world: int) -> None:
    player = s["players"][seat]
    mine = [e for e in s["firing_line"] if e["owner"] == seat]
    hidden = [e for e in mine if not e["revealed"]]
    face_down = [e["card"] for e in hidden if e["card"]]
    pool = order([c for pile in PILES for c in player[pile]] + face_down)
    units = sorted((e["unit"] for e in hidden), key=lambda u: SOURCE_ORDER[u.rpartition(":")[2]])
    free = list(pool)
    for e, unit in zip(hidden, units, strict=True):
        e.update(_fill(s, seat, e["n"], unit, free, world))
        if e["card"]:
            free.remove(e["card"])
        if unit == BLB:
            s["blb"]["weapon"] = e["weapon_key"]
    for pile in PILES:  # the cards no face-down entry took
        size = len(player[pile])
        player[pile], free = free[:size], free[size:]
    for e in mine:
        if e["revealed"] and e["card"]:
            e["card"] = next(c for c in pool if s["cards"][c].get("weapon") == e["weapon_key"])


def _fill(s: State, seat: str, n: int, unit: str, cards: list[str], world: int) -> dict[str, Any]:
    """The first (world 0) or last (world 1) choice ``unit`` could have made face down."""
    sources: list[tuple[str, str | None]] = []  # (weapon key, card)
    if unit == BLB:
        sources = [(f"blb/{k}", None) for k in (reversed(BLB_WEAPONS) if world % 2 else BLB_WEAPONS)]
    elif unit.endswith(":combat"):
        sources = [("support/combat", None)]
    else:  # the first card of each weapon, in the world's order of the cards
        for c in cards:
            key = s["cards"][c].get("weapon")
            if key is not None and all(key != k for k, _ in sources):
                sources.append((key, c))
    shooter = s["units"][unit]
    flank = bool(world % 2) if s["data"]["manual"]["flank"] else None
    for key, card in sources:
        weapon = dict(s["data"]["weapons"][key])
        aims = _aims(s, seat, shooter, weapon)
        if aims:
            aim = aims[-1 if world % 2 else 0]
            if isinstance(aim, Hex):
                return entry(n, seat, unit, key, weapon, card, None, aim, flank)
            return entry(n, seat, unit, key, weapon, card, aim, None, flank)
    raise RuntimeError(f"{seat}'s face-down entry {n} has no choice it could have been")


def _aims(s: State, seat: str, shooter: dict[str, Any], weapon: dict[str, Any]) -> list[Hex | str]:
    """Every hex (a hex-target weapon) or unit ``shooter`` may fire ``weapon`` at now."""
    hexes = sorted(shot_hexes(s, shooter, weapon), key=lambda h: (h.q, h.r))
    if weapon.get("hex_target"):
        return list(hexes)
    aims: list[Hex | str] = []
    for u in sorted(units_on_board(s), key=lambda u: str(u["id"])):
        if hex_of(u) in hexes:
            try:
                check_target_unit(s, seat, u["id"])
            except IllegalAction:
                continue
            aims.append(u["id"])
    return aims


def _seal_sponsor(s: State, viewer: str, order: Order) -> None:
    others = [seat for seat in s["players"] if seat != viewer]
    cards = order(
        [*s["sponsor_pile"], *s["sponsor_discard"], *(c for seat in others for c in s["players"][seat]["sponsor"])]
    )
    for seat in others:
        size = len(s["players"][seat]["sponsor"])
        s["players"][seat]["sponsor"], cards = cards[:size], cards[size:]
    size = len(s["sponsor_pile"])
    s["sponsor_pile"], s["sponsor_discard"] = cards[:size], cards[size:]
