"""Issue 10: table options either make a game that can be played or are refused as
``bad_options`` with the reason; never a crash at setup, never a game stuck at its start."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from app.core.dice import Dice
from app.core.errors import BadOptions, WarboardError
from app.systems.gkr.data import weapon_table
from tests.systems.gkr.helpers import GKR


def test_a_deal_larger_than_the_sponsor_pile_is_bad_options():
    """BLB text: "Shuffle the 5 Big Little Buddy Sponsor Cards into the Sponsor Card Draw Pile":
    30 cards, so 10 each for 4 players cannot be dealt (this answered HTTP 500)."""
    with pytest.raises(BadOptions) as err:
        GKR.validate_options({"players": 4, "rules": {"sponsor_cards_at_start": 10}})
    assert err.value.code == "bad_options" and "sponsor pile holds 30" in err.value.message
    GKR.setup(GKR.validate_options({"players": 4, "rules": {"sponsor_cards_at_start": 7}}), Dice("x"))
    with pytest.raises(BadOptions):
        GKR.validate_options(
            {
                "players": 2,
                "factions": ["diamondback", "king-wolf", "hammerstrike", "thunderhappy"],
                "rules": {"sponsor_cards_at_start": 8},
            }
        )


SCHEMA = GKR.describe()["options"]
#: keys of the free-form dicts whose names the schema does not list
KEYS = {"weapon_overrides": [*sorted(weapon_table()), "nobody/gun"]}


def from_schema(prop: dict, name: str = "") -> st.SearchStrategy:
    """Values for one schema property: mostly inside its bounds, sometimes one step outside
    (or an unknown name), and its default as it is, so that valid and invalid options both come."""
    if "$ref" in prop:
        prop = {**SCHEMA["$defs"][prop["$ref"].rsplit("/", 1)[-1]], **prop}
        prop.pop("$ref")
    if "anyOf" in prop:
        return st.one_of([from_schema(p, name) for p in prop["anyOf"]])
    kind = prop.get("type")
    if "enum" in prop:
        values = st.sampled_from([*prop["enum"], "bogus"])
    elif kind == "integer":
        values = st.integers(prop.get("minimum", 0) - 1, prop.get("maximum", 10) + 1)
    elif kind == "boolean":
        values = st.booleans()
    elif kind == "null":
        values = st.none()
    elif kind == "string":
        values = st.text(max_size=8)
    elif kind == "array":
        values = st.lists(
            from_schema(prop["items"], name),
            min_size=max(0, prop.get("minItems", 0) - 1),
            max_size=prop.get("maxItems", 4) + 1,
        )
    elif "properties" in prop:
        values = st.fixed_dictionaries({}, optional={k: from_schema(v, k) for k, v in prop["properties"].items()})
    else:
        keys = prop.get("propertyNames", {}).get("enum")
        values = st.dictionaries(
            st.sampled_from([*keys, "bogus"] if keys else KEYS[name]),
            from_schema(prop["additionalProperties"], name),
            max_size=3,
        )
    return st.one_of(st.just(prop["default"]), values) if prop.get("default") is not None else values


options = st.fixed_dictionaries({}, optional={k: from_schema(v, k) for k, v in SCHEMA["properties"].items()})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=options, seed=st.text(min_size=1, max_size=6), pick=st.integers(0, 10**6))
def test_options_make_a_playable_game_or_bad_options(raw, seed, pick):
    try:
        opts = GKR.validate_options(raw)
    except BadOptions:
        event("bad_options")
        return
    event("valid")
    state = GKR.setup(opts, Dice(seed))
    seat = GKR.view(state, None)["turn"]["active"][0]
    legal = GKR.legal_actions(state, seat)
    assert legal, "the first seat to act has something to do"
    action = legal[pick % len(legal)]
    try:
        GKR.apply(state, seat, GKR.parse_action(action), Dice(seed))
    except WarboardError as exc:  # pragma: no cover - shown if it ever happens
        raise AssertionError(f"{action} was listed as legal but refused: {exc.message}") from exc
