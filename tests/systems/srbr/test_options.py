"""Issue 10: table options are either refused with 400 ``bad_options`` and a reason, or give a
game that can start: the first seat to act has legal actions and ``apply`` accepts them."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.dice import Dice
from app.core.errors import BadOptions
from app.systems.srbr import pieces
from tests.systems.srbr.util import SYSTEM

SQUARE = [[0, 0], [8, 0], [8, 6], [0, 6]]
BOW_TIE = [[0, 0], [8, 6], [8, 0], [0, 6]]


def _part(pid: str, kind: str, q: int, move: str | None, attacks: list[str], points: int) -> dict[str, Any]:
    part: dict[str, Any] = {"id": pid, "name": pid.title(), "type": kind, "points": points, "q": q, "attacks": attacks}
    if move:
        part["move"] = move
    return part


parts = st.lists(
    st.builds(
        _part,
        st.sampled_from(["legs", "arms", "torso", "wings", "gun"]),
        st.sampled_from(["legs", "arms", "torso", "wings", "weapon"]),
        st.integers(0, 8),
        st.sampled_from([None, "S", "M", "L"]),
        st.lists(st.sampled_from(["punch", "kick", "shoot", "laser"]), max_size=2, unique=True),
        st.integers(0, 40),
    ),
    min_size=0,
    max_size=4,
    unique_by=lambda p: p["id"],
)
designs = st.lists(
    st.builds(
        lambda mid, base, form, ps: {"id": mid, "name": mid.title(), "base": base, "form": form, "parts": ps},
        st.sampled_from(["oni", "kappa", "kabuto"]),
        st.floats(0.2, 25, allow_nan=False),
        st.sampled_from(["biped", "vehicle", "non_humanoid"]),
        parts,
    ),
    max_size=2,
    unique_by=lambda m: m["id"],
)


def _piece(tid: str, kind: str, x: float, y: float, shape: list[list[float]]) -> dict[str, Any]:
    return {"id": tid, "type": kind, "polygon": [[x + a, y + b] for a, b in shape]}


terrain = st.one_of(
    st.none(),
    st.lists(
        st.builds(
            _piece,
            st.sampled_from(["b1", "b2", "h", "p1-kabuto"]),
            st.sampled_from(["building", "rubble", "hill"]),
            st.floats(0, 110),
            st.floats(0, 110),
            st.sampled_from([SQUARE, SQUARE, BOW_TIE, [[0, 0], [4, 4], [8, 8]]]),
        ),
        max_size=4,
    ),
)
overrides = st.sampled_from(
    [
        {},
        {"initiative": {"method": "fixed"}},
        {"health": {"track": ["red"]}},
        {"deployment": {"edge_offset_stick": "L", "zone_depth_stick": "S"}},
        {"anchors": {"vehicle": [2.0, 2.0]}},
        {"table": {"large_when_mechas_per_player_over": 0}},
        {"activation": {"activations_per_part_per_turn": 0, "failures_end_turn": 0}},
        {"combat": {"recoil": {"distance": "base"}}},
        {"reaction": {"offer_order": "x"}},
    ]
)
options = st.fixed_dictionaries(
    {},
    optional={
        "players": st.sampled_from([2, 3, 4, 2, 1, 5]),
        "scale": st.sampled_from(["25-28mm", "40mm+", "huge"]),
        "table": st.sampled_from(["auto", "90", "120"]),
        "forces": st.dictionaries(
            st.sampled_from(["p1", "p2", "p3", "p4"]),
            st.lists(
                st.sampled_from(["kabuto", "raijin", "gamera", "tetsu", "oni", "kappa", "nobody"]),
                min_size=1,
                max_size=9,
            ),
        ),
        "mechas": designs,
        "deployment": st.sampled_from(["auto", "players"]),
        "point_limit": st.one_of(st.none(), st.integers(1, 300)),
        "terrain": terrain,
        "rules": overrides,
        "manual": st.fixed_dictionaries(
            {}, optional={k: st.booleans() for k in ("health", "turn_end", "malfunction", "combat", "victory")}
        ),
    },
)


def surely_bad(raw: dict[str, Any]) -> str | None:
    """A problem the options certainly have, or None when they may be fine."""
    if raw.get("players", 2) not in (2, 3, 4):
        return "players"
    if any(
        t["polygon"][1] in ([a + t["polygon"][0][0], b + t["polygon"][0][1]] for a, b in (BOW_TIE[1], [4, 4]))
        for t in raw.get("terrain") or []
    ):
        return "terrain outline"
    if any(not 2 <= p["q"] <= 6 for m in raw.get("mechas", []) for p in m["parts"]):
        return "quality"
    return None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options)
def test_options_are_refused_with_a_reason_or_give_a_game_that_starts(raw: dict[str, Any]) -> None:
    bad = surely_bad(raw)
    try:
        opts = SYSTEM.validate_options(raw)
    except BadOptions as exc:
        assert exc.code == "bad_options" and exc.message
        return
    assert bad is None, f"accepted options with a bad {bad}"
    state = SYSTEM.setup(opts, Dice("options"))
    live = list(state["mechas"].values())
    walls = [shape for _, shape in pieces.buildings(state)]
    for i, a in enumerate(live):  # nothing starts on top of anything else
        assert not any(pieces.shape(a).intersection(w).area > 0.01 for w in walls), a["id"]
        assert all(not pieces.shape(a).intersection(pieces.shape(b)).area for b in live[i + 1 :])
    seat = SYSTEM.view(state, None)["turn"]["active"][0]
    legal = SYSTEM.legal_actions(state, seat)
    assert legal, f"{seat} has nothing to do"
    for raw_action in legal:
        SYSTEM.apply(state, seat, SYSTEM.parse_action(raw_action), Dice("first"))


@pytest.mark.parametrize(
    "terrain",
    [
        [{"id": "x", "type": "building", "polygon": BOW_TIE}],
        [{"id": "x", "type": "hill", "polygon": [[0, 0], [4, 4], [8, 8]]}],
        [{"id": "x", "type": "building", "polygon": SQUARE}, {"id": "x", "type": "hill", "polygon": SQUARE}],
    ],
)
def test_bad_terrain_is_refused_with_shapely_s_reason(terrain: list[dict[str, Any]]) -> None:
    with pytest.raises(BadOptions) as err:
        SYSTEM.validate_options({"terrain": terrain})
    assert "terrain" in err.value.message


def test_a_bow_tie_building_names_the_crossing() -> None:
    with pytest.raises(BadOptions) as err:
        SYSTEM.validate_options({"terrain": [{"id": "x", "type": "building", "polygon": BOW_TIE}]})
    assert "Self-intersection" in err.value.message
