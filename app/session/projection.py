"""The one redaction point: what one viewer may receive of a table.

Every path that sends table state or events to a client (websocket welcome, update and resync,
``/view``, ``/actions``, ``/events``, ``/replay``, ``/preview``) goes through a
:class:`Projection`. Nothing else calls a rule system's ``view`` or ``redact_event``; a test
reads the sources and holds that line.

A viewer is a seat name, or ``None`` for a spectator (and for anyone without a token).

Previews are sealed by construction rather than by filtering known leaks:

* the action never runs on the real state: it runs on the game as the previewing seat may know
  it (the rule system's ``seal``: what that seat's view hides, dealt again from what it sees),
  in two such worlds that deal the hidden part differently; whatever the answer is built from
  is the same for every state that seat cannot tell apart;
* it runs twice in the first world, on two throwaway dice streams, and once in the second;
  any event that differs between the runs depends on dice or on what the seat does not see,
  and is dropped;
* only the event kinds the rule system lists in ``previewable`` can come back at all, and never
  an event marked private (``only``): whatever depends on a draw, a shuffle or another seat's
  hidden choice has some other kind, so it is dropped without anyone naming it;
* the answer says why something is missing: ``outcome`` is ``"hidden"`` when the result would
  depend on what the seat does not see (the two worlds differ), or when other consequences are
  not shown; else ``"random"`` when dice would decide part of the result; else ``"known"``.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, ParamSpec, Protocol, TypeVar

import anyio

from app.core import clock
from app.core.errors import WarboardError
from app.core.events import Event
from app.systems.base import RuleSystem

PreviewOutcome = Literal["known", "random", "hidden"]
P = ParamSpec("P")
T = TypeVar("T")


class TableState(Protocol):
    """A table's state at one seq (the session's ``Envelope``)."""

    state: dict[str, Any]
    status: str
    outcome: dict[str, Any] | None


_workers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, anyio.CapacityLimiter]] = (
    weakref.WeakKeyDictionary()
)


def worker(kind: str) -> anyio.CapacityLimiter:
    """The worker thread of one kind of rules work off the event loop ("views": views and
    previews; "legal": the one-off work a request asks for: legal lists, rule helpers, a new
    table's options and setup, QR codes). Python threads share one interpreter lock,
    so more threads of rules work would not run at once, only take the lock from the event loop
    more often; one thread per kind keeps a long legal list from delaying every update."""
    limiters = _workers.setdefault(asyncio.get_running_loop(), {})
    if kind not in limiters:
        limiters[kind] = anyio.CapacityLimiter(1)
    return limiters[kind]


def heavy(system: RuleSystem) -> bool:
    """Whether ``system`` says its work takes milliseconds (``views_off_loop``: HGB, whose views
    work out cover against every enemy and whose step can take 17 ms): its views and previews
    run in a worker thread, and its moves commit on the writer thread, never on the event loop."""
    return bool(getattr(system, "views_off_loop", False))


@dataclass(frozen=True)
class Run:
    """One run of a previewed action: its events, or the error that refused it; and whether
    it rolled any die."""

    events: list[Event]
    error: WarboardError | None
    rolled: bool


@dataclass(frozen=True)
class Projection:
    """A table's rule system plus the table facts that every view carries."""

    system: RuleSystem
    seeded: bool

    @property
    def off_loop(self) -> bool:
        """Does this system say its views take milliseconds (HGB: cover against every enemy)?
        Then the server computes them in a worker thread, so other tables never wait on them."""
        return heavy(self.system)

    async def run(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``work(*args)``: in a worker thread when ``off_loop``, else at once (a thread hop
        costs more than a cheap view)."""
        if self.off_loop:
            return await anyio.to_thread.run_sync(lambda: work(*args, **kwargs), limiter=worker("views"))
        return work(*args, **kwargs)

    def view(self, env: TableState, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` may see of the table at ``env``."""
        return {
            **self.system.view(env.state, viewer),
            "_table": {
                "status": env.status,
                "outcome": env.outcome,
                "predictable_dice": self.seeded,
                "takeback": getattr(env, "takeback", None),  # a takeback asked (the session's Envelope)
                "clock": clock.public(getattr(env, "clock", None)),  # shown to everyone alike
                "started": bool(getattr(env, "started", False)),  # a game action made: the clock is set
            },
        }

    def legal(self, env: TableState, viewer: str | None) -> list[dict[str, Any]]:
        """The actions ``viewer``'s seat may send now (``GET .../legal``, for bots and clients):
        only that seat's own choices, none for spectators or a finished table."""
        if viewer is None or env.status != "open" or env.outcome is not None:
            return []
        return self.system.legal_actions(env.state, viewer)

    def event(self, event: Event, viewer: str | None) -> Event:
        return self.system.redact_event(event, viewer)

    def events(self, events: list[Event], viewer: str | None) -> list[Event]:
        return [self.system.redact_event(e, viewer) for e in events]

    def worlds(self, state: dict[str, Any], seat: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """The two games ``seat`` cannot tell from ``state``, that its previews run on
        (``RuleSystem.seal``); the same object twice when the game hides nothing from it."""
        return self.system.seal(state, seat, 0), self.system.seal(state, seat, 1)

    def preview(
        self, seat: str, first: Run, again: Run, other: Run
    ) -> tuple[bool, list[Event], PreviewOutcome, WarboardError | None]:
        """What ``seat`` may learn of an action from three runs: ``first`` and ``again`` in the
        first world on two dice streams, ``other`` in the second world on ``first``'s dice.
        Answers (legal, events, outcome, error); legality and the reason are the first run's,
        and ``"hidden"`` when the second world disagrees."""
        if first.error is not None:
            same = other.error is not None and other.error.to_dict() == first.error.to_dict()
            return False, [], "known" if same else "hidden", first.error
        if other.error is not None:
            return True, [], "hidden", None
        allowed = self.system.previewable
        shown: list[Event] = []
        events, dice, world = first.events, again.events, other.events
        hidden = world != events
        dropped = random = len(dice) != len(events)
        for i, event in enumerate(events):
            same = i < len(dice) and dice[i] == event
            random = random or not same
            if event.get("kind") in allowed and "only" not in event and same and i < len(world) and world[i] == event:
                shown.append(self.event({**event, "seat": seat}, seat))
            else:
                dropped = True
        if hidden:
            return True, shown, "hidden", None
        if dropped and (random or first.rolled or again.rolled):
            return True, shown, "random", None
        return True, shown, "hidden" if dropped else "known", None
