"""Building a new SRBR game: table, sticks, terrain, forces, deployment, initiative."""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import BadOptions
from app.systems.srbr import data, layout, sticks
from app.systems.srbr.options import check_terrain
from app.systems.srbr.profiles import check

State = dict[str, Any]
SEATS = ["p1", "p2", "p3", "p4"]


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
    """SRBR "Table Size": "A bigger table 4'x4' (120x120 cm) is needed if each participant
    controls more than 2-3 mechas": 120 cm only when every player's force is over the limit
    (a Warboard reading of "2-3": more than 3, host-editable); 90 x 90 cm otherwise."""
    if options.get("table", "auto") != "auto":
        return float(options["table"])
    smallest = min(len(f) for f in forces.values())
    return 120.0 if smallest > rules["table"]["large_when_mechas_per_player_over"] else 90.0


def terrain_for(options: dict[str, Any], size: float) -> list[dict[str, Any]]:
    """The table's terrain: the options' own, or the default layout scaled to the table. Both
    pass the same checks (actions.check_terrain). Raises BadOptions."""
    terrain = options.get("terrain")
    if terrain is None:
        factor = size / 90.0
        terrain = [{**t, "polygon": [[x * factor, y * factor] for x, y in t["polygon"]]} for t in data.terrain()]
    try:
        check_terrain(terrain)
    except ValueError as exc:
        raise BadOptions(f"Bad terrain: {exc}") from None
    return list(terrain)


def arrange(
    options: dict[str, Any],
) -> tuple[dict[str, Any], float, list[dict[str, Any]], dict[str, float], dict[str, dict[str, Any]]]:
    """Rules, table size, terrain, sticks and the placed mechas. Raises BadOptions."""
    rules, forces = prepare(options)
    size = table_size(options, rules, forces)
    stick = sticks.stick_lengths(options.get("scale", "25-28mm"), "cm")
    terrain = terrain_for(options, size)
    return rules, size, terrain, stick, layout.place_all(forces, size, terrain, stick, rules)


def setup(options: dict[str, Any], dice: Dice) -> State:
    rules, size, terrain, stick, mechas = arrange(options)
    order = seats(options)
    if rules["initiative"]["method"] == "roll":
        first = dice.randbelow(len(order), "initiative: first player")
        order = order[first:] + order[:first]
    return {
        "options": options,
        "rules": rules,
        "scale": options.get("scale", "25-28mm"),
        "sticks": stick,
        "board": {"kind": "tabletop", "width": size, "height": size, "units": "cm", "terrain": terrain},
        "seats": seats(options),
        "order": order,
        "mechas": mechas,
        "turn": {
            "seat": order[0],
            "round": 1,
            "phase": "deploy" if options.get("deployment") == "players" else "activate",
            "activation": None,
            "reactions": None,
            "reaction_activation": None,
            "ready": [],
        },
        "conceded": [],
        "votes": {},
        "result": None,
        "records": [],
        "record_undo": None,
        "hold": None,
    }
