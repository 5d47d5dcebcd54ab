"""A real database outage mid-game against a real ``warboard serve`` (issue 17: outages are
outages). The in-process test in test_hardening.py makes every statement fail; this one takes
PostgreSQL itself away from a running server: the server's database refuses new connections
(``ALLOW_CONNECTIONS false``) and its open connections are terminated, as when the database
server goes down, then it comes back.

While it is down: actions and reads answer 503 ``unavailable`` with ``Retry-After``, a
websocket action is answered ``unavailable`` and the socket closed with 1011, ``/readyz``
answers 503 and ``/healthz`` (liveness) still 200, and a reconnecting websocket is refused the
same way at once (its table's hub, opened while the database is down, once waited for ever and
held every other table's new sockets with it). Once it is back: the same action ids are
sent again and each lands exactly once, the websocket action too; the log has one line for the
outage and one for the recovery and no traceback. Skipped where PostgreSQL does not answer.
"""

from __future__ import annotations

import asyncio

import httpx
import pytest

from tests.conftest import UNPACED, Server
from tests.kit.services import admin, drop_database, fresh_database, postgres_answers
from tests.kit.table import assert_unavailable, open_table
from tests.kit.ws import WsClient

DB_NAME = "warboard_outage"


pytestmark = [
    pytest.mark.anyio,
    pytest.mark.postgres,
    pytest.mark.skipif(not postgres_answers(), reason="needs PostgreSQL"),
]


def database_up(allow: bool, name: str = DB_NAME) -> None:
    """Let the test database take connections again, or refuse them and end the open ones."""
    with admin() as conn:
        conn.execute(f"ALTER DATABASE {name} WITH ALLOW_CONNECTIONS {str(allow).lower()}")
        if not allow:
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))


async def test_postgres_going_away_mid_game_answers_503_and_nothing_is_lost() -> None:
    srv = Server(fresh_database(DB_NAME), env=UNPACED).start()
    try:
        http = httpx.Client(base_url=srv.url, timeout=20)
        seated = open_table(http, seats=("p1",), names=("Ann",))
        player = seated.headers("p1")

        def act(i: int) -> httpx.Response:
            action = {"kind": "add_token", "token": f"t{i}", "x": 1, "y": 1}
            return http.post(f"/api/tables/{seated.id}/actions", headers=player, json={"id": f"a{i}", "action": action})

        assert [act(i).status_code for i in range(3)] == [200] * 3
        ws = await seated.socket(srv.ws_url, "p1")
        await ws.recv_type("welcome")
        # The welcome goes out before the socket has joined: the seat's holder and the chat are
        # read after it. Taken down before those reads, the database refuses the socket itself
        # (an error with no action's ref, then 1011), not the action below. A ping answered
        # proves the socket is being read, so every read of its joining is done.
        await ws.send({"type": "ping"})
        await ws.recv_type("pong")
        database_up(False)
        try:
            for i in range(3, 8):
                assert_unavailable(act(i))
            assert http.get(f"/api/tables/{seated.id}").status_code == 503
            assert http.get("/readyz").status_code == 503
            assert http.get("/healthz").status_code == 200  # alive, only not ready
            answer = await ws.act({"kind": "add_token", "token": "w1", "x": 2, "y": 2}, ref="w1", timeout=20)
            assert answer["type"] == "error" and answer["error"]["code"] == "unavailable", answer
            await asyncio.wait_for(ws.conn.wait_closed(), 10)
            assert ws.conn.close_code == 1011, (ws.conn.close_code, ws.conn.close_reason)
            for _ in range(2):  # reconnecting meets the outage too: answered at once, never left waiting
                retry = await WsClient.open(srv.ws_url, seated.id, seated.tokens["p1"])
                refused = await retry.recv(timeout=15)
                assert refused["type"] == "error" and refused["error"]["code"] == "unavailable", refused
                await asyncio.wait_for(retry.conn.wait_closed(), 10)
                assert retry.conn.close_code == 1011
        finally:
            database_up(True)
        # Back: the first request after it succeeds, and the same ids land exactly once.
        assert [act(i).status_code for i in range(3, 8)] == [200] * 5
        assert [act(i).status_code for i in range(3, 8)] == [200] * 5  # sent twice: still once
        assert http.get("/readyz").status_code == 200
        again = await WsClient.open(srv.ws_url, seated.id, seated.tokens["p1"])
        await again.recv_type("welcome")
        for _ in range(2):  # the client sends its pending action again with the same id
            answer = await again.act({"kind": "add_token", "token": "w1", "x": 2, "y": 2}, ref="w1")
            assert answer["type"] == "ack", answer
        await again.close()
        events = http.get(f"/api/tables/{seated.id}/events", headers=player).json()["events"]
        assert [e["seq"] for e in events] == list(range(len(events)))
        added = [e["token"]["id"] for e in events if e["kind"] == "token_added"]
        assert added == [f"t{i}" for i in range(8)] + ["w1"], added
        http.close()
    finally:
        srv.stop()
        database_up(True)
    log = srv.log()
    assert "Traceback" not in log, log[-3000:]
    assert log.count("database unavailable") == 1 and log.count("database recovered") == 1, log[-3000:]
    drop_database(DB_NAME)
