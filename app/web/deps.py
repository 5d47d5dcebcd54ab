"""Shared dependencies, declared once."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from app.core.errors import Unauthorized
from app.session import Actor, Session
from app.transport.ratelimit import charge_failure, take


def get_session(request: Request) -> Session:
    return request.app.state.session  # type: ignore[no-any-return]


SessionDep = Annotated[Session, Depends(get_session)]


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    if authorization and authorization[:7].lower() == "bearer ":
        return authorization[7:].strip()
    return None


def _limit(request: Request, key: str, cost: float = 1.0) -> None:
    take(request.app.state, key, cost)


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
