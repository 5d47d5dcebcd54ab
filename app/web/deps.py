"""Shared dependencies, declared once."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Header, Request

from app.core.errors import RateLimited, Unauthorized
from app.session import Actor, Session
from app.transport.ratelimit import TokenBucket


def get_session(request: Request) -> Session:
    return request.app.state.session  # type: ignore[no-any-return]


SessionDep = Annotated[Session, Depends(get_session)]


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    if authorization and authorization[:7].lower() == "bearer ":
        return authorization[7:].strip()
    return None


FAILURE_COST = 5  # a failed token guess costs the address this many requests


def _limit(request: Request, key: str, cost: float = 1.0) -> None:
    _take(request.app.state, key, cost)


def _take(state: Any, key: str, cost: float) -> None:
    buckets: dict[str, TokenBucket] = state.buckets
    settings = state.settings
    bucket = buckets.get(key)
    if bucket is None:
        if len(buckets) > 100_000:
            buckets.clear()
        bucket = buckets[key] = TokenBucket(settings.http_rate, settings.http_burst)
    if not bucket.take(cost):
        raise RateLimited("Too many requests; slow down")


def charge_failure(state: Any, address: str) -> None:
    """A failed token guess counts against the address's rate limit (raises RateLimited)."""
    _take(state, address, FAILURE_COST)


async def get_actor(
    table_id: str, request: Request, session: SessionDep, token: Annotated[str | None, Depends(bearer)]
) -> Actor:
    await session.table_meta(table_id)  # 404 before 401
    try:
        actor = await session.authenticate(table_id, token)
    except Unauthorized:
        charge_failure(request.app.state, request.client.host if request.client else "?")
        raise
    _limit(request, actor.token_hash)
    return actor


def limit_by_client(request: Request) -> None:
    _limit(request, request.client.host if request.client else "?")


ActorDep = Annotated[Actor, Depends(get_actor)]
ClientLimit = Depends(limit_by_client)
