"""A simple scripted player for tests: drives a game through parse_action/apply/view/outcome."""

from __future__ import annotations

import math
from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.systems.hgb import HeavyGearBlitz

SYSTEM = HeavyGearBlitz()


class Table:
    """What the session does: validate options, setup, then parse/apply/view per action."""

    def __init__(self, options: dict[str, Any] | None = None, seed: str = "warboard-test") -> None:
        self.dice = Dice(seed)
        self.state = SYSTEM.setup(SYSTEM.validate_options(options or {}), self.dice)
        self.log: list[dict[str, Any]] = []

    def act(self, seat: str, raw: dict[str, Any]) -> list[dict[str, Any]]:
        action = SYSTEM.parse_action(raw)
        self.state, events = SYSTEM.apply(self.state, seat, action, self.dice)
        self.log.extend(events)
        SYSTEM.view(self.state, None)  # the acting seat's view is drawn by the bot when it aims
        return events

    def view(self, seat: str | None) -> dict[str, Any]:
        return SYSTEM.view(self.state, seat)


def deploy_all(t: Table) -> None:
    for seat in ("north", "south"):
        t.act(seat, {"kind": "ready"})
    for seat in ("north", "south"):
        mine = [m for m in t.state["models"].values() if m["seat"] == seat]
        for i, m in enumerate(mine):
            y = 6 + (i % 2) * 3 if seat == "north" else 42 - (i % 2) * 3
            t.act(seat, {"kind": "deploy", "model": m["id"], "x": 4 + i * 4, "y": y,
                         "facing": 90 if seat == "north" else 270})
    for seat in ("north", "south"):
        t.act(seat, {"kind": "ready"})


def _nearest(t: Table, m: dict[str, Any]) -> dict[str, Any] | None:
    foes = [o for o in t.state["models"].values() if o["seat"] != m["seat"] and o["status"] == "active"]
    return min(foes, key=lambda o: math.hypot(o["x"] - m["x"], o["y"] - m["y"]), default=None)


def _advance(t: Table, seat: str, m: dict[str, Any]) -> None:
    foe = _nearest(t, m)
    if foe is None:
        return
    dx, dy = foe["x"] - m["x"], foe["y"] - m["y"]
    d = math.hypot(dx, dy)
    step = min(m["card"]["mp"][m["mode"]]["combat"], max(0.0, d - 6))
    facing = math.degrees(math.atan2(dy, dx)) % 360
    while step >= 0.5:
        try:
            t.act(seat, {"kind": "move", "model": m["id"], "facing": facing,
                         "path": [[m["x"] + dx / d * step, m["y"] + dy / d * step]]})
            return
        except IllegalAction:
            step /= 2
    t.act(seat, {"kind": "move", "model": m["id"], "path": [[m["x"], m["y"]]], "facing": facing})


def _fire(t: Table, seat: str, m: dict[str, Any]) -> None:
    best = None
    for tgt in t.view(seat).get("targets", []):
        if tgt["legal"]:
            card = t.state["weapons"][tgt["weapon"]]
            score = sum(tgt["attack_modifiers"].values()) * 10 + card["dm"]
            if best is None or score > best[0]:
                best = (score, tgt)
    if best:
        t.act(seat, {"kind": "attack", "model": m["id"], "weapon": best[1]["weapon"], "target": best[1]["target"],
                     "indirect": best[1]["indirect"]})


def play_turn(t: Table) -> None:
    state = t.state
    phase = state["phase"]
    if phase == "initiative":
        winner = state["initiative"]["winner"]
        t.act(winner, {"kind": "choose_first", "seat": winner})
    elif phase == "reaction":
        t.act(state["pending"]["seat"], {"kind": "pass"})
    elif phase == "activation":
        seat = state["to_activate"]
        if state["current"] is None:
            group = t.view(seat)["prompt"]  # noqa: F841 - the prompt must render
            from app.systems.hgb.turns import groups_left
            t.act(seat, {"kind": "activate_group", "group": groups_left(state, seat)[0]})
        group = t.state["current"]["group"]
        for mid in [m["id"] for m in t.state["models"].values()
                    if m["seat"] == seat and m["group"] == group and m["status"] == "active" and not m["used"]]:
            m = t.state["models"][mid]
            if m["status"] != "active" or t.state["result"]:
                continue
            _advance(t, seat, m)
            while t.state["phase"] == "reaction":
                t.act(t.state["pending"]["seat"], {"kind": "pass"})
            m = t.state["models"][mid]
            if m["status"] == "active" and not t.state["result"]:
                _fire(t, seat, m)
            while t.state["phase"] == "reaction":
                t.act(t.state["pending"]["seat"], {"kind": "pass"})
            if t.state["result"]:
                return
        t.act(seat, {"kind": "end_group"})
