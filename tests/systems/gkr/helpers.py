"""Scenario helpers for the gkr tests: set a game up, place units, pass to a phase."""

from __future__ import annotations

import copy
import json
from typing import Any

from app.core.dice import Dice
from app.systems import get

GKR = get("gkr")
assert GKR is not None
DB, KW, TH, HS = "diamondback", "king-wolf", "thunderhappy", "hammerstrike"


def new(players: int = 3, seed: str = "t", **options: Any) -> dict[str, Any]:
    opts = GKR.validate_options({"players": players, **options})
    return GKR.setup(opts, Dice(seed))


def act(state: dict[str, Any], seat: str, action: dict[str, Any], dice: Dice | None = None):
    """Apply ``action`` as the session does; returns (new state, events)."""
    before = copy.deepcopy(state)
    new_state, events = GKR.apply(state, seat, GKR.parse_action(action), dice or Dice("act"))
    assert state == before, "apply mutated its input"
    assert json.loads(json.dumps(new_state)) == new_state, "state is not plain JSON"
    assert json.loads(json.dumps(events)) == events, "events are not plain JSON"
    return new_state, events


def place(
    state: dict[str, Any], uid: str, q: int, r: int, facing: int | None = None, on_board: bool = True
) -> dict[str, Any]:
    """A copy of ``state`` with unit ``uid`` at (q, r) (facing: direction index)."""
    s = copy.deepcopy(state)
    s["units"][uid].update(q=q, r=r, on_board=on_board)
    if facing is not None:
        s["units"][uid]["facing"] = facing
    return s


def park_all(state: dict[str, Any]) -> dict[str, Any]:
    """Take every unit except Big Little Buddy and the Heavy Hitters off the board."""
    s = copy.deepcopy(state)
    for u in s["units"].values():
        if u["kind"] in ("combat", "repair", "recon"):
            u["on_board"] = False
    return s


def give_sponsor(state: dict[str, Any], seat: str, kind: str) -> tuple[dict[str, Any], str]:
    """A copy where ``seat`` holds a sponsor card of type ``kind``; returns it too."""
    s = copy.deepcopy(state)
    for where in (s["sponsor_pile"], s["sponsor_discard"], *[p["sponsor"] for p in s["players"].values()]):
        for card in list(where):
            if s["cards"][card]["type"] == kind and card not in s["players"][seat]["sponsor"]:
                where.remove(card)
                s["players"][seat]["sponsor"].append(card)
                return s, card
    raise AssertionError(f"no {kind} card left")


def active(state: dict[str, Any]) -> list[str]:
    return GKR.view(state, None)["turn"]["active"]


def pass_turn(state: dict[str, Any], dice: Dice | None = None) -> tuple[dict[str, Any], list]:
    seat = active(state)[0]
    if state["phase"] == "combat":
        return act(state, seat, {"kind": "choose_weapons", "weapons": []}, dice)
    return act(state, seat, {"kind": "end_turn"}, dice)


def pass_until(
    state: dict[str, Any], phase: str, step: str | None = None, dice: Dice | None = None
) -> tuple[dict[str, Any], list]:
    """Everyone passes until ``phase`` (and ``step``) starts; returns the state and all events."""
    events: list = []
    for _ in range(200):
        if state["phase"] == phase and (step is None or state["step"] == step):
            return state, events
        state, ev = pass_turn(state, dice)
        events += ev
    raise AssertionError(f"never reached {phase}/{step}")


def activate(state: dict[str, Any], seat: str) -> dict[str, Any]:
    """``seat`` activates Big Little Buddy in its Deploy turn (others pass before it)."""
    state, card = give_sponsor(state, seat, "activate-blb")
    while active(state)[0] != seat:
        state, _ = pass_turn(state)
    state, _ = act(state, seat, {"kind": "activate_blb", "card": card})
    return state


def assert_no_leak(state: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """No view or event another seat or a spectator receives holds a seat's hidden cards,
    a face-down firing-line entry or Big Little Buddy's face-down weapon choice."""
    import json

    from app.core.events import redact

    for viewer in [*state["players"], None]:
        view = GKR.view(state, viewer)
        view_text = json.dumps(view)
        seen = [json.dumps(redact(e, viewer)) for e in events if viewer not in e.get("only", [])]
        for seat, player in state["players"].items():
            if seat == viewer:
                continue
            for card in player["hand"] + player["sponsor"] + player["deck"]:
                assert f'"{card}"' not in view_text, (viewer, seat, card)
                assert not any(f'"{card}"' in text for text in seen), (viewer, seat, card)
            for entry in view["firing_line"]:
                if entry.get("owner") == seat and not state["firing_line"][0]["revealed"]:
                    assert entry == {"owner": seat, "hidden": True}
        if viewer != state["blb"]["controller"] and not any(e["revealed"] for e in state["firing_line"]):
            assert view["blb"]["chosen_weapon"] is None
