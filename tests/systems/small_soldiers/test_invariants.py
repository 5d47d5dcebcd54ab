"""Invariants over random legal play: no card lost or duplicated, one fighter per space, no
fighter on a flag while the game goes on, apply never changes its input, the copy it works on
equals the state, and every action legal_actions offers is accepted."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.dice import Dice

from .conftest import SYSTEM


def all_cards(state):
    ids = [c["id"] for c in state["deck"]] + [c["id"] for c in state["discard"]]
    ids += [c["id"] for hand in state["hands"].values() for c in hand]
    ids += [f["card"]["id"] for f in state["fighters"].values() if f["card"]]
    if state["turn"] and state["turn"]["card"]:
        ids.append(state["turn"]["card"]["id"])
    return ids


OPTIONS = [
    {},
    {"advanced": True},
    {"players": 4, "team_mode": "split"},
    {"players": 4, "team_mode": "team"},
    {"map_name": "skirmish", "advanced": True},
]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9), options=st.sampled_from(OPTIONS))
def test_random_legal_play_keeps_the_invariants(seed, options):
    dice, pick = Dice(f"inv{seed}"), Dice(f"pick{seed}")
    state = SYSTEM.setup(options, dice)
    total = len(all_cards(state))
    for _ in range(150):
        if SYSTEM.outcome(state):
            break
        seat = pick.choice(SYSTEM.view(state, None)["turn"]["active"])
        actions = SYSTEM.legal_actions(state, seat)
        assert actions, (state["phase"], seat)
        state, _ = SYSTEM.apply(state, seat, SYSTEM.parse_action(pick.choice(actions)), dice)
        ids = all_cards(state)
        assert len(ids) == len(set(ids)) == total
        # the copy an action works on (a round trip through JSON) is the state, key for key:
        # no tuple, no key that is not a string
        copied = SYSTEM.copy_state(state)
        assert copied == state and list(copied) == list(state)
        spaces = [tuple(f["pos"]) for f in state["fighters"].values() if f["pos"]]
        assert len(spaces) == len(set(spaces))
        if state["phase"] != "over":
            # a fighter may stand on its own flag's space (a flag does not occupy it), never on
            # the enemy's while the game goes on (that captures it)
            for f in state["fighters"].values():
                foe = next(a for a in state["data"]["map"]["armies"] if a != f["army"])
                assert not f["pos"] or f["pos"] != state["data"]["map"]["armies"][foe]["flag"]


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_apply_does_not_mutate_its_input(seed):
    dice, pick = Dice(f"mut{seed}"), Dice(f"pk{seed}")
    state = SYSTEM.setup({"advanced": True}, dice)
    for _ in range(80):
        if SYSTEM.outcome(state):
            break
        seat = SYSTEM.view(state, None)["turn"]["active"][0]
        frozen = copy.deepcopy(state)
        new, _ = SYSTEM.apply(state, seat, SYSTEM.parse_action(pick.choice(SYSTEM.legal_actions(state, seat))), dice)
        assert state == frozen
        state = new
