"""Step 5, The Cards: the deck, Power cards under fighters, GloboTech Recall.

Rulebook: Power cards, when drawn, go face up under one of your fighters on the board, one per
fighter; with all your fighters holding one you may replace one (discard it) if you wish.
GloboTech Recall sends any enemy fighter on the board to the Toy Store with its card, unless
the opponent has only one fighter left: then nothing happens (it cannot win the game).
Launch Catapult is in ``catapult.py``.

Warboard decisions: an empty deck is refilled by shuffling the discard pile; a player who
declines to replace discards the new card; the deck composition is ``data/deck.json``.
"""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.systems.small_soldiers.battle import send_to_toy_store
from app.systems.small_soldiers.model import State, army_of, commanded, enemy, on_board
from app.systems.small_soldiers.words import army_name, fighter_name, space_name

POWER = ("weapon", "armor", "vehicle")
HAND_SIZE = 5  # Advanced Rules: "each dealt a 5-card hand"


def build_deck(deck_data: dict[str, Any], dice: Dice) -> list[dict[str, Any]]:
    """Setup 3: the cards face down, shuffled with the table's dice. The top card is the last."""
    cards: list[dict[str, Any]] = []
    for kind in deck_data["cards"]:
        for _ in range(kind["count"]):
            cards.append(
                {"id": f"c{len(cards) + 1:02d}", "type": kind["type"], "bonus": kind["bonus"], "name": kind["name"]}
            )
    dice.shuffle(cards, purpose="shuffle deck")
    return cards


def draw(state: State, dice: Dice) -> tuple[dict[str, Any] | None, list[Event]]:
    """The top card (mutates ``state``); reshuffles the discard pile into an empty deck."""
    events: list[Event] = []
    if not state["deck"] and state["discard"]:
        state["deck"], state["discard"] = state["discard"], []
        make_up: dict[str, int] = {}
        for card in state["deck"]:  # the discard pile lies face up: its make-up is public
            make_up[kind_key(card)] = make_up.get(kind_key(card), 0) + 1
        dice.shuffle(state["deck"], purpose="reshuffle discard pile")
        events.append({"kind": "deck_reshuffled", "cards": len(state["deck"]), "make_up": make_up})
    if not state["deck"]:
        return None, events
    return state["deck"].pop(), events


def kind_key(card: dict[str, Any]) -> str:
    """A card's kind as the deck's public make-up counts it: "weapon+1", "recall+0"."""
    return f"{card['type']}+{card['bonus']}"


def is_power(card: dict[str, Any]) -> bool:
    return card["type"] in POWER


def placement_targets(state: State, seat: str) -> tuple[list[str], bool]:
    """Fighters that may take a Power card, and whether it would replace a card.

    Free fighters first ("Only one card per fighter"); if all of them hold one, any of them
    (the replaced card is discarded).
    """
    mine = [f for f in commanded(state, seat) if f["pos"] is not None]
    free = [f["id"] for f in mine if not f.get("card")]
    if free:
        return free, False
    return [f["id"] for f in mine], True


def place(state: State, seat: str, card: dict[str, Any], fid: str) -> list[Event]:
    targets, replacing = placement_targets(state, seat)
    if fid not in targets:
        f = state["fighters"].get(fid)
        why = (
            "is not one of your fighters on the board"
            if not f or fid not in [g["id"] for g in commanded(state, seat)] or f["pos"] is None
            else "already has a card"
        )
        raise IllegalAction(f"{card['name']} cannot go under {fighter_name(state, fid)}: it {why}", code="illegal_card")
    f = state["fighters"][fid]
    events: list[Event] = []
    if replacing and f.get("card"):
        old = f["card"]
        state["discard"].append(old)
        events.append({"kind": "card_discarded", "fighter": fid, "card": old, "reason": "replaced"})
    f["card"] = card
    events.append({"kind": "card_placed", "fighter": fid, "card": card})
    return events


def recall_is_void(state: State, seat: str) -> bool:
    """ "If your opponent has only one fighter left when you draw this card, do nothing"."""
    return len(on_board(state, enemy(army_of(seat)))) <= 1


def recall(state: State, seat: str, target: str) -> list[Event]:
    f = state["fighters"].get(target)
    foe = enemy(army_of(seat))
    if f is None or f["army"] != foe or f["pos"] is None:
        at = "" if f is None else f" ({army_name(f['army'])}, {space_name(state, f['pos'])})"
        raise IllegalAction(
            f"GloboTech Recall needs an enemy fighter on the board, not {fighter_name(state, target)}{at}",
            code="illegal_target",
        )
    return [send_to_toy_store(state, target, "GloboTech Recall")]
