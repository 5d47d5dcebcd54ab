"""The values the session hands around: who acts (``Actor``), a table's state at one seq
(``Envelope``), a cached state with its recent events (``Cached``), and the answers of a commit
(``Committed``) and of a preview (``Preview``)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from app.core.errors import Forbidden, WarboardError
from app.core.events import Event
from app.session.projection import PreviewOutcome

#: the log's own action kinds (the table's lifecycle), besides the rule system's actions
TABLE_KINDS = (
    "table.create",
    "table.join",
    "table.kick",
    "table.reopen",
    "table.close",
    "table.rejoin",
    "table.claim",
    "table.link",
    "table.takeback",
    "table.takeback_ask",
    "table.takeback_allow",
    "table.takeback_refuse",
    "table.takeback_lapse",
    "table.clock_set",
    "table.clock_pause",
    "table.clock_ask",
    "table.clock_allow",
    "table.clock_refuse",
    "table.clock_resume",
    "table.clock_timeout",
)


@dataclass(frozen=True)
class Actor:
    table_id: str
    role: str  # host | player | spectator
    seat: str | None
    name: str
    token_hash: str


@dataclass
class Envelope:
    """One table's state at ``seq``: the rule system's state plus the table's own."""

    seq: int
    n: int  # actions applied so far (the setup is action 0)
    dice_index: int
    status: str  # open | finished | closed
    state: dict[str, Any]
    outcome: dict[str, Any] | None = None
    #: the takeback asked and not yet answered (``app.session.takeback``), or None
    takeback: dict[str, Any] | None = None
    #: the table's clock (``app.core.clock``), or None when the host chose none
    clock: dict[str, Any] | None = None
    #: has a seat (or the host's ruling) made a game action? (taken back or not: the game is on,
    #: and the clock can no longer be set, ``clock_locked``)
    started: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "n": self.n,
            "dice_index": self.dice_index,
            "status": self.status,
            "state": self.state,
            "outcome": self.outcome,
            "takeback": self.takeback,
            "clock": self.clock,
            "started": self.started,
        }


@dataclass
class Cached:
    env: Envelope
    recent: deque[Event] = field(default_factory=deque)  # the last events, oldest first (``StateCache``)


@dataclass(frozen=True)
class Preview:
    legal: bool
    events: list[Event]
    outcome: PreviewOutcome
    error: WarboardError | None


@dataclass(frozen=True)
class Committed:
    seq: int
    events: list[Event]
    duplicate: bool = False


def check_held(actor: Actor, seat: str | None) -> None:
    """Refuse (403 ``seat_not_held``) a request made for ``seat`` with a token that does not
    hold it: a device that holds several seats of a table names the seat it acts for, so a
    token of the wrong seat is refused instead of acting for that other seat."""
    if seat is not None and actor.seat != seat:
        held = "another seat" if actor.seat else f"no seat (it is a {actor.role}'s)"
        raise Forbidden(
            f"This token holds {held}, not the seat this request is for: act from that seat's own token",
            code="seat_not_held",
        )
