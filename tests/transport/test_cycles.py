"""A closed websocket leaves no reference cycle behind, of Warboard's own or of the server's
protocols.

``warboard serve`` freezes what survives each garbage collection (``app.process.collector``),
so a cycle among a socket's objects that becomes garbage when the socket closes is found only
by a rare complete pass: until then it costs memory. A cancelled sender task kept its
CancelledError, whose traceback held the task's frame and so the connection, which held the
task: every closed socket left such a cycle (the connection, its queue, its tasks, and through
them the server's websocket objects); a released table's hub and its room held each other, and
the hub its cancelled listening task. Here a real uvicorn serves the app in this process, real
websocket clients come and go, and a collection that saves what it finds shows none of our
connections, hubs, rooms or frames of ours among the garbage, nor the protocols of the sockets'
server side: uvicorn's websocket protocol held the scope in which ``app.web.guard`` kept its
``send`` (a bound method of the protocol), and the HTTP protocol a socket was upgraded from kept
its parser, which holds that protocol's callbacks; both pairs held the closed socket's transport,
queues and buffers until a complete collection. The websocket library's state machine and its
parser, a generator suspended in the machine's own method, held each other as well: a
collection frees them by closing the generator, so they never show among its garbage, only
alive before it.
"""

from __future__ import annotations

import asyncio
import gc
import json
from pathlib import Path

import httpx
import pytest
import uvicorn
from httptools import HttpRequestParser
from websockets.server import ServerProtocol

from app.process.config import Settings
from app.server.factory import create_app
from app.storage.migrate import upgrade
from app.transport import deadline
from app.transport.connection import Connection
from app.transport.hub import TableHub
from app.transport.room import Room
from tests.conftest import free_port
from tests.kit.table import open_table_async


@pytest.mark.anyio
async def test_closed_sockets_leave_no_cycle_of_their_connections(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cycles.sqlite3'}"
    upgrade(url)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(Settings(database_url=url)),
            host="127.0.0.1",
            port=port,
            http=deadline.protocol(deadline.DEFAULT_TIMEOUT),  # the protocols `warboard serve` runs
            ws=deadline.CountedWebSockets,
            ws_per_message_deflate=False,
            log_level="warning",
            lifespan="on",
        )
    )
    serving = asyncio.get_running_loop().create_task(server.serve())
    try:
        while not server.started:
            await asyncio.sleep(0.02)
        base, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        gc.collect()
        gc.disable()  # as the server's frozen survivors are: only reference counts free them
        async with httpx.AsyncClient(base_url=base) as client:
            for k in range(6):
                table = await open_table_async(client, "sandbox")
                sockets = [await table.socket(ws_url, seat, drain=True) for seat in ("p1", "p2", None)]
                for i in range(3):
                    await sockets[0].conn.send(
                        json.dumps({"type": "action", "id": f"r{i}", "action": {"kind": "roll", "dice": "1d6"}})
                    )
                await asyncio.sleep(0.01 * k)  # some while updates are still on their way
                await sockets[0].conn.close()  # a clean close
                for s in sockets[1:]:  # and clients that vanish (a tab closed, a phone gone)
                    s.conn.transport.abort()
        await asyncio.sleep(0.5)  # the server's side of each socket finishes its close
        # The websocket library's state machine and its suspended parser (a generator holding
        # it) form a cycle whose only member with a finalizer is the generator: a collection
        # closes the generator and the rest goes by reference counts, so none of it is ever
        # among the garbage below. Until that collection (a complete pass, once frozen) each
        # closed socket's machine, reader, buffers and last frames stayed: look for them alive.
        machines = sum(1 for o in gc.get_objects() if issubclass(type(o), ServerProtocol))
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            # what a complete pass would find now is what the closed sockets left in cycles
            gc.collect()
            ours = [o for o in gc.garbage if type(o) in (Connection, TableHub, Room)]
            # the server's side of each socket: uvicorn's protocols (the HTTP one it was upgraded
            # from, with its parser) and the websocket library's state machine
            served = [
                type(o).__name__
                for o in gc.garbage
                if issubclass(  # not isinstance: the garbage holds weak proxies whose objects are gone
                    type(o), (deadline.HeaderDeadline, deadline.CountedWebSockets, HttpRequestParser, ServerProtocol)
                )
            ]
            frames = [
                o.f_code.co_qualname
                for o in gc.garbage
                if type(o).__name__ == "frame" and "/app/" in o.f_code.co_filename
            ]
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
            gc.collect()
        assert ours == [] and frames == [], (len(ours), frames[:5])
        assert served == [], f"{len(served)} objects of the closed sockets' server side in cycles: {served[:6]}"
        assert machines == 0, f"{machines} closed sockets' websocket state machines wait for a collection"
    finally:
        server.should_exit = True
        await serving
