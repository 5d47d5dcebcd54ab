"""Malfunctions (Warboard default, data/rules.json "malfunction")."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.errors import IllegalAction
from tests.kit.refused import refused
from tests.systems.srbr.util import SYSTEM, act, kinds, new_game


def roll_two_ones(state: dict[str, Any], table_die: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return act(
        state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "arms", "dice": 3}, faces=[1, 1, 5, table_die]
    )


def test_one_single_one_is_no_malfunction() -> None:
    _state, events = act(
        new_game(), "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "arms", "dice": 3}, faces=[1, 4, 5]
    )
    assert "malfunction" not in kinds(events)


@pytest.mark.parametrize("die,effect", [(2, "none"), (4, "jammed"), (5, "knock_down"), (6, "damage")])
def test_two_ones_roll_on_the_table(die: int, effect: str) -> None:
    state, events = roll_two_ones(new_game(), die)
    bad = next(e for e in events if e["kind"] == "malfunction")
    assert (bad["die"], bad["effect"]) == (die, effect)
    kabuto = state["mechas"]["p1-kabuto"]
    arms = next(p for p in kabuto["parts"] if p["id"] == "arms")
    assert (kabuto["status"] == "fallen") is (effect == "knock_down")
    assert arms["damage"] == (1 if effect == "damage" else 0)


def test_a_jammed_part_sits_out_its_players_next_turn() -> None:
    state, _ = roll_two_ones(new_game(), 4)
    state, _ = act(state, "p1", {"kind": "end_turn"})
    state, _ = act(state, "p2", {"kind": "end_turn"})
    with refused("jammed"):
        act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "arms", "dice": 1})
    legal = SYSTEM.view(state, "p1")["legal"]
    assert not any(a.get("part") == "arms" and a.get("mecha") == "p1-kabuto" for a in legal)
    state, _ = act(state, "p1", {"kind": "end_turn"})
    state, _ = act(state, "p2", {"kind": "end_turn"})
    state, events = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "arms", "dice": 1}, faces=[5])
    assert events[0]["successes"] == 1


def test_malfunctions_can_be_switched_off_or_made_manual() -> None:
    off = new_game({"rules": {"initiative": {"method": "fixed"}, "malfunction": {"enabled": False}}})
    _, events = roll_two_ones(off, 6)
    assert "malfunction" not in kinds(events)
    manual = new_game({"manual": {"malfunction": True}})
    _, events = roll_two_ones(manual, 6)
    assert "malfunction_to_resolve" in kinds(events) and "malfunction" not in kinds(events)


def test_manual_malfunction_results_are_recorded_by_the_players() -> None:
    state, _ = roll_two_ones(new_game({"manual": {"malfunction": True}}), 6)
    state, _events = act(
        state,
        "p1",
        {"kind": "record", "mecha": "p1-kabuto", "part": "arms", "jammed": True, "damage": 1, "status": "fallen"},
    )
    kabuto = state["mechas"]["p1-kabuto"]
    arms = next(p for p in kabuto["parts"] if p["id"] == "arms")
    assert (arms["jam"], arms["damage"], kabuto["status"]) == (2, 1, "fallen")
    with pytest.raises(IllegalAction) as err:
        act(state, "p1", {"kind": "record", "mecha": "p1-kabuto", "x": 10, "y": 10})
    assert err.value.code == "not_manual"  # positions belong to manual combat
