"""``warboard serve`` closes connections that send their request headers too slowly (issue 23):
real sockets against a real server with ``WARBOARD_HEADER_TIMEOUT=2``. A connection that opens
and sends nothing, or sends a header a byte at a time, gets 408 and is closed once the deadline
passes; a request that is on time, a keep-alive connection between requests and a websocket
are left alone."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest

from tests.conftest import UNPACED, Server
from tests.kit.table import new_table, spectate

TIMEOUT = 2.0


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("slow") / "warboard.sqlite3"
    srv = Server(f"sqlite:///{path}", env={**UNPACED, "WARBOARD_HEADER_TIMEOUT": str(TIMEOUT)}).start()
    yield srv
    srv.stop()


def _connect(server: Server) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.settimeout(0.2)
    return sock


def _closed_after(sock: socket.socket, drip: bytes, limit: float) -> tuple[float, bytes]:
    """Send ``drip`` a byte every 0.3 s (cycling) until the server closes; (seconds, what it said)."""
    start, answer, i = time.monotonic(), b"", 0
    while time.monotonic() - start < limit:
        if drip:
            try:
                sock.sendall(drip[i % len(drip) : i % len(drip) + 1])
            except OSError:
                break
            i += 1
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            time.sleep(0.1)
            continue
        except OSError:
            break
        if not chunk:
            break
        answer += chunk
    return time.monotonic() - start, answer


def test_a_connection_that_sends_nothing_is_closed(slow_server: Server) -> None:
    with _connect(slow_server) as sock:
        took, answer = _closed_after(sock, b"", 4 * TIMEOUT)
    assert TIMEOUT - 0.5 <= took < TIMEOUT + 1.5, took
    assert answer.startswith(b"HTTP/1.1 408 "), answer


def test_headers_sent_a_byte_at_a_time_are_cut_off(slow_server: Server) -> None:
    with _connect(slow_server) as sock:
        sock.sendall(b"GET /api/systems HTTP/1.1\r\nHost: x\r\n")
        took, answer = _closed_after(sock, b"X-Slow: " + b"a" * 4000, 5 * TIMEOUT)
    assert took < TIMEOUT + 1.5, took  # before the fix: open as long as the client kept dripping
    assert answer.startswith(b"HTTP/1.1 408 ") and b"request_timeout" in answer, answer


def test_on_time_requests_keep_alive_and_websockets_are_left_alone(slow_server: Server) -> None:
    with _connect(slow_server) as sock:
        for _ in range(2):  # two requests on one connection, a pause between them within keep-alive
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            took, answer = time.monotonic(), b""
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                try:
                    answer += sock.recv(4096)
                except TimeoutError:
                    assert time.monotonic() - took < 5, answer
            assert answer.startswith(b"HTTP/1.1 200 "), answer
            time.sleep(TIMEOUT * 0.6)
    import asyncio

    from tests.kit.ws import WsClient

    client = slow_server.client()
    table = new_table(client)
    token = spectate(client, table["id"])

    async def watch() -> None:
        ws = await WsClient.open(slow_server.ws_url, table["id"], token)
        await ws.recv_type("welcome")
        await asyncio.sleep(TIMEOUT * 2)  # a quiet websocket outlives the header deadline
        await ws.send({"type": "ping"})
        assert (await ws.recv_type("pong"))["type"] == "pong"
        await ws.close()

    asyncio.run(watch())


def _collector(server: Server) -> dict[str, int]:
    """The collector's counts, asked on a connection of its own (closed after)."""
    import httpx

    with httpx.Client(base_url=server.url, timeout=10) as http:
        return dict(http.get("/metrics.json").json()["collector"])


def test_connections_that_end_are_counted_for_the_collector(slow_server: Server) -> None:
    """``app.process.collector`` calls a complete pass once as many connections have ended as are
    open: the server's protocols count both, plain HTTP and upgraded to a websocket."""
    import asyncio

    from tests.kit.ws import WsClient

    client = slow_server.client()
    table = new_table(client)
    token = spectate(client, table["id"])
    before = _collector(slow_server)
    for _ in range(3):
        with _connect(slow_server) as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            _closed_after(sock, b"", 5)

    async def watch() -> None:
        ws = await WsClient.open(slow_server.ws_url, table["id"], token)
        await ws.recv_type("welcome")
        await ws.close()

    asyncio.run(watch())
    time.sleep(0.5)
    after = _collector(slow_server)
    assert after["armed"]
    # three plain connections, one websocket, the first /metrics.json's own
    assert after["connections_ended_since_complete"] - before["connections_ended_since_complete"] == 5, after
    assert after["connections_open"] == before["connections_open"], (before, after)
