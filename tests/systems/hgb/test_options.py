"""Table options: bad options are refused with ``bad_options`` and a reason, never a 500, and every
game the options allow can make its first move (issue 10, point 5)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely import Polygon

from app.core.dice import Dice
from app.core.errors import BadOptions, IllegalAction, WarboardError
from app.systems.hgb import data
from tests.systems.hgb.play import SYSTEM, Table

BOW_TIE = [[10, 20], [14, 24], [14, 20], [10, 24]]  # two triangles meeting at (12, 22)


def test_a_bow_tie_building_in_the_options_is_refused_with_the_reason():
    """Rulebook, Setup: "Boxes can be buildings ..." -- a piece of terrain is one solid outline; a
    self-crossing outline is no piece at all and must not be silently cut to one of its halves."""
    with pytest.raises(BadOptions) as err:
        SYSTEM.validate_options({"terrain": [{"id": "b", "type": "building", "polygon": BOW_TIE}]})
    assert err.value.code == "bad_options" and "Self-intersection at (12, 22)" in err.value.message


def test_a_bow_tie_placed_during_the_terrain_phase_is_refused():
    t = Table({"map": "open"})
    with pytest.raises(IllegalAction) as err:
        t.act("north", {"kind": "place_terrain", "id": "b", "type": "building", "polygon": BOW_TIE})
    assert err.value.code == "bad_terrain" and "Self-intersection" in err.value.message
    assert t.state["board"]["terrain"] == []


@pytest.mark.parametrize(
    "terrain, words",
    [
        ([{"id": "x", "type": "rough", "polygon": [[47, 1], [49, 1], [48, 3]]}], "reaches off the 48 inch table"),
        ([{"id": "x", "type": "rough", "polygon": [[1, 1], [2, 2], [3, 3]]}], "not a simple polygon"),
        (
            [
                {"id": "x", "type": "rough", "polygon": [[1, 1], [3, 1], [3, 3]]},
                {"id": "x", "type": "forest", "polygon": [[5, 1], [7, 1], [7, 3]]},
            ],
            "share one id",
        ),
    ],
)
def test_option_terrain_gets_the_checks_of_placed_terrain(terrain, words):
    with pytest.raises(BadOptions) as err:
        SYSTEM.validate_options({"terrain": terrain})
    assert words in err.value.message


def _pieces(n: int, corners: int) -> list[dict]:
    """``n`` small forest pieces of ``corners`` corners each, each a regular polygon in a grid."""
    import math

    return [
        {
            "id": f"f{i}",
            "type": "forest",
            "polygon": [
                [
                    round(1.5 + (i % 15) * 3 + math.cos(2 * math.pi * k / corners), 3),
                    round(1.5 + (i // 15) * 3 + math.sin(2 * math.pi * k / corners), 3),
                ]
                for k in range(corners)
            ],
        }
        for i in range(n)
    ]


def test_a_table_holds_terrain_of_at_most_max_corners_corners():
    """Warboard: every cover and movement check works through the terrain's corners, so a table's
    terrain has at most MAX_CORNERS of them in all; options over it are refused by their count
    (``bad_options``) before any outline is built, and so is a placed piece that would pass it."""
    from app.systems.hgb.board import MAX_CORNERS

    assert SYSTEM.validate_options({"terrain": _pieces(MAX_CORNERS // 20, 20)})["terrain"]
    bow_ties = [{"id": f"b{i}", "type": "rough", "polygon": BOW_TIE * 16} for i in range(40)]  # 2,560 corners
    with pytest.raises(BadOptions) as err:
        SYSTEM.validate_options({"terrain": bow_ties})
    assert err.value.code == "bad_options"
    assert err.value.message == (
        f"Custom terrain: A table's terrain has at most {MAX_CORNERS:,} corners in all "
        "(outlines of up to 64 corners each); this has 2,560"
    )
    t = Table({"map": "open", "terrain": _pieces(MAX_CORNERS // 20, 20)})
    piece = _pieces(MAX_CORNERS // 20 + 1, 20)[-1]
    with pytest.raises(IllegalAction) as placed:
        t.act("north", {"kind": "place_terrain", **piece, "polygon": piece["polygon"][:3]})
    assert placed.value.code == "too_much_terrain" and f"{MAX_CORNERS + 3:,}" in placed.value.message
    assert len(t.state["board"]["terrain"]) == MAX_CORNERS // 20


def test_the_ready_made_maps_pass_the_same_checks():
    from app.systems.hgb.board import terrain_problem

    for name, m in data.maps().items():
        assert terrain_problem(m["terrain"]) is None, name


# --- property: any options either validate and play, or are refused with bad_options -----------

coord = st.floats(-2, 50, allow_nan=False, allow_infinity=False)
pieces = st.lists(
    st.builds(
        lambda i, k, poly, lvl: {"id": f"t{i}", "type": k, "polygon": poly, "level": lvl},
        st.integers(0, 3),
        st.sampled_from(["rough", "sandy", "forest", "hill", "building", "wall"]),
        st.lists(st.lists(coord, min_size=2, max_size=2), min_size=3, max_size=6),
        st.integers(0, 3),
    ),
    max_size=3,
)
force = st.one_of(st.none(), st.builds(lambda f: {"faction": f}, st.sampled_from(["north", "south", "peace_river"])))
rules = st.fixed_dictionaries(
    {},
    optional={
        "base_radius": st.floats(0.05, 3.5),
        "eye_height": st.floats(-1, 3),
        "start_speed": st.sampled_from(["stationary", "combat", "full", "warp"]),
    },
)


def _expected_bad(options):
    """An independent oracle for the generated options: which ones the rules must refuse."""
    terrain = options.get("terrain") or []
    ids = [t["id"] for t in terrain]
    if len(set(ids)) != len(ids):
        return True
    for t in terrain:
        poly = Polygon(t["polygon"])
        if not poly.is_valid or poly.area <= 1e-9 or any(not 0 <= v <= 48 for xy in t["polygon"] for v in xy):
            return True
    r = options.get("data", {}).get("rules", {})
    return (
        not 0 < r.get("base_radius", 0.5) <= 3
        or not 0 <= r.get("eye_height", 1) <= 10
        or r.get("start_speed", "combat") == "warp"
    )


def _first_applies(state, seat, dice):
    """The first entry of legal_actions is a complete action that apply accepts."""
    first = SYSTEM.legal_actions(state, seat)[0]
    state, _ = SYSTEM.apply(state, seat, SYSTEM.parse_action(first), dice)
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "north": force,
            "south": force,
            "map": st.sampled_from(list(data.maps())),
            "terrain": st.one_of(st.none(), pieces),
            "designation": st.sampled_from(["rulebook", "translator"]),
            "data": st.fixed_dictionaries({"rules": rules}),
        },
    )
)
def test_options_either_play_or_are_refused_with_bad_options(options):
    options = {k: v for k, v in options.items() if v is not None or k == "terrain"}
    bad = _expected_bad(options)
    try:
        valid = SYSTEM.validate_options(options)
    except BadOptions as err:
        assert bad, err.message
        assert err.code == "bad_options" and err.message
        return
    except WarboardError as err:  # anything else would be a 500 or a wrong code
        raise AssertionError(f"{err.code}: {err.message}") from None
    assert not bad, options
    dice = Dice("options")
    state = SYSTEM.setup(valid, dice)
    for _ in range(5):  # terrain ready x2, deployment ready x2 (waiting models deployed), initiative
        seat = next(
            s for s in ("north", "south") if SYSTEM.legal_actions(state, s)[0]["kind"] not in ("agree_end", "concede")
        )
        state = _first_applies(state, seat, dice)
    assert state["phase"] == "activation"
    _first_applies(state, state["to_activate"], dice)  # the first move of the game proper


def test_ready_deploys_a_waiting_model_next_to_terrain_that_covers_its_place():
    """Rulebook, Setup: players "place their Gears no more than 1 foot (30 cm) from their own table
    edge"; a building over the waiting row must not leave the game unable to start."""
    wall_to_wall = {"id": "b", "type": "building", "polygon": [[0, 4], [48, 4], [48, 8], [0, 8]]}
    t = Table({"terrain": [wall_to_wall]})
    for seat in ("north", "south", "north", "south"):
        t.act(seat, {"kind": "ready"})
    assert t.state["phase"] == "initiative"
    assert all(
        m["status"] == "active" and not 3.6 < m["y"] < 8.4 for m in t.state["models"].values() if m["seat"] == "north"
    )
