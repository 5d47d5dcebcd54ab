"""What the board client sees: board, pieces with anchors, sticks, mecha profiles with dice
colours, the current activation (successes and actions left), the prompt for the viewer.

SRBR has no hidden information: every viewer sees the same table; only ``prompt`` and
``legal`` differ by seat. Units are centimetres (the table is 90 x 90 cm).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.errors import WarboardError
from app.systems.srbr import buildings, combat, deploy, guide, malfunction, pieces, records, sticks, turns
from app.systems.srbr.data import COLOURS, REACTION_COLOURS
from app.systems.srbr.records import PublicRecords
from app.systems.views import Scene, TurnView
from app.systems.words import listed, plain_words, title_words

State = dict[str, Any]


class SrbrTurn(TurnView):
    seat: str | None
    order: list[str]


class SrbrScene(Scene, PublicRecords):
    """A Samurai Robots view (``render``): the same for every viewer but ``prompt`` and ``legal``."""

    system: str
    prompt: dict[str, Any] | None
    sticks: dict[str, Any]
    mechas: dict[str, dict[str, Any]]
    activation: dict[str, Any] | None
    reaction: dict[str, Any]
    dice_colours: list[str]
    reaction_colours: list[str]
    manual: dict[str, bool]
    defaults: dict[str, Any]
    rules_help: list[dict[str, Any]]
    conceded: list[str]
    votes: dict[str, Any]
    result: dict[str, Any] | None
    deployment_zones: dict[str, Any] | None
    legal: list[dict[str, Any]]


def render(state: State, viewer: str | None) -> SrbrScene:
    turn = state["turn"]
    scene_turn: SrbrTurn = {
        "active": turns.active_seats(state),
        "phase": turn["phase"],
        "round": turn["round"],
        "seat": turn["seat"],
        "order": state["order"],
    }
    return {
        "system": "srbr",
        "board": state["board"],
        "pieces": [_piece(m) for m in state["mechas"].values() if pieces.in_play(m)],
        "turn": scene_turn,
        "prompt": prompt(state, viewer),
        "sticks": {
            "scale": state["scale"],
            "units": "cm",
            "lengths": state["sticks"],
            "names": sticks.STICK_NAMES,
            "table_mm": sticks.STICK_TABLES_MM,
            "premeasure": True,
        },
        "mechas": {mid: _profile(state, m) for mid, m in state["mechas"].items()},
        "activation": turn["activation"],
        "reaction": {"pending": turn["reactions"], "activation": turn["reaction_activation"]},
        "dice_colours": list(COLOURS),
        "reaction_colours": list(REACTION_COLOURS),
        "manual": state["options"]["manual"],
        "defaults": state["rules"],
        "rules_help": guide.rows(state["rules"], state["scale"], state["options"].get("rules")),
        **records.public(state),
        "conceded": state["conceded"],
        "votes": state["votes"],
        "result": state["result"],
        "deployment_zones": deploy.zones(state) if turn["phase"] == "deploy" else None,
        "legal": legal_actions(state, viewer) if viewer else [],
    }


def _piece(m: dict[str, Any]) -> dict[str, Any]:
    a = pieces.anchor(m)
    return {
        "id": m["id"],
        "label": m["name"],
        "owner": m["owner"],
        "x": m["x"],
        "y": m["y"],
        "facing": m["facing"],
        "base": m["base"],
        "anchor": [round(a.x - m["x"], 3), round(a.y - m["y"], 3)],
        "anchor_local": m["anchor"],
        "kind": "mecha",
        "form": m["form"],
        # the board client prints a piece's status over it: only when it says something
        "status": None if m["status"] == "standing" else m["status"],
    }


def _profile(state: State, m: dict[str, Any]) -> dict[str, Any]:
    parts = [{**p, "dice": pieces.dice_of(state, p), "destroyed": pieces.is_destroyed(state, p)} for p in m["parts"]]
    return {
        "id": m["id"],
        "name": m["name"],
        "owner": m["owner"],
        "form": m["form"],
        "cost": m["cost"],
        "status": m["status"],
        "out": m["out"],
        "special_rules": m["special_rules"],
        "parts": parts,
    }


def prompt(state: State, viewer: str | None) -> dict[str, Any] | None:
    """What ``viewer`` is being asked to do now, if anything."""
    if viewer is None or state["result"] is not None:
        return None
    turn = state["turn"]
    hold = state.get("hold")
    if hold is not None:
        return {
            "ask": "wait",
            "waiting_for": ["host"],
            "phase": turn["phase"],
            "text": f"{title_words(hold['by'])} disputes record {hold['record'] + 1} ({hold['reason']}): waiting for the host's ruling",
        }
    if viewer not in turns.active_seats(state):
        waiting = turns.active_seats(state)
        return {
            "ask": "wait",
            "waiting_for": waiting,
            "phase": turn["phase"],
            "text": f"Waiting for {listed([title_words(s) for s in waiting]) or 'nobody'} "
            f"({turns.PHASE_NAMES.get(turn['phase'], plain_words(turn['phase']))})",
        }
    phase = turn["phase"]
    if phase == "deploy":
        return {
            "ask": "deploy",
            "zone": deploy.zone(state, viewer),
            "text": "Place your mechas in your deployment zone, then declare ready.",
        }
    if phase == "activate":
        return {
            "ask": "activate",
            "text": "Choose one of your mechas and one body part, and roll one, two or three dice; or end your turn.",
        }
    if phase == "reaction":
        pending = turn["reactions"]
        return {
            "ask": "reaction",
            "from": pending["from"],
            "remaining": pending["remaining"],
            "text": f"{pending['from']} rolled a 1 on a yellow or red activation die: you may "
            "react with one body part of one of your mechas, or pass.",
        }
    act = turns.current(state)
    m = state["mechas"][act["mecha"]]
    p = pieces.part(m, act["part"])
    move = None
    if p["move"]:
        a = pieces.anchor(m)
        move = {"stick": p["move"], "length": state["sticks"][p["move"]], "from": [a.x, a.y]}
    can = ([f"move up to the {sticks.STICK_NAMES[p['move']]} stick"] if p["move"] else []) + p["attacks"]
    left = act["actions_left"]
    text = (
        f"{m['name']} {p['name']}: {act['successes']} "
        f"{'success' if act['successes'] == 1 else 'successes'}, {left} "
        f"{'action' if left == 1 else 'actions'} left ({', '.join(can) or 'nothing to do'})"
    )
    if phase == "reaction_actions":
        text = "Reaction: " + text
    return {
        "ask": "actions" if phase == "actions" else "reaction_actions",
        "text": text,
        "mecha": m["id"],
        "part": p["id"],
        "actions_left": act["actions_left"],
        "successes": act["successes"],
        "move": move,
        "attacks": p["attacks"],
        "fallen": m["status"] == "fallen",
    }


def legal_actions(state: State, seat: str | None) -> list[dict[str, Any]]:
    """Complete actions ``seat`` may take now (moves are described in the prompt instead;
    conceding, always allowed, is listed for the seat to act)."""
    if seat is None or seat not in turns.active_seats(state) or state.get("hold") is not None:
        return []
    return [*_choices(state, seat), {"kind": "concede"}]


def _choices(state: State, seat: str) -> list[dict[str, Any]]:
    phase = state["turn"]["phase"]
    own = [m for m in state["mechas"].values() if m["owner"] == seat and pieces.in_play(m)]
    if phase == "activate":
        limit = state["rules"]["activation"]["activations_per_part_per_turn"]
        out = [
            {"kind": "activate", "mecha": m["id"], "part": p["id"], "dice": n}
            for m in own
            for p in pieces.intact_parts(state, m)
            if (not limit or p["activations"] < limit) and not malfunction.is_jammed(p)
            for n in range(1, len(pieces.dice_of(state, p)) + 1)
        ]
        return [*out, {"kind": "end_turn"}]
    if phase == "deploy":
        return [{"kind": "ready"}]
    if phase == "reaction":
        return [
            *({"kind": "react", "mecha": m["id"], "part": p["id"]} for m in own for p in pieces.intact_parts(state, m)),
            {"kind": "pass"},
        ]
    return _action_choices(state, phase)


def _action_choices(state: State, phase: str) -> list[dict[str, Any]]:
    act = turns.current(state)
    m = state["mechas"][act["mecha"]]
    p = pieces.part(m, act["part"])
    out: list[dict[str, Any]] = []
    if p["move"] and m["status"] == "fallen":
        out.append({"kind": "stand_up"})
    # what the part may attack: enemy mechas, then buildings, each with its reach check
    foes: list[tuple[dict[str, Any], Callable[..., None]]]
    foes = [(t, combat.check_reach) for t in pieces.others(state, m) if t["owner"] != m["owner"]]
    foes += [(b, buildings.check_reach) for b in state["board"]["terrain"] if b["type"] == "building"]
    for name in p["attacks"]:
        spec = state["rules"]["attack_types"].get(name)
        for target, check_reach in foes if spec is not None else []:
            try:
                check_reach(state, m, target, spec, name)
            except WarboardError:
                continue
            out.append({"kind": "attack", "attack": name, "target": target["id"]})
            if target["id"] in state["mechas"]:  # aimed at one intact part
                out += [
                    {"kind": "attack", "attack": name, "target": target["id"], "target_part": q["id"]}
                    for q in pieces.intact_parts(state, target)
                ]
    out.append({"kind": "done"})
    if phase == "actions":
        out.append({"kind": "end_turn"})
    return out
