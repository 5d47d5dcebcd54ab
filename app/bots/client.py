"""A computer player as a client of the server: it holds a seat token, receives exactly what a
human in that seat receives (the websocket's welcome and updates, and the seat's legal actions
from ``GET /api/tables/{id}/legal``, both through the server's one redaction point), and acts
through ``POST /api/tables/{id}/actions``. It never reads server state.

It thinks with a short visible delay (``delay`` seconds) so humans can follow. It stops when
the game has an outcome, when the table closes, or when its seat is removed (401/403).

Its inputs are recorded for the leak tests (``keep=False``, as a server's computer seats run,
keeps none): ``frames`` is every websocket frame's bytes as received, ``reads`` every HTTP answer body it read, and ``decisions`` says, for each action it
chose, which frame and which read it chose from (``record`` writes the same as JSON lines).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import ssl
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from app.bots import policy
from app.core.patches import Follower

log = logging.getLogger("warboard.bots")

#: seconds a bot waits for the update of a seq its legal list already had, before it resyncs
RECHECK = 5.0
#: close codes after which a bot connects again: going away (a restart), an outage, too slow
AGAIN = {1001, 1011, 1012, 1013}


#: the strong level's search (``app.bots.search.think_about`` in a process of its own, see
#: ``app.bots.hosted``): (the ``GET .../knowledge`` answer as received, the legal actions,
#: seed, seq) -> the knowledge's seq and the action or None. The answer is read there, not
#: here: an HGB one is large, and this client may run on the server's event loop.
Thinker = Callable[[bytes, list[dict[str, Any]], str, int], Awaitable[tuple[int, dict[str, Any] | None]]]
#: games a strong decision searches (``GET .../knowledge?count=``)
WORLDS = 8

#: a computer's answer to every takeback asked of it (``app.session.takeback``)
ALLOW = {"kind": "takeback.allow"}


@functools.cache
def _tls() -> ssl.SSLContext:
    """One TLS context for every client of this process: making one loads the CA bundle, tens of
    milliseconds, and a server's computer seats open a client at every (re)connection on its loop."""
    return httpx.create_ssl_context()


@contextlib.asynccontextmanager
async def _socket(url: str) -> AsyncIterator[ClientConnection]:
    """A websocket to ``url``, closed on the way out, and then its parser: the websocket
    library's state machine and its parser (a generator suspended in the machine's own method)
    hold each other for good once the connection is gone, so a finished computer player's
    machine and buffers would wait for the server's rare complete collection
    (``app.process.collector``; the server's own side: ``app.transport.deadline``)."""
    ws = await connect(url, max_size=None)
    try:
        async with ws:  # closed as ``async with connect(...)`` closes it
            yield ws
    finally:
        ws.protocol.parser.close()


class BotClient:
    def __init__(
        self,
        base_url: str,
        table_id: str,
        token: str,
        seed: str,
        delay: float = 0.6,
        record: str | None = None,
        thinker: Thinker | None = None,
        keep: bool = True,
    ) -> None:
        self.base = base_url.rstrip("/")
        self.table_id = table_id
        self.token = token
        self.seed = seed
        self.delay = delay
        self.view: dict[str, Any] = {}
        self.seq = -1
        self.follower = Follower()  # the view from the welcome and the updates' patches
        self.seat: str | None = None
        self.received: list[str] = []  # every websocket message, as received (for tests)
        self.frames: list[bytes] = []  # the same, as the frames' bytes
        self.reads: list[tuple[str, bytes]] = []  # (path, body) of every HTTP answer read
        self.decisions: list[tuple[int, int]] = []  # (frame, read) each chosen action came from
        #: keep ``received``, ``frames`` and ``reads`` (the tests'; a computer seat of a long game
        #: would otherwise hold every frame and answer, a strong one's knowledge too, until it ends)
        self.keep = keep
        self.n_frames = 0  # frames and reads so far, kept or not: ``decisions`` counts by them
        self.n_reads = 0
        self.record = record
        self.odds: dict[str, Any] = {}  # the HGB odds helper's answers, by request
        self.sent = 0
        self.refused = 0
        self.stale = 0  # refused only because the table had moved on since the decision
        self.decide_ms: list[float] = []
        self.behind = False  # the last legal list was of a newer seq than the view
        #: the strong level (None: the easy one, ``policy.choose``): it decides from the seat's
        #: legal list and what the seat may know (``GET .../knowledge``), nothing else
        self.thinker = thinker

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def over(self) -> bool:
        table = self.view.get("_table") or {}
        return table.get("outcome") is not None or table.get("status") in ("finished", "closed")

    async def run(self) -> None:
        """Follow the seat's stream and act, until the game ends or the seat is gone.

        Raises ``ConnectionError`` when the server closed the socket for a reason a reconnect
        cures (a restart, an outage, a client too slow to read): ``hosted._run`` connects again."""
        ws_url = self.base.replace("http", "ws", 1) + f"/ws/tables/{self.table_id}"
        async with (
            httpx.AsyncClient(base_url=self.base, timeout=30, headers=self.headers, verify=_tls()) as http,
            _socket(ws_url) as ws,
        ):
            await ws.send(json.dumps({"type": "auth", "token": self.token}))  # the token stays out of the URL
            try:
                while True:
                    try:  # legal actions of a newer seq than the view: its update is on its way
                        raw = await asyncio.wait_for(ws.recv(), RECHECK if self.behind else None)
                    except TimeoutError:  # ... and did not come: ask for what was missed
                        self.behind = False
                        await ws.send(json.dumps({"type": "resync", "since": self.follower.seq}))
                        continue
                    data = raw.encode() if isinstance(raw, str) else bytes(raw)
                    text = data.decode()
                    if self.keep:
                        self.received.append(text)
                        self.frames.append(data)
                    self.n_frames += 1
                    self._write({"ws": text})
                    msg = json.loads(text)
                    if msg.get("type") not in ("welcome", "update"):
                        continue
                    if msg.get("type") == "welcome":
                        self.seat = msg.get("seat")
                    if not self.follower.take(msg):  # a patch of another view: ask for the whole one
                        await ws.send(json.dumps({"type": "resync", "since": self.follower.seq}))
                        continue
                    self.seq, self.view = self.follower.seq, msg["view"]
                    if self.over():
                        return
                    if await self.answer_takeback(http):
                        continue
                    if not await self.act(http):
                        return
            except ConnectionClosed as closed:
                if self.over() or closed.rcvd is None or closed.rcvd.code not in AGAIN:
                    return
                raise ConnectionError(f"the server closed the socket ({closed.rcvd.code})") from closed

    async def act(self, http: httpx.AsyncClient) -> bool:
        """Take a turn if the seat has one; False when the seat is gone."""
        answer = await http.get(f"/api/tables/{self.table_id}/legal")
        if answer.status_code in (401, 403, 404):
            return False
        self._note(answer.url.path, answer.content)
        body = json.loads(answer.content)
        self.behind = body.get("seq") != self.seq
        if self.behind:
            return True  # a newer update is on its way; decide on that one
        start = time.perf_counter()
        if self.thinker is not None and body["actions"]:
            known = await http.get(f"/api/tables/{self.table_id}/knowledge", params={"count": WORLDS})
            if known.status_code in (401, 403, 404):
                return False
            self._note(known.url.path, known.content)
            seq, action = await self.thinker(known.content, body["actions"], self.seed, self.seq)
            if seq != self.seq:
                self.behind = True
                return True  # the table moved on meanwhile; decide on its update
        else:
            odds = await self._odds(http, body["actions"])
            start = time.perf_counter()
            action = policy.choose(self.view, body["actions"], self.seed, self.seq, odds)
        self.decide_ms.append((time.perf_counter() - start) * 1000)
        if action is None:
            return True
        self.decisions.append((self.n_frames - 1, self.n_reads - 1))
        self._write({"decide": action, "frame": self.n_frames - 1, "read": self.n_reads - 1})
        await asyncio.sleep(self.delay)
        posted = await http.post(
            f"/api/tables/{self.table_id}/actions", json={"id": f"bot-{self.seat}-{self.seq}", "action": action}
        )
        if posted.status_code in (401, 403):
            return False
        if posted.status_code == 409 and await self._moved_on(http):
            self.stale += 1  # another seat acted between the legal list and this action (simultaneous phases)
        elif posted.status_code != 200:
            self.refused += 1
            log.warning("bot %s at %s: %s refused: %s", self.seat, self.table_id, action, posted.text[:200])
        else:
            self.sent += 1
        return True

    async def answer_takeback(self, http: httpx.AsyncClient) -> bool:
        """A computer allows every takeback asked of it (a game against the computer is for
        learning); True when it answered one."""
        pending = (self.view.get("_table") or {}).get("takeback")
        if not pending or self.seat not in pending.get("waiting", []):
            return False
        posted = await http.post(
            f"/api/tables/{self.table_id}/actions", json={"id": f"bot-{self.seat}-tb-{self.seq}", "action": ALLOW}
        )
        if posted.status_code != 200:  # lapsed or answered meanwhile
            log.info("bot %s at %s: takeback answer refused: %s", self.seat, self.table_id, posted.text[:200])
        return True

    async def _moved_on(self, http: httpx.AsyncClient) -> bool:
        """Did the table move past the seq this bot decided on?"""
        answer = await http.get(f"/api/tables/{self.table_id}/legal")
        return answer.status_code == 200 and json.loads(answer.content).get("seq") != self.seq

    async def _odds(self, http: httpx.AsyncClient, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """HGB: the odds helper's answers for the listed attacks (a stateless rule helper; cached)."""
        for request in policy.odds_requests(self.view, actions):
            key = policy.odds_key(request)
            if key not in self.odds:
                answer = await http.post("/api/rules/hgb/odds", json=request)
                if answer.status_code != 200:
                    break  # rate-limited or refused: decide on weapons' DM alone
                self._note(answer.url.path, answer.content)
                self.odds[key] = json.loads(answer.content)
        return self.odds

    async def _read(self, http: httpx.AsyncClient, path: str) -> bytes:
        answer = await http.get(path)
        answer.raise_for_status()
        self._note(answer.url.path, answer.content)
        return answer.content

    def _note(self, path: str, body: bytes) -> None:
        if self.keep:
            self.reads.append((path, body))
        self.n_reads += 1
        self._write({"http": path, "body": body.decode()})

    def _write(self, line: dict[str, Any]) -> None:
        if self.record:
            with open(self.record, "a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")
