"""Random actions never crash the rules: each is applied or refused with a coded rule error."""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.dice import Dice
from app.core.errors import WarboardError
from tests.systems.hgb.play import SYSTEM
from tests.systems.hgb.scenario import battle

BASE = battle(
    {
        "n-cg1-3": (24, 10, 90),
        "n-cg2-3": (30, 10, 90),
        "n-cg2-k": (18, 10, 90),
        "s-cg1-3": (24, 22, 270),
        "s-cg2-1": (30, 24, 270),
        "s-cg2-k": (18, 24, 270),
    },
    {"map": "ridge"},
).state
MODELS = sorted(BASE["models"])
WEAPONS = ["LAC", "LRP", "HAC", "MRP", "HRP", "LGM", "APGL", "APM", "MBZK", "VB", "XX"]
xy = st.lists(st.floats(-2, 50, allow_nan=False), min_size=2, max_size=2)

actions = st.one_of(
    st.builds(
        lambda m, p, f: {"kind": "move", "model": m, "path": p, "facing": f},
        st.sampled_from(MODELS),
        st.lists(xy, min_size=1, max_size=3),
        st.floats(0, 359),
    ),
    st.builds(
        lambda m, w, t, i, s, f: {
            "kind": "attack",
            "model": m,
            "weapon": w,
            "target": t,
            "indirect": i,
            "sweep": s,
            "focus": f,
        },
        st.sampled_from(MODELS),
        st.sampled_from(WEAPONS),
        st.sampled_from([*MODELS, "nobody"]),
        st.booleans(),
        st.integers(0, 2),
        st.integers(0, 2),
    ),
    st.builds(
        lambda m, t: {"kind": "designate", "model": m, "target": t}, st.sampled_from(MODELS), st.sampled_from(MODELS)
    ),
    st.builds(
        lambda m, t: {"kind": "ecm", "model": m, "observer": t}, st.sampled_from(MODELS), st.sampled_from(MODELS)
    ),
    st.builds(
        lambda m, s, md, a: {"kind": "set_speed", "model": m, "speed": s, "mode": md, "autopilot": a},
        st.sampled_from(MODELS),
        st.sampled_from(["stationary", "combat", "full"]),
        st.sampled_from(["walker", "ground"]),
        st.booleans(),
    ),
    st.builds(lambda m, k: {"kind": "done", "model": m, "keep_action": k}, st.sampled_from(MODELS), st.booleans()),
    st.builds(lambda m, on: {"kind": "autopilot", "model": m, "on": on}, st.sampled_from(MODELS), st.booleans()),
    st.builds(
        lambda m, w, a, s, f: {"kind": "return_fire", "model": m, "weapon": w, "at": a, "sweep": s, "focus": f},
        st.sampled_from(MODELS),
        st.sampled_from(WEAPONS),
        st.integers(0, 8),
        st.integers(0, 1),
        st.integers(0, 1),
    ),
    st.sampled_from(
        [
            {"kind": "end_group"},
            {"kind": "pass"},
            {"kind": "choose_first", "seat": "north"},
            {"kind": "choose_first", "seat": "south"},
            {"kind": "ready"},
            {"kind": "activate_group", "group": "cg1"},
            {"kind": "activate_group", "group": "cg2"},
        ]
    ),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(st.sampled_from(["north", "south"]), actions), min_size=1, max_size=25), st.integers(0, 10**6)
)
def test_random_actions_are_applied_or_refused_cleanly(steps, seed):
    state = BASE
    dice = Dice(f"fuzz-{seed}")
    for seat, raw in steps:
        given, before = state, copy.deepcopy(state)
        try:
            action = SYSTEM.parse_action(raw)
            state, events = SYSTEM.apply(state, seat, action, dice)
        except WarboardError as err:
            assert err.code and err.message
            assert state == before
            continue
        assert given == before  # accepted: the new state shares only what no action changes
        json.dumps(state)
        json.dumps(events)
        for viewer in ("north", "south", None):
            json.dumps(SYSTEM.view(state, viewer))
        if SYSTEM.outcome(state):
            break


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.lists(st.floats(0, 48, allow_nan=False), min_size=2, max_size=2), min_size=3, max_size=7),
    st.sampled_from(["rough", "sandy", "forest", "hill", "building", "wall"]),
    st.integers(0, 3),
)
def test_any_terrain_polygon_is_placed_or_refused_and_never_breaks_the_game(poly, kind, level):
    from app.geometry.tabletop import Point
    from app.systems.hgb.movement import segment_cost
    from app.systems.hgb.sight import cover

    state = copy.deepcopy(BASE)
    state["phase"] = "terrain"
    raw = {"kind": "place_terrain", "id": "t", "type": kind, "polygon": poly, "level": level}
    try:
        state, _ = SYSTEM.apply(state, "north", SYSTEM.parse_action(raw), Dice("t"))
    except WarboardError as err:
        assert err.code
        return
    state["phase"] = "activation"
    a, b = state["models"]["n-cg1-3"], state["models"]["s-cg1-3"]
    assert cover(state, a, b)["category"] in ("open", "light", "partial", "full")
    assert segment_cost(state, Point(1, 1), Point(47, 47), "walker", "n-cg1-3") >= 0
