"""A simple scripted player for tests: drives a game through parse_action/apply/view/outcome."""

from __future__ import annotations

import math
from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.systems.hgb import HeavyGearBlitz
from app.systems.hgb.view import acting_model, targets

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


def in_a_row(seat: str, models: list[str], x: float, north_y: float, south_y: float) -> list[dict[str, Any]]:
    """Deploy actions setting ``models`` in a row 4 inches apart from ``x``, on the seat's line
    (``north_y`` or ``south_y``), facing the other side."""
    y, facing = (north_y, 90) if seat == "north" else (south_y, 270)
    return [{"kind": "deploy", "model": mid, "x": x + i * 4, "y": y, "facing": facing} for i, mid in enumerate(models)]


def deploy_all(t: Table) -> None:
    for seat in ("north", "south"):
        t.act(seat, {"kind": "ready"})
    for seat in ("north", "south"):
        mine = [m for m in t.state["models"].values() if m["seat"] == seat]
        for i, m in enumerate(mine):
            y = 6 + (i % 2) * 3 if seat == "north" else 42 - (i % 2) * 3
            t.act(
                seat,
                {"kind": "deploy", "model": m["id"], "x": 4 + i * 4, "y": y, "facing": 90 if seat == "north" else 270},
            )
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
            t.act(
                seat,
                {
                    "kind": "move",
                    "model": m["id"],
                    "facing": facing,
                    "path": [[m["x"] + dx / d * step, m["y"] + dy / d * step]],
                },
            )
            return
        except IllegalAction:
            step /= 2
    t.act(seat, {"kind": "move", "model": m["id"], "path": [[m["x"], m["y"]]], "facing": facing})


def _fire(t: Table, seat: str, m: dict[str, Any]) -> bool:
    best = None
    acting = acting_model(t.state, seat)
    for tgt in targets(t.state, acting) if acting else []:
        if tgt["legal"]:
            card = t.state["weapons"][tgt["weapon"]]
            score = sum(tgt["attack_modifiers"].values()) * 10 + card["dm"]
            if best is None or score > best[0]:
                best = (score, tgt)
    if best:
        t.act(
            seat,
            {
                "kind": "attack",
                "model": m["id"],
                "weapon": best[1]["weapon"],
                "target": best[1]["target"],
                "indirect": best[1]["indirect"],
            },
        )
    return best is not None


def _tried(t: Table, seat: str, raw: dict[str, Any]) -> bool:
    """Play ``raw`` if the rules take it; whether they did."""
    try:
        t.act(seat, raw)
    except IllegalAction:
        return False
    return True


def _react(t: Table, tactics: bool) -> None:
    """Answer reaction windows: Return Fire with the first kept model that can, else pass."""
    while t.state["phase"] == "reaction":
        pending = t.state["pending"]
        seat = pending["seat"]
        fired = False
        for mid in pending["models"] if tactics else []:
            m = t.state["models"][mid]
            observer = pending["mover"]
            if m["card"].get("ecm"):  # ECM models wait to jam
                designated = any(d["observer"] == observer for d in t.state["designations"].values())
                fired = designated and _tried(t, seat, {"kind": "ecm", "model": mid, "observer": observer})
            else:
                fired = any(
                    _tried(t, seat, {"kind": "return_fire", "model": mid, "weapon": w}) for w in m["card"]["weapons"]
                )
            if fired:
                break
        if not fired and t.state["phase"] == "reaction":
            t.act(seat, {"kind": "pass"})


def _designate(t: Table, seat: str, m: dict[str, Any]) -> bool:
    foe = _nearest(t, m)
    if foe is None or foe["id"] in t.state["designations"]:
        return False
    try:
        t.act(seat, {"kind": "designate", "model": m["id"], "target": foe["id"]})
        return True
    except IllegalAction:
        return False


def play_turn(t: Table, tactics: bool = False) -> None:
    """One step of a simple player; with ``tactics`` leaders designate targets for Indirect Fire,
    a model without a shot keeps its Action, and kept Actions are used for Return Fire."""
    state = t.state
    phase = state["phase"]
    if phase == "initiative":
        winner = state["initiative"]["winner"]
        t.act(winner, {"kind": "choose_first", "seat": winner})
    elif phase == "reaction":
        _react(t, tactics)
    elif phase == "activation":
        seat = state["to_activate"]
        if state["current"] is None:
            assert t.view(seat)["prompt"]
            from app.systems.hgb.turns import groups_left

            t.act(seat, {"kind": "activate_group", "group": groups_left(state, seat)[0]})
        group = t.state["current"]["group"]
        for mid in [
            m["id"]
            for m in t.state["models"].values()
            if m["seat"] == seat and m["group"] == group and m["status"] == "active" and not m["used"]
        ]:
            m = t.state["models"][mid]
            if m["status"] != "active" or m["used"] or t.state["result"] or t.state["current"] is None:
                continue
            spotted = tactics and m.get("leader") and _designate(t, seat, m)  # observers spot first
            _react(t, tactics)
            m = t.state["models"][mid]
            if m["status"] != "active" or t.state["result"]:
                continue
            _advance(t, seat, m)
            _react(t, tactics)
            m = t.state["models"][mid]
            if m["status"] == "active" and not t.state["result"] and not spotted:
                if tactics and m["key"].endswith("-4") and t.state["phase"] == "activation":
                    t.act(seat, {"kind": "done", "model": mid, "keep_action": True})  # overwatch
                elif not _fire(t, seat, m) and tactics and t.state["phase"] == "activation":
                    t.act(seat, {"kind": "done", "model": mid, "keep_action": True})
            _react(t, tactics)
            if t.state["result"]:
                return
        if t.state["current"] is not None and t.state["result"] is None:
            t.act(seat, {"kind": "end_group"})
