"""Seeded games between two players with two mechas each, played as the server plays them:
validate_options, setup, parse_action, apply, view, outcome."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.dice import Dice
from tests.systems.srbr.bot import play

SEED = "warboard-srbr-1"


def test_a_seeded_game_reaches_a_winner() -> None:
    state, log, system = play(SEED)
    result = system.outcome(state)
    assert result is not None and len(result.winners) == 1
    assert sum(1 for m in state["mechas"].values() if m["owner"] == "p1") == 2
    assert sum(1 for m in state["mechas"].values() if m["owner"] == "p2") == 2
    loser = "p2" if result.winners == ["p1"] else "p1"
    assert all(m["out"] for m in state["mechas"].values() if m["owner"] == loser)
    seen = {e["kind"] for e in log}
    assert {"activated", "moved", "attack", "damaged", "mecha_destroyed"} <= seen
    assert state["turn"]["phase"] == "over" and system.view(state, "p1")["turn"]["active"] == []


def test_the_same_seed_replays_the_same_game() -> None:
    first, log1, _ = play(SEED)
    second, log2, _ = play(SEED)
    assert first == second and log1 == log2
    assert json.loads(json.dumps(first)) == first  # state is plain JSON


def test_replaying_the_actions_rebuilds_the_state() -> None:
    """The server rebuilds state by replaying actions with the same dice stream."""
    from app.systems.srbr import SamuraiRobots
    from tests.systems.srbr import bot

    system = SamuraiRobots()
    opts = system.validate_options({})
    dice = Dice(SEED)
    state = system.setup(opts, dice)
    actions, states = [], []
    for _ in range(80):
        if system.outcome(state) is not None:
            break
        seat = system.view(state, None)["turn"]["active"][0]
        raw = bot.choose({**system.view(state, seat), "_state": state, "_seat": seat}, seat)
        step = Dice(SEED, dice.index)
        previous, before = state, copy.deepcopy(state)
        state, _ = system.apply(previous, seat, system.parse_action(raw), step)
        assert previous == before, "apply mutated its input"
        dice.index = step.index
        actions.append((seat, raw))
        states.append(state)
    replay_dice = Dice(SEED)
    again = system.setup(opts, replay_dice)
    for seat, raw in actions:
        step = Dice(SEED, replay_dice.index)
        again, _ = system.apply(again, seat, system.parse_action(raw), step)
        replay_dice.index = step.index
    assert again == state


def invariants(state: dict[str, Any]) -> None:
    """No two mechas on the table overlap; damage stays on the track; nothing leaves the table."""
    live = [m for m in state["mechas"].values() if m["out"] is None]
    for i, a in enumerate(live):
        assert 0 <= a["x"] <= state["board"]["width"] and 0 <= a["y"] <= state["board"]["height"]
        for b in live[i + 1 :]:
            gap = math.dist((a["x"], a["y"]), (b["x"], b["y"])) - (a["base"] + b["base"]) / 2
            assert gap > -0.05, (a["id"], b["id"], gap)
        top = len(state["rules"]["health"]["track"])
        assert all(0 <= p["damage"] <= top for p in a["parts"])


@settings(max_examples=6, deadline=None)
@given(st.text(min_size=1, max_size=12), st.integers(2, 4))
def test_any_seed_plays_to_an_end_without_errors(seed: str, players: int) -> None:
    state, _log, system = play(seed, {"players": players}, limit=1500, each=invariants)
    for m in state["mechas"].values():
        if m["out"] is None:
            assert 0 <= m["x"] <= state["board"]["width"] and 0 <= m["y"] <= state["board"]["height"]
    if system.outcome(state) is not None:
        assert state["turn"]["phase"] == "over"
