"""Damage, repair, destruction and victory.

A Heavy Hitter's hit points are its 25-card faction deck (NOTES.md, Sure); each damage point
moves a card to the damage pile (Likely). Warboard default for where the card comes from:
the deck first, then the discard pile, then the hand (the last card in it). A Heavy Hitter
with no card left in deck, discard or hand is destroyed.
"""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.events import Event, private
from app.systems.gkr.board import BLB

State = dict[str, Any]


def counted(kind: str, seat: str, count: int, **hidden: Any) -> Event:
    """An event ``seat`` sees whole (the cards it drew or chose); every other viewer sees only
    who and how many."""
    return private(kind, [seat], public={"player": seat, "count": count}, player=seat, count=count, **hidden)


def heavy_hp(player: dict[str, Any]) -> int:
    return len(player["deck"]) + len(player["discard"]) + len(player["hand"])


def damage_unit(state: State, uid: str, amount: int, by: str | None, dice: Dice, events: list[Event]) -> None:
    """Deal ``amount`` damage to unit ``uid`` (``by``: the seat dealing it, if any)."""
    unit = state["units"][uid]
    if amount <= 0 or not unit["on_board"]:
        return
    if unit["kind"] == "heavy":
        _damage_heavy(state, unit, amount, by, events)
        return
    unit["hp"] = max(0, unit["hp"] - amount)
    events.append({"kind": "damaged", "unit": uid, "amount": amount, "hp": unit["hp"], "by": by})
    if unit["hp"] == 0:
        if uid == BLB:
            destroy_blb(state, by, events)
        else:
            unit["on_board"] = False
            events.append({"kind": "destroyed", "unit": uid, "by": by})


def _damage_heavy(state: State, unit: dict[str, Any], amount: int, by: str | None, events: list[Event]) -> None:
    seat = unit["owner"]
    player = state["players"][seat]
    from_hand = []
    for _ in range(amount):
        if player["deck"]:
            player["damage"].append(player["deck"].pop(0))
        elif player["discard"]:
            player["damage"].append(player["discard"].pop())
        elif player["hand"]:
            card = player["hand"].pop()
            from_hand.append(card)
            player["damage"].append(card)
    public = {"unit": unit["id"], "amount": amount, "hp": heavy_hp(player), "by": by, "from_hand": len(from_hand)}
    if from_hand:
        events.append(private("damaged", [seat], public=public, **public, cards=from_hand))
    else:
        events.append({"kind": "damaged", **public})
    if heavy_hp(player) == 0:
        eliminate(state, seat, by, events)


def eliminate(state: State, seat: str, by: str | None, events: list[Event]) -> None:
    """A destroyed Heavy Hitter leaves with its Support Units (Warboard default)."""
    player = state["players"][seat]
    player["eliminated"] = True
    for u in state["units"].values():
        if u["owner"] == seat:
            u["on_board"] = False
    state["queue"] = [s for s in state["queue"] if s != seat]
    events.append({"kind": "destroyed", "unit": f"{seat}:heavy", "by": by})
    check_victory(state, events)


def destroy_blb(state: State, by: str | None, events: list[Event]) -> None:
    """BLB text, Destroying Big Little Buddy: "If a player manages to destroy Big Little Buddy,
    they may steal a random Sponsor Card from the controlling player (if they have any). Once
    destroyed, Big Little Buddy is removed from the Battlefield." The "may" is the destroyer's
    choice when he falls: ``state["pending_steal"]`` holds the game until ``steal`` answers."""
    blb = state["units"][BLB]
    blb["on_board"] = False
    controller = state["blb"]["controller"]
    events.append({"kind": "blb_destroyed", "by": by, "controller": controller})
    if by is None or controller is None or by == controller:
        return
    if not state["players"][controller]["sponsor"]:
        events.append({"kind": "sponsor_stolen", "by": by, "from": controller, "card": None})
        return
    state["pending_steal"] = {"seat": by, "from": controller}
    events.append({"kind": "steal_offered", "player": by, "from": controller})


def steal(state: State, seat: str, take: bool, dice: Dice, events: list[Event]) -> None:
    """The destroyer of Big Little Buddy takes (or not) a random sponsor card of the controller."""
    pending = state["pending_steal"]
    state["pending_steal"] = None
    by, controller = pending["seat"], pending["from"]
    if not take:
        events.append({"kind": "steal_declined", "player": by, "from": controller})
        return
    hand = state["players"][controller]["sponsor"]
    if not hand:  # "(if they have any)"
        events.append({"kind": "sponsor_stolen", "by": by, "from": controller, "card": None})
        return
    among = len(hand)  # public: every seat's sponsor card count is
    card = dice.choice(sorted(hand), purpose="BLB destroyed: steal a random sponsor card")
    hand.remove(card)
    state["players"][by]["sponsor"].append(card)
    public = {"by": by, "from": controller, "hand": among}
    events.append(private("sponsor_stolen", [by, controller], public=public, **public, card=card))


def repair_heavy(state: State, seat: str, amount: int, events: list[Event]) -> int:
    """Move up to ``amount`` cards from the damage pile to the bottom of the deck."""
    player = state["players"][seat]
    moved = 0
    while moved < amount and player["damage"]:
        player["deck"].append(player["damage"].pop())
        moved += 1
    if moved:
        events.append({"kind": "repaired", "unit": f"{seat}:heavy", "amount": moved, "hp": heavy_hp(player)})
    return moved


def spend_energy(state: State, seat: str, amount: int, dice: Dice, events: list[Event]) -> None:
    """Spend energy; below zero each point costs damage (Likely; rate is a default)."""
    if amount <= 0 or state["data"]["manual"]["energy"]:
        return
    player = state["players"][seat]
    before = player["energy"]
    player["energy"] -= amount
    over = max(0, -player["energy"]) - max(0, -before)
    events.append({"kind": "energy_spent", "player": seat, "amount": amount, "energy": player["energy"]})
    if over:
        rate = state["data"]["rules"]["overspend_damage_per_energy"]
        damage_unit(state, f"{seat}:heavy", over * rate, seat, dice, events)


def check_victory(state: State, events: list[Event]) -> None:
    """Win by destroying the opposing Heavy Hitters, or by demolishing 4 buildings (Sure)."""
    if state["result"]:
        return
    alive = [s for s in state["seats"] if not state["players"][s]["eliminated"]]
    need = state["data"]["rules"]["buildings_to_win"]
    builders = [s for s in alive if state["players"][s]["demolished"] >= need]
    if builders:
        state["result"] = {"winners": builders[:1], "reason": f"demolished {need} buildings"}
    elif len(alive) == 1:
        state["result"] = {"winners": alive, "reason": "destroyed the opposing Heavy Hitters"}
    elif not alive:  # the last Heavy Hitters fell in the same firing line
        state["result"] = {"winners": [], "reason": "every Heavy Hitter was destroyed: a draw"}
    if state["result"]:
        state["phase"] = "over"
        state["queue"] = []
        events.append({"kind": "victory", **state["result"]})  # the session adds game_over
