"""Shared dependencies, declared once."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from app.core.errors import RateLimited
from app.session import Actor, Session
from app.transport.ratelimit import TokenBucket


def get_session(request: Request) -> Session:
    return request.app.state.session  # type: ignore[no-any-return]


SessionDep = Annotated[Session, Depends(get_session)]


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    if authorization and authorization[:7].lower() == "bearer ":
        return authorization[7:].strip()
    return None


def _limit(request: Request, key: str) -> None:
    buckets: dict[str, TokenBucket] = request.app.state.buckets
    settings = request.app.state.settings
    bucket = buckets.get(key)
    if bucket is None:
        if len(buckets) > 100_000:
            buckets.clear()
        bucket = buckets[key] = TokenBucket(settings.http_rate, settings.http_burst)
    if not bucket.take():
        raise RateLimited("Too many requests; slow down")


async def get_actor(table_id: str, request: Request, session: SessionDep,
                    token: Annotated[str | None, Depends(bearer)]) -> Actor:
    await session.table_meta(table_id)  # 404 before 401
    actor = await session.authenticate(table_id, token)
    _limit(request, actor.token_hash)
    return actor


def limit_by_client(request: Request) -> None:
    _limit(request, request.client.host if request.client else "?")


ActorDep = Annotated[Actor, Depends(get_actor)]
ClientLimit = Depends(limit_by_client)
