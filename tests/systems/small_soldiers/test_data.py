"""Board and data files: the map is labelled, symmetric and complete; hosts may replace data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.dice import Dice
from app.core.errors import BadOptions
from app.systems.small_soldiers import data
from app.systems.small_soldiers.model import ARMIES

from .conftest import SYSTEM

DATA = Path(data.__file__).parent / "data"


def test_every_data_file_is_labelled_as_a_warboard_default():
    for path in [*DATA.glob("*.json"), *DATA.glob("maps/*.json")]:
        if path.name == "handbook.json":  # the rules panel: the book's rules in our words, no value of ours
            continue
        source = json.loads(path.read_text())["_source"]
        assert "Warboard default" in source, path


@pytest.mark.parametrize("name", data.map_names())
def test_maps_are_point_symmetric_so_both_armies_get_the_same_board(name):
    m = data.default_map(name)
    cells = {tuple(c) for c in m["cells"]}
    assert {(-q, -r) for q, r in cells} == cells
    g, c = m["armies"]["gorgonites"], m["armies"]["commandos"]
    for key in ("flag", "recruit", "leader_start"):
        assert tuple(c[key]) == (-g[key][0], -g[key][1])
    assert sorted(tuple(p) for p in c["starts"]) == sorted((-q, -r) for q, r in g["starts"])
    assert c["catapult"]["y"] == -g["catapult"]["y"]


def test_default_map_has_each_armys_special_spaces():
    m = data.default_map()
    assert len(m["cells"]) == 85
    for army in ARMIES:
        a = m["armies"][army]
        assert len(a["starts"]) == 4  # four symbols + the gold one = five start spaces


def test_view_labels_the_special_spaces():
    state = SYSTEM.setup({}, Dice("b"))
    cells = SYSTEM.view(state, None)["board"]["cells"]
    terrains = [c["terrain"] for c in cells]
    assert terrains.count("sun") == 4 and terrains.count("gold-sun") == 1
    assert terrains.count("star") == 4 and terrains.count("gold-star") == 1
    for army in ARMIES:
        assert terrains.count(f"flag-{army}") == 1 and terrains.count(f"recruit-{army}") == 1


def test_six_fighters_per_army_led_by_archer_and_chip_hazard():
    f = data.default("fighters")["armies"]
    assert [x["name"] for x in f["gorgonites"]["fighters"] if x.get("leader")] == ["Archer"]
    assert [x["name"] for x in f["commandos"]["fighters"] if x.get("leader")] == ["Chip Hazard"]
    names = {x["name"] for x in f["gorgonites"]["fighters"]}
    assert {"Slamfist", "Punchit"} <= names  # named by the rulebook (Figure 6)


def test_the_default_deck_has_32_cards_two_of_them_recalls():
    deck = data.default("deck")["cards"]
    assert sum(c["count"] for c in deck) == 32
    assert sum(c["count"] for c in deck if c["type"] == "recall") == 2
    state = SYSTEM.setup({}, Dice("d"))
    assert len(state["deck"]) == 32


def test_the_skirmish_map_can_be_picked():
    state = SYSTEM.setup({"map_name": "skirmish"}, Dice("s"))
    assert len(SYSTEM.view(state, None)["board"]["cells"]) == 59


def test_host_can_replace_a_data_file():
    spinner = {"_source": "our house spinner", "segments": [{"kind": "move", "value": 6}]}
    state = SYSTEM.setup({"spinner": spinner}, Dice("h"))
    assert state["data"]["spinner"]["segments"] == [{"kind": "move", "value": 6}]
    assert SYSTEM.view(state, None)["spinner"]["source"] == "our house spinner"


@pytest.mark.parametrize(
    "bad",
    [
        {"map_name": "nowhere"},
        {"players": 3},
        {"spinner": {"segments": [{"kind": "move"}]}},
        {"deck": {"cards": [{"type": "weapon", "bonus": 9, "name": "x", "count": 1}]}},
        {"dice": {"faces": ["1", "ace"]}},
        {"catapult": {"hit_table": {"stands": [1], "pushed": [2]}}},
        {"map": {"armies": {}, "cells": [[0, 0]] * 20}},
        {"surprise": 1},
    ],
)
def test_bad_options_are_refused(bad):
    with pytest.raises(BadOptions):
        SYSTEM.validate_options(bad)


def test_describe_lists_two_seats_and_four_player_seats():
    assert SYSTEM.describe()["seats"] == ["gorgonites", "commandos"]
    assert SYSTEM.seats({"players": 4}) == ["gorgonites-1", "gorgonites-2", "commandos-1", "commandos-2"]
    assert SYSTEM.board == "hex"


def test_options_validated_by_the_session_are_accepted_again_by_setup():
    spinner = {
        "_source": "our house spinner",
        "segments": [{"kind": "recruit"}, {"kind": "draw"}, {"kind": "move", "value": 2}],
    }
    options = SYSTEM.validate_options({"spinner": spinner, "map_name": "skirmish", "players": 4})
    assert options["spinner"]["_source"] == "our house spinner"
    state = SYSTEM.setup(options, Dice("twice"))
    assert state["data"]["spinner"]["segments"][0] == {"kind": "recruit", "value": None}
    assert state["seats"] == ["gorgonites-1", "gorgonites-2", "commandos-1", "commandos-2"]
