"""Refusals name units and places the way the board shows them ("King Wolf Combat Unit",
"building b1", "that hex"), never internal ids like "king-wolf:combat" or hex coordinates
the board does not show. The codes stay as they were."""

from __future__ import annotations

import re

import pytest

from app.core.errors import IllegalAction
from app.geometry.hex import Hex
from app.systems.gkr.board import hex_name, place_name, unit_name
from app.systems.gkr.combat import check_shot
from tests.systems.gkr.helpers import DB, KW, act, active, new, pass_until, place

RAW = re.compile(r"\w+-?\w*:\w+|\(-?\d+, ?-?\d+\)")


def test_units_and_places_have_the_boards_names():
    state = place(new(3), f"{KW}:combat", 1, 1)
    assert unit_name(state, f"{KW}:combat") == "King Wolf Combat Unit"
    assert unit_name(state, f"{DB}:heavy") == "DiamondBack Heavy Hitter"
    assert unit_name(state, "blb") == "Big Little Buddy"
    b = next(iter(state["buildings"].values()))
    assert place_name(state, Hex(b["q"], b["r"])) == f"building {b['id']}"
    assert place_name(state, Hex(1, 1)) == "King Wolf Combat Unit"
    assert hex_name(state, Hex(1, 1), True) == "The hex of King Wolf Combat Unit"


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
        if place_name(state, h) == "that hex"
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
        and place_name(state, Hex(q, r)) == "that hex"
        and abs(q - unit["q"]) + abs(r - unit["r"]) > 8
    )
    assert why_not_there(state, unit, far) == (
        "DiamondBack Heavy Hitter cannot reach that hex this move",
        "out_of_reach",
    )
