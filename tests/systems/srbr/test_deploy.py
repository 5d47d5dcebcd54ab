"""Deployment: automatic along the edges, or by the players in their zones (Warboard defaults)."""

from __future__ import annotations

import pytest

from app.core.dice import Dice
from app.core.errors import WrongPhase
from tests.kit.refused import refused
from tests.systems.srbr.util import SYSTEM, act, kinds, new_game


def test_automatic_deployment_along_the_edges() -> None:
    state = new_game({"players": 4})
    at = {mid: (m["x"], m["y"], m["facing"]) for mid, m in state["mechas"].items()}
    assert at["p1-kabuto"] == (30.0, 83.0, 270.0)  # south edge, a Short stick + base radius in
    assert at["p2-gamera"] == (30.0, 7.5, 90.0)  # north edge, base 5
    assert at["p3-kabuto"][0] == 7.0 and at["p3-kabuto"][2] == 0.0
    assert at["p4-raijin"][0] == 83.0 and at["p4-raijin"][2] == 180.0
    assert state["turn"]["phase"] == "activate"


def test_initiative_default_rolls_the_first_player() -> None:
    options = SYSTEM.validate_options({})
    firsts = {SYSTEM.setup(options, Dice(s))["order"][0] for s in "abcdefgh"}
    assert firsts == {"p1", "p2"}
    assert new_game()["order"] == ["p1", "p2"]  # method "fixed"


def test_players_deploy_in_their_zones_then_play() -> None:
    state = new_game({"deployment": "players"})
    assert state["turn"]["phase"] == "deploy"
    view = SYSTEM.view(state, "p1")
    assert view["turn"]["active"] == ["p1", "p2"] and view["prompt"]["ask"] == "deploy"
    assert view["deployment_zones"]["p1"] == [[0, 78.0], [90, 78.0], [90, 90], [0, 90]]
    with refused("outside_zone"):
        act(state, "p1", {"kind": "deploy", "mecha": "p1-kabuto", "x": 45, "y": 60})
    with refused("overlap"):
        act(state, "p1", {"kind": "deploy", "mecha": "p1-kabuto", "x": 58, "y": 83})
    with pytest.raises(WrongPhase):
        act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 1})
    state, events = act(state, "p1", {"kind": "deploy", "mecha": "p1-kabuto", "x": 45, "y": 85, "facing": 300})
    assert state["mechas"]["p1-kabuto"]["x"] == 45
    state, _ = act(state, "p1", {"kind": "ready"})
    with refused("already_ready"):
        act(state, "p1", {"kind": "deploy", "mecha": "p1-kabuto", "x": 40, "y": 85})
    state, events = act(state, "p2", {"kind": "ready"})
    assert kinds(events) == ["ready", "turn_started"] and state["turn"]["phase"] == "activate"


def test_conceding_during_deployment() -> None:
    state = new_game({"deployment": "players", "players": 3})
    state, _ = act(state, "p1", {"kind": "concede"})
    state, _ = act(state, "p2", {"kind": "ready"})
    state, _ = act(state, "p3", {"kind": "ready"})
    assert state["turn"]["phase"] == "activate" and state["turn"]["seat"] == "p2"
