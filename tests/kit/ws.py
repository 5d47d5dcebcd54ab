"""The test's websocket: records every message and tracks seq like a browser.

Two ways to read:

- step by step: ``await ws.recv()`` / ``recv_type("ack")`` / ``until_seq(n)``, for tests that
  follow a conversation message by message;
- in the background: ``WsClient.open(..., drain=True)`` keeps reading into ``messages`` while the
  test does other things (a whole game over HTTP); ``until_seq(n)`` then waits for the reader.

``check_order`` (on by default) asserts every update continues the seq where the last one ended
(no gap, no repeat); a client that asks for a resync gets earlier events again and turns it off.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from app.core.patches import Follower

_refs = itertools.count(1)


class WsClient:
    """A websocket client that records every message and tracks seq like a browser."""

    def __init__(self, conn: ClientConnection, check_order: bool = True) -> None:
        self.conn = conn
        self.check_order = check_order
        self.messages: list[dict[str, Any]] = []
        self.seq = -1
        self.seqs: list[int] = []
        self.follower = Follower()  # the view, from the welcome and the updates' patches
        self._reader: asyncio.Task[None] | None = None

    @classmethod
    async def open(
        cls,
        ws_url: str,
        table_id: str,
        token: str,
        *,
        drain: bool = False,
        check_order: bool = True,
        max_size: int = 2**22,
    ) -> WsClient:
        """Connect to a table as ``token`` (sent in the first frame, as the browser does); with
        ``drain`` every message is read in the background."""
        conn = await connect(f"{ws_url}/ws/tables/{table_id}", max_size=max_size)
        await conn.send(json.dumps({"type": "auth", "token": token}))
        client = cls(conn, check_order)
        if drain:
            client._reader = asyncio.get_running_loop().create_task(client._drain())
        return client

    def _record(self, message: dict[str, Any]) -> None:
        self.follower.take(message)  # an update's patch applied: the update carries the whole view too
        self.messages.append(message)
        if message["type"] == "welcome":
            self.seq = message["seq"] if self.check_order else max(self.seq, message["seq"])
        elif message["type"] == "update":
            if self.check_order and message["events"]:
                assert message["events"][0]["seq"] == self.seq + 1, (self.seq, message)
            self.seq = message["seq"] if self.check_order else max(self.seq, message["seq"])
            self.seqs.extend(e["seq"] for e in message["events"])

    async def _drain(self) -> None:
        try:
            async for raw in self.conn:
                self._record(json.loads(raw))
        except ConnectionClosed:
            pass

    async def recv(self, timeout: float = 5) -> dict[str, Any]:
        assert self._reader is None, "this socket is read in the background: use messages / until_seq"
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.conn.recv(), timeout))
        self._record(message)
        return message

    async def recv_type(self, kind: str, timeout: float = 5) -> dict[str, Any]:
        while True:
            message = await self.recv(timeout)
            if message["type"] == kind:
                return message

    async def until_seq(self, seq: int, timeout: float = 10) -> None:
        if self._reader is None:
            while self.seq < seq:
                await self.recv(timeout)
            return
        deadline = asyncio.get_running_loop().time() + timeout
        while self.seq < seq:
            if self._reader.done():
                self._reader.result()  # the reader's failure, if it failed
                raise AssertionError(f"websocket closed at seq {self.seq}, expected {seq}")
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"websocket stuck at seq {self.seq}, expected {seq}")
            await asyncio.sleep(0.025)

    async def send(self, message: dict[str, Any]) -> None:
        await self.conn.send(json.dumps(message))

    async def act(self, action: dict[str, Any], ref: str | None = None, timeout: float = 5) -> dict[str, Any]:
        """Send one action and return its answer (``ack`` or ``error``), recording what came before."""
        ref = ref or f"ws{next(_refs)}"
        await self.send({"type": "action", "id": ref, "action": action})
        while True:
            message = await self.recv(timeout)
            if message["type"] in ("ack", "error") and message.get("ref") == ref:
                return message

    async def close(self) -> None:
        await self.conn.close()
        if self._reader is not None:
            await self._reader


async def move_in_turn(first: WsClient, second: WsClient, moves: int, y: float) -> None:
    """``second`` then ``first`` move token ``t`` in turn, ``moves`` times, to x = 0, 1, 2, ...
    on the line ``y``; each sends without waiting for the answer."""
    for i in range(moves):
        sender = first if i % 2 else second
        await sender.send(
            {"type": "action", "id": f"m{i}", "action": {"kind": "move_token", "token": "t", "x": float(i), "y": y}}
        )


async def assert_same_seqs(clients: list[WsClient], start: int, final: int) -> None:
    """Every client receives every seq after ``start`` up to ``final``, in order, once."""
    for c in clients:
        await c.until_seq(final)
        assert c.seqs == list(range(start + 1, final + 1))
