from __future__ import annotations

import pytest

from app.core.dice import Dice
from app.core.errors import MalformedAction, UnknownAction
from app.systems import get
from app.systems.sandbox.system import parse_dice
from tests.kit.refused import refused

sandbox = get("sandbox")
assert sandbox is not None


def play(state: dict, seat: str, action: dict, dice: Dice | None = None) -> tuple[dict, list]:
    return sandbox.apply(state, seat, sandbox.parse_action(action), dice or Dice("s"))


def test_tabletop_add_move_remove_each_one_event() -> None:
    state = sandbox.setup(sandbox.validate_options({}), Dice("s"))
    state, events = play(
        state, "p1", {"kind": "add_token", "token": "t1", "x": 10.0, "y": 4.5, "label": "Hunter", "facing": 0}
    )
    assert [e["kind"] for e in events] == ["token_added"]
    state, events = play(state, "p2", {"kind": "move_token", "token": "t1", "x": 12.5, "y": 4.5, "facing": 60})
    assert events == [{"kind": "token_moved", "token": "t1", "x": 12.5, "y": 4.5, "facing": 60}]
    view = sandbox.view(state, None)
    assert view["pieces"] == [{"id": "t1", "label": "Hunter", "owner": "p1", "facing": 60, "x": 12.5, "y": 4.5}]
    state, events = play(state, "p1", {"kind": "remove_token", "token": "t1"})
    assert state["tokens"] == {} and len(events) == 1


def test_apply_does_not_mutate_its_input() -> None:
    state = sandbox.setup(sandbox.validate_options({}), Dice("s"))
    before = repr(state)
    play(state, "p1", {"kind": "add_token", "token": "t1", "x": 1, "y": 1})
    assert repr(state) == before


def test_hex_board() -> None:
    state = sandbox.setup(sandbox.validate_options({"board": "hex", "radius": 3}), Dice("s"))
    state, _ = play(state, "p1", {"kind": "add_token", "token": "a", "q": 1, "r": -1})
    assert state["tokens"]["a"]["q"] == 1
    with refused("off_board"):
        play(state, "p1", {"kind": "move_token", "token": "a", "q": 4, "r": 0})
    with pytest.raises(MalformedAction):
        play(state, "p1", {"kind": "move_token", "token": "a", "x": 1, "y": 1})


def test_roll_uses_the_dice() -> None:
    state = sandbox.setup(sandbox.validate_options({}), Dice("s"))
    dice = Dice("seed")
    _, events = play(state, "p1", {"kind": "roll", "dice": "3d6+2"}, dice)
    assert events[0]["faces"] == [r["value"] for r in dice.rolls]
    assert events[0]["total"] == sum(events[0]["faces"]) + 2


@pytest.mark.parametrize("text", ["d", "0d6", "3d1", "101d6", "3d6+", "abc"])
def test_bad_dice(text: str) -> None:
    with pytest.raises(MalformedAction):
        parse_dice(text)


def test_errors_have_codes() -> None:
    state = sandbox.setup(sandbox.validate_options({}), Dice("s"))
    with pytest.raises(UnknownAction):
        sandbox.parse_action({"kind": "teleport"})
    with pytest.raises(MalformedAction):
        sandbox.parse_action({"kind": "move_token", "token": "t1", "x": "far"})
    with refused("unknown_token"):
        play(state, "p1", {"kind": "move_token", "token": "nope", "x": 1, "y": 1})
    with refused("off_board"):
        play(state, "p1", {"kind": "add_token", "token": "t", "x": 99, "y": 1})
