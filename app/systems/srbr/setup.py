"""Building a new SRBR game: table, sticks, terrain, forces, deployment, initiative."""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import BadOptions
from app.geometry import sticks
from app.systems.srbr import data
from app.systems.srbr.profiles import check

State = dict[str, Any]
SEATS = ["p1", "p2", "p3", "p4"]
#: Warboard default deployment edges: (edge, facing) per seat
EDGES = {"p1": ("south", 270.0), "p2": ("north", 90.0), "p3": ("west", 0.0), "p4": ("east", 180.0)}


def seats(options: dict[str, Any]) -> list[str]:
    return SEATS[: int(options.get("players", 2))]


def prepare(options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """Merge the rule data and check every force. Raises BadOptions naming the problem."""
    try:
        rules = data.merged(options.get("rules") or {})
    except (ValueError, KeyError, TypeError) as exc:
        raise BadOptions(f"Bad rule overrides: {exc}") from None
    catalogue = data.samples()
    catalogue.update({m["id"]: m for m in options.get("mechas") or []})
    defaults = data.default_forces()
    forces: dict[str, list[dict[str, Any]]] = {}
    for seat in seats(options):
        chosen = (options.get("forces") or {}).get(seat) or defaults[seat]
        total, mechas = 0, []
        for mecha_id in chosen:
            if mecha_id not in catalogue:
                raise BadOptions(f"{seat}: no mecha {mecha_id!r} (known: {', '.join(sorted(catalogue))})")
            report = check(catalogue[mecha_id], rules, rules["attack_types"])
            if not report["valid"]:
                raise BadOptions(f"{seat}: mecha {mecha_id!r} is not valid: {'; '.join(report['errors'])}")
            total += report["cost"]
            mechas.append({**report["mecha"], "cost": report["cost"]})
        limit = options.get("point_limit")
        if limit is not None and total > limit:
            raise BadOptions(f"{seat}: force costs {total} points, over the limit of {limit}")
        forces[seat] = mechas
    return rules, forces


def table_size(options: dict[str, Any], rules: dict[str, Any], forces: dict[str, list[Any]]) -> float:
    """SRBR "Table Size": 90 x 90 cm; 120 x 120 cm when players field bigger forces."""
    if options.get("table", "auto") != "auto":
        return float(options["table"])
    biggest = max(len(f) for f in forces.values())
    return 120.0 if biggest > rules["table"]["large_when_mechas_per_player_over"] else 90.0


def build(options: dict[str, Any], dice: Dice) -> State:
    rules, forces = prepare(options)
    size = table_size(options, rules, forces)
    stick = sticks.stick_lengths(options.get("scale", "25-28mm"), "cm")
    terrain = options.get("terrain")
    if terrain is None:
        factor = size / 90.0
        terrain = [{**t, "polygon": [[x * factor, y * factor] for x, y in t["polygon"]]}
                   for t in data.terrain()]
    order = seats(options)
    if rules["initiative"]["method"] == "roll":
        first = dice.randbelow(len(order), "initiative: first player")
        order = order[first:] + order[:first]
    mechas: dict[str, dict[str, Any]] = {}
    for seat, force in forces.items():
        for i, profile in enumerate(force):
            m = _deploy(profile, seat, i, len(force), size, stick[rules["deployment"]["edge_offset_stick"]], rules)
            base_id, n = m["id"], 1
            while m["id"] in mechas:  # the same design twice: p1-kabuto, p1-kabuto-2
                n += 1
                m["id"] = f"{base_id}-{n}"
            mechas[m["id"]] = m
    return {
        "options": options,
        "rules": rules,
        "scale": options.get("scale", "25-28mm"),
        "sticks": stick,
        "board": {"kind": "tabletop", "width": size, "height": size, "units": "cm",
                  "terrain": terrain},
        "seats": seats(options),
        "order": order,
        "mechas": mechas,
        "turn": {"seat": order[0], "round": 1,
                 "phase": "deploy" if options.get("deployment") == "players" else "activate",
                 "activation": None, "reactions": None, "reaction_activation": None, "ready": []},
        "conceded": [],
        "votes": {},
        "result": None,
    }


def _deploy(profile: dict[str, Any], seat: str, index: int, count: int, size: float,
            offset: float, rules: dict[str, Any]) -> dict[str, Any]:
    """Warboard default deployment: spread along the seat's edge, a Short stick in from it."""
    edge, facing = EDGES[seat]
    along = size * (index + 1) / (count + 1)
    depth = offset + profile["base"] / 2
    x, y = {"south": (along, size - depth), "north": (along, depth),
            "west": (depth, along), "east": (size - depth, along)}[edge]
    radius = profile["base"] / 2
    fwd, right = rules["anchors"][profile["form"]]
    parts = [{**p, "damage": 0, "activations": 0} for p in profile["parts"]]
    return {
        "id": f"{seat}-{profile['id']}", "profile": profile["id"], "name": profile["name"],
        "owner": seat, "form": profile["form"], "base": profile["base"],
        "x": round(x, 3), "y": round(y, 3), "facing": facing,
        "anchor": [round(fwd * radius, 3), round(right * radius, 3)],
        "status": "standing", "out": None, "cost": profile["cost"],
        "special_rules": profile["special_rules"], "parts": parts,
    }
