"""The server's graceful stop, within a container's grace period (compose gives 10 s).

On SIGTERM (or Ctrl-C) uvicorn stops accepting, tells every websocket to reconnect (close
1012, "service restart": browsers and computer players come back, to this node once it is up
again or to another), waits for the connections' tasks, then runs the app's shutdown (computer
players stopped, every hub at once, the commit queue drained, the bus closed). Before any of
that, ``Server.shutdown`` tells the hubs the process is stopping (``Hubs.stop_serving``), so a
leaving connection costs nothing; and the wait for the tasks is bounded by ``GRACE`` seconds,
after which what still runs is cancelled. Every acknowledged action was committed before its
ack, so nothing acknowledged is lost by the cut.

And whatever hangs, the process is gone ``DEADLINE`` seconds after the signal: a watchdog ends it
(exit status 70) once the stop has taken that long. That is no worse than a kill -9, which loses
nothing acknowledged either; a container's runtime would send that kill at its own deadline.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import threading
from typing import Any

import uvicorn
from starlette.applications import Starlette

from app.web.services import services

#: seconds uvicorn waits for connections to end before it cancels them (WARBOARD_STOP_GRACE)
GRACE = max(1, int(os.environ.get("WARBOARD_STOP_GRACE", "3")))
#: seconds after the signal at which the process ends whatever still runs (WARBOARD_STOP_DEADLINE)
DEADLINE = float(os.environ.get("WARBOARD_STOP_DEADLINE", "8"))
STUCK = 70  # the exit status of a stop the watchdog ended (EX_SOFTWARE)

log = logging.getLogger("warboard.server")


def _give_up() -> None:
    log.error("the stop took over %.0f s; exiting now (nothing acknowledged is lost)", DEADLINE)
    logging.shutdown()
    os._exit(STUCK)


class Server(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, app: Starlette) -> None:
        super().__init__(config)
        self.app = app

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        watchdog = threading.Timer(DEADLINE, _give_up)
        watchdog.daemon = True  # a stop that ends in time ends the process, and the watchdog with it
        watchdog.start()
        with contextlib.suppress(RuntimeError):  # a stop before the app's start-up ended
            services(self.app).hubs.stop_serving()
        await super().shutdown(sockets)


def run(app: Starlette, **options: Any) -> None:
    """``uvicorn.run(app, **options)`` with the stop above."""
    config = uvicorn.Config(app, timeout_graceful_shutdown=GRACE, **options)
    Server(config, app).run()
