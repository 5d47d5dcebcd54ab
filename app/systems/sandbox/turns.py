"""The sandbox's phases: one, ``play``, in which any seat may send any action at any time.

(A game with turns names its phases here, says which one a state is in and which seats may
act now; see ``app/systems/README.md``.)
"""

from __future__ import annotations

from app.systems.base import State

PHASES = {"play": frozenset({"add_token", "move_token", "remove_token", "roll"})}


def phase(state: State) -> str:
    return "play"


def active_seats(state: State) -> list[str] | None:
    """None: there is no turn order, every seat may act."""
    return None
