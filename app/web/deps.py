"""Shared dependencies, declared once."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from app.core.errors import Unauthorized
from app.core.tokens import hash_token
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


def rules_key(request: Request) -> str:
    """Whose rules bucket a request takes from: the client address's, or, for a computer player
    this server runs (its seat's token as Bearer), its own; they all come from the loopback
    address, and one HGB player asks the odds of every attack it may make."""
    token = bearer(request.headers.get("authorization"))
    if token:
        token_hash = hash_token(token)
        if token_hash in getattr(request.app.state, "bot_tokens", {}).values():
            return "computer:" + token_hash
    return request.client.host if request.client else "?"


def charge_rules(request: Request) -> None:
    """The first token of a rule helper's or QR code's price, from the caller's rules bucket
    (``rules_key``), taken before the request's body is read (``RulesLimit``)."""
    take_rules(request.app.state, rules_key(request), 1.0)


def charge_price(request: Request, price: float) -> None:
    """The rest of a call's ``price`` once its size is known (its first token was taken by
    ``RulesLimit``); never more than the bucket's burst in all, which could never be paid."""
    rest = min(price, request.app.state.settings.rules_burst) - 1
    if rest > 0:
        take_rules(request.app.state, rules_key(request), rest)


ActorDep = Annotated[Actor, Depends(get_actor)]
ClientLimit = Depends(limit_by_client)
#: the first token of a rule helper's or QR code's price, taken before its body is read
RulesLimit = Depends(charge_rules)
