"""A game after its end, to move through and to share: its list of rounds and turns, and the
data of its share file (the spectator's view at every step, the spectator's events, the turns,
the dice proof and the log as ``warboard export`` writes it).

The share data exists only once the game has ended (finished, or closed by its host): before
that it is refused with ``game_in_progress``, as the dice proof is, since the log holds what
the seats may not see yet and the seed is every roll to come. Everything in it a viewer of the
page sees is the spectator's (``Projection.view`` and ``Projection.events`` with no seat); the
log inside it is the export of an ended game, which ``warboard import`` reads back.

The views are kept small: one per action (the board changes only when an action completes), in
full every ``KEYFRAME_EVERY`` steps and as an RFC 6902 patch from the step before otherwise.
"""

from __future__ import annotations

from typing import Any

import anyio
import orjson

from app.core import patches
from app.core.errors import Conflict, NotFound
from app.core.events import Event
from app.session import upkeep
from app.session.game import system_of
from app.session.projection import worker
from app.session.proof import ALGORITHM
from app.session.records import Envelope
from app.session.session import Session
from app.storage import repository as repo
from app.systems.turn_list import Turn, turn_list

FORMAT = "warboard-share/1"
KEYFRAME_EVERY = 32  # steps between whole views (the others are patches)
MAX_SHARE_BYTES = 48 * 2**20  # a share file larger than this is refused (share_too_large)


def as_json(value: Any) -> Any:
    """``value`` as JSON gives it back (a key that is a number becomes text, as on the wire)."""
    return orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))


def event_of(row: dict[str, Any]) -> Event:
    """An event row (as the export writes it) as the session hands events around."""
    return {**row["data"], "seq": row["seq"], "seat": row["seat"]}


async def turns(session: Session, table_id: str, upto: int) -> list[Turn]:
    """The rounds and turns of the table's log up to ``upto``, from the spectator's events."""
    meta = await session.tables.meta(table_id)
    system = system_of(meta["system"])
    projection = await session.projection(table_id)

    def read() -> list[Turn]:
        with session.engine.connect() as conn:
            events = repo.events_between(conn, table_id, -1, upto)
        return turn_list(projection.events(events, None), system.turn_marks, system.seats(meta["options"]))

    return await anyio.to_thread.run_sync(read, limiter=worker("views"))


async def log_text(session: Session, table_id: str) -> str:
    """The ended game's log as ``warboard export`` writes it. Raises NotFound, Conflict
    ``game_in_progress`` while the game is open."""

    def read() -> str:
        with session.engine.connect() as conn:
            row = repo.get_table(conn, table_id)
            if row is None:
                raise NotFound(f"There is no table {table_id!r}", code="unknown_table")
            if row["status"] == "open":
                raise Conflict("A game's log is shared once it has ended", code="game_in_progress")
            return upkeep.export_text(conn, table_id)

    return await anyio.to_thread.run_sync(read)


async def share_data(session: Session, table_id: str) -> dict[str, Any]:
    """The share file's data. Raises NotFound, Conflict ``game_in_progress`` while the game is
    open, Conflict ``share_too_large`` past ``MAX_SHARE_BYTES``."""
    summary = await session.summary(table_id)
    if summary["status"] == "open":
        raise Conflict("A game is shared once it has ended (or its host closed it)", code="game_in_progress")
    projection = await session.projection(table_id)

    def build() -> dict[str, Any]:
        with session.engine.connect() as conn:
            dump = repo.dump_table(conn, table_id)
            rolls = repo.all_rolls(conn, table_id)
        table = dump["table"]
        if table["status"] == "open":  # reopened meanwhile: never
            raise Conflict("A game is shared once it has ended", code="game_in_progress")
        system = system_of(table["system"])
        steps: list[dict[str, Any]] = []
        previous: list[Any] = [None]

        def each(env: Envelope) -> None:
            if env.seq > table["seq"]:
                return
            view = as_json(projection.view(env, None))  # as a browser reads it: keys are text
            if len(steps) % KEYFRAME_EVERY == 0:
                steps.append({"seq": env.seq, "view": view})
            else:
                steps.append({"seq": env.seq, "patch": patches.diff(previous[0], view)})
            previous[0] = view

        session.history.walk(table_id, each)
        events = as_json(projection.events([event_of(r) for r in dump["events"]], None))
        return {
            "format": FORMAT,
            "table": {
                **summary,
                "system_name": system.name,
                "seq": table["seq"],
                "status": table["status"],
                "outcome": table["outcome"],
            },
            "steps": steps,
            "events": events,
            "turns": turn_list(events, system.turn_marks, system.seats(table["options"])),
            "proof": {
                "table": table_id,
                "seed": table["seed"],
                "commitment": table["commitment"],
                "algorithm": ALGORITHM,
                "status": table["status"],
                "rolls": rolls,
            },
            "log": dump,
        }

    data = await anyio.to_thread.run_sync(build, limiter=worker("share"))
    size = len(orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS))
    if size > MAX_SHARE_BYTES:
        raise Conflict(
            f"This game is too long to share as one file ({size / 2**20:.0f} MB, at most {MAX_SHARE_BYTES // 2**20} MB)",
            code="share_too_large",
        )
    return data
