"""The rule system as the session drives it: a table's system by id, the one game step that
commits, previews and replays share (``play``; a ``Play`` is one that waits to be committed),
and an action as it is written to the log."""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import Any

from app import systems
from app.core import clock
from app.core.dice import Dice
from app.core.errors import GameOver, IllegalAction, MalformedAction, NotFound
from app.core.events import Event
from app.session.records import Envelope
from app.systems.base import RuleSystem


def system_of(system_id: str) -> RuleSystem:
    """The registered rule system ``system_id``. Raises NotFound."""
    system = systems.get(system_id)
    if system is None:
        raise NotFound(f"There is no game system {system_id!r}", code="unknown_system")
    return system


@dataclass(frozen=True)
class Play:
    """A parsed game action of ``seat`` (a seat's, or ``HOST_SEAT`` for the host's ruling) at a
    table of ``system``, handed to the committer, which applies it with ``play`` inside the
    commit. It never uses the database, so it may take the commit's fast path."""

    system: RuleSystem
    seat: str
    action: Any


def play(
    system: RuleSystem,
    env: Envelope,
    seat: str | None,
    action: Any,
    dice: Dice,
    at: int | None = None,
    *,
    timed_out: bool = False,
) -> tuple[Envelope, list[Event]]:
    """Apply one parsed action of ``seat`` to the table at ``env``: the new state and its events
    (ending with ``game_over`` when the game ends). ``at``: the commit time (epoch ms) when the
    action is committed or replayed, which moves the table's clock (None: a preview, no clock).
    ``timed_out``: made for a seat whose time ran out (the clock's own action, never refused for
    the time). Raises a WarboardError if it is not legal (``clock_paused``, ``out_of_time``: the
    clock refuses the seat)."""
    if env.status == "closed":
        raise IllegalAction("The table is closed", code="table_closed")
    if env.status == "finished":
        raise GameOver("The game is over")
    if at is not None and seat is not None and not timed_out:
        _check_clock(env, seat, at)
    state, events = system.apply(env.state, seat or "", action, dice)
    outcome = system.outcome(state)
    new = replace(env, state=state, takeback=None, started=True)
    if at is not None and env.clock is not None:
        stopped = outcome is not None
        ticking = clock.stop(env.clock, at) if stopped else clock.follow(env.clock, active_seats(system, state), at)
        new = replace(new, clock=ticking)
    if env.takeback is not None:  # anyone's action lapses a takeback asked before it
        events = [*events, {"kind": "takeback_lapsed", "seqs": env.takeback["seqs"], "by": env.takeback["seat"]}]
    if outcome is not None:
        new = replace(new, status="finished", outcome=outcome.to_dict())
        events = [*events, {"kind": "game_over", **outcome.to_dict()}]
    return new, events


def active_seats(system: RuleSystem, state: dict[str, Any]) -> list[str]:
    """The seats on the clock after ``state``: those the game says are to act (none when it has
    no turn order)."""
    return list(system.active_seats(state) or [])


def _check_clock(env: Envelope, seat: str, at: int) -> None:
    code = clock.may_act(env.clock, seat, at)
    if code == "clock_paused":
        raise IllegalAction("The clocks are paused; resume them to play on", code=code)
    if code == "out_of_time":
        raise IllegalAction("Your time is out", code=code)


def dump(action: Any) -> dict[str, Any]:
    """A parsed action as JSON, the way the log keeps it."""
    if hasattr(action, "model_dump"):
        dumped: dict[str, Any] = action.model_dump(mode="json", exclude_none=True)
        return dumped
    if isinstance(action, dict):
        return copy.deepcopy(action)
    raise MalformedAction("An action must be an object")
