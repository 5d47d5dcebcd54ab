"""No view or event another seat or a spectator receives carries hidden information.

Random but seeded games (legal actions from the prompts, Big Little Buddy's weapons included)
check every view and every redacted event after every action.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import redact
from tests.systems.gkr.helpers import DB, GKR, KW, TH, act, activate, assert_no_leak, new, pass_until


def weapon_choices(prompt, pick: Dice) -> list[dict]:
    chosen: list[dict] = []
    for w in prompt["weapons"]:
        count = sum(c["source"] == w["source"] for c in chosen)
        if count >= (2 if w["source"] == "card" else 1):
            continue
        if w.get("targets"):
            choice = {"source": w["source"], "target_unit": pick.choice(w["targets"])}
        elif w.get("hexes"):
            choice = {"source": w["source"], "target_hex": pick.choice(w["hexes"])}
        else:
            continue
        if w["source"] == "card":
            choice["card"] = w["card"]
        if w["source"] == "blb":
            choice["weapon"] = w["weapon"]
        chosen.append(choice)
    return chosen


def random_action(state, seat, pick: Dice) -> dict:
    prompt = GKR.view(state, seat)["prompt"] or {}
    if "weapons" in prompt:
        return {"kind": "choose_weapons", "weapons": weapon_choices(prompt, pick)}
    if "victims" in prompt:
        return {"kind": "state_result", "results": [{"unit": u, "damage": 2} for u in prompt["victims"]]}
    actions = GKR.legal_actions(state, seat)
    blb = [a for a in actions if a["kind"] == "play_sponsor"]
    if blb and pick.roll(2) == 1:
        return blb[0]
    moves = [a for a in actions if a["kind"] in ("move", "tag", "displace")]
    if moves and pick.roll(6) > 1:
        return pick.choice(moves)
    return actions[0]


@pytest.mark.parametrize(
    "seed, players, manual",
    [
        ("hide-1", 3, {}),
        ("hide-2", 4, {}),
        ("hide-3", 2, {"dice": True}),
        ("hide-4", 3, {"flank": True}),
    ],
)
def test_random_games_leak_nothing(seed, players, manual):
    state = GKR.setup(GKR.validate_options({"players": players, "manual": manual, "support_move_range": 4}), Dice(seed))
    dice, pick = Dice(seed + "/dice"), Dice(seed + "/pick")
    assert_no_leak(state, [])
    for _ in range(400):
        if GKR.outcome(state):
            break
        active = GKR.view(state, None)["turn"]["active"]
        seat = pick.choice(active)
        action = random_action(state, seat, pick)
        try:
            state, events = GKR.apply(state, seat, GKR.parse_action(action), dice)
        except IllegalAction as err:  # e.g. out of tags: the prompt is partial, the rules decide
            assert err.code in ("no_tags",), (action, err.message)
            state, events = GKR.apply(state, seat, GKR.parse_action({"kind": "end_turn"}), dice)
        assert_no_leak(state, events)


def test_spectators_and_others_see_counts_only():
    state = activate(new(), DB)
    state, _ = pass_until(state, "combat")
    state, events = act(
        state,
        DB,
        {
            "kind": "choose_weapons",
            "weapons": [{"source": "blb", "weapon": "mine-mate", "target_hex": {"q": 1, "r": 0}}],
        },
    )
    for viewer in (KW, TH, None):
        view = GKR.view(state, viewer)
        if viewer is None:
            assert "hand" not in view and "sponsor_hand" not in view
        else:
            assert [c["id"] for c in view["hand"]] == state["players"][viewer]["hand"]
        assert view["players"][DB]["hand_count"] == 6
        assert view["firing_line"] == [{"owner": DB, "hidden": True}]
        assert redact(events[0], viewer) == {"kind": "weapons_chosen", "player": DB, "count": 1}
    mine = GKR.view(state, DB)
    assert len(mine["hand"]) == 6 and mine["firing_line"][0]["weapon"]["name"] == "Mine Mate"


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.text(alphabet="abcdef0123456789", min_size=1, max_size=8),
    players=st.integers(min_value=2, max_value=4),
    board=st.sampled_from(["downtown", "plaza", "harbour"]),
)
def test_any_seeded_game_plays_by_the_rules(seed, players, board):
    """Random legal play on every map: only rule errors, no leaks, JSON state, no mutation."""
    state = GKR.setup(GKR.validate_options({"players": players, "map": board}), Dice(seed))
    dice, pick = Dice(seed + "/dice"), Dice(seed + "/pick")
    for _ in range(150):
        if GKR.outcome(state):
            break
        seat = pick.choice(GKR.view(state, None)["turn"]["active"])
        action = random_action(state, seat, pick)
        try:
            state, events = act(state, seat, action, dice)
        except IllegalAction as err:
            assert err.code in ("no_tags",), (action, err.message)
            state, events = act(state, seat, {"kind": "end_turn"}, dice)
        assert_no_leak(state, events)
