"""Small Soldiers' legal list is the rules' own word (issue 27): along random games, every
listed action is accepted, and every accepted candidate (listed actions perturbed, every kind
with plausible parameters: each fighter, card and space of the board) is listed
(``tests.systems.legal_property``). The catapult's aim is continuous: ``launch`` is listed at
sampled aims and not compared.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.systems.small_soldiers.model import army_of
from tests.systems.legal_property import Probe, check, plain_key

State = dict[str, Any]


def candidates(state: State, seat: str, listed: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"kind": k} for k in ("roll_opening", "spin", "end_moves", "end_turn", "discard_card")]
    fighters = list(state["fighters"])
    cells = [list(c) for c in state["data"]["map"]["cells"]]
    mine = [f for f in fighters if state["fighters"][f]["army"] == army_of(seat)]
    for f in fighters:
        out += [{"kind": k, "fighter": f} for k in ("recruit", "place_card")]
        out.append({"kind": "recall", "target": f})
        out += [{"kind": "attack", "fighter": m, "target": f} for m in mine]
    for f in mine:
        out += [{"kind": "move", "fighter": f, "q": q, "r": r} for q, r in rng.sample(cells, 12)]
    for hand in state["hands"].values():
        out += [{"kind": "play_card", "card": c["id"]} for c in hand]
    for a in rng.sample(listed, min(len(listed), 20)):
        if a["kind"] == "move":
            q, r = rng.choice(cells)
            out += [{**a, "q": q, "r": r}, {**a, "fighter": rng.choice(fighters)}]
        elif a["kind"] == "deploy":
            order = list(a["order"])
            rng.shuffle(order)
            out += [{**a, "order": order}, {**a, "reserve": rng.choice(fighters)}]
        elif a["kind"] in ("attack", "recall"):
            out.append({**a, "target": rng.choice(fighters)})
    return out


SS_PROBE = Probe("small-soldiers", candidates, plain_key, unlisted_kinds=frozenset({"launch"}))


@pytest.mark.parametrize(
    ("options", "seed"),
    [({}, 1), ({"advanced": True}, 2), ({"players": 4, "team_mode": "split", "advanced": True}, 3)],
)
def test_listed_actions_are_accepted_and_accepted_candidates_are_listed(options, seed):
    tried = check(SS_PROBE, options, seed, steps=300)
    assert {"move", "spin"} <= set(tried)
