"""Launch Catapult (Other Cards, Figure 10), as a digital shot with the toy's skill and risk.

Rulebook: one shot; fighters knocked down (even your own) go to their side of the Toy Store;
a fighter still upright but pushed into an unoccupied space stays there with its card; one
pushed into an occupied space goes to the Toy Store and its card is discarded.

Warboard's shot (numbers in ``data/catapult.json``, a Warboard default):
1. The launcher stands behind the army's back edge (``map.armies.<army>.catapult``), moved
   ``offset`` spaces to the shooter's right; it points ``angle`` degrees right of straight ahead.
2. The table's dice add an error: angle + (d6 - d6) x angle_error_per_pip degrees,
   power + (d6 - d6) x power_error_per_pip spaces.
3. The ball flies ``power`` spaces over the board (hitting nothing), lands, and rolls on in
   the same direction for d6 x roll_per_pip spaces.
4. Each fighter on a space the rolling ball crosses (in order, each once) rolls the hit die:
   stands, pushed, or knocked down.
5. Pushed: the fighter's round base slides ``push_distance`` spaces along the ball's travel
   (its exact heading). Rulebook: "a fighter is considered 'pushed' into another space, if any
   part of his base crosses into that space". If one of the spaces it crosses into holds a
   fighter or a flag, or is off the board, it was pushed into an occupied space: Toy Store,
   card discarded. Otherwise it stands on the space holding most of its base; when two hold
   equal parts (a push straight at a corner) a die decides between them. A base that crosses
   into no other space stays where it is.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.geometry.hex import Hex
from app.geometry.hex_trace import HEX_STEP, heading_point
from app.systems.small_soldiers.battle import send_to_toy_store
from app.systems.small_soldiers.crossing import base_crossings, crossed
from app.systems.small_soldiers.model import (
    State,
    army_map,
    army_of,
    board_cells,
    fighter_at,
    flag_hexes,
    hex_list,
    occupied,
)

AREA_TIE = 1e-6  # parts of a base (in layout units squared) closer than this are equal


def _pt(p: tuple[float, float]) -> list[float]:
    return [round(p[0], 3), round(p[1], 3)]


def check_aim(cfg: dict[str, Any], offset: float, angle: float, power: float) -> None:
    if abs(offset) > cfg["max_offset"]:
        raise IllegalAction(
            f"Catapult offset {offset} is beyond the back edge (at most {cfg['max_offset']})", code="illegal_aim"
        )
    if abs(angle) > cfg["max_angle"]:
        raise IllegalAction(f"Catapult angle {angle} is beyond {cfg['max_angle']} degrees", code="illegal_aim")
    if not cfg["min_power"] <= power <= cfg["max_power"]:
        raise IllegalAction(
            f"Catapult power {power} is outside {cfg['min_power']} to {cfg['max_power']}", code="illegal_aim"
        )


def shot_path(
    place: dict[str, float], offset: float, heading: float, flight: float, rolled: float, cells: AbstractSet[Hex]
) -> dict[str, Any]:
    """Origin, landing and stop points (layout units) and the spaces of ``cells`` that the
    flight and the roll cross (each once, in the ball's order)."""
    origin = heading_point((place["x"], place["y"]), place["heading"] + 90.0, offset * HEX_STEP)
    landing = heading_point(origin, heading, max(0.0, flight) * HEX_STEP)
    stop = heading_point(landing, heading, rolled * HEX_STEP)
    return {
        "origin": origin,
        "landing": landing,
        "stop": stop,
        "flight": crossed(cells, origin, landing),
        "roll": crossed(cells, landing, stop),
    }


def _hit_result(cfg: dict[str, Any], face: int) -> str:
    table = cfg["hit_table"]
    return next(k for k in ("stands", "pushed", "knocked_down") if face in table[k])


def launch(state: State, dice: Dice, seat: str, offset: float, angle: float, power: float) -> list[Event]:
    """Resolve one shot (mutates ``state``). Returns the public ``catapult`` event and the rest."""
    cfg = state["data"]["catapult"]
    check_aim(cfg, offset, angle, power)
    place = army_map(state, army_of(seat))["catapult"]
    a_pips = dice.roll(6, "catapult angle +") - dice.roll(6, "catapult angle -")
    p_pips = dice.roll(6, "catapult power +") - dice.roll(6, "catapult power -")
    r_pips = dice.roll(6, "catapult roll")
    heading = (place["heading"] + angle + a_pips * cfg["angle_error_per_pip"]) % 360.0
    flight = power + p_pips * cfg["power_error_per_pip"]
    path = shot_path(place, offset, heading, flight, r_pips * cfg["roll_per_pip"], board_cells(state))
    hits, after = _hit_fighters(state, dice, cfg, path["roll"], heading)
    event: Event = {
        "kind": "catapult",
        "seat": seat,
        "army": army_of(seat),
        "aim": {"offset": offset, "angle": angle, "power": power},
        "error_pips": {"angle": a_pips, "power": p_pips, "roll": r_pips},
        "heading": round(heading, 3),
        "flight_spaces": round(max(0.0, flight), 3),
        "origin": _pt(path["origin"]),
        "landing": _pt(path["landing"]),
        "stop": _pt(path["stop"]),
        "flight": [hex_list(h) for h in path["flight"]],
        "path": [hex_list(h) for h in path["roll"]],
        "hits": hits,
    }
    state["last_catapult"] = event
    return [event, *after]


def _hit_fighters(
    state: State, dice: Dice, cfg: dict[str, Any], rolled: list[Hex], heading: float
) -> tuple[list[dict[str, Any]], list[Event]]:
    hit: set[str] = set()
    hits: list[dict[str, Any]] = []
    after: list[Event] = []
    for h in rolled:
        f = fighter_at(state, h)
        if f is None or f["id"] in hit:
            continue
        hit.add(f["id"])
        face = dice.roll(cfg["hit_die"], f"catapult hit: {f['name']}")
        record: dict[str, Any] = {"fighter": f["id"], "at": hex_list(h), "face": face, "result": _hit_result(cfg, face)}
        if record["result"] == "pushed":
            after += _push(state, dice, cfg, f, h, heading, record)
        elif record["result"] == "knocked_down":
            after.append(send_to_toy_store(state, f["id"], "knocked down by the catapult ball"))
        hits.append(record)
    return hits, after


def _push(
    state: State, dice: Dice, cfg: dict[str, Any], f: dict[str, Any], at: Hex, heading: float, record: dict[str, Any]
) -> list[Event]:
    """Launch Catapult: "a fighter is considered 'pushed' into another space, if any part of
    his base crosses into that space". Fills ``record``; returns the Toy Store event if any."""
    parts = base_crossings(at, heading, cfg["push_distance"], cfg["base_radius"])
    record["into"] = [hex_list(h) for h in sorted(parts)]
    if not parts:  # the base never left its space: not pushed into another one
        record["result"], record["nudged"] = "stands", True
        return []
    cells, taken, flags = board_cells(state), occupied(state), flag_hexes(state)
    blocked = [h for h in sorted(parts) if h not in cells or h in taken or h in flags]
    if blocked:
        # "if an upright figure is pushed into an occupied space, he is placed in his side of
        # the Toy Store and his card discarded" (off the board: Warboard default, the same)
        record["result"], record["blocked"] = "pushed_out", [hex_list(h) for h in blocked]
        return [send_to_toy_store(state, f["id"], "pushed by the catapult ball")]
    most = max(parts.values())
    tied = [h for h in sorted(parts) if most - parts[h] <= AREA_TIE]
    to = tied[0] if len(tied) == 1 else tied[dice.roll(len(tied), f"catapult push: {f['name']}") - 1]
    record["to"] = hex_list(to)
    f["pos"] = hex_list(to)  # "he and any card stays there"
    return []
