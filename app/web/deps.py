"""Shared dependencies, declared once."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from app.core.errors import Unauthorized
from app.session import Actor, Session
from app.transport.ratelimit import charge_failure, take, take_rules


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


def charge_rules(request: Request) -> None:
    """The first token of a rule helper's or QR code's price, from the client address's rules
    bucket, taken before the request's body is read (``RulesLimit``)."""
    take_rules(request.app.state, request.client.host if request.client else "?", 1.0)


def charge_price(request: Request, price: float) -> None:
    """The rest of a call's ``price`` once its size is known (its first token was taken by
    ``RulesLimit``); never more than the bucket's burst in all, which could never be paid."""
    rest = min(price, request.app.state.settings.rules_burst) - 1
    if rest > 0:
        take_rules(request.app.state, request.client.host if request.client else "?", rest)


ActorDep = Annotated[Actor, Depends(get_actor)]
ClientLimit = Depends(limit_by_client)
#: the first token of a rule helper's or QR code's price, taken before its body is read
RulesLimit = Depends(charge_rules)
