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

import json
import math
import random
from collections.abc import Mapping
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


#: HGB: rounds a bot plays from cover; after them it closes in (two bots out of each other's sight
#: behind cover would otherwise wait for ever)
PATIENCE = 8
#: HGB: the attack modifier of each range band (rulebook, Range; the weapon's ``ranges`` are their limits)
BANDS = (1, 0, -1, -2, -3)
#: answers of the HGB odds helper (``POST /api/rules/hgb/odds``), by :func:`odds_key`
Odds = Mapping[str, Mapping[str, Any]]


def choose(
    view: dict[str, Any], actions: list[dict[str, Any]], seed: str | int, seq: int, odds: Odds | None = None
) -> dict[str, Any] | None:
    """The action to send, or None when the seat has nothing to do now.

    ``odds``: the odds helper's answers for :func:`odds_requests` (HGB), when the caller has them."""
    if not actions:
        return None
    if all(a["kind"] in ENDINGS for a in actions):
        return None  # only ways to end the game: not this seat's turn (a bot never concedes)
    ctx = _Context(view, actions, odds or {})
    scored = [(score(a, ctx), i) for i, a in enumerate(actions)]
    best = max(s for s, _ in scored)
    if best < 0:
        return None  # only harmful or pointless choices (e.g. toggling Autopilot while waiting)
    top = [actions[i] for s, i in scored if s >= best - 1e-9]
    return random.Random(f"{seed}:{seq}").choice(top)


def shortlist(
    view: dict[str, Any], actions: list[dict[str, Any]], k: int, odds: Odds | None = None
) -> list[dict[str, Any]]:
    """The ``k`` actions this policy rates best (never one ending the game or scored below 0),
    best first, each once: what the strong level searches among (``app.bots.search``)."""
    ctx = _Context(view, actions, odds or {})
    seen: set[str] = set()
    out: list[tuple[float, int, dict[str, Any]]] = []
    for i, a in enumerate(actions):
        key = json.dumps(a, sort_keys=True)
        if a["kind"] in ENDINGS or key in seen:
            continue
        seen.add(key)
        s = score(a, ctx)
        if s >= 0:
            out.append((-s, i, a))
    return [a for _, _, a in sorted(out, key=lambda t: (t[0], t[1]))[:k]]


def odds_key(request: Mapping[str, Any]) -> str:
    return json.dumps(request, sort_keys=True)


def odds_requests(view: dict[str, Any], actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """HGB: the odds helper requests (``POST /api/rules/hgb/odds``) for the listed direct attacks,
    worked out from the seat's view alone (the cards' skills, speeds and armor, the weapons'
    DM and range bands, the distance between the models)."""
    cards = _cards(view)
    if not cards:
        return []
    pieces = {str(p.get("id")): p for p in view.get("pieces", []) if isinstance(p, dict)}
    weapons = view.get("weapons") or {}
    out: dict[str, dict[str, Any]] = {}
    for a in actions:
        if a["kind"] != "attack" or a.get("indirect"):
            continue
        request = _odds_request(cards, pieces, weapons, a)
        if request is not None:
            out[odds_key(request)] = request
    return list(out.values())


def _cards(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    cards = view.get("cards")
    if not isinstance(cards, list):
        return {}
    return {str(c["id"]): c for c in cards if isinstance(c, dict) and "skills" in c and "armor" in c}


def _odds_request(
    cards: dict[str, dict[str, Any]], pieces: dict[str, dict[str, Any]], weapons: dict[str, Any], a: dict[str, Any]
) -> dict[str, Any] | None:
    att, dfn = cards.get(str(a.get("model"))), cards.get(str(a.get("target")))
    weapon = weapons.get(str(a.get("weapon"))) or {}
    here, there = pieces.get(str(a.get("model"))), pieces.get(str(a.get("target")))
    if not att or not dfn or not weapon.get("dm") or not here or not there or "x" not in here or "x" not in there:
        return None
    gap = math.hypot(here["x"] - there["x"], here["y"] - there["y"]) - here.get("base", 1) - there.get("base", 1)
    band = next((i for i, limit in enumerate(weapon.get("ranges") or []) if max(gap, 0) <= limit + 1e-9), 4)
    speed = att.get("speed") or "combat"
    def_speed, mode = dfn.get("speed") or "combat", dfn.get("mode") or "walker"
    left = sum(1 for b in dfn.get("boxes", []) if isinstance(b, dict) and not b.get("crossed"))
    return {
        "attack_skill": int(att["skills"]["att"]),
        "defense_skill": int(dfn["skills"]["def"]),
        "attack_modifiers": {
            "range": BANDS[min(band, 4)],
            "speed": int((att.get("attack_mod") or {}).get(speed, 0)),
            "accuracy": int(weapon.get("accuracy") or 0),
        },
        "defense_modifiers": {"speed": int(((dfn.get("defense_mod") or {}).get(mode) or {}).get(def_speed, 0))},
        "dm": int(weapon["dm"]),
        "armor": max(1, int(dfn["armor"])),
        "boxes_left": min(max(left, 0), 40),
    }


def expected_damage(answer: Mapping[str, Any], left: int) -> float:
    """Boxes an attack is expected to cross, a kill counted as every box left and a bonus."""
    boxes = answer.get("boxes") or {}
    crossing = float(boxes.get("1", 0)) + 2 * float(boxes.get("2", 0)) + left * float(answer.get("overkill", 0))
    return crossing + 3 * float(answer.get("destroyed") or 0)


class _Context:
    def __init__(self, view: dict[str, Any], actions: list[dict[str, Any]], odds: Odds) -> None:
        self.view = view
        self.odds = odds
        self.cards = _cards(view)
        self.pieces = {str(p.get("id")): p for p in view.get("pieces", []) if isinstance(p, dict)}
        terrain = (view.get("board") or {}).get("terrain") or []
        self.cover = [t["polygon"] for t in terrain if isinstance(t, dict) and t.get("polygon")]
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
        #: HGB: a designation listed means some model of the seat sees an enemy (attacks are
        #: listed at hidden targets too, at -2)
        self.in_sight = any(a["kind"] == "designate" for a in actions)
        self.longest: dict[str, float] = {}  # HGB: each model's longest listed move
        for a in actions:
            here, dest = self.pieces.get(str(a.get("model"))), _dest(a)
            if a["kind"] == "move" and here and "x" in here and dest and dest[0] == "xy":
                step = math.hypot(dest[1] - float(here["x"]), dest[2] - float(here["y"]))
                self.longest[str(a["model"])] = max(self.longest.get(str(a["model"]), 0.0), step)
        theirs = sorted(str(_side(e)) for e in self.enemies)
        #: HGB: the way this seat turns to go round an obstacle (+1 or -1 degrees; the two sides of a
        #: game turn opposite ways, so two players circling one building meet)
        self.sense = 1 if theirs and min((str(s) for s in sides), default="") < theirs[0] else -1


def _side(p: dict[str, Any]) -> Any:
    return p.get("army") or p.get("owner")  # Small Soldiers: teammates share an army


def score(a: dict[str, Any], ctx: _Context) -> float:
    kind = a["kind"]
    if kind in ENDINGS:
        return -1000.0
    if kind == "attack":
        dm = (ctx.weapons.get(a.get("weapon", "")) or {}).get("dm", 0)
        request = None if a.get("indirect") else _odds_request(ctx.cards, ctx.pieces, ctx.weapons, a)
        answer = ctx.odds.get(odds_key(request)) if request else None
        if request and answer:  # HGB: the best expected damage, by the odds helper
            return GAINS[kind] + 10 * expected_damage(answer, request["boxes_left"]) + float(dm) / 100 + _rof(a)
        return GAINS[kind] + float(dm) - (5 if a.get("indirect") else 0) + _rof(a)
    if kind == "return_fire":
        dm = (ctx.weapons.get(a.get("weapon", "")) or {}).get("dm", 0)
        return GAINS[kind] + float(dm) - 0.01 * float(a.get("at", 0)) + _rof(a)
    if kind == "choose_weapons":
        return 100.0 + 10 * len(a.get("weapons", [])) if a.get("weapons") else 0.0
    if kind == "steal":
        return GAINS[kind] if a.get("take") else 0.0
    if kind == "move" and a.get("flee"):
        return 0.0  # Samurai Robots: leaving the table takes the mecha out of the game
    if kind == "move" and ctx.cards and ctx.enemies and _dest(a):
        return _hgb_move(a, ctx)
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


def _rof(a: dict[str, Any]) -> float:
    """HGB: Rate of Fire points on Focused Fire add to the damage; on Sweep Fire they may hit the
    seat's own models too, so the easy player focuses and does not sweep."""
    return 0.05 * float(a.get("focus", 0)) - 0.05 * float(a.get("sweep", 0))


def _hgb_move(a: dict[str, Any], ctx: _Context) -> float:
    """HGB: end in reach of the model's best weapon (the nearer band the better), in or beside
    cover, and otherwise as close to the nearest enemy as the move allows."""
    dest = _dest(a)
    nearest = min(_distance(dest, e) for e in ctx.enemies)
    card = ctx.cards.get(str(a.get("model"))) or {}
    codes = [w.get("code") for w in card.get("weapons", []) if isinstance(w, dict)]
    ranges = [
        (ctx.weapons.get(c) or {}).get("ranges") or []
        for c in codes
        if (ctx.weapons.get(c) or {}).get("dm") and (ctx.weapons.get(c) or {}).get("ranges")
    ]
    reach = 0.0
    for limits in ranges:
        band = next((i for i, limit in enumerate(limits) if nearest <= limit + 1e-9), None)
        if band is not None:
            reach = max(reach, 4.0 - band)  # point blank 4 ... extreme 0
    if int((ctx.view.get("turn") or {}).get("round") or 0) > PATIENCE:
        if not ctx.in_sight:
            return _detour(a, ctx)
        return 50.0 + reach - nearest / 2.0  # no more waiting in cover: close in until someone can shoot
    covered = 2.0 if dest and any(_near_polygon(dest[1], dest[2], poly, 1.0) for poly in ctx.cover) else 0.0
    return 50.0 + reach + covered - nearest / 100.0


def _detour(a: dict[str, Any], ctx: _Context) -> float:
    """HGB, no enemy in sight after :data:`PATIENCE` rounds: the move whose heading turns least
    from the bearing to the nearest enemy, always turning the seat's way (:attr:`_Context.sense`),
    among those at least half as long as the model's longest (a blocked line is short). Going
    round a building this way follows its side until the enemy is in sight or straight ahead."""
    here, dest = ctx.pieces.get(str(a.get("model"))), _dest(a)
    if not here or "x" not in here or not dest or dest[0] != "xy":
        return 40.0
    x, y = float(here["x"]), float(here["y"])
    step = math.hypot(dest[1] - x, dest[2] - y)
    if step < max(1.0, ctx.longest.get(str(a["model"]), 0.0) / 2):
        return 40.0 + step / 100.0
    target = min(ctx.enemies, key=lambda e: math.hypot(float(e.get("x", 0)) - x, float(e.get("y", 0)) - y))
    toward = math.degrees(math.atan2(float(target.get("y", 0)) - y, float(target.get("x", 0)) - x))
    heading = math.degrees(math.atan2(dest[2] - y, dest[1] - x))
    turn = (ctx.sense * (heading - toward) + 5.0) % 360.0 - 5.0  # [-5, 355): straight at it is about 0
    return 50.0 - turn / 100.0


def _near_polygon(x: float, y: float, polygon: list[list[float]], margin: float) -> bool:
    xs, ys = [float(p[0]) for p in polygon], [float(p[1]) for p in polygon]
    return min(xs) - margin <= x <= max(xs) + margin and min(ys) - margin <= y <= max(ys) + margin


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
