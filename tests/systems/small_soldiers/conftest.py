"""Helpers for the small-soldiers rules tests: scripted dice and ready-made positions."""

from __future__ import annotations

import copy
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

try:  # the registry imports every system; one still being written must not hide these tests
    import app.systems  # noqa: F401
except ImportError:  # pragma: no cover - only while another system's package is broken
    for _name in [k for k in sys.modules if k.startswith("app.systems")]:
        del sys.modules[_name]
    _pkg = types.ModuleType("app.systems")
    _pkg.__path__ = [str(Path(__file__).resolve().parents[3] / "app" / "systems")]
    sys.modules["app.systems"] = _pkg

from app.core.dice import Dice
from app.systems.small_soldiers import SmallSoldiers
from tests.kit.dice import ScriptedDice

SYSTEM = SmallSoldiers()


def act(state: dict[str, Any], seat: str, raw: dict[str, Any], *faces: int, dice: Dice | None = None):
    """Parse and apply like the server does; returns (state, events)."""
    return SYSTEM.apply(state, seat, SYSTEM.parse_action(raw), dice or ScriptedDice(faces, strict=True))


def spin_face(state: dict[str, Any], kind: str, value: int | None = None) -> int:
    """The die value (randbelow + 1) that makes the spinner stop on the first such segment."""
    for i, seg in enumerate(state["data"]["spinner"]["segments"]):
        if seg["kind"] == kind and seg.get("value") == value:
            return i + 1
    raise AssertionError(f"no spinner segment {kind} {value}")


def started(options: dict[str, Any] | None = None, first: str = "gorgonites", seed: str = "test"):
    """A game after deployment (reserves: the last fighter) and the opening roll won by ``first``."""
    state = SYSTEM.setup(options or {}, Dice(seed))
    for seat in SYSTEM.seats(state["options"]):
        army = seat.split("-")[0]
        if state["deployed"][army] is None:
            reserve = [f for f in state["fighters"].values() if f["army"] == army][-1]["id"]
            state, _ = act(state, seat, {"kind": "deploy", "reserve": reserve})
    g, c = ("5", "2") if first == "gorgonites" else ("2", "5")
    seats = state["seats"]
    state, _ = act(state, seats[0], {"kind": "roll_opening"}, int(g))
    state, _ = act(state, seats[-1], {"kind": "roll_opening"}, int(c))
    return state


def random_play(
    state: dict[str, Any], dice: Dice, pick: Dice, steps: int = 400
) -> Iterator[tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]]:
    """A game driven by legal_actions: the active seat plays a legal action ``pick`` chooses,
    rolled with ``dice``, until the game ends or ``steps`` actions; yields (action, state, events)
    after each action."""
    for _ in range(steps):
        if SYSTEM.outcome(state):
            return
        seat = SYSTEM.view(state, None)["turn"]["active"][0]
        action = pick.choice(SYSTEM.legal_actions(state, seat))
        state, events = SYSTEM.apply(state, seat, SYSTEM.parse_action(action), dice)
        yield action, state, events


def arrange(
    state: dict[str, Any], positions: dict[str, tuple[int, int] | None], cards: dict[str, dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A copy with every fighter in the Toy Store except those given positions (and cards)."""
    state = copy.deepcopy(state)
    for f in state["fighters"].values():
        f["pos"] = list(positions[f["id"]]) if positions.get(f["id"]) else None
        f["card"] = (cards or {}).get(f["id"])
    state["turn"]["green_free"] = True
    return state


def card(type_: str, bonus: int = 0, cid: str = "x1") -> dict[str, Any]:
    names = {"weapon": "Weapon", "armor": "Armor", "vehicle": "Vehicle: Move"}
    name = f"{names[type_]} +{bonus}" if type_ in names else type_
    return {"id": cid, "type": type_, "bonus": bonus, "name": name}


@pytest.fixture
def game():
    return started()
