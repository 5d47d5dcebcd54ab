"""Small clients for the tests: create a table, join seats, talk websocket."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

_ids = itertools.count(1)


def new_table(client: httpx.Client, system: str = "sandbox", **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"system": system, "name": "Test table", **body})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def join(client: httpx.Client, table_id: str, seat: str, name: str = "Ann") -> dict[str, str]:
    response = client.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name})
    assert response.status_code == 200, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


def spectate(client: httpx.Client, table_id: str) -> str:
    return str(client.post(f"/api/tables/{table_id}/spectate", json={}).json()["token"])


def token_of(headers: dict[str, str]) -> str:
    return headers["Authorization"].split(" ", 1)[1]


def act(
    client: httpx.Client, table_id: str, headers: dict[str, str], action: dict[str, Any], action_id: str | None = None
) -> httpx.Response:
    return client.post(
        f"/api/tables/{table_id}/actions", headers=headers, json={"id": action_id or f"a{next(_ids)}", "action": action}
    )


class WsClient:
    """A websocket client that records every message and tracks seq like a browser."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.messages: list[dict[str, Any]] = []
        self.seq = -1
        self.seqs: list[int] = []

    @classmethod
    async def open(cls, ws_url: str, table_id: str, token: str) -> WsClient:
        conn = await connect(f"{ws_url}/ws/tables/{table_id}?token={token}", max_size=2**22)
        return cls(conn)

    async def recv(self, timeout: float = 5) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.conn.recv(), timeout))
        self.messages.append(message)
        if message["type"] == "welcome":
            self.seq = message["seq"]
        elif message["type"] == "update":
            if message["events"]:
                assert message["events"][0]["seq"] == self.seq + 1, (self.seq, message)
            self.seq = message["seq"]
            self.seqs.extend(e["seq"] for e in message["events"])
        return message

    async def recv_type(self, kind: str, timeout: float = 5) -> dict[str, Any]:
        while True:
            message = await self.recv(timeout)
            if message["type"] == kind:
                return message

    async def until_seq(self, seq: int, timeout: float = 10) -> None:
        while self.seq < seq:
            await self.recv(timeout)

    async def send(self, message: dict[str, Any]) -> None:
        await self.conn.send(json.dumps(message))

    async def close(self) -> None:
        await self.conn.close()
