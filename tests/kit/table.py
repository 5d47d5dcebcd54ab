"""The table driver: a table on a real server, created, seated and played over HTTP.

Step by step (``httpx.Client`` or FastAPI's ``TestClient``)::

    table = new_table(client, "sandbox")                  # the create answer (id, host_token, ...)
    ann = join(client, table["id"], "p1", "Ann")          # Authorization headers of the seat
    act(client, table["id"], ann, {"kind": "roll", "dice": "2d6"})

or all at once, sync or async (``httpx.AsyncClient``)::

    seated = open_table(client, "sandbox", seats=("p1", "p2"))
    seated.headers("p1"); seated.tokens[None]             # a seat's headers; the spectator's token
    seated = await open_table_async(client, "gkr", seats=["diamondback", "king-wolf"], seed="s")

Over the websocket: ``seated.socket(ws_url, "p1")`` opens a ``tests.kit.ws.WsClient`` (it
records every message), and ``WsClient.act`` sends an action and waits for its answer.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

from tests.kit.ws import WsClient

_ids = itertools.count(1)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def token_of(headers: dict[str, str]) -> str:
    return headers["Authorization"].split(" ", 1)[1]


def _created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def _joined(response: httpx.Response) -> dict[str, str]:
    assert response.status_code == 200, response.text
    return bearer(response.json()["token"])


def _watching(response: httpx.Response) -> str:
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


def _action(action: dict[str, Any], action_id: str | None) -> dict[str, Any]:
    return {"id": action_id or f"a{next(_ids)}", "action": action}


# --- one request at a time, sync ------------------------------------------------------------


def new_table(client: httpx.Client, system: str = "sandbox", **body: Any) -> dict[str, Any]:
    """Create a table (``body``: name, seed, options...); the create answer."""
    return _created(client.post("/api/tables", json={"system": system, "name": "Test table", **body}))


def join(client: httpx.Client, table_id: str, seat: str, name: str = "Ann") -> dict[str, str]:
    """Take ``seat``; the seat's Authorization headers."""
    return _joined(client.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name}))


def spectate(client: httpx.Client, table_id: str) -> str:
    """A spectator's token."""
    return _watching(client.post(f"/api/tables/{table_id}/spectate", json={}))


def act(
    client: httpx.Client, table_id: str, headers: dict[str, str], action: dict[str, Any], action_id: str | None = None
) -> httpx.Response:
    """POST one action (the answer is the test's to check)."""
    return client.post(f"/api/tables/{table_id}/actions", headers=headers, json=_action(action, action_id))


def assert_unavailable(response: httpx.Response) -> None:
    """The answer of a server whose database is down: 503 ``unavailable``, with Retry-After."""
    assert response.status_code == 503, response.text
    assert response.json()["error"]["code"] == "unavailable"
    assert int(response.headers["retry-after"]) >= 1


# --- one request at a time, async -----------------------------------------------------------


async def new_table_async(client: httpx.AsyncClient, system: str = "sandbox", **body: Any) -> dict[str, Any]:
    return _created(await client.post("/api/tables", json={"system": system, "name": "Test table", **body}))


async def join_async(client: httpx.AsyncClient, table_id: str, seat: str, name: str = "Ann") -> dict[str, str]:
    return _joined(await client.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name}))


async def spectate_async(client: httpx.AsyncClient, table_id: str) -> str:
    return _watching(await client.post(f"/api/tables/{table_id}/spectate", json={}))


async def act_async(
    client: httpx.AsyncClient,
    table_id: str,
    headers: dict[str, str],
    action: dict[str, Any],
    action_id: str | None = None,
) -> httpx.Response:
    return await client.post(f"/api/tables/{table_id}/actions", headers=headers, json=_action(action, action_id))


# --- a whole table at once ------------------------------------------------------------------


@dataclass
class Seated:
    """A table and who sits at it: ``tokens`` by seat, ``None`` for the spectator."""

    created: dict[str, Any]
    tokens: dict[str | None, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return str(self.created["id"])

    @property
    def host_token(self) -> str:
        return str(self.created["host_token"])

    def headers(self, seat: str | None) -> dict[str, str]:
        return bearer(self.tokens[seat])

    async def socket(self, ws_url: str, seat: str | None, **kwargs: Any) -> WsClient:
        """A websocket as ``seat`` (``None``: the spectator); see ``WsClient.open`` for ``kwargs``."""
        return await WsClient.open(ws_url, self.id, self.tokens[seat], **kwargs)


def open_table(
    client: httpx.Client,
    system: str = "sandbox",
    seats: Sequence[str] = ("p1", "p2"),
    names: Sequence[str] | None = None,
    spectator: bool = True,
    **body: Any,
) -> Seated:
    """Create a table, join ``seats`` (named ``names``, else after the seat) and a spectator."""
    seated = Seated(new_table(client, system, **body))
    for seat, name in zip(seats, names or seats, strict=True):
        seated.tokens[seat] = token_of(join(client, seated.id, seat, name))
    if spectator:
        seated.tokens[None] = spectate(client, seated.id)
    return seated


async def open_table_async(
    client: httpx.AsyncClient,
    system: str = "sandbox",
    seats: Sequence[str] = ("p1", "p2"),
    names: Sequence[str] | None = None,
    spectator: bool = True,
    **body: Any,
) -> Seated:
    """``open_table`` for an ``httpx.AsyncClient``."""
    seated = Seated(await new_table_async(client, system, **body))
    for seat, name in zip(seats, names or seats, strict=True):
        seated.tokens[seat] = token_of(await join_async(client, seated.id, seat, name))
    if spectator:
        seated.tokens[None] = await spectate_async(client, seated.id)
    return seated
