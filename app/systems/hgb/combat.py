"""Attacks: arcs, range bands, modifiers, ROF, Area Effect, Indirect Fire, grenades, damage.

Rulebook sections "Actions and Attacks" to "Damage", "Perks and Flaws", and the translator's
clarifications on blast zones. Functions here change the (already copied) state in place.
"""

from __future__ import annotations

from typing import Any, cast

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.geometry.tabletop import Point, bearing, distance
from app.geometry.terrain import offset, touches_circle
from app.systems.hgb.attack import resolve
from app.systems.hgb.damage import can_go_full_speed, cross_boxes, roll_penalty
from app.systems.hgb.rolls import roll_skill
from app.systems.hgb.sight import (
    BAND_MODIFIER,
    COVER_MODIFIER,
    arc_of,
    base_distance,
    cover,
    in_rear,
    ordered,
    pos,
    range_band,
    tape,
)

IF_THRESHOLD = 4  # Rulebook, Indirect Fire: "against a Threshold of 4"
Model = dict[str, Any]


def weapon_card(state: dict[str, Any], model: dict[str, Any], code: str) -> dict[str, Any]:
    if code not in model["card"]["weapons"]:
        raise IllegalAction(
            f"{model['label']} carries no {code} (it has {', '.join(model['card']['weapons'])})", code="no_such_weapon"
        )
    card = state["weapons"].get(code)
    if card is None or not card.get("dm"):
        raise IllegalAction(f"{code} is a close-combat item, not used in the Quick Start rules", code="no_such_weapon")
    if card.get("limited_ammo") is not None and model["ammo"].get(code, card["limited_ammo"]) <= 0:
        raise IllegalAction(f"{model['label']}'s {code} is out of ammunition (Limited Ammo)", code="no_ammo")
    return cast("dict[str, Any]", card)


def penalty(m: dict[str, Any]) -> int:
    return roll_penalty(m["card"]["boxes"], m["crossed"])


def defense_mods(state: dict[str, Any], defender: dict[str, Any], source: Point) -> dict[str, int]:
    """Rulebook, Defense Modifiers: movement (card), Attack Angle -1 from the rear; damage."""
    mods = {"movement": defender["card"]["defense_mod"][defender["mode"]][defender["speed"]]}
    if in_rear(defender, source):
        mods["rear_arc"] = -1
    if penalty(defender):
        mods["damage"] = penalty(defender)
    return mods


def band_of(
    state: dict[str, Any], attacker: dict[str, Any], target: dict[str, Any], card: dict[str, Any]
) -> tuple[str | None, float]:
    dist = base_distance(attacker, target, state["rules"])
    if card.get("grenade"):  # Rulebook, Hand Grenades: Short = Size, Medium = 2 x Size, both +0
        size = attacker["card"]["size"]
        return ("short" if dist <= size else "medium" if dist <= 2 * size else None), dist
    return range_band(card["ranges"], dist), dist


def aim(
    state: Model,
    attacker: Model,
    target: Model,
    code: str,
    indirect: bool,
    observer: Model | None = None,
    cov: Model | None = None,
) -> Model:
    """Everything the attacker sees before rolling; ``legal`` False with ``why`` if it cannot fire."""
    card = weapon_card(state, attacker, code)
    indirect = indirect or bool(card.get("grenade"))
    band, dist = band_of(state, attacker, target, card)
    arc_ok = arc_of(attacker, pos(target), card["arc"], state["rules"])
    seen_from = observer or attacker
    cov = cov or cover(state, seen_from, target)
    mods = {
        "range": 0 if card.get("grenade") else BAND_MODIFIER.get(band or "extreme", -3),
        "movement": attacker["card"]["attack_mod"][attacker["speed"]],
        "accuracy": card.get("accuracy", 0),
        "cover": cov["modifier"],
    }
    if penalty(attacker):
        mods["damage"] = penalty(attacker)
    why = None
    if band is None:
        why = f"{target['label']} is {tape(dist):g} inches away, beyond the {code}'s reach"
    elif not arc_ok:
        why = f"{target['label']} is outside the {code}'s {card['arc']} arc"
    elif indirect and not card.get("if"):
        why = f"the {code} cannot fire indirectly"
    elif card.get("grenade") and not cov["visible"]:
        why = f"a grenade is thrown only at a model the thrower can see ({cov['reason']})"
    return {
        "weapon": code,
        "target": target["id"],
        "distance": tape(dist),
        "band": band,
        "arc": card["arc"],
        "in_arc": arc_ok,
        "indirect": indirect,
        "cover": cov,
        "cover_from": seen_from["id"],
        "attack_modifiers": mods,
        "defense_modifiers": defense_mods(state, target, pos(attacker)),
        "legal": why is None,
        "why": why,
    }


def could_fire(state: dict[str, Any], shooter: dict[str, Any], target: dict[str, Any], at: Point) -> bool:
    """Could ``shooter`` take a direct shot at ``target`` standing at ``at`` (arc, reach and line of
    sight: Return Fire is a shot at a model it sees)?"""
    moved = {**target, "x": at.x, "y": at.y}
    return any_weapon_bears(state, shooter, moved, at) and can_see(state, shooter, moved)


def can_see(state: dict[str, Any], viewer: dict[str, Any], target: dict[str, Any]) -> bool:
    return bool(cover(state, viewer, target)["visible"])


def any_weapon_bears(state: dict[str, Any], shooter: dict[str, Any], moved: dict[str, Any], at: Point) -> bool:
    for code in shooter["card"]["weapons"]:
        card = state["weapons"].get(code, {})
        if not card.get("dm") or card.get("grenade") or not card.get("ranges"):
            continue
        if card.get("limited_ammo") is not None and shooter["ammo"].get(code, card["limited_ammo"]) <= 0:
            continue
        band, _ = band_of(state, shooter, moved, card)
        if band and arc_of(shooter, at, card["arc"], state["rules"]):
            return True
    return False


def spend_ammo(state: dict[str, Any], m: dict[str, Any], code: str) -> None:
    card = state["weapons"][code]
    if card.get("limited_ammo") is not None:
        m["ammo"][code] = m["ammo"].get(code, card["limited_ammo"]) - 1


def area_targets(state: dict[str, Any], center: Point, radius: float, exclude: set[str]) -> list[dict[str, Any]]:
    """Models any part of whose base lies within ``radius`` inches of ``center``."""
    r = state["rules"]["base_radius"]
    return [
        m
        for m in ordered(state)
        if m["status"] == "active" and m["id"] not in exclude and touches_circle(center, radius, pos(m), r)
    ]


def sweep_targets(state: dict[str, Any], main: dict[str, Any], radius: int, shooter: str) -> list[dict[str, Any]]:
    """Rulebook, ROF: everyone (friend or foe, not the shooter) within ``radius`` of the main target's base."""
    r = state["rules"]["base_radius"]
    return [
        m
        for m in ordered(state)
        if m["status"] == "active"
        and m["id"] not in (shooter, main["id"])
        and distance(pos(m), pos(main)) - 2 * r <= radius + 1e-9
    ]


def defend(
    state: dict[str, Any],
    dice: Dice,
    attacker: dict[str, Any],
    target: dict[str, Any],
    value: int,
    dm: int,
    **extra: Any,
) -> dict[str, Any]:
    """The target rolls DEF (one die on Autopilot) with its modifiers against the attack's
    ``value`` (from the attacker's place); damage is applied. ``extra`` goes into the event."""
    source = pos(attacker)
    dmods = defense_mods(state, target, source)
    skill = 1 if target.get("autopilot") else target["skills"]["def"]
    roll = roll_skill(dice, skill, f"{target['label']} defends")
    armor, weak = armor_against(state, target, source)
    res = resolve(value, roll.modified(sum(dmods.values())), dm, armor, weak)
    event = {
        "kind": "attack_resolved",
        "attacker": attacker["id"],
        "target": target["id"],
        "defense_roll": roll.to_dict(),
        "defense_modifiers": dmods,
        "armor": armor,
        "weak_side": weak,
        **res.to_dict(),
        **extra,
    }
    apply_damage(target, res.boxes, res.overkill, event)
    return event


def armor_against(state: dict[str, Any], target: dict[str, Any], source: Point) -> tuple[int, bool]:
    """Perks: Reinforced Armor (+level in its arc) and Weak Side (+2 MoS in its arc)."""
    armor, weak = target["card"]["armor"], False
    for perk in target["card"].get("perks", []):
        if perk.get("arc") and arc_of(target, source, perk["arc"], state["rules"]):
            if perk["id"] == "reinforced_armor":
                armor += int(perk.get("level", 0))
            elif perk["id"] == "weak_side":
                weak = True
    return armor, weak


def apply_damage(target: dict[str, Any], boxes: int, overkill: bool, event: dict[str, Any]) -> None:
    """Cross boxes; past the last box the model becomes a wreck; Overkill removes it."""
    if overkill:
        target["status"] = "removed"
        event["result"] = "overkill"
        return
    if boxes == 0:
        event["result"] = "no_effect"
        return
    target["crossed"], destroyed = cross_boxes(target["card"]["boxes"], target["crossed"], boxes)
    if destroyed:
        target["status"] = "wreck"
        event["result"] = "destroyed"
        return
    event["result"] = "damaged"
    event["crossed"] = target["crossed"]
    if not can_go_full_speed(target["card"]["boxes"], target["crossed"]) and target["speed"] == "full":
        target["speed"] = "combat"  # Heavy/Critical: loses the ability to move at Full Speed


def direct_attack(
    state: Model, dice: Dice, attacker: Model, target: Model, code: str, sweep: int, focus: int
) -> list[Model]:
    info, card = _fire(state, attacker, target, code, sweep + focus, None)
    roll = roll_skill(dice, attacker["skills"]["att"], f"{attacker['label']} attacks with {code}")
    dm = card["dm"] + focus
    events = [
        {
            "kind": "attack",
            "attacker": attacker["id"],
            "weapon": code,
            "target": target["id"],
            "attack_roll": roll.to_dict(),
            "aim": info,
            "sweep": sweep,
            "focus": focus,
        }
    ]
    main_value = roll.modified(sum(info["attack_modifiers"].values()))
    main = defend(
        state,
        dice,
        attacker,
        target,
        main_value,
        dm,
        attack=main_value,
        attack_modifiers=info["attack_modifiers"],
        role="main",
    )
    events.append(main)
    swept, spared = _swept(state, attacker, target, card, code, sweep)
    events[0]["spared"] = spared
    others = [(m, "sweep") for m in swept]
    if card.get("ae"):  # Area Effect: everyone under the blast defends, the shooter included
        seen = {m["id"] for m in swept} | {target["id"]}
        others += [(m, "area") for m in area_targets(state, pos(target), card["ae"], seen)]
    if card.get("if") and not main["hit"]:
        others = []  # translator: an IF weapon fired directly that misses takes its area effects wide
    for other, role in others:
        events.append(_secondary(state, dice, attacker, other, code, roll, info, dm, role))
    return events


def _swept(
    state: dict[str, Any], attacker: dict[str, Any], target: dict[str, Any], card: dict[str, Any], code: str, sweep: int
) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    """Rulebook, ROF: the models in the Sweep Fire area, each checked on its own ("all attack and
    defense modifiers are determined separately for each target"): one outside the weapon's arc,
    beyond its reach or at Extreme range (no ROF there) is spared (Warboard reading)."""
    swept: list[dict[str, Any]] = []
    spared: list[dict[str, str]] = []
    for m in sweep_targets(state, target, sweep, attacker["id"]) if sweep else []:
        band, _ = band_of(state, attacker, m, card)
        why = None
        if not arc_of(attacker, pos(m), card["arc"], state["rules"]):
            why = f"outside the {code}'s {card['arc']} arc"
        elif band is None or band == "extreme":
            why = f"{'beyond the reach' if band is None else 'at Extreme range'} of the {code} (no ROF there)"
        if why:
            spared.append({"model": m["id"], "why": why})
        else:
            swept.append(m)
    return swept, spared


def _secondary(
    state: Model, dice: Dice, attacker: Model, other: Model, code: str, roll: Any, main_info: Model, dm: int, role: str
) -> Model:
    """Sweep/AE: the same roll with this target's own attack and defense modifiers. A shooter
    under its own blast is attacked with the weapon's accuracy and its own movement and damage
    modifiers (the attacker's modifiers of the shot), at Point Blank range and in the open."""
    if other["id"] == attacker["id"]:
        mods = dict(main_info["attack_modifiers"], range=BAND_MODIFIER["point_blank"], cover=COVER_MODIFIER["open"])
    else:
        card = state["weapons"][code]
        band, _ = band_of(state, attacker, other, card)
        cov = cover(state, attacker, other)
        mods = dict(
            main_info["attack_modifiers"], range=BAND_MODIFIER[band or main_info["band"]], cover=cov["modifier"]
        )
    value = roll.modified(sum(mods.values()))
    return defend(state, dice, attacker, other, value, dm, attack=value, attack_modifiers=mods, role=role)


def _fire(
    state: Model, attacker: Model, target: Model, code: str, rof: int, observer: Model | None
) -> tuple[Model, Model]:
    """Before the roll: the aim (indirect with an ``observer``), refused unless legal, the ``rof``
    points (Sweep and Focus) checked and the ammunition spent. The aim and the weapon's card."""
    info = aim(state, attacker, target, code, indirect=observer is not None, observer=observer)
    if not info["legal"]:
        raise IllegalAction(
            f"{attacker['label']} cannot fire at {target['label']}: {info['why']}", code="illegal_attack"
        )
    card = state["weapons"][code]
    if rof > card.get("rof", 0):
        raise IllegalAction(f"The {code} has ROF {card.get('rof', 0)}; {rof} points asked", code="illegal_rof")
    if rof and info["band"] == "extreme":
        raise IllegalAction("Rate of Fire cannot be used at Extreme range", code="illegal_rof")
    spend_ammo(state, attacker, code)
    return info, card


def indirect_attack(
    state: Model, dice: Dice, attacker: Model, target: Model, code: str, observer: Model, sweep: int, focus: int
) -> list[Model]:
    """Rulebook, Indirect Fire (and Hand Grenades with the thrower as its own observer)."""
    info, card = _fire(state, attacker, target, code, sweep + focus, observer)
    roll = roll_skill(dice, attacker["skills"]["att"], f"{attacker['label']} fires {code} indirectly")
    modified = roll.modified(sum(info["attack_modifiers"].values()))
    landing, mof, direction, face = pos(target), 0, None, None
    if modified <= IF_THRESHOLD:  # a failure: "the attack deviates ... by the MoF in inches"
        mof = IF_THRESHOLD - modified
        face = dice.roll(6, f"{code} deviation direction")
        direction = (bearing(pos(attacker), pos(target)) + 60 * (face - 1)) % 360
        landing = offset(pos(target), direction, mof)  # MoF 0: 0 inches, on the target
    unmodified = roll.result if not roll.fumble else 0
    events: list[dict[str, Any]] = [
        {
            "kind": "indirect_attack",
            "attacker": attacker["id"],
            "observer": observer["id"],
            "weapon": code,
            "target": target["id"],
            "attack_roll": roll.to_dict(),
            "aim": info,
            "modified": modified,
            "threshold": IF_THRESHOLD,
            "on_target": mof == 0,
            "mof": mof,
            "deviation_direction": None if direction is None else tape(direction),
            "deviation_die": face,  # the d6 counted clockwise in 60-degree segments
            "landing": [tape(landing.x), tape(landing.y)],
            "unmodified": unmodified,
        }
    ]
    radius = max(float(card.get("ae", 0)), float(sweep))  # translator: IF + sweep works like AE
    events.extend(
        defend(state, dice, attacker, m, unmodified, card["dm"] + focus, attack=unmodified, role="indirect")
        for m in area_targets(state, landing, radius, set())
    )
    return events
