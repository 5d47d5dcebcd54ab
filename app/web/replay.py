"""``GET /api/tables/{id}/replay?seq=N``: the spectator's view of a table as it was at ``seq``.

Cheap on purpose (anyone may ask, no token): the state comes from the nearest snapshot or
checkpoint at or before ``seq`` plus the actions after it (``Session.envelope_at``), and the
answer for a (table, seq) is cached (the log never changes behind a seq, so a cached answer
is never stale, and it is kept serialized); requests are rate limited per address like other
reads, and by a stricter replay bucket of their own.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Query, Response
from pydantic import BaseModel, Field

from app.core.events import MAX_SEQ
from app.session import sharing
from app.social.delay import spectators_see
from app.transport.ratelimit import Buckets
from app.web.deps import ClientLimit, SessionDep
from app.web.schemas import ErrorResponse

CACHE_SIZE = 2048  # (table, seq) answers kept
REPLAY_RATE = float(os.environ.get("WARBOARD_REPLAY_RATE", 8))
REPLAY_BURST = float(os.environ.get("WARBOARD_REPLAY_BURST", 30))
EVENTS_SHOWN = 200
router = APIRouter(
    prefix="/api", tags=["replay"], responses={c: {"model": ErrorResponse} for c in (404, 422, 429, 503)}
)
_cache: OrderedDict[tuple[str, int], bytes] = OrderedDict()


def take_replay(buckets: Buckets, address: str) -> bool:
    """Replays have a bucket of their own per address, stricter than other reads
    (``WARBOARD_REPLAY_RATE`` per second, ``WARBOARD_REPLAY_BURST`` at once). The Guard asks
    it before routing, so a client that loops on 429s costs next to nothing."""
    return buckets.bucket("replay:" + address, REPLAY_RATE, REPLAY_BURST).take()


class ReplayView(BaseModel):
    seq: int = Field(description="The seq shown: the one asked for, at most the latest")
    state_seq: int = Field(description="The seq of the last whole action at or before seq")
    last: int = Field(description="The table's latest seq")
    view: dict[str, Any] = Field(description="The spectator's view at that point")
    events: list[dict[str, Any]] = Field(description="The spectator's copy of the last (at most 200) events up to seq")


@router.get(
    "/tables/{table_id}/replay", response_model=ReplayView, dependencies=[ClientLimit], operation_id="read_replay"
)
async def read_replay(
    table_id: str, session: SessionDep, seq: Annotated[int | None, Query(ge=0, le=MAX_SEQ)] = None
) -> Response:
    """The spectator's view of the table after the events up to ``seq`` (default: now), the
    latest seq, and the spectator's copy of the events up to ``seq`` (at most the last 200).
    404 ``unknown_table`` for a table that does not exist."""
    current = await spectators_see(session, table_id, await session.current(table_id))  # the delay holds here too
    target = current.seq if seq is None else min(seq, current.seq)
    key = (table_id, target)
    body = _cache.get(key)
    if body is None:
        env = current if target == current.seq else await session.envelope_at(table_id, target)
        projection = await session.projection(table_id)
        events = await session.events_after(table_id, max(-1, target - EVENTS_SHOWN), target)
        body = orjson.dumps(
            {
                "seq": target,
                "state_seq": env.seq,
                "view": projection.view(env, None),
                "events": projection.events(events, None),
            }
        )
        _cache[key] = body  # what a spectator saw at a seq never changes
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    # Serialized once per (table, seq); only "last" is added per answer.
    return Response(b'{"last":%d,' % current.seq + body[1:], media_type="application/json")


class TurnEntry(BaseModel):
    round: int | None = Field(description="The round's number; null before the first round (setting up)")
    turn: int = Field(description="The turn's number within its round, from 1")
    seat: str | None = Field(description="The seat whose turn it is; null when no seat acted")
    seq_from: int = Field(description="The turn's first seq")
    seq_to: int = Field(description="The turn's last seq (so far)")
    summary: str = Field(description="What the turn's events were, in words, counted")


class TurnList(BaseModel):
    seq: int = Field(description="The last seq the list covers: the one asked for, at most what spectators see")
    turns: list[TurnEntry]


@router.get("/tables/{table_id}/turns", response_model=TurnList, dependencies=[ClientLimit], operation_id="read_turns")
async def read_turns(
    table_id: str, session: SessionDep, upto: Annotated[int | None, Query(ge=0, le=MAX_SEQ)] = None
) -> Response:
    """The table's rounds and turns up to ``upto`` (default: now), from the spectator's copy of
    the log (the spectator delay holds here too): where each starts and ends, whose it is, and
    what happened in it, for the replay's list. 404 ``unknown_table``."""
    current = await spectators_see(session, table_id, await session.current(table_id))
    target = current.seq if upto is None else min(upto, current.seq)
    key = ("turns:" + table_id, target)
    body = _cache.get(key)
    if body is None:
        body = orjson.dumps({"seq": target, "turns": await sharing.turns(session, table_id, target)})
        _cache[key] = body
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return Response(body, media_type="application/json")
