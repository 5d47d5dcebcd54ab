"""The guided game's hints for Samurai Robots Battle Royale (``app.systems.hints``): from the
seat's view (its ``prompt`` says what it is asked) and legal actions, what to do now, in our
words, and the rulebook section it follows (with the page of the text's contents)."""

from __future__ import annotations

from typing import Any

from app.systems.hints import Hint, hint, waiting
from app.systems.words import listed, title_words

#: while others play: what they do, by phase
OTHERS = {
    "deploy": "they place their mechas",
    "activate": "they activate their mechas",
    "actions": "their activated part acts",
    "reaction": "they may react",
    "reaction_actions": "their reaction plays out",
}


def hint_for(view: dict[str, Any], legal: list[dict[str, Any]], seat: str) -> Hint | None:
    """The hint for ``seat`` (see the module); None once the game is over."""
    prompt = view.get("prompt")
    if not prompt or view.get("outcome"):
        return None
    ask = prompt.get("ask")
    if ask == "wait":
        who = listed([title_words(s) for s in prompt.get("waiting_for") or []]) or "the others"
        if who == "Host":
            return waiting("the host", "a record is disputed", "Warboard: manual results", "records")
        doing = OTHERS.get(str(prompt.get("phase")), "watch the board")
        return waiting(who, doing, "Initiative; More Than Two Players (p. 7)", "initiative")
    if ask == "deploy":
        return hint(
            "deploy",
            "Place your mechas inside your deployment zone, then declare that you are ready.",
            "Ready",
            "Terrain And Deployment (p. 6)",
            "deployment",
        )
    if ask == "activate":
        return hint(
            "activate",
            "Activate: pick one of your mechas and one of its body parts, then roll one, two or three dice. "
            "Each die at or above the part's Q buys one action; more dice, more actions, more risk.",
            "Roll 1 die (or 2, or 3)",
            "Activation Process (p. 7)",
            "activation",
        )
    if ask == "reaction":
        return hint(
            "reaction",
            "An opponent rolled a 1 on a yellow or red die: you may react with one body part of one of your "
            "mechas, or pass.",
            "Roll for a part, or Pass",
            "Reactions (p. 9)",
            "reaction",
        )
    return _actions(prompt)


def _actions(prompt: dict[str, Any]) -> Hint:
    left = int(prompt.get("actions_left") or 0)
    can = []
    if prompt.get("move"):
        can.append("move it with the measuring stick (drag the mecha)")
    if prompt.get("attacks"):
        can.append("attack (" + ", ".join(str(a) for a in prompt["attacks"]) + ")")
    spend = f"You have {left} action{'s' if left != 1 else ''} to spend: {' or '.join(can)}." if can and left else ""
    done = "Done with this part" if prompt.get("ask") == "actions" else "End the reaction"
    return hint(
        "actions",
        f"{spend} Press {done} when the part has finished.".strip(),
        done,
        "Activated Body Parts (p. 8)",
        "actions",
    )
