"""GKR's legal list is the rules' own word (issue 27): along random games, every listed action
is accepted, and every accepted candidate (listed actions perturbed, every kind with plausible
parameters) is listed (``tests.systems.legal_property``).

Compared up to what the list samples: a weapon choice of one shot, or of one of the seat's own
shots with one of Big Little Buddy's, is listed exactly; a larger volley is listed at one set of
targets, so it is compared by its weapons. The order of a choice's weapons is not compared. A
move's missing ``to`` or ``facing`` is the unit's own hex or facing. Records and disputes carry
free text (a note, a reason) and are not listed.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from app.geometry.hex import Hex, spiral
from app.geometry.hexlos import facing_degrees
from app.systems.gkr.board import hex_of
from tests.systems.legal_property import Probe, check

State = dict[str, Any]


def _hexes(state: State) -> list[dict[str, int]]:
    return [h.to_dict() for h in spiral(Hex(0, 0), state["data"]["map"]["radius"])]


def candidates(state: State, seat: str, listed: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [
        {"kind": "end_turn"},
        {"kind": "steal", "take": True},
        {"kind": "steal", "take": False},
    ]
    player = state["players"].get(seat)
    units = list(state["units"])
    hexes = _hexes(state)
    cards = [*player["hand"], *player["sponsor"]] if player else []
    for c in cards:
        out += [{"kind": "play_sponsor", "card": c}, {"kind": "activate_blb", "card": c}]
    for uid in units:
        for h in rng.sample(hexes, 8):
            out.append({"kind": "move", "unit": uid, "to": h, "facing": rng.randrange(0, 360, 60)})
        out.append({"kind": "move", "unit": uid, "facing": rng.randrange(0, 360, 60)})
        out += [{"kind": "tag", "unit": uid, "building": b} for b in state["buildings"]]
        for c in cards:
            out.append({"kind": "deploy_support", "card": c, "unit": uid, "to": rng.choice(hexes)})
    out += [{"kind": "displace", "to": h} for h in rng.sample(hexes, 10)]
    shots = [w for a in listed if a["kind"] == "choose_weapons" for w in a["weapons"]]
    for a in rng.sample(listed, min(len(listed), 30)):
        if a["kind"] == "move":
            out.append({**a, "to": rng.choice(hexes)})
            if a.get("card") is None and cards:
                out.append({**a, "card": rng.choice(cards)})
        elif a["kind"] == "choose_weapons" and a["weapons"]:
            w = rng.choice(a["weapons"])
            rest = [x for x in a["weapons"] if x is not w]
            out.append({"kind": "choose_weapons", "weapons": [*rest, {**_strip(w), "target_unit": rng.choice(units)}]})
            out.append({"kind": "choose_weapons", "weapons": [*rest, {**_strip(w), "target_hex": rng.choice(hexes)}]})
            out.append({"kind": "choose_weapons", "weapons": rest})
            out.append({"kind": "choose_weapons", "weapons": [*a["weapons"], {**w, "flank": True}][-6:]})
            if shots:
                out.append({"kind": "choose_weapons", "weapons": [*a["weapons"], rng.choice(shots)][:6]})
    return out


def _strip(w: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in w.items() if k not in ("target_unit", "target_hex")}


def key(state: State, seat: str, action: dict[str, Any]) -> str:
    a = dict(action)
    if a["kind"] == "move":
        unit = state["units"][a["unit"]]
        a.setdefault("to", hex_of(unit).to_dict())
        a.setdefault("facing", facing_degrees(unit["facing"]))
        a["to"] = a["to"] or hex_of(unit).to_dict()
        a["facing"] = facing_degrees(unit["facing"]) if a["facing"] is None else a["facing"]
        if a.get("card") is None:
            a.pop("card", None)
    if a["kind"] == "choose_weapons":
        flank = state["data"]["manual"]["flank"]
        shots = [
            _as_hex(state, seat, {k: v for k, v in w.items() if v is not None and (k != "flank" or (flank and v))})
            for w in a["weapons"]
        ]
        exact = len(shots) == 1 or (len(shots) == 2 and sum(w["source"] == "blb" for w in shots) == 1)
        if not exact:
            shots = [_strip({k: v for k, v in w.items() if k != "flank"}) for w in shots]
        a["weapons"] = sorted(json.dumps(w, sort_keys=True) for w in shots)
    if a["kind"] == "deploy_support":
        a.setdefault("facing", 0)
    return json.dumps(a, sort_keys=True)


def _as_hex(state: State, seat: str, w: dict[str, Any]) -> dict[str, Any]:
    """A hex-target weapon (the Mine Mate) aimed at a unit fires at that unit's hex."""
    player = state["players"].get(seat)
    if w["source"] == "blb":
        weapon = state["data"]["weapons"].get(f"blb/{w.get('weapon')}", {})
    elif w["source"] == "card" and player and w.get("card") in state["cards"]:
        weapon = state["data"]["weapons"].get(state["cards"][w["card"]].get("weapon"), {})
    else:
        weapon = {}
    if weapon.get("hex_target") and "target_unit" in w and "target_hex" not in w:
        unit = state["units"][w.pop("target_unit")]
        w["target_hex"] = hex_of(unit).to_dict()
    return w


GKR_PROBE = Probe("gkr", candidates, key, unlisted_kinds=frozenset({"record", "dispute"}))


@pytest.mark.parametrize(
    ("options", "seed"),
    [({"players": 2}, 1), ({"players": 3}, 2), ({"players": 4}, 3), ({"players": 3, "manual": {"flank": True}}, 4)],
)
def test_listed_actions_are_accepted_and_accepted_candidates_are_listed(options, seed):
    tried = check(GKR_PROBE, options, seed, steps=250)
    assert {"move", "end_turn", "choose_weapons"} <= set(tried)
