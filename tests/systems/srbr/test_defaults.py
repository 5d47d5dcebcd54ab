"""Each Warboard default can be edited by the host; bad input never escapes as a crash."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.errors import WarboardError
from tests.kit.dice import ScriptedDice
from tests.systems.srbr.util import SYSTEM, act, damage_part, kinds, new_game, open_table, place, winners

FIXED = {"initiative": {"method": "fixed"}}


def duel(rules: dict[str, Any] | None = None, **options: Any) -> dict[str, Any]:
    state = open_table(new_game({"rules": {**FIXED, **(rules or {})}, **options}))
    state = place(state, "p1-kabuto", 40, 40, 0)
    return place(state, "p2-gamera", 44.5, 40, 180)


def test_reaction_dice_and_actions_are_editable() -> None:
    state = duel({"reaction": {"dice": 2, "actions_per_success": 2}})
    state = {
        **state,
        "mechas": {
            **state["mechas"],
            "p1-kabuto": {
                **state["mechas"]["p1-kabuto"],
                "parts": [{**p, "damage": 1} for p in state["mechas"]["p1-kabuto"]["parts"]],
            },
        },
    }
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 1}, faces=[1])
    state, events = act(state, "p2", {"kind": "react", "mecha": "p2-gamera", "part": "tail"}, faces=[5, 6])
    assert len(events[0]["dice"]) == 2 and events[0]["actions"] == 4


def test_grapple_knocks_down_without_damage() -> None:
    state = duel()
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "arms", "dice": 1}, faces=[6])
    state, events = act(state, "p1", {"kind": "attack", "attack": "grapple", "target": "p2-gamera"}, faces=[6, 1])
    assert events[0]["effects"] == ["knock_down"] and "damaged" not in kinds(events)
    assert state["mechas"]["p2-gamera"]["status"] == "fallen"


def test_surgical_strike_aims_for_free_and_attack_modifiers_are_editable() -> None:
    state = open_table(
        new_game(
            {
                "rules": {**FIXED, "attack_types": {"shoot": {"modifier": 2}}},
                "forces": {"p1": ["tetsu"], "p2": ["kabuto"]},
            }
        )
    )
    state = place(state, "p1-tetsu", 40, 40, 0)
    state = place(state, "p2-kabuto", 48, 40, 180)
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-tetsu", "part": "turret", "dice": 2}, faces=[6, 6])
    state, events = act(
        state,
        "p1",
        {"kind": "attack", "attack": "surgical_strike", "target": "p2-kabuto", "target_part": "legs"},
        faces=[3, 3],
    )
    assert events[0]["attack_roll"]["modifiers"] == {}
    state, events = act(state, "p1", {"kind": "attack", "attack": "shoot", "target": "p2-kabuto"}, faces=[3, 3])
    assert events[0]["attack_roll"]["modifiers"] == {"attack_type": 2}


def weak_gamera(state: dict[str, Any]) -> dict[str, Any]:
    m = state["mechas"]["p2-gamera"]
    return {**state, "mechas": {**state["mechas"], "p2-gamera": {**m, "parts": [{**p, "c": 0} for p in m["parts"]]}}}


@pytest.mark.parametrize(
    "vital,aim,destroyed", [(["head"], "head", True), (["head"], "torso", False), (["torso"], "torso", True)]
)
def test_vital_parts_are_editable(vital: list[str], aim: str, destroyed: bool) -> None:
    state = weak_gamera(duel({"victory": {"vital_part_types": vital}}))
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "arms", "dice": 1}, faces=[6])
    state, events = act(
        state, "p1", {"kind": "attack", "attack": "punch", "target": "p2-gamera", "target_part": aim}, faces=[6, 1]
    )
    assert events[0]["result"] == "attacker_double"  # 6 + 3 - 1 = 8 against 1 + 0
    assert (state["mechas"]["p2-gamera"]["out"] == "destroyed") is destroyed


def test_anchor_offsets_are_editable() -> None:
    state = new_game({"rules": {**FIXED, "anchors": {"biped": [0.0, 1.0]}}})  # the right foot, at the rim
    assert state["mechas"]["p1-kabuto"]["anchor"] == [0.0, 2.0]


def test_health_track_is_editable() -> None:
    state = new_game({"rules": {**FIXED, "health": {"track": ["white"]}}})
    view = SYSTEM.view(state, None)
    assert view["defaults"]["health"]["track"] == ["white"]
    state = damage_part(state, "p1-kabuto", "legs", 1)
    assert SYSTEM.view(state, None)["mechas"]["p1-kabuto"]["parts"][3]["destroyed"]


def test_pricing_is_editable() -> None:
    from app.systems.srbr import data, profiles

    rules = data.merged({"pricing": {"per_combat": 0}})
    part = profiles.Part(id="a", name="A", type="arms", points=0, q=3, c=3)
    assert profiles.suggested_points(part, rules["pricing"]) == 10


def test_fixed_table_size_option() -> None:
    assert new_game({"table": "120"})["board"]["width"] == 120


def test_manual_out_record_ends_the_game_by_the_default_victory() -> None:
    """The active player records; the game ends once the last record can no longer be
    disputed (here when p1 ends the turn)."""
    state = duel(manual={"combat": True})
    state, _ = act(state, "p1", {"kind": "record", "mecha": "p2-gamera", "out": "destroyed"})
    assert SYSTEM.outcome(state) is None
    state, _events = act(state, "p1", {"kind": "record", "mecha": "p2-tetsu", "out": "fled"})
    assert SYSTEM.outcome(state) is None and state["record_undo"]["record"] == 1
    state, _events = act(state, "p1", {"kind": "end_turn"})
    assert winners(state) == ["p1"] and state["turn"]["phase"] == "over"
    assert [r["status"] for r in state["records"]] == ["closed", "closed"]


KINDS = [
    "activate",
    "move",
    "attack",
    "stand_up",
    "done",
    "end_turn",
    "react",
    "pass",
    "concede",
    "record",
    "record_terrain",
    "declare_result",
    "deploy",
    "ready",
    "bogus",
]
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 2000),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.sampled_from(["p1-kabuto", "p2-gamera", "legs", "arms", "punch", "b1", "p1", "torso"]),
)
raw_action = st.builds(
    lambda kind, fields: {"kind": kind, **fields},
    st.sampled_from(KINDS),
    st.dictionaries(
        st.sampled_from(
            [
                "mecha",
                "part",
                "dice",
                "x",
                "y",
                "facing",
                "flee",
                "attack",
                "target",
                "target_part",
                "damage",
                "status",
                "out",
                "winners",
                "terrain",
                "smashed",
                "note",
            ]
        ),
        junk,
        max_size=5,
    ),
)


def _midgame() -> list[dict[str, Any]]:
    from tests.systems.srbr.bot import play

    return [play("fuzz", limit=n)[0] for n in (0, 15, 40, 90)]


MIDGAME = _midgame()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(["p1", "p2"]), raw_action), max_size=8), st.booleans(), st.integers(0, 3))
def test_random_input_only_ever_raises_rule_errors(script: list[Any], manual: bool, start: int) -> None:
    state = MIDGAME[start]
    if manual:
        state = {
            **state,
            "options": {
                **state["options"],
                "manual": {"combat": True, "health": True, "victory": True, "turn_end": True},
            },
        }
    for seat, raw in script:
        try:
            action = SYSTEM.parse_action(raw)
            state, _ = SYSTEM.apply(state, seat, action, ScriptedDice(seed="fixed"))
        except WarboardError:
            continue
        SYSTEM.view(state, seat)


@pytest.mark.parametrize(
    "rules",
    [
        {"activation": {"failures_end_turn": "two"}},
        {"combat": {"results": {"close": [{"when": "tie", "effects": ["explode"]}]}}},
        {"attack_types": {"laser": {"mode": "ranged", "parts": ["head"], "range": "XL"}}},
        {"health": {"track": [["white"], ["white"]]}},
        {"health": {"track": []}},
        {"combat": {"recoil": {"distance": "base"}}},
        {"combat": {"hit_location": "random"}},
    ],
)
def test_broken_overrides_are_refused(rules: dict[str, Any]) -> None:
    from app.core.errors import BadOptions

    with pytest.raises(BadOptions):
        SYSTEM.validate_options({"rules": rules})


leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-8, 8),
    st.sampled_from(["S", "M", "L", "base", "close", "ranged", "white", "red", "damage", "legs", "roll", "tie"]),
    st.lists(st.sampled_from(["white", "yellow", "red", "damage", "knock_down", "arms"]), max_size=3),
)
AREA_KEYS = {
    "health": ["track"],
    "activation": ["failures_end_turn", "always_fail", "always_succeed", "activations_per_part_per_turn"],
    "reaction": ["dice", "actions_per_success"],
    "initiative": ["method"],
    "victory": ["vital_part_types"],
    "combat": ["modifiers", "recoil", "no_shooting_out_of_melee"],
    "attack_types": ["punch", "shoot", "laser"],
    "anchors": ["biped"],
    "pricing": ["per_combat"],
}
override = st.sampled_from(sorted(AREA_KEYS)).flatmap(
    lambda area: st.builds(
        lambda key, value: {area: {key: value}},
        st.sampled_from(AREA_KEYS[area]),
        st.one_of(
            leaf,
            st.dictionaries(
                st.sampled_from(["modifier", "mode", "parts", "range", "target_fallen", "distance"]), leaf, max_size=3
            ),
        ),
    )
)


@settings(max_examples=120, deadline=None)
@given(override)
def test_any_override_is_refused_cleanly_or_plays(rules: dict[str, Any]) -> None:
    from app.core.errors import BadOptions
    from tests.systems.srbr.bot import play

    try:
        SYSTEM.validate_options({"rules": rules})
    except BadOptions:
        return
    play("override", {"rules": rules}, limit=60)
