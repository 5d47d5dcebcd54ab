"""Rulebook, Movement: MP, terrain costs, climbing, speeds, modes and turning."""

import copy
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.errors import IllegalAction
from app.geometry.tabletop import Point
from app.systems.hgb.movement import segment_cost
from tests.kit.refused import refused
from tests.systems.hgb.scenario import act, battle, by_kind

ROUGH = {"id": "r", "type": "rough", "polygon": [[12, 15], [14, 15], [14, 25], [12, 25]]}
SAND = {"id": "s", "type": "sandy", "polygon": [[12, 15], [14, 15], [14, 25], [12, 25]]}
HILL = {"id": "h", "type": "hill", "level": 1, "polygon": [[12, 15], [20, 15], [20, 25], [12, 25]]}
BUNKER = {"id": "b", "type": "building", "level": 3, "polygon": [[12, 18], [14, 18], [14, 22], [12, 22]]}
HUNTER = "n-cg1-3"


_BASE = battle({HUNTER: (10, 20, 0), "s-cg1-3": (40, 40, 270)})


def table(terrain=()):
    """A copy of the base scenario (Hunter 3 at (10, 20) facing east) with this terrain."""
    t = copy.copy(_BASE)
    t.state = copy.deepcopy(_BASE.state)
    t.log = []
    t.state["board"]["terrain"] = [dict(p) for p in terrain]
    return t


def move(t, path, facing=None, model=HUNTER):
    raw = {"kind": "move", "model": model, "path": path}
    if facing is not None:
        raw["facing"] = facing
    return by_kind(act(t, "north", raw), "moved")[0]


def test_open_ground_costs_one_mp_an_inch_and_reports_each_point():
    t = table()
    ev = move(t, [[12, 20], [14, 20]])
    assert ev["mp"] == [2.0, 4.0] and ev["mp_left"] == 0
    with refused("not_enough_mp"):
        move(t, [[14.5, 20]])


@pytest.mark.parametrize(
    "mode,piece,cost",
    [
        ("walker", ROUGH, 2 + 2 * 2),
        ("ground", ROUGH, 2 + 2 * 3),
        ("walker", SAND, 2 + 2 * 3),
        ("ground", SAND, 2 + 2 * 2),
    ],
)
def test_terrain_table(mode, piece, cost):
    t = table([piece])
    assert math.isclose(segment_cost(t.state, Point(10, 20), Point(14, 20), mode, HUNTER), cost)


def test_climbing_two_mp_and_descending_one_on_top_of_terrain():
    t = table([HILL])
    assert math.isclose(segment_cost(t.state, Point(10, 20), Point(14, 20), "walker", HUNTER), 4 + 2)
    assert math.isclose(segment_cost(t.state, Point(14, 20), Point(10, 20), "walker", HUNTER), 4 + 1)
    with pytest.raises(IllegalAction):
        move(t, [[14, 20]])  # 6 MP at Combat Speed (4 MP)


def test_buildings_are_impassable_and_the_table_has_edges():
    t = table([BUNKER])
    with refused("impassable"):
        move(t, [[14, 20]])
    t = battle({HUNTER: (1, 20, 180), "s-cg1-3": (40, 40, 270)})
    with refused("off_board"):
        move(t, [[-1, 20]])


def test_ground_mode_moves_forward_with_a_free_60_degree_turn_every_2_inches():
    t = table()
    act(t, "north", {"kind": "set_speed", "model": HUNTER, "speed": "combat", "mode": "ground"})
    with refused("illegal_turn"):
        move(t, [[10, 22]])  # sideways: not forward
    with pytest.raises(IllegalAction):
        move(t, [[11, 20], [11 + 0.5, 20 + math.sqrt(3) / 2]])  # turn after 1 inch
    ev = move(t, [[12, 20], [13, 20 + math.sqrt(3)]])  # 60 degrees after 2 inches
    assert math.isclose(ev["facing"], 60, abs_tol=1e-6)
    with pytest.raises(IllegalAction):
        move(
            t,
            [[13 - 1, 20 + math.sqrt(3) + math.sqrt(3) * 2]],
        )  # 120 more needs 2 turns, 1 left


def test_walker_combat_speed_moves_and_turns_freely():
    t = table()
    ev = move(t, [[10, 22], [9, 22]], facing=200)
    assert ev["facing"] == 200


def test_stationary_moves_up_to_one_inch():
    t = table()
    act(t, "north", {"kind": "set_speed", "model": HUNTER, "speed": "stationary"})
    with pytest.raises(IllegalAction):
        move(t, [[11.5, 20]])
    assert move(t, [[10, 20.8]], facing=45)["facing"] == 45


def test_speed_changes_one_level_once_before_moving():
    t = table()
    t.state["models"][HUNTER]["speed"] = "full"
    with refused("illegal_speed"):
        act(t, "north", {"kind": "set_speed", "model": HUNTER, "speed": "stationary"})
    act(t, "north", {"kind": "set_speed", "model": HUNTER, "speed": "combat"})
    with pytest.raises(IllegalAction):
        act(t, "north", {"kind": "set_speed", "model": HUNTER, "speed": "full"})


def test_heavy_damage_forbids_full_speed():
    t = table()
    t.state["models"][HUNTER]["crossed"] = 4
    with pytest.raises(IllegalAction, match="Full Speed"):
        act(t, "north", {"kind": "set_speed", "model": HUNTER, "speed": "full"})


def test_full_speed_costs_the_action_and_needs_combat_mp():
    t = table()
    act(t, "north", {"kind": "set_speed", "model": HUNTER, "speed": "full"})
    move(t, [[12, 20]])
    with refused("no_action"):
        act(t, "north", {"kind": "attack", "model": HUNTER, "weapon": "LAC", "target": "s-cg1-3"})
    used = by_kind(act(t, "north", {"kind": "done", "model": HUNTER}), "model_used")[0]
    assert used["speed"] == "combat"  # 2 MP spent < 4 MP at Combat Speed


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.floats(2, 46), st.floats(2, 46)), min_size=1, max_size=4))
def test_open_ground_cost_is_the_path_length(points):
    t = table()
    here = Point(10, 20)
    total = 0.0
    for x, y in points:
        total += segment_cost(t.state, here, Point(x, y), "walker", HUNTER)
        here2 = Point(x, y)
        assert math.isclose(segment_cost(t.state, here, here2, "walker", HUNTER), math.dist((here.x, here.y), (x, y)))
        here = here2


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["rough", "sandy", "forest"]),
    st.sampled_from(["walker", "ground"]),
    st.floats(11, 30),
    st.floats(0.5, 10),
    st.floats(2, 46),
    st.floats(2, 46),
)
def test_terrain_cost_between_length_and_three_times_length(kind, mode, x0, w, x, y):
    piece = {"id": "p", "type": kind, "polygon": [[x0, 5], [x0 + w, 5], [x0 + w, 40], [x0, 40]]}
    t = table([piece])
    length = math.dist((10, 20), (x, y))
    cost = segment_cost(t.state, Point(10, 20), Point(x, y), mode, HUNTER)
    assert length - 1e-9 <= cost <= 3 * length + 1e-9


def test_mp_after_each_point_never_decreases():
    t = table([ROUGH, HILL])
    act(t, "north", {"kind": "set_speed", "model": HUNTER, "speed": "full"})
    ev = move(t, [[11, 20], [12, 20], [12.5, 20]])
    assert ev["mp"] == sorted(ev["mp"]) and ev["mp"][-1] <= 7


def test_small_wobbles_do_not_add_up_to_a_free_turn():
    t = table()
    act(t, "north", {"kind": "set_speed", "model": HUNTER, "speed": "combat", "mode": "ground"})
    path, x, y, heading = [], 10.0, 20.0, 0.0
    for _ in range(10):  # ten 4-degree bends within one inch: 40 degrees in all, no turn earned
        heading += 4
        x += 0.1 * math.cos(math.radians(heading))
        y += 0.1 * math.sin(math.radians(heading))
        path.append([x, y])
    with refused("illegal_turn"):
        move(t, path)


def test_numbers_shown_to_players_are_what_a_tape_measure_reads():
    """Translator's clarifications, Measuring distances: "All measurements are in inches ... you must
    immediately share the result of the measurement with your opponent." What is shared (events and
    views) is read to 0.1 inch, as on a tape measure; the rules keep full precision inside."""
    from app.systems.hgb.view import targets
    from tests.systems.hgb.scenario import act, battle, by_kind

    t = battle({"n-cg1-3": (24, 10, 90), "s-cg1-3": (27.3, 21.7, 270)})
    ev = by_kind(act(t, "north", {"kind": "move", "model": "n-cg1-3", "path": [[25, 11.5], [25.2, 13.1]]}), "moved")[0]
    shown = [*ev["mp"], ev["mp_left"]]
    card = next(c for c in t.view("north")["cards"] if c["id"] == "n-cg1-3")
    shown += [card["mp_spent"], card["moved_inches"], card["mp_now"]]
    shown += [x["distance"] for x in targets(t.state, t.state["models"]["n-cg1-3"])]
    aim = act(t, "north", {"kind": "aim", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"})[0]
    shown.append(aim["distance"])
    assert all(round(v, 1) == v for v in shown), shown
    assert ev["mp_left"] == round(4 - math.dist([24, 10], [25, 11.5]) - math.dist([25, 11.5], [25.2, 13.1]), 1)
    assert t.state["models"]["n-cg1-3"]["moved"]["mp"] != card["mp_spent"]  # full precision inside
