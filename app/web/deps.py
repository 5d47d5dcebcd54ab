"""Shared dependencies, declared once."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from app.core.errors import Unauthorized
from app.core.tokens import hash_token
from app.session import Actor, Session
from app.web.services import services


def get_session(request: Request) -> Session:
    return services(request.app).session


SessionDep = Annotated[Session, Depends(get_session)]


#: the token of a table (the host's, a seat's or a spectator's), documented in /openapi.json as
#: the security scheme ``bearer``; optional here: each operation says what a missing one means
BEARER = HTTPBearer(
    scheme_name="bearer",
    bearerFormat="table token",
    description="A table's token, as POST /api/tables (host_token), .../join or .../spectate issued it: "
    "'Authorization: Bearer <token>'. (Only the websocket takes a token elsewhere: its first frame.)",
    auto_error=False,
)


def token_of(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header value (None without one)."""
    if authorization and authorization[:7].lower() == "bearer ":
        return authorization[7:].strip() or None
    return None


#: an operation's security where the token is optional (``openapi_extra``): FastAPI adds this
#: ``{}`` (no token) to its own ``{"bearer": []}``
OPTIONAL_TOKEN: dict[str, Any] = {"security": [{}]}


async def bearer(credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(BEARER)]) -> str | None:
    """The request's bearer token, if it sent one."""
    return credentials.credentials if credentials is not None and credentials.scheme.lower() == "bearer" else None


def client_address(request: Request) -> str:
    return request.client.host if request.client else "?"


def charge_failure(request: Request) -> None:
    """A failed token guess counts against the client address's rate limit (raises RateLimited)."""
    services(request.app).buckets.charge_failure(client_address(request))


async def get_actor(
    table_id: str, request: Request, session: SessionDep, token: Annotated[str | None, Depends(bearer)]
) -> Actor:
    await session.table_meta(table_id)  # 404 before 401
    try:
        actor = await session.authenticate(table_id, token)
    except Unauthorized:
        charge_failure(request)
        raise
    services(request.app).buckets.take(actor.token_hash, 1.0)
    return actor


def limit_by_client(request: Request) -> None:
    services(request.app).buckets.take(client_address(request), 1.0)


def rules_key(request: Request) -> str:
    """Whose rules bucket a request takes from: the client address's, or, for a computer player
    this server runs (its seat's token as Bearer), its own; they all come from the loopback
    address, and one HGB player asks the odds of every attack it may make."""
    token = token_of(request.headers.get("authorization"))
    if token:
        token_hash = hash_token(token)
        if services(request.app).computers.plays_as(token_hash):
            return "computer:" + token_hash
    return client_address(request)


def charge_rules(request: Request) -> None:
    """The first token of a rule helper's or QR code's price, from the caller's rules bucket
    (``rules_key``), taken before the request's body is read (``RulesLimit``)."""
    services(request.app).buckets.take_rules(rules_key(request), 1.0)


def charge_price(request: Request, price: float) -> None:
    """The rest of a call's ``price`` once its size is known (its first token was taken by
    ``RulesLimit``); never more than the bucket's burst in all, which could never be paid."""
    buckets = services(request.app).buckets
    rest = min(price, buckets.settings.rules_burst) - 1
    if rest > 0:
        buckets.take_rules(rules_key(request), rest)


ActorDep = Annotated[Actor, Depends(get_actor)]
ClientLimit = Depends(limit_by_client)
#: the first token of a rule helper's or QR code's price, taken before its body is read
RulesLimit = Depends(charge_rules)
