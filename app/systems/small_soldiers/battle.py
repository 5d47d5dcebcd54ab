"""Battling (Figure 9) and the Toy Store.

Rulebook: each side rolls its army's die; Power cards add to the roll ("You roll a 4 and the
Gorgonite player rolls a 4. You have a Power card that adds +1 to your roll. Your 5 beats the
4."); a skull beats any number; the loser goes to his Recruit section of the Toy Store; after a
battle the cards under the winning and the losing fighter go to the discard pile.

Warboard decisions (the battle paragraph is missing from the rulebook): Weapon and Armor
cards both add, whether the fighter attacks or defends; a skull stays a skull whatever is
added; skull against skull is a tie; a tie follows ``dice.battle_tie`` (default: roll again).
The winner stays on its space.
"""

from __future__ import annotations

from typing import Any, cast

from app.core.dice import Dice
from app.core.events import Event
from app.systems.small_soldiers.model import State, bonus

SKULL = "skull"
MAX_REROLLS = 50


def roll_face(state: State, dice: Dice, purpose: str) -> str:
    faces = state["data"]["dice"]["faces"]
    return cast("str", faces[dice.roll(len(faces), purpose) - 1])


def score(face: str, add: int = 0) -> tuple[int, int]:
    """Comparable score: any skull beats any number; numbers compare with their bonus."""
    return (1, 0) if face == SKULL else (0, int(face) + add)


def total(face: str, add: int) -> int | str:
    return SKULL if face == SKULL else int(face) + add


def compare(a_face: str, a_add: int, b_face: str, b_add: int) -> int:
    """1 if side a wins, -1 if side b wins, 0 for a tie."""
    a, b = score(a_face, a_add), score(b_face, b_add)
    return (a > b) - (a < b)


def battle_bonus(f: dict[str, Any]) -> int:
    """Weapon +1/+2 and Armor +1: "adds N to your fighter's die roll" when it battles."""
    return bonus(f, "weapon", "armor")


def discard_card(state: State, f: dict[str, Any]) -> dict[str, Any] | None:
    card = f.get("card")
    if card:
        state["discard"].append(card)
        f["card"] = None
    return card


def send_to_toy_store(state: State, fid: str, reason: str) -> Event:
    """Setup 2: "fighters lost in battle are placed in their Recruit section"; its card is discarded."""
    f = state["fighters"][fid]
    card = discard_card(state, f)
    event: Event = {"kind": "to_toy_store", "fighter": fid, "army": f["army"], "from": f["pos"], "reason": reason}
    if card:
        event["discarded"] = card
    f["pos"] = None
    return event


def fight(state: State, dice: Dice, attacker: str, defender: str) -> tuple[str, str, list[dict[str, Any]]]:
    """Roll the battle between two fighters: (winner id, loser id, the rolls)."""
    a, d = state["fighters"][attacker], state["fighters"][defender]
    a_add, d_add = battle_bonus(a), battle_bonus(d)
    tie_rule = state["data"]["dice"]["battle_tie"]
    rolls: list[dict[str, Any]] = []
    for _ in range(MAX_REROLLS):
        fa = roll_face(state, dice, f"battle: {a['name']} ({a['army']})")
        fd = roll_face(state, dice, f"battle: {d['name']} ({d['army']})")
        result = compare(fa, a_add, fd, d_add)
        rolls.append(
            {
                "attacker": {"face": fa, "bonus": a_add, "total": total(fa, a_add)},
                "defender": {"face": fd, "bonus": d_add, "total": total(fd, d_add)},
                "result": ["tie", "attacker", "defender"][[0, 1, -1].index(result)],
            }
        )
        if result == 0 and tie_rule != "reroll":
            result = 1 if tie_rule == "attacker" else -1
        if result:
            return (attacker, defender, rolls) if result > 0 else (defender, attacker, rolls)
    return defender, attacker, rolls  # 50 ties in a row: the defender holds (never in practice)


def resolve(state: State, dice: Dice, attacker: str, defender: str) -> list[Event]:
    """Fight, send the loser to the Toy Store, discard both fighters' cards. Mutates ``state``."""
    winner, loser, rolls = fight(state, dice, attacker, defender)
    events: list[Event] = [
        {"kind": "battle", "attacker": attacker, "defender": defender, "rolls": rolls, "winner": winner, "loser": loser}
    ]
    events.append(send_to_toy_store(state, loser, "lost a battle"))
    won = discard_card(state, state["fighters"][winner])
    if won:
        events.append({"kind": "card_discarded", "fighter": winner, "card": won, "reason": "after battle"})
    state["last_battle"] = events[0]
    return events
