"""The guided game's hints for Heavy Gear Blitz! (``app.systems.hints``): from the seat's view and
legal actions, what to do now, in our words, and the quick start's section it follows."""

from __future__ import annotations

from typing import Any

from app.systems.hgb.words import seat_label
from app.systems.hints import Hint, hint, is_active, kinds, phase_of, waiting
from app.systems.words import listed

#: kinds every step allows, which say nothing about the step
ALWAYS = frozenset({"autopilot", "concede", "agree_end", "aim"})
#: while the other side plays: what it is doing, by phase
OTHERS = {
    "terrain": "they check the table and their force",
    "deployment": "they deploy their Gears",
    "initiative": "they won the initiative and choose who activates first",
    "activation": "their Combat Group moves and fights",
    "reaction": "they may answer with Return Fire",
}


def hint_for(view: dict[str, Any], legal: list[dict[str, Any]], seat: str) -> Hint | None:
    """The hint for ``seat`` (see the module); None once the game is over."""
    phase = phase_of(view)
    if phase == "over" or view.get("outcome"):
        return None
    can = kinds(legal) - ALWAYS
    if not can or not is_active(view, seat):
        options = view.get("options")
        others = listed(
            [seat_label(s, options) or s for s in (view.get("turn") or {}).get("active") or [] if s != seat]
        )
        return waiting(others or "the other side", OTHERS.get(phase, "watch the table"), "Rounds", "rounds")
    if phase == "terrain":
        return hint(
            "terrain",
            "Setting up: this table starts on a ready-made map. Look over the battlefield and your force, then "
            "press Ready; play begins when both sides are ready.",
            "Ready: forces and terrain are set",
            "Setup",
            "setup",
        )
    if phase == "deployment":
        return hint(
            "deployment",
            "Deploy: drag your Gears where they start, within a foot (12 inches) of your own table edge, facing "
            "the enemy; then press Ready.",
            "Ready: deployment done",
            "Setup",
            "setup",
        )
    if phase == "initiative":
        return hint(
            "initiative",
            "You won the initiative roll: choose which side activates a Combat Group first this round.",
            "We activate first",
            "Rounds",
            "rounds",
        )
    if phase == "reaction":
        return hint(
            "return_fire",
            "An enemy moved while one of your Gears kept its action: you may shoot at it now with Return Fire, "
            "or pass.",
            "Return Fire, or Pass",
            "Other Actions: Return Fire",
            "return_fire",
        )
    return _activation(view, can)


def _activation(view: dict[str, Any], can: set[str]) -> Hint:
    current = view.get("current") or {}
    if "activate_group" in can and not current:
        return hint(
            "activate_group",
            "Your turn to activate: pick one of your Combat Groups. Its Gears then move and act one at a time.",
            "Activate this group",
            "Rounds",
            "rounds",
        )
    if "set_speed" in can:
        return hint(
            "speed",
            "Pick a Gear of the active group. Before it moves you may change its speed by one step (Stationary, "
            "Combat, Full) and its mode (Walker or Ground): they set its Movement Points.",
            "Set speed and mode",
            "Movement",
            "movement",
        )
    if "move" in can:
        return hint(
            "move",
            "Move the Gear: drag it or add waypoints; the path shows the MP it costs (rough and forest ground "
            "cost more). It may attack at any point of its move.",
            "Move along the path",
            "Movement",
            "movement",
        )
    if "attack" in can or "designate" in can:
        return hint(
            "attack",
            "Attack: choose a weapon and an enemy in its arc and range. Your Attack roll must beat their Defense "
            "roll; the margin times the weapon's Damage Multiplier is the damage.",
            "Attack",
            "Actions and Attacks",
            "actions",
        )
    return hint(
        "end_group",
        "This Gear is finished. Go on with another Gear of the group, or end the Combat Group.",
        "End this Combat Group",
        "Rounds",
        "rounds",
    )
