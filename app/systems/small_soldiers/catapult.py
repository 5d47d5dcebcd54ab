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
   stands, pushed one space in the ball's direction (the nearest of the six), or knocked down.
   Pushed off the board or onto a fighter or a flag: Toy Store, card discarded.
"""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.geometry.hex import DIRECTIONS, Layout
from app.geometry.hex_trace import HEX_STEP, heading_point, nearest_direction, trace_segment

from app.systems.small_soldiers.battle import send_to_toy_store
from app.systems.small_soldiers.model import (
    State, army_map, army_of, board_cells, fighter_at, flag_hexes, hex_list, occupied,
)

LAYOUT = Layout("pointy", 1.0, (0.0, 0.0))


def _pt(p: tuple[float, float]) -> list[float]:
    return [round(p[0], 3), round(p[1], 3)]


def check_aim(cfg: dict[str, Any], offset: float, angle: float, power: float) -> None:
    if abs(offset) > cfg["max_offset"]:
        raise IllegalAction(f"Catapult offset {offset} is beyond the back edge (at most {cfg['max_offset']})",
                            code="illegal_aim")
    if abs(angle) > cfg["max_angle"]:
        raise IllegalAction(f"Catapult angle {angle} is beyond {cfg['max_angle']} degrees", code="illegal_aim")
    if not cfg["min_power"] <= power <= cfg["max_power"]:
        raise IllegalAction(f"Catapult power {power} is outside {cfg['min_power']} to {cfg['max_power']}",
                            code="illegal_aim")


def shot_path(place: dict[str, float], offset: float, heading: float, flight: float,
              rolled: float) -> dict[str, Any]:
    """Origin, landing and stop points (layout units) and the hexes of flight and roll."""
    origin = heading_point((place["x"], place["y"]), place["heading"] + 90.0, offset * HEX_STEP)
    landing = heading_point(origin, heading, max(0.0, flight) * HEX_STEP)
    stop = heading_point(landing, heading, rolled * HEX_STEP)
    return {"origin": origin, "landing": landing, "stop": stop,
            "flight": trace_segment(LAYOUT, origin, landing),
            "roll": trace_segment(LAYOUT, landing, stop)}


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
    path = shot_path(place, offset, heading, flight, r_pips * cfg["roll_per_pip"])
    cells = board_cells(state)
    rolled = [h for h in path["roll"] if h in cells]
    push_dir = DIRECTIONS[nearest_direction(heading)]
    hits, after = _hit_fighters(state, dice, cfg, rolled, push_dir)
    event: Event = {
        "kind": "catapult", "seat": seat, "army": army_of(seat),
        "aim": {"offset": offset, "angle": angle, "power": power},
        "error_pips": {"angle": a_pips, "power": p_pips, "roll": r_pips},
        "heading": round(heading, 3), "flight_spaces": round(max(0.0, flight), 3),
        "origin": _pt(path["origin"]), "landing": _pt(path["landing"]), "stop": _pt(path["stop"]),
        "flight": [hex_list(h) for h in path["flight"] if h in cells],
        "path": [hex_list(h) for h in rolled], "hits": hits,
    }
    state["last_catapult"] = event
    return [event, *after]


def _hit_fighters(state: State, dice: Dice, cfg: dict[str, Any], rolled: list[Any],
                  push_dir: Any) -> tuple[list[dict[str, Any]], list[Event]]:
    cells = board_cells(state)
    flags = flag_hexes(state)
    hit: set[str] = set()
    hits: list[dict[str, Any]] = []
    after: list[Event] = []
    for h in rolled:
        f = fighter_at(state, h)
        if f is None or f["id"] in hit:
            continue
        hit.add(f["id"])
        face = dice.roll(cfg["hit_die"], f"catapult hit: {f['name']}")
        result = _hit_result(cfg, face)
        record: dict[str, Any] = {"fighter": f["id"], "at": hex_list(h), "face": face, "result": result}
        if result == "pushed":
            to = h + push_dir
            record["to"] = hex_list(to)
            if to not in cells or to in occupied(state) or to in flags:
                record["result"] = "pushed_out"
                after.append(send_to_toy_store(state, f["id"], "pushed by the catapult ball"))
            else:
                f["pos"] = hex_list(to)
        elif result == "knocked_down":
            after.append(send_to_toy_store(state, f["id"], "knocked down by the catapult ball"))
        hits.append(record)
    return hits, after
