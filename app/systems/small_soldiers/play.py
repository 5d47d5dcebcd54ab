"""Step 3, On Your Turn: spin, then move and battle, draw a card, or recruit.

Each function takes a *copy* of the state, changes it and returns the events.

Warboard decisions (README): the fighter that moved may battle one enemy on a space next to
where it ended (Figure 9: "move ... three spaces to attack the Gorgonite"), or decline; in the
advanced rules every fighter that moved may battle once, after all moves. A move onto the enemy
flag wins at once. A drawn card is resolved before the turn ends; a card played from the hand
(advanced) is resolved before the spin.
"""

from __future__ import annotations

from functools import partial
from typing import Any, cast

from app.core.dice import Dice
from app.core.errors import IllegalAction, WrongPhase
from app.core.events import Event
from app.geometry.hex import Hex
from app.systems.small_soldiers import battle, cards, catapult
from app.systems.small_soldiers.model import (
    State,
    adjacent_enemies,
    army_of,
    controls,
    fighter,
    fighter_at,
    flag_hex,
    hex_list,
    in_toy_store,
    occupied,
    recruit_hex,
    to_hex,
)
from app.systems.small_soldiers.movement import (
    can_move,
    captures_flag,
    destinations,
    movable,
    move_length,
    own_flag_blocks,
)
from app.systems.small_soldiers.turns import check_winner, end_turn, win
from app.systems.small_soldiers.words import KIND_NAMES, fighter_name, space_name
from app.systems.words import sentence_start


def need_card(state: State, action: str, *types: str) -> dict[str, Any]:
    """The drawn card, if ``action`` resolves it (the guard list has checked the card phase)."""
    card = state["turn"]["card"]
    if card["type"] not in types:
        raise WrongPhase(
            f"{sentence_start(KIND_NAMES.get(action, action))} does not resolve {card['name']}", code="wrong_card"
        )
    return cast("dict[str, Any]", card)


# --- spin ---------------------------------------------------------------------------------
def spin(state: State, seat: str, dice: Dice) -> list[Event]:
    """Spin the spinner and do what it says."""
    segments = state["data"]["spinner"]["segments"]
    index = dice.randbelow(len(segments), "spinner")
    seg = segments[index]
    state["turn"]["spin"] = seg
    state["last_spin"] = {"index": index, "seat": seat, **seg}
    events: list[Event] = [{"kind": "spun", "seat": seat, "index": index, "result": seg}]
    if seg["kind"] == "move":
        if can_move(state, seat):
            state["phase"] = "move"
            return events
        return [*events, {"kind": "no_move", "seat": seat, "value": seg["value"]}, *end_turn(state)]
    if seg["kind"] == "draw":
        card, more = cards.draw(state, dice)
        events += more
        if card is None:
            return [*events, {"kind": "deck_empty"}, *end_turn(state)]
        return events + take_card(state, seat, card, "deck")
    if can_recruit(state, seat):
        state["phase"] = "recruit"
        return events
    return [*events, {"kind": "recruit_impossible", "seat": seat}, *end_turn(state)]


# --- cards --------------------------------------------------------------------------------
def take_card(state: State, seat: str, card: dict[str, Any], source: str) -> list[Event]:
    """A drawn (or played) card: Power cards wait for a fighter, the others for their target."""
    state["turn"]["card"], state["turn"]["card_from"] = card, source
    events: list[Event] = [{"kind": "card_drawn" if source == "deck" else "card_played", "seat": seat, "card": card}]
    if cards.is_power(card) and not cards.placement_targets(state, seat)[0]:
        return events + _discard_pending(state, "no fighter on the board to take it") + after_card(state)
    if card["type"] == "recall" and cards.recall_is_void(state, seat):
        return events + _discard_pending(state, "opponent has only one fighter left") + after_card(state)
    state["phase"] = "card"
    return events


def _discard_pending(state: State, reason: str) -> list[Event]:
    card = state["turn"]["card"]
    state["discard"].append(card)
    return [{"kind": "card_discarded", "card": card, "reason": reason}]


def after_card(state: State) -> list[Event]:
    """A card from the deck ends the turn; one from the hand leads on to the spin."""
    source = state["turn"]["card_from"]
    state["turn"]["card"], state["turn"]["card_from"] = None, None
    if state["phase"] == "over":
        return []
    if source == "hand":
        state["phase"] = "spin"
        return []
    return end_turn(state)


def place_card(state: State, seat: str, fid: str) -> list[Event]:
    card = need_card(state, "place_card", *cards.POWER)
    return cards.place(state, seat, card, fid) + after_card(state)


def discard_card(state: State, seat: str) -> list[Event]:
    need_card(state, "discard_card", *cards.POWER)
    if not cards.placement_targets(state, seat)[1]:
        raise IllegalAction("A fighter of yours has no card yet: the Power card must go under one", code="must_place")
    return _discard_pending(state, "declined to replace") + after_card(state)


def recall(state: State, seat: str, target: str) -> list[Event]:
    need_card(state, "recall", "recall")
    events = cards.recall(state, seat, target)
    return events + _discard_pending(state, "used") + after_card(state)


def launch(state: State, seat: str, dice: Dice, offset: float, angle: float, power: float) -> list[Event]:
    need_card(state, "launch", "catapult")
    events = catapult.launch(state, dice, seat, offset, angle, power)
    events += _discard_pending(state, "used")
    events += check_winner(state, army_of(seat))
    return events + after_card(state)


def play_card(state: State, seat: str, card_id: str) -> list[Event]:
    """Advanced Rules: "before you spin, you may play a card" (one per turn)."""
    if not state["options"]["advanced"]:
        raise WrongPhase("Cards are played from a hand only with the advanced rules", code="not_advanced")
    if state["turn"]["hand_played"]:
        raise IllegalAction("You have already played a card from your hand this turn", code="card_played")
    hand = state["hands"][army_of(seat)]  # one hand per side, shared by a team (README)
    card = next((c for c in hand if c["id"] == card_id), None)
    if card is None:
        raise IllegalAction("That card is not in your hand", code="not_in_hand")
    hand.remove(card)
    state["turn"]["hand_played"] = True
    return take_card(state, seat, card, "hand")


# --- moving and battling ------------------------------------------------------------------
def move(state: State, seat: str, fid: str, q: int, r: int) -> list[Event]:
    f = fighter(state, fid)
    if not controls(state, seat, f) or f["pos"] is None:
        raise IllegalAction(f"{f['name']} is not one of your fighters on the board", code="not_your_fighter")
    if fid not in movable(state, seat):
        raise IllegalAction(f"{f['name']} has already moved this turn", code="already_moved")
    to = Hex(q, r)
    dests = destinations(state, fid)
    if to not in dests:
        raise IllegalAction(_why_not(state, f, to), code="illegal_move")
    start = f["pos"]
    f["pos"] = hex_list(to)
    state["turn"]["moved"].append(fid)
    events: list[Event] = [
        {
            "kind": "moved",
            "fighter": fid,
            "from": start,
            "to": f["pos"],
            "steps": move_length(state, f),
            "path": [start, *(hex_list(h) for h in dests[to])],
        }
    ]
    if captures_flag(state, seat, to):
        return events + win(state, army_of(seat), "flag_captured")
    if state["options"]["advanced"] and can_move(state, seat):
        return events
    return events + attack_stage(state)


def _why_not(state: State, f: dict[str, Any], to: Hex) -> str:
    if to == to_hex(f["pos"]):
        # Step 3: "On the same move, you cannot return to the space you started from."
        return f"{f['name']} cannot return to the space it started from ({space_name(state, to)}) on the same move"
    other = fighter_at(state, to)
    if other is not None:
        return f"{sentence_start(space_name(state, to))} is occupied by {other['name']}"
    if to == flag_hex(state, f["army"]) and own_flag_blocks(state):
        return f"{sentence_start(space_name(state, to))} is your own flag's space (house rule of this table)"
    return (
        f"{f['name']} on {space_name(state, f['pos'])} cannot end a move of exactly {move_length(state, f)} "
        f"spaces on {space_name(state, to)}"
    )


def end_moves(state: State, seat: str) -> list[Event]:
    """Advanced Rules: "You must move any or all fighters before you can attack"."""
    if not state["turn"]["moved"] and can_move(state, seat):
        raise IllegalAction("Move at least one fighter before ending the moves", code="must_move")
    # Always an event: an action without one would leave the table's seq (and every client) behind.
    return [{"kind": "moves_ended", "seat": seat, "moved": list(state["turn"]["moved"])}, *attack_stage(state)]


def attackers(state: State) -> dict[str, list[str]]:
    """{fighter that moved and may still battle: enemy ids next to it}."""
    turn = state["turn"]
    out: dict[str, list[str]] = {}
    for fid in turn["moved"]:
        f = state["fighters"][fid]
        if f["pos"] is not None and fid not in turn["attacked"]:
            foes = [e["id"] for e in adjacent_enemies(state, f)]
            if foes:
                out[fid] = foes
    return out


def attack_stage(state: State) -> list[Event]:
    if attackers(state):
        state["phase"] = "attack"
        return []
    return end_turn(state)


def attack(state: State, seat: str, dice: Dice, target: str, fid: str | None) -> list[Event]:
    options = attackers(state)
    able = [a for a, foes in options.items() if target in foes]
    if fid is None and len(able) == 1:
        fid = able[0]
    if fid is None or fid not in able:
        name = partial(fighter_name, state)
        battles = "; ".join(f"{name(a)} against {' or '.join(map(name, foes))}" for a, foes in options.items())
        who = f"{name(fid)} cannot battle" if fid else "No fighter of yours can battle"
        raise IllegalAction(
            f"{who} {name(target)} now; the possible battles: {battles or 'none'}", code="illegal_attack"
        )
    state["turn"]["attacked"].append(fid)
    events = battle.resolve(state, dice, fid, target)
    events += check_winner(state, army_of(seat))
    if state["phase"] == "over":
        return events
    return events + attack_stage(state)


def decline(state: State, seat: str) -> list[Event]:
    return [{"kind": "declined", "seat": seat, "phase": state["phase"]}, *end_turn(state)]


# --- recruit ------------------------------------------------------------------------------
def can_recruit(state: State, seat: str) -> bool:
    """Green space unoccupied at the start of the turn (and still), a fighter in the Toy Store."""
    army = army_of(seat)
    green_free = recruit_hex(state, army) not in occupied(state)
    return bool(state["turn"].get("green_free")) and green_free and bool(in_toy_store(state, army))


def recruit(state: State, seat: str, fid: str) -> list[Event]:
    f = fighter(state, fid)
    if f["army"] != army_of(seat) or f["pos"] is not None:
        raise IllegalAction(
            f"{f['name']} is not in your Toy Store (it is on {space_name(state, f['pos'])})", code="not_in_toy_store"
        )
    green = recruit_hex(state, army_of(seat))
    f["pos"] = hex_list(green)
    return [{"kind": "recruited", "fighter": fid, "to": f["pos"]}, *end_turn(state)]
