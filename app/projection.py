"""The one redaction point: what one viewer may receive of a table.

Every path that sends table state or events to a client (websocket welcome, update and resync,
``/view``, ``/actions``, ``/events``, ``/replay``, ``/preview``) goes through a
:class:`Projection`. Nothing else calls a rule system's ``view`` or ``redact_event``; a test
reads the sources and holds that line.

A viewer is a seat name, or ``None`` for a spectator (and for anyone without a token).

Previews are sealed by construction rather than by filtering known leaks:

* the action runs twice on throwaway dice streams; any event that differs between the two runs
  depends on dice and is dropped;
* only the event kinds the rule system lists in ``previewable`` can come back at all, and never
  an event marked private (``only``): whatever depends on a draw, a shuffle or another seat's
  hidden choice has some other kind, so it is dropped without anyone naming it;
* the answer says why something is missing: ``outcome`` is ``"random"`` when dice would decide
  part of the result, ``"hidden"`` when other consequences are not shown, else ``"known"``.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, ParamSpec, Protocol, TypeVar

import anyio

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
            "_table": {"status": env.status, "outcome": env.outcome, "predictable_dice": self.seeded},
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

    def preview(
        self, first: list[Event], second: list[Event], seat: str, rolled: bool
    ) -> tuple[list[Event], PreviewOutcome]:
        """The events of a preview that ``seat`` may see, from two runs on different dice."""
        allowed = self.system.previewable
        shown: list[Event] = []
        dropped = random = len(second) != len(first)
        for i, event in enumerate(first):
            same = i < len(second) and second[i] == event
            random = random or not same
            if event.get("kind") in allowed and "only" not in event and same:
                shown.append(self.event({**event, "seat": seat}, seat))
            else:
                dropped = True
        if dropped and (random or rolled):
            return shown, "random"
        return shown, "hidden" if dropped else "known"
