"""The guided game's hints for Small Soldiers Big Battle (``app.systems.hints``): from the seat's
view and legal actions, what to do now, in our words, and the rulebook section it follows."""

from __future__ import annotations

from typing import Any

from app.systems.hints import Hint, hint, is_active, kinds, phase_of, waiting
from app.systems.small_soldiers.words import seat_label
from app.systems.words import listed

#: while another army plays: what it is doing, by phase
OTHERS = {
    "deploy": "they set out their army",
    "opening": "they roll for who goes first",
}


def hint_for(view: dict[str, Any], legal: list[dict[str, Any]], seat: str) -> Hint | None:
    """The hint for ``seat`` (see the module); None once the game is over."""
    phase = phase_of(view)
    if phase == "over" or view.get("outcome"):
        return None
    if not is_active(view, seat) or not legal:
        others = listed([seat_label(s) for s in view["turn"].get("active") or [] if s != seat])
        doing = OTHERS.get(phase, "watch their fighters on the board; your turn comes next")
        return waiting(others or "the other army", doing, "How to Play: 2-Player Game", "turn")
    can = kinds(legal)
    turn = view["turn"]
    if phase == "deploy":
        return hint(
            "deploy",
            "Set out your army: your leader takes the gold space and four fighters your army's symbols; "
            "the sixth waits in the Toy Store. Pick who waits, then deploy.",
            "Deploy",
            "Setup, step 2",
            "setup",
        )
    if phase == "opening":
        return hint(
            "opening",
            "Roll your army's die: the higher roll goes first, and the skull beats any number.",
            "Roll the opening die",
            "How to Play: 2-Player Game, step 2",
            "opening",
        )
    if phase == "spin":
        extra = " You may first play a card from your hand." if "play_card" in can else ""
        return hint(
            "spin",
            "Spin the spinner: a number says how far one fighter may move; it may also say Draw a Card or "
            f"Recruit.{extra}",
            "Spin the spinner",
            "How to Play: 2-Player Game, step 3",
            "spinner",
        )
    if phase == "move":
        value = (turn.get("spin") or {}).get("value")
        far = f"exactly {value} space{'s' if value != 1 else ''}" if value else "the number spun"
        return hint(
            "move",
            f"Move one of your fighters {far} (more with a Vehicle card): pick a fighter, then a highlighted "
            "space. It may pass over others but must stop on an empty space.",
            "a fighter, then a highlighted space",
            "How to Play: 2-Player Game, step 3",
            "moving",
        )
    if phase == "card":
        return _card_hint(turn.get("card") or {}, can)
    if phase == "attack":
        return hint(
            "battle",
            "Your fighter stands next to an enemy: battle it (both roll, cards add, the loser goes to the "
            "Toy Store) or end your turn.",
            "the battle button, or End turn",
            "How to Play: Figure 9 (Moving and battling)",
            "battle",
        )
    if phase == "recruit":
        return hint(
            "recruit",
            "Recruit: bring a fighter back from your Toy Store onto your green recruit space; that ends your turn.",
            "Recruit",
            "How to Play: 2-Player Game, step 3 (Recruit)",
            "recruit",
        )
    return None


def _card_hint(card: dict[str, Any], can: set[str]) -> Hint:
    name = str(card.get("name") or "The card")
    if "launch" in can:
        return hint(
            "catapult",
            f"{name}: one shot at the board; every fighter it knocks down, yours too, goes to the Toy Store.",
            "Launch",
            "Other Cards",
            "other_cards",
        )
    if "recall" in can:
        return hint(
            "recall",
            f"{name}: send an enemy fighter of your choice to the Toy Store.",
            "Recall",
            "Other Cards",
            "other_cards",
        )
    return hint(
        "card",
        f"{name} is a Power card: put it under one of your fighters on the board; it stays with him "
        "until his next battle.",
        "Put it under a fighter",
        "The Cards (step 5)",
        "cards",
    )
