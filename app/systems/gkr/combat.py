"""The Combat Phase: weapons chosen face down into a firing line, revealed, then resolved in
weapon-speed order (NOTES.md, Sure), with Big Little Buddy's weapon among them (BLB text).

Warboard defaults (data/rules.json): the dice procedure, what a flank shot changes, the
order of equal speeds, and how many weapon cards a Heavy Hitter may fire per round.
"""

from __future__ import annotations

from typing import Any, cast

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.geometry.hex import Hex, distance, spiral
from app.systems.gkr.actions import ChooseWeapons, StateResult, WeaponChoice
from app.systems.gkr.board import (
    BLB,
    can_see,
    faction_of,
    hex_of,
    in_unit_arc,
    on_map,
    unit_name,
    units_on_board,
)
from app.systems.gkr.damage import counted, damage_unit, spend_energy
from app.systems.gkr.words import place_name

State = dict[str, Any]


def _defence(state: State, unit: dict[str, Any]) -> tuple[int, int | None]:
    """(To Hit, Armor) of a target. BLB text: "the same Defence and Target to hit values as
    Heavy Hitters" (5+ and 5+)."""
    if unit["kind"] == "heavy":
        return state["data"]["heavy"]["to_hit"], state["data"]["heavy"]["armor"]
    if unit["kind"] == BLB:
        return state["data"]["blb"]["to_hit"], state["data"]["blb"]["armor"]
    spec = state["data"]["support"]["units"][unit["kind"]]
    return spec["to_hit"], spec["armor"]


def _attacker(state: State, seat: str, choice: WeaponChoice) -> tuple[dict[str, Any], str, str | None]:
    """The firing unit, the weapon key and the card of one choice; raises IllegalAction."""
    player = state["players"][seat]
    if choice.source == "card":
        if choice.card is None or choice.card not in player["hand"]:
            raise IllegalAction("That card is not in your hand", code="not_in_hand")
        card = state["cards"][choice.card]
        if card["type"] != "weapon":
            raise IllegalAction(f"{card['name']} is not a weapon card", code="not_a_weapon")
        return state["units"][f"{seat}:heavy"], card["weapon"], choice.card
    if choice.source == "combat":
        return state["units"][f"{seat}:combat"], "support/combat", None
    # BLB text: "the controlling player may also choose 1 Big Little Buddy Weapon to fire"
    if state["blb"]["controller"] != seat:
        raise IllegalAction("You do not control Big Little Buddy this round", code="not_blb_controller")
    key = f"blb/{choice.weapon}"
    if key not in state["data"]["weapons"]:
        raise IllegalAction("Big Little Buddy has no such weapon", code="unknown_weapon")
    return state["units"][BLB], key, None


def _check_counts(state: State, choices: list[WeaponChoice]) -> None:
    limit = state["data"]["rules"]["heavy_hitter_weapons_per_round"]
    cards = [c.card for c in choices if c.source == "card"]
    if len(cards) > limit:
        raise IllegalAction(f"A Heavy Hitter fires at most {limit} weapon cards a round", code="too_many_weapons")
    if len(set(cards)) != len(cards):
        raise IllegalAction("The same card was chosen twice", code="duplicate_card")
    if sum(c.source == "combat" for c in choices) > 1:
        raise IllegalAction("The Combat Unit fires once a round", code="too_many_weapons")
    if sum(c.source == "blb" for c in choices) > 1:
        raise IllegalAction("Only 1 Big Little Buddy Weapon may be chosen", code="blb_one_weapon")


def target_hex_of(state: State, choice: WeaponChoice, weapon: dict[str, Any]) -> Hex | None:
    if weapon.get("hex_target"):
        if choice.target_hex is not None:
            return Hex(choice.target_hex.q, choice.target_hex.r)
        if choice.target_unit in state["units"]:
            return hex_of(state["units"][choice.target_unit])
        raise IllegalAction(f"{weapon['name']} needs a target hex", code="no_target")
    return None


def check_target_unit(state: State, seat: str, uid: str | None) -> dict[str, Any]:
    unit = state["units"].get(uid or "")
    if unit is None or not unit["on_board"]:
        raise IllegalAction(
            f"{unit_name(state, uid)} is not on the Battlefield"
            if uid in state["units"]
            else "Choose a unit to attack",
            code="no_target",
        )
    if uid == BLB and state["blb"]["controller"] is None:
        # BLB text: "If Big Little Buddy is not controlled by anyone, players cannot attack him."
        raise IllegalAction(
            "Big Little Buddy is not controlled by anyone, so he cannot be attacked", code="blb_not_attackable"
        )
    if faction_of(state, unit) == seat:
        raise IllegalAction(f"{unit_name(state, uid)} is on your side", code="own_unit")
    return cast("dict[str, Any]", unit)


def check_shot(state: State, shooter: dict[str, Any], target: Hex, weapon: dict[str, Any]) -> str | None:
    """Why ``shooter`` cannot fire ``weapon`` at ``target`` now (None if it can)."""
    if not shooter["on_board"]:
        return "the firing unit is not on the Battlefield"
    origin = hex_of(shooter)
    if not state["data"]["manual"]["weapons"] and distance(origin, target) > weapon["range"]:
        return f"{place_name(state, target)} is {distance(origin, target)} hexes away, range {weapon['range']}"
    if not in_unit_arc(state, shooter, target):
        return f"{place_name(state, target)} is outside the firing arc"
    if not can_see(state, origin, target):
        return f"no line of sight to {place_name(state, target)}"
    return None


def shot_hexes(state: State, shooter: dict[str, Any], weapon: dict[str, Any]) -> set[Hex]:
    """Every hex ``shooter`` may fire ``weapon`` at now (range, arc, line of sight)."""
    reach = state["data"]["map"]["radius"] * 2 if state["data"]["manual"]["weapons"] else weapon["range"]
    return {
        h
        for h in spiral(hex_of(shooter), reach)
        if on_map(state, h)
        and (h != hex_of(shooter) or weapon.get("hex_target"))
        and check_shot(state, shooter, h, weapon) is None
    }


def check_flank(state: State, shooter: dict[str, Any], target: dict[str, Any]) -> str | None:
    """Why a shot of ``shooter`` at ``target`` cannot be stated as a flank shot (None if it can).
    BLB text: "As with Heavy Hitters, Big Little Buddy has a 180 firing arc. Therefore, opposing
    players can attempt Flank Shots against him." NOTES.md (Sure): flank shots come "from
    outside" the 180 degree arc."""
    if in_unit_arc(state, target, hex_of(shooter)):
        return (
            f"{unit_name(state, shooter['id'])} stands inside {unit_name(state, target['id'])}'s firing arc: "
            "a flank shot comes from outside it"
        )
    return None


def _entry(state: State, seat: str, n: int, choice: WeaponChoice) -> dict[str, Any]:
    shooter, key, card = _attacker(state, seat, choice)
    weapon = dict(state["data"]["weapons"][key])
    if choice.stats is not None and state["data"]["manual"]["weapons"]:
        weapon.update(choice.stats.model_dump(exclude_none=True))
    if not shooter["on_board"]:
        raise IllegalAction(f"{unit_name(state, shooter['id'])} is not on the Battlefield", code="unit_not_on_board")
    hex_target = target_hex_of(state, choice, weapon)
    target_unit = None
    if hex_target is None:
        target_unit = check_target_unit(state, seat, choice.target_unit)["id"]
    aim = hex_target or hex_of(state["units"][target_unit])
    why = check_shot(state, shooter, aim, weapon)
    if why:
        raise IllegalAction(f"{weapon['name']} cannot fire: {why}", code="illegal_target")
    flank = bool(choice.flank) if state["data"]["manual"]["flank"] else None
    if flank and target_unit is not None:
        why = check_flank(state, shooter, state["units"][target_unit])
        if why:
            raise IllegalAction(why, code="not_a_flank_shot")
    return entry(n, seat, shooter["id"], key, weapon, card, target_unit, aim if hex_target else None, flank)


def entry(
    n: int,
    seat: str,
    unit: str,
    key: str,
    weapon: dict[str, Any],
    card: str | None,
    target_unit: str | None,
    target_hex: Hex | None,
    flank: bool | None,
) -> dict[str, Any]:
    """A face-down firing-line entry: ``seat``'s ``unit`` fires ``weapon`` (``key``, from
    ``card`` if any) at ``target_unit`` or, for a hex-target weapon, at ``target_hex``."""
    return {
        "n": n,
        "owner": seat,
        "unit": unit,
        "weapon_key": key,
        "weapon": weapon,
        "card": card,
        "target_unit": target_unit,
        "target_hex": target_hex.to_dict() if target_hex else None,
        "flank": flank,
        "revealed": False,
    }


def choose_weapons(state: State, seat: str, action: ChooseWeapons, events: list[Event]) -> None:
    """Put ``seat``'s weapons face down into the firing line."""
    _check_counts(state, action.weapons)
    start = len(state["firing_line"])
    entries = [_entry(state, seat, start + i, c) for i, c in enumerate(action.weapons)]
    player = state["players"][seat]
    for e in entries:
        if e["card"]:
            player["hand"].remove(e["card"])
    state["firing_line"].extend(entries)
    player["chosen"] = True
    # BLB text: the chosen BLB weapon goes face down; the other 2 stay face down too
    blb_choice = [e["weapon_key"] for e in entries if e["unit"] == BLB]
    if blb_choice:
        state["blb"]["weapon"] = blb_choice[0]
    events.append(counted("weapons_chosen", seat, len(entries), entries=[dict(e) for e in entries]))


def reveal(state: State, dice: Dice, events: list[Event]) -> None:
    """Reveal the firing line, sort it by weapon speed and pay the energy."""
    order = {s: i for i, s in enumerate(state["turn_order"])}
    line = state["firing_line"]
    for e in line:
        e["revealed"] = True
    # NOTES.md (Sure): "resolved in weapon-speed order"; which end first: Warboard default
    sign = 1 if state["data"]["rules"]["speed_order"] == "ascending" else -1
    line.sort(key=lambda e: (sign * e["weapon"]["speed"], order.get(e["owner"], 99), e["n"]))
    # the public reveal shows what each view shows of a revealed entry: no card id ("n" is the
    # order chosen); each owner knows its own cards from its private ``weapons_chosen``
    public = [{k: v for k, v in e.items() if k not in ("n", "card")} for e in line]
    events.append({"kind": "firing_line_revealed", "entries": public})
    for seat in state["turn_order"]:
        player = state["players"][seat]
        for e in line:
            if e["owner"] == seat and e["card"]:
                player["discard"].append(e["card"])
        # BLB text: "None of them require Energy to fire."
        cost = sum(e["weapon"]["energy"] for e in line if e["owner"] == seat and e["unit"] != BLB)
        spend_energy(state, seat, cost, dice, events)
    state["resolve_index"] = 0


def _victims(state: State, entry: dict[str, Any]) -> list[dict[str, Any]] | str:
    shooter = state["units"][entry["unit"]]
    if state["players"][entry["owner"]]["eliminated"]:
        return "its player is out of the game"
    if entry["unit"] == BLB and state["blb"]["controller"] != entry["owner"]:
        return "Big Little Buddy is no longer theirs"
    if entry["target_hex"] is not None:
        aim = Hex.from_dict(entry["target_hex"])
        why = check_shot(state, shooter, aim, entry["weapon"])
        if why:
            return why
        # BLB text: Mine Mate "can be used to attack a chosen hex ... including 1 occupied by a
        # Building. Therefore, Big Little Buddy can use this attack to deal Damage to units
        # behind a Building." Blast radius and who it hits: Warboard default. Every unit it
        # hits stands in his arc: "Big Little Buddy can only hit targets within his firing arc".
        blast = entry["weapon"].get("blast", 0)
        return [
            u
            for u in units_on_board(state)
            if distance(hex_of(u), aim) <= blast
            and in_unit_arc(state, shooter, hex_of(u))
            and u["id"] != BLB
            and faction_of(state, u) not in (entry["owner"], None)
        ]
    target = state["units"][entry["target_unit"]]
    if not target["on_board"]:
        return "the target has left the Battlefield"
    why = check_shot(state, shooter, hex_of(target), entry["weapon"])
    return why or [target]


def _is_flank(state: State, entry: dict[str, Any], victim: dict[str, Any]) -> bool:
    """NOTES.md (Sure): flank shots come from outside the target's 180 degree arc."""
    if entry["flank"] is not None:
        return cast("bool", entry["flank"])
    return not in_unit_arc(state, victim, hex_of(state["units"][entry["unit"]]))


def _roll_attack(state: State, entry: dict[str, Any], victim: dict[str, Any], dice: Dice, events: list[Event]) -> None:
    weapon, rules = entry["weapon"], state["data"]["rules"]
    to_hit, armor = _defence(state, victim)
    attack = dice.roll_many(weapon["dice"], 6, purpose=f"attack: {weapon['name']}")
    hits = sum(f >= to_hit for f in attack)
    flank = _is_flank(state, entry, victim)
    n_def = rules["flank"]["defence_dice"] if flank else rules["dice"]["max_defence_dice"]
    defence = dice.roll_many(min(hits, n_def), 6, purpose="defence") if armor is not None else []
    saves = sum(f >= armor for f in defence) if armor is not None else 0
    amount = (hits - saves) * weapon["damage"]
    events.append(
        {
            "kind": "attack",
            "unit": entry["unit"],
            "owner": entry["owner"],
            "weapon": weapon["name"],
            "target": victim["id"],
            "flank": flank,
            "attack_faces": attack,
            "defence_faces": defence,
            "to_hit": to_hit,
            "armor": armor,
            "hits": hits,
            "saves": saves,
            "damage": amount,
        }
    )
    damage_unit(state, victim["id"], amount, entry["owner"], dice, events)


def advance(state: State, dice: Dice, events: list[Event]) -> bool:
    """Resolve the firing line from ``resolve_index``; True once it is all resolved."""
    line = state["firing_line"]
    while not state["result"]:
        if state["pending_steal"] is not None:  # the destroyer decides first (``steal``)
            return False
        if state["resolve_index"] >= len(line):
            break
        entry = line[state["resolve_index"]]
        victims = _victims(state, entry)
        if isinstance(victims, str):
            events.append(
                {"kind": "attack_void", "unit": entry["unit"], "weapon": entry["weapon"]["name"], "reason": victims}
            )
        elif state["data"]["manual"]["dice"] and victims:
            state["awaiting"] = {"seat": entry["owner"], "victims": [v["id"] for v in victims]}
            state["queue"] = [entry["owner"]]
            return False
        else:
            for victim in victims:
                _roll_attack(state, entry, victim, dice, events)
        state["resolve_index"] += 1
    return True


def state_result(state: State, seat: str, action: StateResult, dice: Dice, events: list[Event]) -> bool:
    """Manual dice: the attacker states the damage of the current attack; then resolution goes on."""
    awaiting = state["awaiting"]
    for r in action.results:
        if r.unit not in awaiting["victims"]:
            raise IllegalAction(
                f"{unit_name(state, r.unit)} is not hit by this attack (it hits "
                f"{', '.join(unit_name(state, v) for v in awaiting['victims'])})",
                code="not_a_target",
            )
    entry = state["firing_line"][state["resolve_index"]]
    # a manual record like ``records.record``'s: open to dispute (see records.py)
    record = {
        "index": len(state["records"]),
        "area": "dice",
        "player": seat,
        "weapon": entry["weapon"]["name"],
        "results": [r.model_dump() for r in action.results],
        "round": state["round"],
        "phase": state["phase"],
        "status": "open",
    }
    state["records"].append(record)
    events.append({"kind": "result_stated", **record})
    for r in action.results:
        damage_unit(state, r.unit, r.damage, seat, dice, events)
    state["awaiting"] = None
    state["resolve_index"] += 1
    return advance(state, dice, events)
