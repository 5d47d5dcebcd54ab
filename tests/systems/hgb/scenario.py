"""Scenario helpers: a battle from a custom setup, and dice with scripted faces."""

from __future__ import annotations

from typing import Any

from tests.kit.dice import ScriptedDice
from tests.systems.hgb.play import SYSTEM, Table


def battle(
    place: dict[str, tuple[float, float, float]],
    options: dict[str, Any] | None = None,
    first: str = "north",
    autopilot: tuple[str, ...] = (),
) -> Table:
    """Both sides deployed, round 1 begun with ``first`` to activate; models not in ``place``
    are taken off the table so the scenario holds only the named ones; the ``autopilot`` models
    switch it on at the start of the round."""
    opts = {"map": "open", **(options or {})}
    t = Table(opts, seed="scenario")
    for seat in ("north", "south"):
        t.act(seat, {"kind": "ready"})
    for seat in ("north", "south"):
        for i, m in enumerate(m for m in t.state["models"].values() if m["seat"] == seat):
            t.act(seat, {"kind": "deploy", "model": m["id"], "x": 3 + i * 4, "y": 5 if seat == "north" else 43})
    for seat in ("north", "south"):
        t.act(seat, {"kind": "ready"})
    for mid, m in t.state["models"].items():
        if mid in place:
            x, y, f = place[mid]
            m.update(x=float(x), y=float(y), facing=float(f))
        else:
            m["status"] = "removed"
    for mid in autopilot:
        t.act(t.state["models"][mid]["seat"], {"kind": "autopilot", "model": mid})
    winner = t.state["initiative"]["winner"]
    t.act(winner, {"kind": "choose_first", "seat": first})
    return t


def act(t: Table, seat: str, raw: dict[str, Any], faces: list[int] | None = None) -> list[dict[str, Any]]:
    """Apply one action with scripted dice faces."""
    action = SYSTEM.parse_action(raw)
    t.state, events = SYSTEM.apply(t.state, seat, action, ScriptedDice(faces or []))
    t.log.extend(events)
    return events


def by_kind(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind]


def shot(t: Table, seat: str, model: str, weapon: str, target: str, faces: list[int]) -> dict[str, Any]:
    """``model`` attacks ``target`` with ``weapon``, the dice scripted: the attack_resolved event."""
    action = {"kind": "attack", "model": model, "weapon": weapon, "target": target}
    return by_kind(act(t, seat, action, faces), "attack_resolved")[0]
