"""The guided game's hints for GKR: Heavy Hitters with Big Little Buddy (``app.systems.hints``):
from the seat's view and legal actions, what to do now, in our words, and the rulebook section
it follows. The base game's phases are cited as the rulebooks' notes record them (we do not
have the base rulebook's text); Big Little Buddy's steps cite its own rulebook."""

from __future__ import annotations

from typing import Any

from app.systems.gkr.data import load
from app.systems.hints import Hint, hint, is_active, kinds, phase_of, waiting
from app.systems.words import listed

BASE = "(base game, from the rulebooks' notes)"
#: while others play: what they do, by phase
OTHERS = {
    "deploy": "they play their cards",
    "movement": "they move their units",
    "combat": "they choose their weapons face down",
    "tagging": "they tag buildings",
    "reset": "the round is reset",
}


def hint_for(view: dict[str, Any], legal: list[dict[str, Any]], seat: str) -> Hint | None:
    """The hint for ``seat`` (see the module); None once the game is over."""
    if view.get("outcome") or view.get("winner"):
        return None
    turn = view.get("turn") or {}
    phase = phase_of(view)
    can = kinds(legal) - {"record", "dispute"}
    if not is_active(view, seat) or not can:
        factions = load("factions")["factions"]
        others = listed([factions.get(s, {}).get("name", s) for s in turn.get("active") or [] if s != seat])
        doing = OTHERS.get(phase, "watch the board")
        return waiting(others or "the other teams", doing, f"The round {BASE}", "round")
    if "steal" in can:
        return hint(
            "steal",
            "You destroyed Big Little Buddy: you may steal a random sponsor card from his controller.",
            "Steal a random sponsor card",
            "Destroying Big Little Buddy",
            "blb_combat",
        )
    if phase == "deploy":
        blb = (
            " An Activate BLB card takes Big Little Buddy until the Combat Phase ends." if "activate_blb" in can else ""
        )
        return hint(
            "deploy",
            f"Deploy Phase: you may play sponsor cards or a deploy card now, then end your turn.{blb}",
            "End your turn",
            "Activating Big Little Buddy" if blb else f"Deploy Phase {BASE}",
            "blb_activate" if blb else "deploy",
        )
    if phase == "movement":
        return _movement(turn.get("step"))
    if phase == "combat":
        return hint(
            "weapons",
            "Combat Phase: pick the weapon cards to fire and put them face down in your firing line (or pass). "
            "They are revealed together and fire in weapon-speed order.",
            "Put weapons face down, or Pass: fire nothing",
            f"Combat Phase {BASE}",
            "combat",
        )
    if phase == "firing_line":
        return hint(
            "result",
            "Your weapon has fired: state what it did to its target.",
            "the result buttons",
            f"Combat Phase {BASE}",
            "combat",
        )
    if phase == "tagging":
        return hint(
            "tag",
            "Tagging Phase: a unit beside a building may put your tag on it; enough tags demolish it. "
            "Then end your turn.",
            "Tag, then End your turn",
            f"Tagging Phase {BASE}",
            "tagging",
        )
    if phase == "reset":
        return hint(
            "displace",
            "Big Little Buddy is back in the centre: move your unit from his hex to an empty hex next to it.",
            "a highlighted hex",
            "Redeploying Big Little Buddy",
            "reset",
        )
    return None


def _movement(step: Any) -> Hint:
    if step == "blb":
        return hint(
            "move_blb",
            "Move Big Little Buddy if you like, free of energy: through your own units, never through enemies "
            "or buildings. Then end your movement.",
            "End your movement",
            "Big Little Buddy Movement",
            "blb_move",
        )
    who = "Support Units" if step == "support" else "Heavy Hitter"
    cost = "energy per unit moved" if step == "support" else "energy for every hex"
    return hint(
        "move_support" if step == "support" else "move_heavy",
        f"Movement Phase: move your {who} ({cost}): pick one, then a highlighted hex; then end your movement.",
        "End your movement",
        f"Movement Phase {BASE}",
        "movement",
    )
