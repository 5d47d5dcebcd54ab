"""Launch Catapult: aim (offset, angle, power), dice add the error, the path is shown to all."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.geometry.hex import Hex, distance

from .conftest import SYSTEM, act, arrange, card, spin_face

AIM = {"kind": "launch", "power": 6.5, "angle": 0.0, "offset": 0.0}
STRAIGHT = (3, 3, 3, 3, 4)  # no angle error, no power error, rolls on for 2 spaces
FAR = {"archer": (3, -6), "ocula": (4, -5), "chip-hazard": (-3, 5), "kip-killagin": (-4, 5)}


def loaded(game, positions, cards=None):
    state = arrange(game, positions, cards)
    state["deck"] = [*state["deck"], card("catapult", 0, "k1")]
    state, _ = act(state, "gorgonites", {"kind": "spin"}, spin_face(state, "draw"))
    assert SYSTEM.view(state, "gorgonites")["legal"]["launch"]["power"] == [1.0, 16.0]
    return state


def path_of(game, aim=AIM, dice=STRAIGHT):
    state, events = act(loaded(game, FAR), "gorgonites", aim, *dice)
    return [tuple(h) for h in events[0]["path"]], events[0]


def test_the_shot_lands_where_aimed_rolls_on_and_everyone_sees_the_path(game):
    path, shot = path_of(game)
    assert shot["kind"] == "catapult" and "only" not in shot
    assert shot["error_pips"] == {"angle": 0, "power": 0, "roll": 4}
    assert path[0] == (0, 0)  # 6.5 spaces straight ahead of the Gorgonite launcher: the centre
    assert 2 <= len(path) <= 4 and all(distance(Hex(*a), Hex(*b)) == 1 for a, b in zip(path, path[1:]))
    assert shot["flight"][0][1] == -6 and shot["hits"] == []
    view = SYSTEM.view(act(loaded(game, FAR), "gorgonites", AIM, *STRAIGHT)[0], None)
    assert view["last_catapult"]["path"] == shot["path"]


def test_dice_move_the_shot(game):
    straight, _ = path_of(game)
    wide, shot = path_of(game, dice=(6, 1, 6, 1, 1))
    assert shot["error_pips"] == {"angle": 5, "power": 5, "roll": 1}
    assert wide[0] != straight[0]


def test_knocked_down_fighters_go_to_the_toy_store_even_your_own(game):
    path, _ = path_of(game)
    state = loaded(game, {**FAR, "slamfist": path[0], "nick-nitro": path[1]},
                   {"nick-nitro": card("weapon", 1, "w1")})
    state, events = act(state, "gorgonites", AIM, *STRAIGHT, 5, 6)
    assert [(h["fighter"], h["result"]) for h in events[0]["hits"]] == [
        ("slamfist", "knocked_down"), ("nick-nitro", "knocked_down")]
    assert state["fighters"]["slamfist"]["pos"] is None and state["fighters"]["nick-nitro"]["pos"] is None
    assert sorted(c["id"] for c in state["discard"]) == ["k1", "w1"]
    assert state["turn"]["army"] == "commandos"


def test_an_upright_fighter_pushed_into_a_free_space_stays_there_with_its_card(game):
    path, _ = path_of(game)
    state = loaded(game, {**FAR, "nick-nitro": path[0]}, {"nick-nitro": card("armor", 1, "a1")})
    state, events = act(state, "gorgonites", AIM, *STRAIGHT, 3)
    hit = events[0]["hits"][0]
    assert hit["result"] == "pushed" and distance(Hex(*hit["to"]), Hex(*path[0])) == 1
    assert state["fighters"]["nick-nitro"]["pos"] == hit["to"]
    assert state["fighters"]["nick-nitro"]["card"]["id"] == "a1"


def test_pushed_into_an_occupied_space_goes_to_the_toy_store(game):
    path, _ = path_of(game)
    probe = loaded(game, {**FAR, "nick-nitro": path[0]})
    to = tuple(act(probe, "gorgonites", AIM, *STRAIGHT, 3)[1][0]["hits"][0]["to"])
    state = loaded(game, {**FAR, "nick-nitro": path[0], "brick-bazooka": to},
                   {"nick-nitro": card("armor", 1, "a1")})
    hits_dice = [3] + ([1] if to in path else [])
    state, events = act(state, "gorgonites", AIM, *STRAIGHT, *hits_dice)
    assert events[0]["hits"][0]["result"] == "pushed_out"
    assert state["fighters"]["nick-nitro"]["pos"] is None
    assert "a1" in [c["id"] for c in state["discard"]]


def test_a_fighter_left_standing_stays(game):
    path, _ = path_of(game)
    state = loaded(game, {**FAR, "nick-nitro": path[0]})
    state, events = act(state, "gorgonites", AIM, *STRAIGHT, 1)
    assert events[0]["hits"][0]["result"] == "stands"
    assert tuple(state["fighters"]["nick-nitro"]["pos"]) == path[0]


def test_the_catapult_can_win_the_game(game):
    path, _ = path_of(game)
    state = loaded(game, {"archer": (3, -6), "chip-hazard": path[0]})
    state, events = act(state, "gorgonites", AIM, *STRAIGHT, 6)
    assert events[-1]["kind"] == "game_won" and state["winner"]["reason"] == "all_in_toy_store"
    assert SYSTEM.outcome(state).winners == ["gorgonites"]


@pytest.mark.parametrize("aim", [{"power": 30.0}, {"power": 5.0, "angle": 75.0}, {"power": 5.0, "offset": 9.0}])
def test_aims_beyond_the_limits_are_refused(game, aim):
    with pytest.raises(IllegalAction):
        act(loaded(game, FAR), "gorgonites", {"kind": "launch", **aim}, *STRAIGHT)


@settings(max_examples=25, deadline=None)
@given(power=st.floats(1, 16), angle=st.floats(-60, 60), offset=st.floats(-4, 4), seed=st.integers(0, 10**6))
def test_every_shot_stays_on_the_board_and_each_fighter_is_hit_at_most_once(power, angle, offset, seed):
    from .conftest import started
    game = started(seed="cat")
    state = loaded(game, {f: None for f in game["fighters"]} | {"archer": (3, -6), "chip-hazard": (-2, 4),
                                                             "ocula": (0, 0), "kip-killagin": (0, 1)})
    aim = {"kind": "launch", "power": power, "angle": angle, "offset": offset}
    new, events = SYSTEM.apply(state, "gorgonites", SYSTEM.parse_action(aim), Dice(str(seed)))
    cells = {tuple(c) for c in state["data"]["map"]["cells"]}
    shot = events[0]
    assert all(tuple(h) in cells for h in shot["path"])
    assert len({h["fighter"] for h in shot["hits"]}) == len(shot["hits"])
    taken = [tuple(f["pos"]) for f in new["fighters"].values() if f["pos"]]
    assert len(taken) == len(set(taken))


def test_the_aim_helper_shows_where_a_shot_lands_before_the_dice(game):
    from app.systems.small_soldiers.helpers import AimRequest, catapult_aim
    out = catapult_aim(AimRequest(army="gorgonites", power=6.5))
    assert out.flight[0][1] == -6 and out.flight[-1] == [0, 0] and out.heading == 90.0
    path, _ = path_of(game)
    assert tuple(out.flight[-1]) == path[0]
