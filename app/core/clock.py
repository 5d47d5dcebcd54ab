"""A table's clock, pure: the time each seat has left, from commit times alone.

The clock is JSON data kept in the table's state (``Envelope.clock``), so a snapshot holds it and
a replay rebuilds it from the log's commit times (the ``created_at`` of each action): the server's
clock is the only authority and a restart recomputes every deadline. Every function here takes
the time ("now", or the commit time ``at``) as epoch milliseconds and never reads a wall clock.

Modes (``mode``): ``live`` (chess style: ``initial`` seconds per seat, ``increment`` seconds added
each time a seat's turn ends) and ``correspondence`` (``days`` per move: a fresh limit each time
a seat comes on the clock). The seats on the clock (``running``) are those the game says are to
act (``RuleSystem.active_seats``); each is charged the time from ``since`` (the commit that put
it on the clock, or the last charge) to the commit that took it off. The clock starts with the
game's first action (that action is not timed).

The clock as a dict::

    {"mode", "initial", "increment", "days", "timeout",       # the host's settings
     "left": {seat: ms},          # time left at ``since``
     "running": [seat, ...],      # on the clock since ``since``
     "since": ms | None,          # None until the game's first action
     "paused": None | {"by": "host" | "agreement"},
     "ask": None | {"seat": s, "name": n, "waiting": [seat, ...]},  # a pause asked for
     "out": [seat, ...]}          # seats whose time ran out (live: for the rest of the game)
"""

from __future__ import annotations

from typing import Any, Literal

Clock = dict[str, Any]
Mode = Literal["none", "live", "correspondence"]
Rule = Literal["lose", "computer", "skip"]

DAY_MS = 86_400_000
#: Warboard default: a live clock of 10 minutes plus 5 seconds a turn; 3 days a move by post;
#: a seat out of time has the computer take its turn
DEFAULTS: dict[str, Any] = {"mode": "none", "initial": 600, "increment": 5, "days": 3, "timeout": "computer"}


def configure(settings: dict[str, Any], seats: list[str]) -> Clock | None:
    """A clock for ``seats`` from the host's ``settings`` (None for mode ``none``)."""
    mode = settings["mode"]
    if mode == "none":
        return None
    budget = budget_ms(settings)
    return {
        "mode": mode,
        "initial": int(settings.get("initial", DEFAULTS["initial"])),
        "increment": int(settings.get("increment", DEFAULTS["increment"])) if mode == "live" else 0,
        "days": int(settings.get("days", DEFAULTS["days"])) if mode == "correspondence" else 0,
        "timeout": settings.get("timeout", DEFAULTS["timeout"]),
        "left": dict.fromkeys(seats, budget),
        "running": [],
        "since": None,
        "paused": None,
        "ask": None,
        "out": [],
    }


def budget_ms(settings: dict[str, Any]) -> int:
    """A seat's time at the start (live) or for each move (correspondence)."""
    if settings["mode"] == "correspondence":
        return int(settings.get("days", DEFAULTS["days"])) * DAY_MS
    return int(settings.get("initial", DEFAULTS["initial"])) * 1000


def is_running(clock: Clock | None) -> bool:
    """Is someone's time being spent now?"""
    return bool(clock and clock["since"] is not None and clock["running"] and clock["paused"] is None)


def charge(clock: Clock, at: int) -> Clock:
    """``clock`` with the time from ``since`` to ``at`` charged to the seats on it."""
    if not is_running(clock) or at <= clock["since"]:
        return clock
    spent = at - clock["since"]
    left = {s: ms - spent if s in clock["running"] else ms for s, ms in clock["left"].items()}
    return {**clock, "left": left, "since": at}


def follow(clock: Clock, active: list[str], at: int) -> Clock:
    """The clock after a committed action at ``at`` after which ``active`` are to act: the time
    so far charged; a seat taken off the clock gets the increment (live; not a seat out of
    time); a seat put on it gets a fresh limit (correspondence). A pause asked for lapses."""
    was = charge(clock, at)
    seats = [s for s in active if s in was["left"]]
    left, out = dict(was["left"]), list(was["out"])
    if was["since"] is not None:
        for seat in was["running"]:
            if seat not in seats and seat not in out and was["mode"] == "live":
                left[seat] += was["increment"] * 1000
        for seat in seats:
            if seat not in was["running"] and was["mode"] == "correspondence":
                left[seat] = was["days"] * DAY_MS
                out = [s for s in out if s != seat]
    return {**was, "left": left, "out": out, "running": sorted(seats), "since": at, "ask": None}


def stop(clock: Clock, at: int) -> Clock:
    """The clock when the game ends at ``at``: charged, nobody on it."""
    return {**charge(clock, at), "running": [], "ask": None}


def left_at(clock: Clock, now: int) -> dict[str, int]:
    """Each seat's time left at ``now`` (never below 0)."""
    charged = charge(clock, now)
    return {s: max(0, ms) for s, ms in charged["left"].items()}


def deadline(clock: Clock | None) -> int | None:
    """When the first seat on the clock runs out (epoch ms), or None when nothing runs."""
    if clock is None or not is_running(clock):
        return None
    first: int = min(int(clock["left"][s]) for s in clock["running"])
    return int(clock["since"]) + max(0, first)


def due(clock: Clock | None, now: int) -> list[str]:
    """The seats on the clock whose time is out at ``now``."""
    if clock is None or not is_running(clock):
        return []
    spent = now - clock["since"]
    return [s for s in clock["running"] if clock["left"][s] - spent <= 0]


def time_out(clock: Clock, seats: list[str], at: int) -> Clock:
    """``seats`` ran out of time at ``at``: charged, their time 0, marked out."""
    charged = charge(clock, at)
    left = {s: 0 if s in seats else ms for s, ms in charged["left"].items()}
    return {**charged, "left": left, "out": sorted(set(charged["out"]) | set(seats))}


def may_act(clock: Clock | None, seat: str, at: int) -> str | None:
    """Why ``seat`` may not make a game action at ``at`` (a code), or None when it may."""
    if clock is None or seat not in clock["left"]:
        return None
    if clock["paused"] is not None and clock["since"] is not None:
        return "clock_paused"
    if seat in clock["running"] and (seat in clock["out"] or seat in due(clock, at)):
        return "out_of_time"
    return None


def pause(clock: Clock, at: int, by: str) -> Clock:
    """Paused at ``at`` (``by``: ``host`` or ``agreement``); the time so far charged."""
    return {**charge(clock, at), "paused": {"by": by}, "ask": None, "since": at if clock["since"] is not None else None}


def resume(clock: Clock, at: int) -> Clock:
    """Running again from ``at``."""
    return {**clock, "paused": None, "ask": None, "since": at if clock["since"] is not None else None}


def public(clock: Clock | None) -> dict[str, Any] | None:
    """The clock as every view shows it (players and spectators alike): the stored figures as
    of ``since`` plus the deadline; clients count down from them."""
    if clock is None:
        return None
    return {**clock, "deadline": deadline(clock)}
