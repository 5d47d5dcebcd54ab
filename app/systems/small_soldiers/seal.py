"""The game as one seat may know it: what its previews run on (``SmallSoldiers.seal``).

``view.py`` shows a seat its own side's hand (advanced rules) and of the deck only its size;
the fighters, the cards under them, the Toy Store, the discard pile and every spin and roll are
on the table. ``seal`` deals the cards a seat cannot see (the deck and the other side's hand)
again in order of their ids, ascending in world 0 and descending in world 1 (any other world: a
shuffle of its own, ``world_order``), each keeping its size, so that a preview can tell whether an action's result would depend on them (a draw).
"""

from __future__ import annotations

from app.systems.base import world_order
from app.systems.small_soldiers.model import ARMIES, State, army_of


def seal(state: State, viewer: str, world: int) -> State:
    """``state`` with the deck and the hands ``viewer`` does not see dealt as world ``world`` deals them."""
    own = army_of(viewer) if viewer in state["seats"] else None
    others = [a for a in ARMIES if a != own]
    cards = world_order(
        [*state["deck"], *(c for a in others for c in state["hands"][a])], world, key=lambda c: str(c["id"])
    )
    hands = dict(state["hands"])
    for army in others:
        size = len(hands[army])
        hands[army], cards = cards[:size], cards[size:]
    return {**state, "hands": hands, "deck": cards}
