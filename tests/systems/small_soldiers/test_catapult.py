"""Launch Catapult: aim (offset, angle, power), dice add the error, the path is shown to all."""

from __future__ import annotations

import itertools

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
    _state, events = act(loaded(game, FAR), "gorgonites", aim, *dice)
    return [tuple(h) for h in events[0]["path"]], events[0]


def test_the_shot_lands_where_aimed_rolls_on_and_everyone_sees_the_path(game):
    path, shot = path_of(game)
    assert shot["kind"] == "catapult" and "only" not in shot
    assert shot["error_pips"] == {"angle": 0, "power": 0, "roll": 4}
    assert path[0] == (0, 0)  # 6.5 spaces straight ahead of the Gorgonite launcher: the centre
    assert 2 <= len(path) <= 4 and all(distance(Hex(*a), Hex(*b)) == 1 for a, b in itertools.pairwise(path))
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
    state = loaded(game, {**FAR, "slamfist": path[0], "nick-nitro": path[1]}, {"nick-nitro": card("weapon", 1, "w1")})
    state, events = act(state, "gorgonites", AIM, *STRAIGHT, 5, 6)
    assert [(h["fighter"], h["result"]) for h in events[0]["hits"]] == [
        ("slamfist", "knocked_down"),
        ("nick-nitro", "knocked_down"),
    ]
    assert state["fighters"]["slamfist"]["pos"] is None and state["fighters"]["nick-nitro"]["pos"] is None
    assert sorted(c["id"] for c in state["discard"]) == ["k1", "w1"]
    assert state["turn"]["army"] == "commandos"


SHORT = (3, 3, 3, 3, 1)  # no error; the ball rolls on half a space and stops on the landing space
CORNER = {"kind": "launch", "power": 6.5, "angle": 0.0, "offset": 0.0}  # heading 90: at a corner
SLANT = {"kind": "launch", "power": 6.5, "angle": -15.0, "offset": 0.0}  # heading 75
PUSHED = 3


def push(game, aim, positions, *faces, cards=None):
    """Shoot ``aim`` with SHORT dice at a fighter alone on the roll path; (state, its hit)."""
    state, events = act(loaded(game, {**FAR, **positions}, cards), "gorgonites", aim, *SHORT, *faces)
    return state, events[0]["hits"][0]


def test_the_short_shots_roll_over_one_space(game):
    for aim, space, heading in ((CORNER, [0, 0], 90.0), (SLANT, [2, 0], 75.0)):
        _, shot = path_of(game, aim, SHORT)
        assert shot["path"] == [space] and shot["heading"] == heading


def test_an_upright_fighter_pushed_into_a_free_space_stays_there_with_its_card(game):
    """Launch Catapult: "If a fighter is still upright but pushed into an unoccupied space, he
    and any card stays there"."""
    state, hit = push(game, SLANT, {"nick-nitro": (2, 0)}, PUSHED, cards={"nick-nitro": card("armor", 1, "a1")})
    assert hit["result"] == "pushed" and hit["to"] == [2, 1]  # most of the base: along the ball's 75 degrees
    assert state["fighters"]["nick-nitro"]["pos"] == [2, 1]
    assert state["fighters"]["nick-nitro"]["card"]["id"] == "a1"


def test_a_push_crossing_partly_into_an_occupied_space_goes_to_the_toy_store(game):
    """Launch Catapult: "if an upright figure is pushed into an occupied space, he is placed in
    his side of the Toy Store and his card discarded ... Note: a fighter is considered 'pushed'
    into another space, if any part of his base crosses into that space." At 75 degrees the base
    slides mostly into (2,1) but its edge crosses into (1,1), where Brick Bazooka stands."""
    state, hit = push(
        game,
        SLANT,
        {"nick-nitro": (2, 0), "brick-bazooka": (1, 1)},
        PUSHED,
        cards={"nick-nitro": card("armor", 1, "a1")},
    )
    assert hit["result"] == "pushed_out" and hit["into"] == [[1, 1], [2, 1]] and hit["blocked"] == [[1, 1]]
    assert state["fighters"]["nick-nitro"]["pos"] is None
    assert "a1" in [c["id"] for c in state["discard"]]
    assert state["fighters"]["brick-bazooka"]["pos"] == [1, 1]


def test_a_push_straight_at_a_corner_crosses_into_both_spaces_beyond_it(game):
    """ "any part of his base crosses into that space": pushed straight down (heading 90) the base
    crosses into both spaces below its lower corner; either one occupied sends it to the Toy
    Store, whichever the nearest hex direction would have been."""
    for blocker in ((0, 1), (-1, 1)):
        state, hit = push(game, CORNER, {"nick-nitro": (0, 0), "brick-bazooka": blocker}, PUSHED)
        assert hit["result"] == "pushed_out" and hit["into"] == [[-1, 1], [0, 1]], blocker
        assert state["fighters"]["nick-nitro"]["pos"] is None


def test_a_push_at_a_corner_into_two_free_spaces_follows_the_ball_not_a_fixed_side(game):
    """The push follows the ball's travel: straight at a corner, the two spaces beyond it hold
    equal parts of the base, so a die decides between them (never always the same side)."""
    ends, hits = set(), []
    for tie in (1, 2):
        state, hit = push(game, CORNER, {"nick-nitro": (0, 0)}, PUSHED, tie)
        ends.add(tuple(state["fighters"]["nick-nitro"]["pos"]))
        hits.append(hit)
    assert ends == {(-1, 1), (0, 1)}
    assert all(hit["result"] == "pushed" and hit["into"] == [[-1, 1], [0, 1]] for hit in hits)


def test_the_push_follows_the_heading_on_each_side_of_the_corner(game):
    """Mirror shots (75 and 105 degrees) push to mirror spaces: the heading decides, not a table."""
    _, right = push(game, SLANT, {"nick-nitro": (2, 0)}, PUSHED)
    mirrored = {**SLANT, "angle": 15.0}
    _, shot = path_of(game, mirrored, SHORT)
    ((q, r),) = shot["path"]
    _, left = push(game, mirrored, {"nick-nitro": (q, r)}, PUSHED)
    assert right["to"] == [2, 1] and left["to"] == [q - 1, r + 1]  # south-east vs south-west


def test_the_flight_lists_each_space_once_in_the_balls_order(game):
    """The ball's path (the `flight` and the roll's `path`) lists each space once, in the order
    the ball crosses them: a straight shot runs along space edges and used to list some twice."""
    from app.systems.small_soldiers.helpers import AimRequest, catapult_aim

    for angle, offset in ((0.0, 0.0), (0.0, 0.5), (0.0, 1.0), (10.0, 0.0), (-30.0, 0.5)):
        flight = [
            tuple(h) for h in catapult_aim(AimRequest(army="gorgonites", power=12, angle=angle, offset=offset)).flight
        ]
        assert len(flight) == len(set(flight)), (angle, offset, flight)
        assert all(distance(Hex(*a), Hex(*b)) == 1 for a, b in itertools.pairwise(flight)), (angle, offset)
    straight = [tuple(h) for h in catapult_aim(AimRequest(army="gorgonites", power=12)).flight]
    # along x = 0: through the centre of (2,-4), then along the edge (1,-3)|(2,-3), and so on
    assert straight[:5] == [(3, -6), (2, -5), (3, -5), (2, -4), (1, -3)]


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
    assert events[-1]["kind"] == "game_won" and state["result"]["reason"] == "all_in_toy_store"
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
    state = loaded(
        game,
        {f: None for f in game["fighters"]}
        | {"archer": (3, -6), "chip-hazard": (-2, 4), "ocula": (0, 0), "kip-killagin": (0, 1)},
    )
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
