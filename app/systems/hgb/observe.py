"""Target Designation (Forward Observer) and ECM against it.

Rulebook, Indirect Fire: an observer spends an Action to designate an enemy it can see; the
designation lasts until the end of the round or until the target starts to move. The table
option ``designation`` = "translator" adds the translator's improvised procedure: an EW roll
(+ Sensors + the target's cover modifier) that must reach 4 (beat Threshold 3), and at most
EW-Skill models may fire at the designated target.
Rulebook, ECM: EW + Comm against EW + Comm, the ECM model adds its ECM rating; if it rolls
higher the designation fails. Both models' Actions are spent.
"""

from __future__ import annotations

from typing import Any, cast

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.systems.hgb.combat import penalty
from app.systems.hgb.rolls import against, roll_skill
from app.systems.hgb.sight import cover

DESIGNATION_THRESHOLD = 3  # translator's procedure


def designate(state: dict[str, Any], dice: Dice, observer: dict[str, Any], target: dict[str, Any]) -> dict[str, Any]:
    if target["seat"] == observer["seat"]:
        raise IllegalAction(
            f"{observer['label']} designates enemies only, not {target['label']}", code="illegal_target"
        )
    cov = cover(state, observer, target)
    if not cov["visible"]:
        raise IllegalAction(
            f"{observer['label']} cannot see {target['label']}: {cov['reason']}", code="no_line_of_sight"
        )
    event: dict[str, Any] = {"kind": "designated", "observer": observer["id"], "target": target["id"], "cover": cov}
    limit = None
    if state["options"]["designation"] == "translator":
        roll = roll_skill(dice, observer["skills"]["ew"], f"{observer['label']} designates")
        mods = {"sensors": observer["card"].get("sensors", 0), "cover": cov["modifier"]}
        if penalty(observer):
            mods["damage"] = penalty(observer)
        value = roll.modified(sum(mods.values()))
        ok = against(value, DESIGNATION_THRESHOLD).success
        event.update(roll=roll.to_dict(), modifiers=mods, value=value, success=ok)
        if not ok:
            event["kind"] = "designation_failed"
            return event
        limit = observer["skills"]["ew"]
    state["designations"][target["id"]] = {
        "observer": observer["id"],
        "seat": observer["seat"],
        "limit": limit,
        "shooters": [],
    }
    return event


def designation_for(state: dict[str, Any], shooter: dict[str, Any], target_id: str) -> dict[str, Any]:
    d = state["designations"].get(target_id)
    if d is not None and state["models"][d["observer"]]["status"] != "active":
        d = None  # Warboard: a designation ends with its observer
    target = state["models"].get(target_id, {}).get("label", target_id)
    if d is None or d["seat"] != shooter["seat"]:
        raise IllegalAction(f"No friendly Forward Observer has designated {target} this round", code="not_designated")
    if d["limit"] is not None and shooter["id"] not in d["shooters"] and len(d["shooters"]) >= d["limit"]:
        raise IllegalAction(f"The designation of {target} allows {d['limit']} firing model(s)", code="designation_full")
    return cast("dict[str, Any]", d)


def jam(state: dict[str, Any], dice: Dice, ecm: dict[str, Any], observer: dict[str, Any]) -> dict[str, Any]:
    rating = int(ecm["card"].get("ecm", 0))
    if rating <= 0:
        raise IllegalAction(f"{ecm['label']} has no ECM", code="no_ecm")
    target_id = next((t for t, d in sorted(state["designations"].items()) if d["observer"] == observer["id"]), None)
    if target_id is None or observer["seat"] == ecm["seat"]:
        raise IllegalAction(f"{observer['label']} holds no enemy Target Designation to jam", code="illegal_target")
    if not cover(state, ecm, observer)["visible"]:
        raise IllegalAction(f"{ecm['label']} cannot see {observer['label']}", code="no_line_of_sight")
    mine = roll_skill(dice, ecm["skills"]["ew"], f"{ecm['label']} ECM")
    theirs = roll_skill(dice, observer["skills"]["ew"], f"{observer['label']} resists ECM")
    my_mod = ecm["card"].get("comm", 0) + rating + penalty(ecm)
    their_mod = observer["card"].get("comm", 0) + penalty(observer)
    a, d = mine.modified(my_mod), theirs.modified(their_mod)
    jammed = a > d
    if jammed:
        del state["designations"][target_id]
    return {
        "kind": "ecm",
        "model": ecm["id"],
        "observer": observer["id"],
        "target": target_id,
        "roll": mine.to_dict(),
        "modifier": my_mod,
        "value": a,
        "observer_roll": theirs.to_dict(),
        "observer_modifier": their_mod,
        "observer_value": d,
        "jammed": jammed,
    }
