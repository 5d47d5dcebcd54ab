"""Refusals name units and places the way the board shows them ("King Wolf Combat Unit",
"Building 1", "hex B4" as the board's coordinates read), never internal ids like
"king-wolf:combat" or "b1", nor axial coordinates. The codes stay as they were."""

from __future__ import annotations

import re

import pytest

from app.core.errors import IllegalAction
from app.geometry.hex import Hex
from app.systems.gkr.board import unit_name
from app.systems.gkr.combat import check_shot
from app.systems.gkr.words import cell_name, hex_name, place_name
from tests.systems.gkr.helpers import DB, KW, act, active, new, pass_until, place

RAW = re.compile(r"\w+-?\w*:\w+|\(-?\d+, ?-?\d+\)|\bb\d+\b")
HEX = r"hex [A-M]\d{1,2}"


def test_units_and_places_have_the_boards_names():
    state = place(new(3), f"{KW}:combat", 1, 1)
    assert unit_name(state, f"{KW}:combat") == "King Wolf Combat Unit"
    assert unit_name(state, f"{DB}:heavy") == "DiamondBack Heavy Hitter"
    assert unit_name(state, "blb") == "Big Little Buddy"
    b = next(iter(state["buildings"].values()))
    assert place_name(state, Hex(b["q"], b["r"])) == f"Building {b['id'][1:]}"
    assert place_name(state, Hex(1, 1)) == "King Wolf Combat Unit"
    # the radius-6 map: 13 rows, the top one (r = -6) is row 1; its leftmost hex stands in column D
    assert cell_name(state, Hex(0, -6)) == "D1"
    assert cell_name(state, Hex(0, 0)) == "G7"
    assert place_name(state, Hex(6, -6)) == "hex J1"
    assert hex_name(state, Hex(1, 1), True) == f"Hex {cell_name(state, Hex(1, 1))} (King Wolf Combat Unit)"
    assert cell_name(state, Hex(40, 0)) is None


def test_a_refused_move_names_the_unit_not_its_id():
    state, _ = pass_until(new(3), "movement", "heavy")
    seat = active(state)[0]
    other = next(s for s in state["players"] if s != seat)
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, {"kind": "move", "unit": f"{other}:heavy", "to": {"q": 0, "r": 0}, "facing": 0})
    assert refused.value.code == "not_your_unit"
    assert "Heavy Hitter is not your unit" in str(refused.value) and not RAW.search(str(refused.value))
    with pytest.raises(IllegalAction) as off:
        act(state, seat, {"kind": "move", "unit": f"{seat}:heavy", "to": {"q": 40, "r": 0}, "facing": 0})
    assert not RAW.search(str(off.value)), str(off.value)


def test_a_shot_out_of_range_names_the_target():
    state = new(3)
    shooter = state["units"][f"{DB}:heavy"]
    start = Hex(shooter["q"], shooter["r"])
    spot = next(
        h
        for h in (Hex(q, r) for q in range(-6, 7) for r in range(-6, 7))
        if place_name(state, h).startswith("hex ")
        and abs(h.q - start.q) + abs(h.r - start.r) >= 6
        and max(abs(h.q), abs(h.r), abs(h.q + h.r)) <= 6
    )
    state = place(state, f"{KW}:combat", spot.q, spot.r)
    why = check_shot(state, shooter, spot, {"range": 1, "name": "Test gun"}) or ""
    assert re.match(r"King Wolf Combat Unit is \d+ hexes away, range 1", why), why
    assert not RAW.search(why), why


def test_an_unreachable_hex_reads_as_a_sentence():
    from app.systems.gkr.play import why_not_there

    state = new(3)
    unit = state["units"][f"{DB}:heavy"]
    far = next(
        Hex(q, r)
        for q in range(6, -7, -1)
        for r in range(-6, 7)
        if max(abs(q), abs(r), abs(q + r)) <= 6
        and place_name(state, Hex(q, r)).startswith("hex ")
        and abs(q - unit["q"]) + abs(r - unit["r"]) > 8
    )
    assert why_not_there(state, unit, far) == (
        f"DiamondBack Heavy Hitter cannot reach hex {cell_name(state, far)} this move",
        "out_of_reach",
    )
    assert re.fullmatch(f"DiamondBack Heavy Hitter cannot reach {HEX} this move", why_not_there(state, unit, far)[0])
