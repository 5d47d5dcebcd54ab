"""Close combat and shooting: Warboard defaults (data/combat.json, data/attack_types.json).

Not from the rulebook (our copy stops before those chapters): an opposed roll, d6 + the
attacking part's combat score against d6 + the defender's best combat score, with modifiers;
the result row (attacker double, wins on an odd or even losing die, tie, defender wins or
doubles) lists effects from data. The text's own rule here: damage takes effect at once.
"""

from __future__ import annotations

import math
from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.geometry import footprints
from app.systems.srbr import movement, pieces, sticks
from app.systems.srbr.words import tape
from app.systems.words import plain_words, sentence_start

State = dict[str, Any]


def result_key(attack: int, defence: int, attack_die: int, defence_die: int) -> str:
    """Which row of the results table an opposed roll lands on."""
    if attack > defence:
        if defence <= 0 or attack >= 2 * defence:
            return "attacker_double"
        return "attacker_wins_odd" if defence_die % 2 else "attacker_wins_even"
    if attack == defence:
        return "tie"
    if attack <= 0 or defence >= 2 * attack:
        return "defender_double"
    return "defender_wins"


def effects_for(rules: dict[str, Any], spec: dict[str, Any], key: str) -> list[str]:
    rows = {r["when"]: r["effects"] for r in rules["combat"]["results"][spec["mode"]]}
    effects = list(rows.get(key, []))
    if key.startswith("attacker_wins") and "on_win" in spec:
        effects = list(spec["on_win"])
    if key.startswith("defender") and spec.get("self_damage_on_loss") and "attacker_damage" not in effects:
        effects.append("attacker_damage")
    return effects


def check_reach(state: State, att: dict[str, Any], target: dict[str, Any], spec: dict[str, Any], name: str) -> None:
    """Close attacks need contact; shots need range from the measuring point and sight."""
    if spec["mode"] == "close":
        if not pieces.touching(att, target):
            raise IllegalAction(
                f"{sentence_start(plain_words(name))} is a close attack and {att['name']} is not in contact with "
                f"{target['name']}",
                code="not_in_contact",
            )
        return
    if state["rules"]["combat"].get("no_shooting_out_of_melee") and pieces.enemies_in_contact(state, att):
        raise IllegalAction(f"{att['name']} is in close combat and cannot shoot", code="in_melee")
    origin = pieces.anchor(att)
    reach = pieces.shape(target).distance(footprints.footprint(origin, 0.001))
    limit = state["sticks"][spec["range"]]
    if reach > limit + movement.TOLERANCE:
        raise IllegalAction(
            f"{target['name']} is {tape(reach)} away; {sentence_start(plain_words(name))} reaches a "
            f"{sticks.STICK_NAMES[spec['range']]} stick ({tape(limit)})",
            code="out_of_range",
        )
    walls = [poly for _, poly in pieces.buildings(state)]
    if not footprints.line_of_sight(origin, pieces.centre(target), walls):
        raise IllegalAction(f"A building blocks the line of sight to {target['name']}", code="no_line_of_sight")


def modifiers(
    state: State, att: dict[str, Any], target: dict[str, Any], spec: dict[str, Any], aimed: bool
) -> tuple[dict[str, int], dict[str, int]]:
    mods = state["rules"]["combat"]["modifiers"]
    a: dict[str, int] = {}
    d: dict[str, int] = {}
    if spec.get("modifier"):
        a["attack_type"] = int(spec["modifier"])
    if target["status"] == "fallen" and mods.get("target_fallen"):
        a["target_fallen"] = int(mods["target_fallen"])
    if aimed and not spec.get("aimed_free") and mods.get("aimed_part"):
        a["aimed_part"] = int(mods["aimed_part"])
    if spec["mode"] == "close":
        for who, roll, key in ((target, d, "defender"), (att, a, "attacker")):
            extra = len(pieces.enemies_in_contact(state, who)) - 1
            if extra > 0 and mods.get(f"{key}_outnumbered_per_extra_enemy"):
                roll["outnumbered"] = extra * int(mods[f"{key}_outnumbered_per_extra_enemy"])
    return cancel_same(a, d)


def cancel_same(a: dict[str, int], d: dict[str, int]) -> tuple[dict[str, int], dict[str, int]]:
    """SRBR heading "Same Modifiers Cancel Out" (its text is missing from our copy). Warboard
    reading: a modifier that both rolls carry (the same name, such as both combatants being
    outnumbered) is dropped from both, whatever its size on each side."""
    same = set(a) & set(d)
    return ({k: v for k, v in a.items() if k not in same}, {k: v for k, v in d.items() if k not in same})


def defence_score(state: State, target: dict[str, Any]) -> int:
    return max((p["c"] for p in pieces.intact_parts(state, target)), default=0)


def resolve(
    state: State,
    att: dict[str, Any],
    part: dict[str, Any],
    name: str,
    target: dict[str, Any],
    aimed_part: str | None,
    dice: Dice,
) -> tuple[State, list[Event]]:
    """One attack action, rolled and applied (damage takes effect at once: SRBR p. 2)."""
    spec = state["rules"]["attack_types"][name]
    check_reach(state, att, target, spec, name)
    if aimed_part is not None:
        pieces.live_part(state, target, aimed_part)
    a_mod, d_mod = modifiers(state, att, target, spec, aimed_part is not None)
    a_die = dice.roll(6, f"{name}: {att['id']} attacks")
    d_die = dice.roll(6, f"{name}: {target['id']} defends")
    a_total = a_die + part["c"] + sum(a_mod.values())
    d_total = d_die + defence_score(state, target) + sum(d_mod.values())
    key = result_key(a_total, d_total, a_die, d_die)
    effects = effects_for(state["rules"], spec, key)
    event: Event = {
        "kind": "attack",
        "attack": name,
        "mode": spec["mode"],
        "attacker": att["id"],
        "part": part["id"],
        "target": target["id"],
        "attack_roll": {"die": a_die, "score": part["c"], "modifiers": a_mod, "total": a_total},
        "defence_roll": {"die": d_die, "score": defence_score(state, target), "modifiers": d_mod, "total": d_total},
        "result": key,
        "effects": effects,
    }
    state, applied = apply_effects(state, att["id"], part["id"], target["id"], aimed_part, effects, dice)
    return state, [event, *applied]


def free_hacks(state: State, mecha_id: str, left: list[str], dice: Dice) -> tuple[State, list[Event]]:
    """SRBR heading "Leaving Close Combat - Free Hacks" (p. 16; its text is missing from our
    copy). Warboard default (``combat.free_hacks``): each enemy mecha the mover has left makes
    one free opposed roll, d6 + its best C against d6 + the mover's best C; a win damages a
    random intact part of the mover (a double destroys it); any other result does nothing.
    With combat on manual each hack is declared for the players to roll and record."""
    events: list[Event] = []
    for hacker_id in left:
        hacker, mover = state["mechas"][hacker_id], state["mechas"][mecha_id]
        if not pieces.intact_parts(state, mover) or hacker["out"] is not None:
            continue
        if state["options"]["manual"]["combat"]:
            events.append({"kind": "free_hack_declared", "attacker": hacker_id, "target": mecha_id, "manual": True})
            continue
        a_die = dice.roll(6, f"free hack: {hacker_id} hacks")
        d_die = dice.roll(6, f"free hack: {mecha_id} leaves")
        a_score, d_score = defence_score(state, hacker), defence_score(state, mover)
        key = result_key(a_die + a_score, d_die + d_score, a_die, d_die)
        effect = {"attacker_double": "destroy_part"}.get(key, "damage" if key.startswith("attacker_wins") else None)
        events.append(
            {
                "kind": "free_hack",
                "attacker": hacker_id,
                "target": mecha_id,
                "attack_roll": {"die": a_die, "score": a_score, "total": a_die + a_score},
                "defence_roll": {"die": d_die, "score": d_score, "total": d_die + d_score},
                "result": key,
                "effects": [effect] if effect else [],
            }
        )
        if effect is not None:
            among = [str(p["id"]) for p in pieces.intact_parts(state, mover)]
            location = dice.choice(among, f"free hack on {mecha_id}")
            state, more = damage(state, mecha_id, location, math.inf if effect == "destroy_part" else 1, among)
            events.extend(more)
    return state, events


def apply_effects(
    state: State, att_id: str, part_id: str, target_id: str, aimed: str | None, effects: list[str], dice: Dice
) -> tuple[State, list[Event]]:
    events: list[Event] = []
    location: str | None = aimed
    for effect in effects:
        att, target = state["mechas"][att_id], state["mechas"][target_id]
        if effect in ("damage", "destroy_part"):
            if target["out"] is not None:
                continue
            among: list[str] | None = None
            if location is None or pieces.is_destroyed(state, pieces.part(target, location)):
                among = [str(p["id"]) for p in pieces.intact_parts(state, target)]
                location = dice.choice(among, f"hit location on {target_id}")
            hits = math.inf if effect == "destroy_part" else 1
            state, more = damage(state, target_id, str(location), hits, among)
        elif effect == "attacker_damage":
            state, more = damage(state, att_id, part_id, 1)
        elif effect in ("recoil", "knock_back", "attacker_recoil"):
            state, more = _push(state, effect, att, target)
        elif effect == "knock_down":
            state, more = knock_down(state, target)
        else:
            raise AssertionError(f"unknown effect {effect}")
        events.extend(more)
    return state, events


def _push(state: State, effect: str, att: dict[str, Any], target: dict[str, Any]) -> tuple[State, list[Event]]:
    pushed, other = (att, target) if effect == "attacker_recoil" else (target, att)
    if pushed["out"] is not None:
        return state, []
    area = "knock_back" if effect == "knock_back" else "recoil"
    dist = movement.distance_for(state, state["rules"]["combat"][area]["distance"])
    moved, where = movement.push(state, pushed, other, dist)
    return pieces.replace_mecha(state, moved), [{"kind": "pushed", "mecha": pushed["id"], "effect": effect, **where}]


def knock_down(state: State, target: dict[str, Any]) -> tuple[State, list[Event]]:
    if target["out"] is not None or target["status"] == "fallen":
        return state, []
    return (
        pieces.replace_mecha(state, {**target, "status": "fallen"}),
        [{"kind": "knocked_down", "mecha": target["id"]}],
    )


def damage(
    state: State, mecha_id: str, part_id: str, hits: float, among: list[str] | None = None
) -> tuple[State, list[Event]]:
    """Damage a part now (Warboard default: one step down the health track per hit). ``among``:
    the intact parts, in the mecha's order, that a random hit location chose the part from
    (public: every part's damage is), carried by the event for the after-game report."""
    m = state["mechas"][mecha_id]
    p = pieces.part(m, part_id)
    chosen = {} if among is None else {"among": list(among)}
    if state["options"]["manual"]["health"]:
        return state, [
            {
                "kind": "damage_to_record",
                "mecha": mecha_id,
                "part": part_id,
                "hits": "destroy" if hits == math.inf else int(hits),
                **chosen,
            }
        ]
    top = pieces.destroyed_at(state)
    new_damage = int(min(top, p["damage"] + hits))
    m = pieces.with_part(m, {**p, "damage": new_damage})
    events: list[Event] = [
        {
            "kind": "damaged",
            "mecha": mecha_id,
            "part": part_id,
            "damage": new_damage,
            "dice": pieces.dice_of(state, {"damage": new_damage}),
            "destroyed": new_damage >= top,
            **chosen,
        }
    ]
    state = pieces.replace_mecha(state, m)
    return check_destroyed(state, mecha_id, events)


def check_destroyed(state: State, mecha_id: str, events: list[Event]) -> tuple[State, list[Event]]:
    """Warboard default: a mecha is destroyed when a vital part or all its parts are."""
    m = state["mechas"][mecha_id]
    vital = state["rules"]["victory"]["vital_part_types"]
    gone = [p for p in m["parts"] if pieces.is_destroyed(state, p)]
    if m["out"] is None and (len(gone) == len(m["parts"]) or any(p["type"] in vital for p in gone)):
        state = pieces.replace_mecha(state, {**m, "out": "destroyed"})
        events = [*events, {"kind": "mecha_destroyed", "mecha": mecha_id}]
    return state, events
