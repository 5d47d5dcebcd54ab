"""Twin states: the same game as one seat sees it, with everything it may not see dealt again.

``twin(system_id, state, seat, rng)`` is a copy of ``state`` that ``seat`` cannot tell apart from
it (its view is the same: the test checks that), with what that seat's view hides chosen again at
random by ``rng``, so the previews of ``seat`` must answer the same on both:

- GKR: every other seat's cards dealt again between its hand, deck, discard and damage pile,
  its face-down firing-line entries chosen again (another card, weapon or target, and another
  order of the units that fire them, a Big Little Buddy weapon among them) and the card ids of
  its revealed entries; the seat's own deck, discard and damage pile shuffled together; the
  sponsor pile, its discard and the other seats' sponsor cards dealt again; the same for the
  state a disputed record would restore;
- Small Soldiers: the deck and the other side's hand (advanced rules) dealt again;
- HGB, Samurai Robots and the sandbox hide nothing from a seat: the twin is the same game, and
  the test gives it another dice seed and position in the stream.

This is built from the rules' own choices (what the seat could have chosen face down, from the
prompt's weapons), not from ``seal``, which previews use: the two are meant to agree on what is
hidden without sharing code.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from app.core.errors import IllegalAction
from app.systems.gkr import combat as gkr_combat
from app.systems.gkr import view as gkr_view
from app.systems.gkr.actions import WeaponChoice
from app.systems.small_soldiers.model import ARMIES, army_of

State = dict[str, Any]
GKR_PILES = ("hand", "deck", "discard", "damage")


def _redeal(rng: random.Random, owner: dict[str, Any], piles: tuple[str, ...], cards: list[Any]) -> None:
    """Shuffle ``cards`` and deal them into ``owner``'s ``piles``, each keeping its size."""
    rng.shuffle(cards)
    for pile in piles:
        size = len(owner[pile])
        owner[pile], cards = cards[:size], cards[size:]
    assert not cards


def _gkr_choices(s: State, seat: str, unit: str, cards: list[str]) -> list[dict[str, Any]]:
    """Every single weapon choice ``seat``'s ``unit`` could have made with ``cards`` in hand."""
    trial = {**s, "players": {**s["players"], seat: {**s["players"][seat], "hand": list(cards)}}}
    return [
        c
        for c in gkr_view.single_shots(gkr_view._weapons(trial, seat))
        if {"card": f"{seat}:heavy", "combat": f"{seat}:combat", "blb": "blb"}[c["source"]] == unit
    ]


def _gkr_other(s: State, seat: str, rng: random.Random) -> None:
    player = s["players"][seat]
    mine = [e for e in s["firing_line"] if e["owner"] == seat]
    hidden = [e for e in mine if not e["revealed"]]
    cards = [c for pile in GKR_PILES for c in player[pile]] + [e["card"] for e in hidden if e["card"]]
    everything = list(cards)
    units = [e["unit"] for e in hidden]
    rng.shuffle(units)
    for e, unit in zip(hidden, units, strict=True):
        choice = rng.choice(_gkr_choices(s, seat, unit, cards))
        if s["data"]["manual"]["flank"]:
            choice["flank"] = rng.random() < 0.5
        trial = {**s, "players": {**s["players"], seat: {**player, "hand": list(cards)}}}
        try:
            entry = gkr_combat._entry(trial, seat, e["n"], WeaponChoice.model_validate(choice))
        except IllegalAction as refused:  # a flank shot stated from inside the target's arc
            if refused.code != "not_a_flank_shot":
                raise
            entry = gkr_combat._entry(trial, seat, e["n"], WeaponChoice.model_validate({**choice, "flank": False}))
        e.update(entry)
        if e["card"]:
            cards.remove(e["card"])
        if unit == "blb":
            s["blb"]["weapon"] = e["weapon_key"]
    _redeal(rng, player, GKR_PILES, cards)
    for e in mine:
        if e["revealed"] and e["card"]:
            e["card"] = rng.choice([c for c in everything if s["cards"][c].get("weapon") == e["weapon_key"]])


def _gkr(state: State, seat: str, rng: random.Random) -> State:
    s = copy.deepcopy(state)
    for other, player in s["players"].items():
        if other == seat:
            _redeal(rng, player, ("deck", "discard", "damage"), player["deck"] + player["discard"] + player["damage"])
        else:
            _gkr_other(s, other, rng)
    holders = [p for other, p in s["players"].items() if other != seat]
    sponsor = s["sponsor_pile"] + s["sponsor_discard"] + [c for p in holders for c in p["sponsor"]]
    rng.shuffle(sponsor)
    for p in holders:
        p["sponsor"], sponsor = sponsor[: len(p["sponsor"])], sponsor[len(p["sponsor"]) :]
    s["sponsor_pile"], s["sponsor_discard"] = sponsor[: len(s["sponsor_pile"])], sponsor[len(s["sponsor_pile"]) :]
    if s.get("undo"):
        s["undo"] = _gkr(s["undo"], seat, rng)
    return s


def _small_soldiers(state: State, seat: str, rng: random.Random) -> State:
    s = copy.deepcopy(state)
    others = [a for a in ARMIES if a != army_of(seat)]
    cards = s["deck"] + [c for a in others for c in s["hands"][a]]
    rng.shuffle(cards)
    for army in others:
        size = len(s["hands"][army])
        s["hands"][army], cards = cards[:size], cards[size:]
    s["deck"] = cards
    return s


TWINS = {"gkr": _gkr, "small-soldiers": _small_soldiers}


def twin(system_id: str, state: State, seat: str, rng: random.Random) -> State:
    """A copy of ``state`` with what ``seat`` may not see chosen again (see the module)."""
    make = TWINS.get(system_id)
    return copy.deepcopy(state) if make is None else make(state, seat, rng)
