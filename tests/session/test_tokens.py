"""A removed seat's token stops working at once in every process (issue 17: it stayed valid
for the token cache's 2 s in other processes)."""

from __future__ import annotations

import pytest

from app.core.errors import Unauthorized
from app.session import Session
from app.storage.db import make_engine
from app.transport.bus import MemoryBus
from tests.session.test_session import add, seated

pytestmark = pytest.mark.anyio


async def test_a_kicked_token_cannot_act_through_another_process_cache(database_url: str) -> None:
    """Two sessions on one database stand for two processes: the second has the token cached
    when the first's host removes the seat; its next action is refused at once."""
    engine = make_engine(database_url)
    try:
        one, two = Session(engine, MemoryBus()), Session(engine, MemoryBus())
        table_id, _p1, _, host_token = await seated(one)
        cached = await two.authenticate(table_id, (await one.join(table_id, "p3", "Cy"))["token"])
        await two.apply(cached, "before", add("t1"))
        host = await one.authenticate(table_id, host_token)
        await one.host_action(host, "kick", "p3")
        with pytest.raises(Unauthorized):
            await two.apply(cached, "after", add("t2"))
        assert (await two.current(table_id)).state["tokens"].keys() == {"t1"}
    finally:
        engine.dispose()
