"""Refusals name terrain and models the way the table shows them: a piece's label or type and
where it lies to the inch, never an internal id like "t-mx31g3of"; the codes stay as they were."""

import re

import pytest

from app.core.errors import BadOptions, IllegalAction, NotYourTurn, WarboardError
from app.systems.hgb.board import piece_problem, terrain_name
from tests.systems.hgb.play import SYSTEM, Table, deploy_all
from tests.systems.hgb.test_movement import BUNKER, move, table

SIDES = {"north": "Northern", "south": "Southern"}


def test_terrain_is_named_by_label_or_type_and_place():
    assert (
        terrain_name({"id": "t-mx31g3of", "type": "forest", "polygon": [[10, 10], [14, 10], [14, 14], [10, 14]]})
        == "The forest near 12 in from the West edge, 12 in from the North edge"
    )
    assert (
        terrain_name({"id": "t-1", "type": "hill", "level": 2, "label": "Ridge", "polygon": [[0, 0], [6, 0], [6, 3]]})
        == "Ridge (hill), level 2, near 4 in from the West edge, 1 in from the North edge"
    )


def test_an_off_table_piece_is_refused_without_its_id():
    piece = {"id": "t-mx31g3of", "type": "rough", "polygon": [[47, 1], [49, 1], [48, 3]]}
    code, message = piece_problem(piece) or ("", "")
    assert code == "off_board" and "t-mx31g3of" not in message
    assert message.startswith("The rough near 48 in from the West edge, 2 in from the North edge reaches off")
    with pytest.raises(BadOptions) as err:
        SYSTEM.validate_options({"terrain": [piece]})
    assert "t-mx31g3of" not in err.value.message
    t = Table({"map": "open"})
    with pytest.raises(IllegalAction) as placed:
        t.act("north", {"kind": "place_terrain", "id": "t-mx31g3of", "type": "rough", "polygon": piece["polygon"]})
    assert placed.value.code == "off_board" and "t-mx31g3of" not in placed.value.message


def test_a_move_through_a_building_names_the_building_not_its_id():
    with pytest.raises(IllegalAction) as err:
        move(table([BUNKER]), [[14, 20]])
    assert err.value.code == "impassable"
    assert (
        "the building, level 3, near 13 in from the West edge, 20 in" in err.value.message
        and "(b)" not in err.value.message
    )


# --- words, not ids (issue 25): seats by faction, groups by name, places in inches -----------------
def _no_ids(message: str) -> None:
    assert not re.search(r"\b(north|south|cg\d|[ns]-cg\d-\w+)\b|\(\s*-?\d+(\.\d+)?,\s*-?\d+|'", message), message


def test_refusals_name_sides_groups_and_places_in_words():
    t = Table({"map": "open"})
    deploy_all(t)
    first = t.state["initiative"]["winner"]
    second = "south" if first == "north" else "north"
    with pytest.raises(NotYourTurn) as waiting:
        t.act(second, {"kind": "choose_first", "seat": second})
    assert waiting.value.message == f"{SIDES[first]} won the initiative and chooses who goes first"
    t.act(first, {"kind": "choose_first", "seat": first})
    with pytest.raises(NotYourTurn) as turn:
        t.act(second, {"kind": "activate_group", "group": "cg1"})
    assert turn.value.message == f"It is {SIDES[first]}'s turn to activate a Combat Group"
    t.act(first, {"kind": "activate_group", "group": "cg1"})
    mine = next(m for m in t.state["models"].values() if m["seat"] == first and m["group"] == "cg2")
    theirs = next(m for m in t.state["models"].values() if m["seat"] == second)
    refusals = []
    for action in (
        {"kind": "activate_group", "group": "cg2"},
        {"kind": "done", "model": mine["id"]},
        {"kind": "set_speed", "model": theirs["id"], "speed": "combat", "mode": "walker"},
        {"kind": "deploy", "model": mine["id"], "x": 1, "y": 1, "facing": 0},
        {"kind": "choose_first", "seat": first},
    ):
        with pytest.raises(WarboardError) as err:
            t.act(first, action)
        refusals.append(err.value.message)
        _no_ids(err.value.message)
    assert refusals[0].startswith("The General Purpose Squad"), refusals
    assert "is still activating" in refusals[0]
    assert f"fights for {SIDES[second]}" in refusals[2]
    assert refusals[3] == "Deploying: not possible now, during the activation phase"
    acting = next(m for m in t.state["models"].values() if m["seat"] == first and m["group"] == "cg1")
    with pytest.raises(IllegalAction) as far:
        t.act(first, {"kind": "move", "model": acting["id"], "path": [[acting["x"], acting["y"] + 30]]})
    _no_ids(far.value.message)
    assert " in from the West edge, " in far.value.message


def test_a_concession_names_the_side():
    t = Table({"map": "open"})
    t.act("south", {"kind": "concede"})
    assert t.state["result"] == {"winners": ["north"], "reason": "Southern conceded"}
    assert SYSTEM.seat_label("south", t.state["options"]) == "Southern"
    assert SYSTEM.seat_label("south", {"north": {"faction": "south"}, "south": {"faction": "south"}}) == (
        "Southern, South edge"
    )


def _refusal_scan(seed: int, steps: int) -> dict[str, set[str]]:
    """Every refusal of the generated candidates (``test_legal_property``) along a seeded random
    game, by the words it says: message -> the codes it came with."""
    import random

    from app.bots.local import random_player
    from app.core.dice import Dice
    from app.systems.hgb.turns import active_seats
    from tests.systems.hgb.test_legal_property import _candidates

    dice = Dice(f"refusals-{seed}")
    state = SYSTEM.setup(SYSTEM.validate_options({"map": "ridge"}), dice)
    rng = random.Random(seed)
    said: dict[str, set[str]] = {}
    for step in range(steps):
        if SYSTEM.outcome(state):
            break
        for seat in ("north", "south"):
            junk = [
                {"kind": "remove_terrain", "id": "t-zz"},
                {"kind": "activate_group", "group": "cg9"},
                {"kind": "move", "model": "ghost", "path": [[1, 1]]},
                {"kind": "return_fire", "model": "n-cg1-3", "weapon": "LAC", "at": 99},
            ]
            for raw in [*rng.sample(_candidates(state, seat), 60), *junk]:
                try:
                    SYSTEM.apply(state, seat, SYSTEM.parse_action(raw), Dice("scan"))
                except WarboardError as err:
                    said.setdefault(err.message, set()).add(err.code)
        seat = active_seats(state)[step % len(active_seats(state))]
        listed = SYSTEM.legal_actions(state, seat)
        action = {"kind": "ready"} if step < 4 else random_player({}, listed, f"refusals-{seed}", step)
        if action is None:
            continue
        state, _ = SYSTEM.apply(state, seat, SYSTEM.parse_action(action), dice)
    return said


#: what an internal id looks like in a refusal: a model ("n-cg1-3"), a group ("cg1"), a seat id
#: where a side is meant, a snake_case phase or action kind ("'roll_opening'", "return_fire")
INTERNAL = re.compile(r"\b[ns]-cg\d|\bcg\d\b|\bp\d\b|\b(?:north|south|peace_river)\b|\b[a-z]+_[a-z_]+\b|'[a-z_]+'")


def test_refusals_along_a_seeded_game_say_pieces_seats_phases_and_actions_in_words():
    """Every refusal met along a seeded game (the candidates of the legal-list property test)
    names models, sides, Combat Groups, phases and actions in words: no internal id."""
    said = _refusal_scan(1, 24)
    assert len(said) > 20  # many different refusals were met
    leaking = sorted(m for m in said if INTERNAL.search(m))
    assert not leaking, leaking[:5]
