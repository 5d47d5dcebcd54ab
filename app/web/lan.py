"""Reaching the server from other devices on the local network: this machine's LAN addresses
(``warboard serve --lan`` prints them) and the share link the pages show (the lobby's and a
table's QR code)."""

from __future__ import annotations

import socket
import time
from urllib.parse import urlsplit

import anyio
import psutil
from starlette.requests import Request

LOOPBACK = ("127.", "localhost", "::1", "[::1]")
_reachable: dict[tuple[str, int], tuple[float, bool]] = {}  # (address, port) -> (until, answers)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (from its interfaces)."""
    return sorted(
        {
            a.address
            for addrs in psutil.net_if_addrs().values()
            for a in addrs
            if a.family == socket.AF_INET and not a.address.startswith("127.")
        }
    )


async def share_url(request: Request) -> str:
    """The lobby's address for other devices: the LAN address when this page was opened on
    loopback and the server answers on that LAN address (``warboard serve --lan``)."""
    base = urlsplit(str(request.base_url))
    host, port = base.hostname or "127.0.0.1", base.port or (443 if base.scheme == "https" else 80)
    if host.startswith(LOOPBACK):
        for address in await anyio.to_thread.run_sync(lan_addresses):
            if await anyio.to_thread.run_sync(answers, address, port):
                return f"{base.scheme}://{address}:{port}/"
    return str(request.base_url)


def answers(address: str, port: int) -> bool:
    """Does something accept connections at ``address:port``? (kept for 30 seconds)"""
    now = time.monotonic()
    hit = _reachable.get((address, port))
    if hit is not None and hit[0] > now:
        return hit[1]
    try:
        with socket.create_connection((address, port), timeout=0.2):
            ok = True
    except OSError:
        ok = False
    _reachable[(address, port)] = (now + 30, ok)
    return ok
