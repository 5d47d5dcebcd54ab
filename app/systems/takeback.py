"""Which of a seat's latest actions it may take back: a pure function of the log.

A seat may take back its own latest actions as long as nothing random or hidden came out since
and no other seat acted since. Walking the log back from its end, each game action (a table's
own changes, such as a seat joining or a takeback being asked, are passed over):

* is another seat's (or the host's ruling)      -> the window stops: ``another_seat_acted``
* rolled a die                                   -> the window stops: ``dice_rolled_since``
* made an event that reveals something (a card drawn, turned or revealed, a face-down choice
  resolved, anything private; the game's ``reveals`` hook, conservative) -> ``revealed_since``
* else it is in the window.

The first of those stops, in log order from the end, closes the window. An empty window says
why in ``code`` (``nothing_to_take_back`` when the seat has no action to take back at all).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.core.events import Event

#: event kinds the session itself adds to a game action's events, which reveal nothing
SESSION_QUIET = frozenset({"acted", "takeback_lapsed"})


@dataclass(frozen=True)
class Logged:
    """One committed game action as the window reads it."""

    n: int  # the action's number in the log
    seat: str | None  # who sent it: a seat, the host's ``@host``, or None for a table change
    seqs: tuple[int, ...]  # the seqs of its events
    events: tuple[Event, ...]
    rolled: bool  # it used the dice


@dataclass(frozen=True)
class Window:
    """The actions ``seat`` may take back, latest first (empty: ``code`` says why)."""

    actions: tuple[Logged, ...]
    code: str | None  # what stopped the window (None: the start of the log)

    @property
    def empty(self) -> bool:
        return not self.actions


MESSAGES = {
    "nothing_to_take_back": "There is nothing of yours to take back",
    "another_seat_acted": "Another player has acted since your last action",
    "dice_rolled_since": "Dice were rolled: what the dice said stays",
    "revealed_since": "Something hidden was revealed: it cannot be hidden again",
}


def window(log: Sequence[Logged], seat: str, reveals: Callable[[Event], bool]) -> Window:
    """The window of ``seat`` over ``log`` (oldest first, taken-back actions left out)."""
    found: list[Logged] = []
    for entry in reversed(log):
        if entry.seat is None:
            continue
        code = None
        if entry.seat != seat:
            code = "another_seat_acted"
        elif entry.rolled:
            code = "dice_rolled_since"
        elif any(reveals(e) for e in entry.events):
            code = "revealed_since"
        if code is not None:
            return Window(tuple(found), code)
        found.append(entry)
    return Window(tuple(found), None if found else "nothing_to_take_back")


def refusal(win: Window) -> str:
    """The code of an empty window's refusal."""
    return win.code or "nothing_to_take_back"


def reveals_unless_quiet(event: Event, quiet: frozenset[str]) -> bool:
    """The default ``reveals``: any private event, any event of a kind not known to be quiet."""
    if "only" in event or event.get("hidden"):
        return True
    kind = event.get("kind")
    return not (kind in quiet or kind in SESSION_QUIET)
