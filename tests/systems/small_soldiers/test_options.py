"""Table options: bad ones are refused with ``bad_options`` and the reason; every accepted one
gives a game whose first seat can act (issue 10, point 5)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.dice import Dice
from app.core.errors import BadOptions
from app.systems.small_soldiers import data
from app.systems.small_soldiers.battle import score

from .conftest import SYSTEM
from .random_play import random_steps

MODES = [
    {"players": 2},
    {"players": 4, "team_mode": "alternate"},
    {"players": 4, "team_mode": "team"},
    {"players": 4, "team_mode": "split"},
]


def refused(options: dict[str, Any], match: str) -> None:
    with pytest.raises(BadOptions, match=match) as err:
        SYSTEM.validate_options(options)
    assert err.value.code == "bad_options"


def test_dice_that_always_tie_are_refused():
    """How to Play 2: "Roll a die. Highest number goes first. A skull is higher than any number."
    All-skull dice tie every time: nobody would ever go first."""
    refused({"dice": {"faces": ["skull", "skull"]}}, "tie could never be broken")
    refused({"dice": {"faces": ["3", "03", "3"]}}, "tie could never be broken")
    SYSTEM.validate_options({"dice": {"faces": ["skull", "1"]}})


def test_a_spinner_without_a_number_is_refused():
    """Step 3: "If you spin a number: Move any one of your figures the full amount spun." A
    spinner without a number never moves a fighter, so no flag is ever captured."""
    refused({"spinner": {"segments": [{"kind": "draw"}, {"kind": "recruit"}]}}, "no 'move' segment")


def test_a_fighter_id_equal_to_a_flags_is_refused():
    """Contents: "6 Gorgonite figures and flag, 6 Commando Elite figures and flag": fighters
    and flags are distinct pieces, so their ids must differ."""
    fighters = data.default("fighters")
    fighters["armies"]["commandos"]["fighters"][1]["id"] = "flag-gorgonites"
    refused({"fighters": fighters}, "id of a flag")


@pytest.mark.parametrize("mode", MODES)
def test_a_deck_too_small_for_the_hands_is_refused_in_every_mode(mode):
    """Advanced Rules: "you and your opponent are each dealt a 5-card hand": the deck must hold
    ten cards, with two players or four."""
    deck = {"cards": [{"type": "weapon", "bonus": 1, "name": "Weapon +1", "count": 9}]}
    refused({**mode, "advanced": True, "deck": deck}, "two hands of 5")
    SYSTEM.validate_options({**mode, "deck": deck})  # the basic game deals no hands
    deck["cards"][0]["count"] = 10
    state = SYSTEM.setup({**mode, "advanced": True, "deck": deck}, Dice("d"))
    assert state["deck"] == [] and all(len(h) == 5 for h in state["hands"].values())


def test_a_map_with_a_space_cut_off_is_refused():
    """Step 3: "Move from one adjacent space to another": a space that joins no other could
    never be reached (here the Commando flag, so no Gorgonite could capture it)."""
    m = data.default_map()
    m["cells"].append([20, 20])
    m["armies"]["commandos"]["flag"] = [20, 20]
    refused({"map": m}, "cannot be reached")


# --- a property over the options model ----------------------------------------------------------

FACES = ["1", "2", "3", "4", "5", "6", "01", "skull"]
SEGMENT = st.one_of(
    st.builds(lambda v: {"kind": "move", "value": v}, st.integers(1, 8)),
    st.just({"kind": "draw"}),
    st.just({"kind": "recruit"}),
)
CARD = st.builds(
    lambda t, b, n: {"type": t, "bonus": b, "name": f"{t} {b}", "count": n},
    st.sampled_from(["weapon", "armor", "vehicle", "recall", "catapult"]),
    st.integers(0, 3),
    st.integers(0, 12),
)


@st.composite
def fighters_data(draw: st.DrawFn) -> dict[str, Any]:
    f = data.default("fighters")
    if draw(st.booleans()):
        army = draw(st.sampled_from(["gorgonites", "commandos"]))
        i = draw(st.integers(0, 5))
        f["armies"][army]["fighters"][i]["id"] = draw(
            st.sampled_from(["flag-gorgonites", "flag-commandos", "archer", "chip-hazard", "fresh-id"])
        )
    return f


OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "players": st.sampled_from([2, 4]),
        "team_mode": st.sampled_from(["alternate", "team", "split"]),
        "advanced": st.booleans(),
        "map_name": st.sampled_from(data.map_names()),
        "spinner": st.builds(lambda s: {"segments": s}, st.lists(SEGMENT, min_size=1, max_size=6)),
        "deck": st.builds(lambda c: {"cards": c}, st.lists(CARD, min_size=1, max_size=4)),
        "dice": st.builds(
            lambda f, t: {"faces": f, "battle_tie": t},
            st.lists(st.sampled_from(FACES), min_size=2, max_size=6),
            st.sampled_from(["reroll", "defender", "attacker"]),
        ),
        "fighters": fighters_data(),
    },
)


def problems(options: dict[str, Any]) -> list[str]:
    """What the rules say is wrong with these options (an oracle written from the text)."""
    out = []
    faces = (options.get("dice") or data.default("dice"))["faces"]
    if len({score(f) for f in faces}) < 2:
        out.append("dice")
    if not any(s["kind"] == "move" for s in (options.get("spinner") or data.default("spinner"))["segments"]):
        out.append("spinner")
    ids = [
        f["id"] for a in (options.get("fighters") or data.default("fighters"))["armies"].values() for f in a["fighters"]
    ]
    if len(set(ids)) < len(ids) or {"flag-gorgonites", "flag-commandos"} & set(ids):
        out.append("ids")
    size = sum(c["count"] for c in (options.get("deck") or data.default("deck"))["cards"])
    if not 1 <= size <= 120 or (options.get("advanced") and size < 10):
        out.append("deck")
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 10**6))
def test_options_are_refused_with_a_reason_or_give_a_game_the_first_seat_can_play(options, seed):
    raw = copy.deepcopy(options)
    wrong = problems(options)
    try:
        SYSTEM.validate_options(raw)
    except BadOptions as err:
        assert wrong, f"refused valid options: {err}"
        assert err.code == "bad_options" and err.message
        return
    assert not wrong, f"accepted options with {wrong}"
    # the seats that must act first (deploy), then the opening roll and the first turns: each
    # has a listed legal action, and apply accepts it (random_steps asserts both)
    turns = 0
    for _seat, action, _state in random_steps(seed, options, limit=200):
        turns += action["kind"] == "spin"
        if turns == 3:
            break
    assert turns == 3 or SYSTEM.outcome(_state)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=60, deadline=None)
@given(raw=st.dictionaries(st.sampled_from([*SYSTEM.options_model.model_fields, "junk"]), JSON, max_size=4))
def test_malformed_options_are_refused_never_a_crash(raw):
    try:
        options = SYSTEM.validate_options(raw)
    except BadOptions as err:
        assert err.code == "bad_options"
        return
    assert SYSTEM.legal_actions(SYSTEM.setup(options, Dice("m")), SYSTEM.seats(options)[0])
