"""A bot's decision: one of the seat's listed legal actions, from what the seat sees.

Input is exactly what a human in the seat receives: the seat's ``view`` (welcome/update) and
its legal actions (``GET /api/tables/{id}/legal``, computed through the projection). Nothing
else. Every action is scored and the best one taken (ties broken by a generator seeded with
the bot's seed and the table's seq, so a bot is deterministic given its seed):

- ending the game (concede, agree to end) only when nothing else is listed;
- attacks and other direct gains first (HGB: the weapon with the highest Damage Multiplier,
  a volley of every weapon in GKR, tagging buildings, recruiting, stand up);
- then moves, preferring those that end closest to an enemy piece or an enemy flag;
- then turn structure (activate, choose first, spin), and ending a turn or a group last:
  a bot never passes while something useful is listed.
"""

from __future__ import annotations

import math
import random
from typing import Any

ENDINGS = {"concede", "agree_end", "declare_result", "propose_end", "accept_end", "end_game"}
GAINS = {
    "attack": 100,
    "return_fire": 95,
    "tag": 110,
    "recruit": 90,
    "place_card": 85,
    "recall": 80,
    "launch": 60,
    "stand_up": 120,
    "activate_blb": 95,
    "deploy_support": 90,
    "play_sponsor": 70,
    "steal": 50,
    "state_result": 40,
    "displace": 10,
    "designate": 20,
    "ecm": 30,
}
STRUCTURE = {
    "ready": 60,
    "roll_opening": 60,
    "spin": 60,
    "choose_first": 40,
    "activate_group": 40,
    "activate": 45,
    "react": 45,
    "play_card": 35,
    "deploy": 0,
    "choose_force": 0,
    "set_speed": -5,
    "end_moves": 3,
    "done": 2,
    "end_group": 1,
    "end_turn": 0,
    "pass": 0,
    "choose_weapons": 0,
    "remove_terrain": -50,
    "autopilot": -50,
    "place_terrain": -50,
}


def choose(view: dict[str, Any], actions: list[dict[str, Any]], seed: str | int, seq: int) -> dict[str, Any] | None:
    """The action to send, or None when the seat has nothing to do now."""
    if not actions:
        return None
    if all(a["kind"] in ENDINGS for a in actions):
        return None  # only ways to end the game: not this seat's turn (a bot never concedes)
    ctx = _Context(view, actions)
    scored = [(score(a, ctx), i) for i, a in enumerate(actions)]
    best = max(s for s, _ in scored)
    if best < 0:
        return None  # only harmful or pointless choices (e.g. toggling Autopilot while waiting)
    top = [actions[i] for s, i in scored if s >= best - 1e-9]
    return random.Random(f"{seed}:{seq}").choice(top)


class _Context:
    def __init__(self, view: dict[str, Any], actions: list[dict[str, Any]]) -> None:
        self.view = view
        pieces = [p for p in view.get("pieces", []) if isinstance(p, dict)]
        ids = {str(v) for a in actions for k, v in a.items() if k in ("model", "fighter", "unit", "mecha")}
        mine = [p for p in pieces if p.get("id") in ids]
        sides = {_side(p) for p in mine} - {None}
        if not sides and view.get("you"):
            sides = {view["you"]}
        self.mine = sides
        self.enemies = [
            p
            for p in pieces
            if _side(p) is not None
            and _side(p) not in sides
            and p.get("status") not in ("wreck", "destroyed", "reserve")
        ]
        self.weapons = view.get("weapons") or {}


def _side(p: dict[str, Any]) -> Any:
    return p.get("army") or p.get("owner")  # Small Soldiers: teammates share an army


def score(a: dict[str, Any], ctx: _Context) -> float:
    kind = a["kind"]
    if kind in ENDINGS:
        return -1000.0
    if kind == "attack":
        dm = (ctx.weapons.get(a.get("weapon", "")) or {}).get("dm", 0)
        return GAINS[kind] + float(dm) - (5 if a.get("indirect") else 0)
    if kind == "return_fire":
        dm = (ctx.weapons.get(a.get("weapon", "")) or {}).get("dm", 0)
        return GAINS[kind] + float(dm) - 0.01 * float(a.get("at", 0))
    if kind == "choose_weapons":
        return 100.0 + 10 * len(a.get("weapons", [])) if a.get("weapons") else 0.0
    if kind == "steal":
        return GAINS[kind] if a.get("take") else 0.0
    if kind == "move":
        return 50.0 - min(_distance(_dest(a), e) for e in ctx.enemies) / 100.0 if ctx.enemies and _dest(a) else 50.0
    if kind == "activate":
        return STRUCTURE[kind] + float(a.get("dice", 1))
    if kind == "done" and a.get("keep_action"):
        return 2.5  # keeps the Action for Return Fire
    if kind == "choose_first":
        return STRUCTURE[kind]
    if kind in GAINS:
        return float(GAINS[kind])
    return float(STRUCTURE.get(kind, 0))


def _dest(a: dict[str, Any]) -> tuple[str, float, float] | None:
    if a.get("path"):
        x, y = a["path"][-1]
        return ("xy", float(x), float(y))
    if isinstance(a.get("to"), dict):
        return ("qr", float(a["to"]["q"]), float(a["to"]["r"]))
    if "q" in a and "r" in a:
        return ("qr", float(a["q"]), float(a["r"]))
    if "x" in a and "y" in a:
        return ("xy", float(a["x"]), float(a["y"]))
    return None


def _distance(d: tuple[str, float, float] | None, p: dict[str, Any]) -> float:
    if d is None:
        return 0.0
    if d[0] == "qr" and "q" in p:
        dq, dr = d[1] - float(p["q"]), d[2] - float(p["r"])
        return (abs(dq) + abs(dr) + abs(dq + dr)) / 2
    if d[0] == "xy" and "x" in p:
        return math.hypot(d[1] - float(p["x"]), d[2] - float(p["y"]))
    return 0.0
