"""A running clock on two server processes (PostgreSQL + Redis, a database and a
``redis-server`` of the test's own): the process that did not commit the move learns of it
through the bus and arms the clock's timer too, so when the committing process dies before the
deadline the time-out still comes, from the other; with both alive it comes exactly once."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.conftest import UNPACED, Server
from tests.kit.services import RedisServer, drop_database, fresh_database, has_redis_server, postgres_answers
from tests.kit.table import token_of
from tests.kit.ws import WsClient
from tests.session.test_clock_timeout import SEATS, events, first_move, seat_up

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.postgres,
    pytest.mark.skipif(not has_redis_server() or not postgres_answers(), reason="needs PostgreSQL and redis-server"),
]
DB_NAME = "warboard_clock_pair"
SECONDS = 5  # each seat's live clock: time enough to kill a process before it runs out


@pytest.fixture
def pair() -> Iterator[dict[str, Any]]:
    url = fresh_database(DB_NAME)
    redis = RedisServer().start()
    env = {**UNPACED, "WARBOARD_BUS_URL": redis.url, "WARBOARD_BUS_PREFIX": "wbclock"}
    a = Server(url, env=env).start()
    b = Server(url, env=env).start()
    yield {"a": a, "b": b}
    a.stop()
    b.stop()
    redis.kill()
    drop_database(DB_NAME)


async def timeouts_within(client: httpx.Client, tid: str, headers: dict[str, str], seconds: float) -> list[Any]:
    """The table's clock_timeout events, once there is one (or after ``seconds``)."""
    for _ in range(int(seconds * 5)):
        found = [e for e in events(client, tid, headers) if e["kind"] == "clock_timeout"]
        if found:
            await asyncio.sleep(1.5)  # a second time-out, if any, would land meanwhile
            return [e for e in events(client, tid, headers) if e["kind"] == "clock_timeout"]
        await asyncio.sleep(0.2)
    return []


async def started_on_a_followed_on_b(pair: dict[str, Any]) -> tuple[str, dict[str, dict[str, str]], WsClient]:
    """A table with a live clock made on A, a player's socket on B, the first move on A (the clock
    starts): B has the update from the bus."""
    a, b = pair["a"], pair["b"]
    client = a.client()
    tid, seats = seat_up(client, {"mode": "live", "initial": SECONDS, "increment": 0, "timeout": "lose"})
    ws = await WsClient.open(b.ws_url, tid, token_of(seats[SEATS[0]]))
    welcome = await ws.recv_type("welcome")
    first_move(client, tid, seats)
    await ws.until_seq(welcome["seq"] + 1)
    return tid, seats, ws


async def test_the_other_process_times_out_when_the_committing_one_dies(pair: dict[str, Any]) -> None:
    tid, seats, ws = await started_on_a_followed_on_b(pair)
    pair["a"].kill(signal.SIGKILL)  # before the deadline: A's timer dies with it
    got = await timeouts_within(pair["b"].client(), tid, seats[SEATS[0]], SECONDS + 10)
    assert len(got) == 1 and got[0]["rule"] == "lose"
    over = [e for e in events(pair["b"].client(), tid, seats[SEATS[0]]) if e["kind"] == "game_over"]
    assert len(over) == 1 and "on time" in over[0]["reason"]
    await ws.close()


async def test_with_both_alive_the_time_out_comes_once(pair: dict[str, Any]) -> None:
    tid, seats, ws = await started_on_a_followed_on_b(pair)
    got = await timeouts_within(pair["a"].client(), tid, seats[SEATS[0]], SECONDS + 10)
    assert len(got) == 1  # both processes' timers fired; the commit path let one act
    await ws.close()


async def test_a_process_following_nothing_there_times_out_when_the_committing_one_dies(pair: dict[str, Any]) -> None:
    """B has no socket at the table and was started before it existed: it learns of the running
    clock from its scan of the database (``Clocks.scan``), not from the bus nor from a restart."""
    a, b = pair["a"], pair["b"]
    client = a.client()
    tid, seats = seat_up(client, {"mode": "live", "initial": SECONDS, "increment": 0, "timeout": "lose"})
    first_move(client, tid, seats)
    a.kill(signal.SIGKILL)  # before the deadline: A's timer dies with it
    got = await timeouts_within(b.client(), tid, seats[SEATS[0]], SECONDS + 10)
    assert len(got) == 1 and got[0]["rule"] == "lose"
    over = [e for e in events(b.client(), tid, seats[SEATS[0]]) if e["kind"] == "game_over"]
    assert len(over) == 1 and "on time" in over[0]["reason"]
