"""The shooting actions of HGB: attacks (direct, indirect and grenades), designation, ECM,
aiming, and the Return Fire window (``return_fire``, ``pass``). Each is a handler, ``(state,
seat, action, dice) -> (state, events)``, on the game's copy of the state, which it changes;
the rules they apply are in ``combat.py``, ``observe.py`` and ``turns.py``.
"""

from __future__ import annotations

import math
from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.geometry.tabletop import Point, distance, path_length
from app.systems.hgb import actions as A
from app.systems.hgb import combat, observe, turns
from app.systems.hgb.movement import stop_within
from app.systems.hgb.play import Step, own, spend, target
from app.systems.hgb.sight import pos, tape

State = dict[str, Any]


def attack(s: State, seat: str, a: A.Attack, dice: Dice) -> Step:
    ev: list[Event] = []
    m = own(s, seat, a.model)
    turns.begin_model(s, seat, m, ev)
    second = m["actions"] < 1 and m["autopilot"] and m.get("attacks", 0) == 1
    if not second:  # Autopilot: "may attack twice" -- a second attack, not a second Action
        spend(m, "attack")
    aimed = target(s, m, a.target)
    card = combat.weapon_card(s, m, a.weapon)
    if a.indirect or card.get("grenade"):
        observer = m
        if not card.get("grenade"):
            d = observe.designation_for(s, m, aimed["id"])
            observer = s["models"][d["observer"]]
            if m["id"] not in d["shooters"]:
                d["shooters"].append(m["id"])
        ev.extend(combat.indirect_attack(s, dice, m, aimed, a.weapon, observer, a.sweep, a.focus))
    else:
        ev.extend(combat.direct_attack(s, dice, m, aimed, a.weapon, a.sweep, a.focus))
    if not second:
        m["actions"] -= 1
    m["attacks"] = m.get("attacks", 0) + 1
    m["acted"] = True
    if not (a.indirect or card.get("grenade")):  # IF: "without fear of return fire" (grenades use IF rules)
        turns.open_reaction(s, m, [pos(m)], ev)
    return s, ev


def designate(s: State, seat: str, a: A.Designate, dice: Dice) -> Step:
    ev: list[Event] = []
    m = own(s, seat, a.model)
    turns.begin_model(s, seat, m, ev)
    spend(m, "designate a target")
    ev.append(observe.designate(s, dice, m, target(s, m, a.target)))
    m["actions"] -= 1
    m["acted"] = True
    turns.open_reaction(s, m, [pos(m)], ev, designation=True)
    return s, ev


def ecm(s: State, seat: str, a: A.Ecm, dice: Dice) -> Step:
    ev: list[Event] = []
    m = own(s, seat, a.model)
    if s["phase"] == "reaction":  # against an observer "making" a designation: a kept Action
        if m["status"] != "active" or not m["kept"]:
            raise IllegalAction(f"{m['label']} has no kept Action for ECM", code="no_action")
        ev.append(observe.jam(s, dice, m, target(s, m, a.observer)))
        m["kept"], m["actions"] = False, 0
        if not [x for x in turns.alive(s, seat) if x["kept"] and x["id"] in s["pending"]["models"]]:
            turns.close_reaction(s)
        return s, ev
    turns.begin_model(s, seat, m, ev)
    spend(m, "use ECM")
    ev.append(observe.jam(s, dice, m, target(s, m, a.observer)))
    m["actions"] -= 1
    m["acted"] = True
    turns.open_reaction(s, m, [pos(m)], ev)  # Return Fire: "once per completed action"
    return s, ev


def aim(s: State, seat: str, a: A.Aim, dice: Dice) -> Step:
    """What an attack would be (range band, arc, cover, modifiers): changes nothing."""
    m = own(s, seat, a.model)
    aimed = target(s, m, a.target)
    observer = None
    d = s["designations"].get(aimed["id"])
    if a.indirect and d and d["seat"] == seat:
        observer = s["models"][d["observer"]]
    return s, [{"kind": "aim", **combat.aim(s, m, aimed, a.weapon, a.indirect, observer)}]


# --- Return Fire ---------------------------------------------------------------------------------


def return_fire(s: State, seat: str, a: A.ReturnFire, dice: Dice) -> Step:
    p = s["pending"]
    m = own(s, seat, a.model)
    if m["status"] != "active" or not m["kept"]:
        raise IllegalAction(f"{m['label']} has no kept Action for Return Fire", code="no_action")
    if combat.weapon_card(s, m, a.weapon).get("grenade"):
        raise IllegalAction(
            "Return Fire is a shot: grenades are thrown in the model's own activation", code="illegal_attack"
        )
    mover = s["models"][p["mover"]]
    idx = a.at if a.at >= 0 else len(p["points"]) - 1
    if idx >= len(p["points"]):
        raise IllegalAction(f"The move has {len(p['points'])} points to fire at, not {a.at}", code="bad_point")
    final = (mover["x"], mover["y"], mover["facing"])
    # the mover as it stood when it finished that inch: its place and its facing there
    mover["x"], mover["y"] = p["points"][idx]
    mover["facing"] = p.get("facings", [final[2]] * len(p["points"]))[idx]
    if not combat.can_see(s, m, mover):
        raise IllegalAction(
            f"{m['label']} cannot see {mover['label']} at that point; Return Fire is a shot at a model in sight",
            code="no_line_of_sight",
        )
    ev: list[Event] = [
        {
            "kind": "return_fire",
            "model": m["id"],
            "target": mover["id"],
            "at": [tape(c) for c in p["points"][idx]],
            "facing": tape(mover["facing"]),
        }
    ]
    was_full = mover["speed"] == "full"
    ev.extend(combat.direct_attack(s, dice, m, mover, a.weapon, a.sweep, a.focus))
    if mover["status"] == "active":
        mover["x"], mover["y"], mover["facing"] = final
        if was_full and mover["speed"] != "full" and p.get("move"):
            _stop_short(s, mover, p, idx, ev)
    m["kept"], m["actions"] = False, 0
    if mover["status"] != "active" or not [x for x in turns.alive(s, seat) if x["kept"] and x["id"] in p["models"]]:
        turns.close_reaction(s)
        _after_reaction(s, mover)
    return s, ev


def _stop_short(s: State, mover: dict[str, Any], p: dict[str, Any], idx: int, ev: list[Event]) -> None:
    """Rulebook, Damage: a Heavy or Critical model "loses the ability to move at Full Speed", and
    Return Fire "is resolved as soon as the target finishes its current inch of movement": the
    rest of the move is at Combat Speed, so the mover stops where its Combat Speed MP run out (or
    where it was hit, if it had walked farther already). The points it never reached are no
    longer there to fire at."""
    move = p["move"]
    total = path_length([Point(x, y) for x, y in move["path"]])
    stop = stop_within(s, mover, move, min(float(idx + 1), total))
    if stop is None:
        return
    mover.update(x=stop["x"], y=stop["y"], facing=stop["facing"])
    mover["moved"] = {**mover["moved"], "mp": stop["mp"], "dist": stop["dist"]}
    marks = math.floor(total + 1e-9)
    kept = [i for i in range(min(marks, len(p["points"]))) if i + 1 <= stop["along"] + 1e-9]
    points, facings = [p["points"][i] for i in kept], [p["facings"][i] for i in kept]
    if not points or distance(Point(*points[-1]), Point(stop["x"], stop["y"])) > 1e-6:
        points.append([stop["x"], stop["y"]])
        facings.append(stop["facing"])
    p["points"], p["facings"] = points, facings
    ev.append(
        {
            "kind": "move_stopped",
            "model": mover["id"],
            "x": tape(stop["x"]),
            "y": tape(stop["y"]),
            "facing": tape(stop["facing"]),
            "mp": tape(stop["mp"]),
            "speed": mover["speed"],
        }
    )


def pass_(s: State, seat: str, a: A.Pass, dice: Dice) -> Step:
    mover = s["models"][s["pending"]["mover"]]
    turns.close_reaction(s)
    _after_reaction(s, mover)
    return s, [{"kind": "no_return_fire", "seat": seat}]


def _after_reaction(s: State, mover: dict[str, Any]) -> None:
    """A mover destroyed by Return Fire is no longer the model acting."""
    if mover["status"] != "active" and s["current"] and s["current"]["model"] == mover["id"]:
        s["current"]["model"] = None
