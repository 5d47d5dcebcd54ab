"""Every action a seat may send now (``legal_actions``), for bots, random drivers and tests.

``prompted`` lists the choices of the prompt (sponsor cards, every move to every hex,
tags, one weapon at each target or hex, passing, displacing, stealing, the host's rulings).
Added here: activating Big Little Buddy with an Activate card, deploying a destroyed Support
Unit with a Deploy card to each empty hex next to the Heavy Hitter, each Heavy Hitter move with
a movement card played along, firing every weapon at once (each at its first target), and, with
manual dice, stating no damage. The added candidates are tried on the state (``apply`` is pure)
and kept only when accepted.
"""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import WarboardError
from app.systems.base import HOST_SEAT
from app.systems.gkr import view
from app.systems.gkr.board import empty_adjacent, hex_of
from app.systems.gkr.data import SUPPORT_KINDS

State = dict[str, Any]


def legal_actions(system: Any, state: State, seat: str) -> list[dict[str, Any]]:
    listed = prompted(state, seat)
    p = view.prompt(state, seat) if seat in state["players"] else None
    if p is None:
        return listed
    extra = [a for a in _candidates(state, seat, p) if _accepted(system, state, seat, a)]
    return [*listed, *extra]


def prompted(state: State, seat: str) -> list[dict[str, Any]]:
    """The actions the prompt of ``seat`` offers (and the host's rulings)."""
    if seat == HOST_SEAT:
        return [{"kind": "resolve_dispute", "uphold": u} for u in (True, False)] if state["dispute"] else []
    p = view.prompt(state, seat)
    if p is None:
        return []
    if "steal_from" in p:
        return [{"kind": "steal", "take": True}, {"kind": "steal", "take": False}]
    phase = state["phase"]
    acts: list[dict[str, Any]] = []
    if phase in ("deploy", "movement", "tagging"):
        acts.append({"kind": "end_turn"})
    acts += [
        {"kind": "play_sponsor", "card": c}
        for c in (state["players"][seat]["sponsor"] if phase == "deploy" else [])
        if state["cards"][c]["type"] != "activate-blb" or p.get("can_activate_blb")
    ]
    for m in p.get("moves", []):
        acts += [{"kind": "move", "unit": m["unit"], "to": h} for h in m["hexes"]]
    for t in p.get("tags", []):
        acts += [{"kind": "tag", "unit": t["unit"], "building": b} for b in t["buildings"]]
    if phase == "combat" and "weapons" in p:
        acts.append({"kind": "choose_weapons", "weapons": []})
        acts += [{"kind": "choose_weapons", "weapons": [choice]} for choice in view.single_shots(p["weapons"])]
    if "hexes" in p and phase == "reset":
        acts += [{"kind": "displace", "to": h} for h in p["hexes"]]
    return acts


def _candidates(state: State, seat: str, p: dict[str, Any]) -> list[dict[str, Any]]:
    phase, player, out = state["phase"], state["players"][seat], []
    if phase == "deploy":
        out += [
            {"kind": "activate_blb", "card": c}
            for c in player["sponsor"]
            if state["cards"][c]["type"] == "activate-blb" and p.get("can_activate_blb")
        ]
        heavy = state["units"][f"{seat}:heavy"]
        for c in player["hand"]:
            if state["cards"][c]["type"] != "deploy" or not heavy["on_board"]:
                continue
            for kind in SUPPORT_KINDS:
                unit = state["units"][f"{seat}:{kind}"]
                if not unit["on_board"]:
                    out += [
                        {"kind": "deploy_support", "card": c, "unit": unit["id"], "to": h.to_dict()}
                        for h in empty_adjacent(state, hex_of(heavy))
                    ]
    for m in p.get("moves", []):
        if m.get("card"):
            out += [
                {"kind": "move", "unit": m["unit"], "to": h, "card": m["card"]}
                for h in m.get("card_hexes", [])
                if h not in m["hexes"]
            ]
    if phase == "combat" and "weapons" in p:
        volley = []
        for w in p["weapons"]:
            base = {
                "source": w["source"],
                **({"card": w["card"]} if w["source"] == "card" else {}),
                **({"weapon": w["weapon"]} if w["source"] == "blb" else {}),
            }
            if w.get("targets"):
                volley.append({**base, "target_unit": w["targets"][0]})
            elif w.get("hexes"):
                volley.append({**base, "target_hex": w["hexes"][0]})
        if len(volley) > 1:
            out.append({"kind": "choose_weapons", "weapons": volley})
    if phase == "combat" and "victims" in p:
        out.append({"kind": "state_result", "results": [{"unit": u, "damage": 0} for u in p["victims"]]})
    return out


def _accepted(system: Any, state: State, seat: str, raw: dict[str, Any]) -> bool:
    try:
        system.apply(state, seat, system.parse_action(raw), Dice("legal-probe"))
    except WarboardError:
        return False
    return True
