"""Step 3, a number: move one fighter the full amount, server-computed destinations (Figure 8)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.errors import IllegalAction, NotYourTurn
from app.geometry.hex import Hex, distance, neighbors
from app.systems.small_soldiers.data import default_map
from app.systems.small_soldiers.model import board_cells
from app.systems.small_soldiers.movement import destinations, walks

from .conftest import SYSTEM, act, arrange, card, spin_face, started

CENTRE = (0, 0)


def spun(state, value, seat="gorgonites"):
    state, events = act(state, seat, {"kind": "spin"}, spin_face(state, "move", value))
    assert events[0]["result"] == {"kind": "move", "value": value}
    return state


def dests(state, seat, fid):
    return {(d["q"], d["r"]) for d in SYSTEM.view(state, seat)["legal"]["moves"].get(fid, [])}


def test_figure_8_a_spin_of_1_reaches_the_six_neighbouring_spaces(game):
    state = spun(arrange(game, {"ocula": CENTRE, "chip-hazard": (3, 3)}), 1)
    assert dests(state, "gorgonites", "ocula") == {(n.q, n.r) for n in neighbors(Hex(0, 0))}


def test_you_cannot_return_to_the_starting_space_on_the_same_move(game):
    state = spun(arrange(game, {"ocula": CENTRE, "chip-hazard": (3, 3)}), 2)
    got = dests(state, "gorgonites", "ocula")
    assert CENTRE not in got
    # "forward, backward and diagonally": within two spaces, every space but the start
    assert got == {(h.q, h.r) for h in board_cells(state) if 1 <= distance(h, Hex(0, 0)) <= 2}


def test_you_can_pass_over_fighters_but_not_end_on_one(game):
    # Ocula hemmed in by its own and enemy fighters on all six sides: a 1 goes nowhere,
    # a 2 jumps over them.
    ring = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    ids = ["slamfist", "punchit", "insaniac", "chip-hazard", "kip-killagin", "link-static"]
    positions = {"ocula": CENTRE, **dict(zip(ids, ring, strict=False))}
    state = arrange(game, positions)
    assert not destinations({**state, "turn": {**state["turn"], "spin": {"value": 1}}}, "ocula")
    state = spun(state, 2)
    got = dests(state, "gorgonites", "ocula")
    assert got and not (got & set(ring)) and all(distance(Hex(*h), Hex(0, 0)) == 2 for h in got)


def test_a_vehicle_card_adds_its_bonus_to_the_spin(game):
    state = arrange(game, {"ocula": (0, -3), "chip-hazard": (3, 3)}, {"ocula": card("vehicle", 2)})
    state = spun(state, 1)
    got = dests(state, "gorgonites", "ocula")
    assert max(distance(Hex(*h), Hex(0, -3)) for h in got) == 3


def test_moving_to_a_listed_destination_and_the_event_shows_the_path(game):
    state = spun(arrange(game, {"ocula": CENTRE, "chip-hazard": (3, 3)}), 3)
    state, events = act(state, "gorgonites", {"kind": "move", "fighter": "ocula", "q": 0, "r": 3})
    moved = events[0]
    assert moved["kind"] == "moved" and moved["to"] == [0, 3] and len(moved["path"]) == 4
    assert state["fighters"]["ocula"]["pos"] == [0, 3]
    assert state["turn"]["army"] == "commandos"  # no enemy next to it: the turn passes


def test_illegal_moves_name_the_reason(game):
    state = spun(arrange(game, {"ocula": CENTRE, "slamfist": (1, 0), "chip-hazard": (3, 3)}), 1)
    with pytest.raises(IllegalAction, match=r"occupied by Slamfist"):
        act(state, "gorgonites", {"kind": "move", "fighter": "ocula", "q": 1, "r": 0})
    with pytest.raises(IllegalAction, match="exactly 1"):
        act(state, "gorgonites", {"kind": "move", "fighter": "ocula", "q": 0, "r": 3})
    with pytest.raises(IllegalAction, match="not one of your fighters"):
        act(state, "gorgonites", {"kind": "move", "fighter": "chip-hazard", "q": 3, "r": 2})
    with pytest.raises(NotYourTurn):
        act(state, "commandos", {"kind": "move", "fighter": "chip-hazard", "q": 3, "r": 2})


def test_a_fighter_may_end_on_its_own_flag_space_since_a_flag_does_not_occupy_it(game):
    # Step 3: "you cannot end your move on an occupied space" (occupied by fighters: "You can
    # pass over other fighters on your move but you cannot end your move on an occupied space");
    # How to Win: "move any one of your fighters onto your opponent's flag space" (a flag's space
    # takes a fighter).
    flag = game["data"]["map"]["armies"]["gorgonites"]["flag"]
    state = spun(arrange(game, {"ocula": (flag[0], flag[1] + 1), "chip-hazard": (3, 3)}), 2)
    assert tuple(flag) in dests(state, "gorgonites", "ocula")
    state, _ = act(state, "gorgonites", {"kind": "move", "fighter": "ocula", "q": flag[0], "r": flag[1]})
    assert state["fighters"]["ocula"]["pos"] == flag and not state.get("result")


def test_the_house_rule_keeps_a_fighter_off_its_own_flag_space():
    state = started({"own_flag_blocks": True})
    flag = state["data"]["map"]["armies"]["gorgonites"]["flag"]
    state = spun(arrange(state, {"ocula": (flag[0], flag[1] + 1), "chip-hazard": (3, 3)}), 2)
    assert tuple(flag) not in dests(state, "gorgonites", "ocula")
    with pytest.raises(IllegalAction, match="your own flag's space \\(house rule of this table\\)"):
        act(state, "gorgonites", {"kind": "move", "fighter": "ocula", "q": flag[0], "r": flag[1]})


def test_the_house_rule_is_off_by_default_and_labelled():
    field = SYSTEM.options_model.model_fields["own_flag_blocks"]
    assert field.default is False and "house rule" in (field.title or "").lower()


def test_a_move_back_to_the_start_names_the_rule_not_an_occupant(game):
    # Step 3: "On the same move, you cannot return to the space you started from."
    state = spun(arrange(game, {"ocula": CENTRE, "chip-hazard": (3, 3)}), 2)
    with pytest.raises(IllegalAction, match="cannot return to the space it started from") as err:
        act(state, "gorgonites", {"kind": "move", "fighter": "ocula", "q": 0, "r": 0})
    assert "occupied" not in str(err.value)


def test_no_legal_move_passes_the_turn(game):
    # Ocula alone in the corner behind its own flag's row, both ways out blocked
    state = arrange(game, {"ocula": (0, -6), "chip-hazard": (1, -6), "kip-killagin": (0, -5)})
    state, events = act(state, "gorgonites", {"kind": "spin"}, spin_face(state, "move", 1))
    assert [e["kind"] for e in events][:2] == ["spun", "no_move"]
    assert state["turn"]["army"] == "commandos"


@settings(max_examples=60, deadline=None)
@given(q=st.integers(-6, 6), r=st.integers(-6, 6), steps=st.integers(1, 6))
def test_walks_end_within_reach_never_at_the_start_and_paths_are_adjacent(q, r, steps):
    cells = {Hex(*c) for c in default_map()["cells"]}
    start = Hex(q, r)
    if start not in cells:
        return
    for end, path in walks(cells, start, steps).items():
        assert end != start and 1 <= distance(start, end) <= steps
        chain = [start, *path]
        assert len(path) == steps and path[-1] == end
        assert all(distance(a, b) == 1 for a, b in itertools.pairwise(chain))
        assert start not in path and all(h in cells for h in path)
