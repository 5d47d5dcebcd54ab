"""``warboard serve --lan`` announces the server on the local network over mDNS (python-zeroconf):
an HTTP service ``Warboard._http._tcp.local.`` on host ``warboard.local.``, with the LAN
addresses and the port, so that a phone or a laptop can open ``http://warboard.local:PORT/`` or
find it in a service browser. Another Warboard already announced on the network gets its
service name changed (``Warboard (2)``); the host name stays ``warboard.local``."""

from __future__ import annotations

import ipaddress
import logging

from zeroconf import ServiceInfo
from zeroconf.asyncio import AsyncZeroconf

from app import __version__

SERVICE_TYPE = "_http._tcp.local."
SERVICE_NAME = f"Warboard.{SERVICE_TYPE}"
HOST = "warboard.local."
log = logging.getLogger("warboard.mdns")


def service(addresses: list[str], port: int) -> ServiceInfo:
    """The service announced: ``addresses`` (IPv4, the default route's first) at ``port``."""
    return ServiceInfo(
        SERVICE_TYPE,
        SERVICE_NAME,
        addresses=[ipaddress.IPv4Address(a).packed for a in addresses],
        port=port,
        properties={"path": "/", "version": __version__},
        server=HOST,
    )


async def announce(addresses: list[str], port: int) -> AsyncZeroconf | None:
    """Announce the server (answering mDNS queries until ``withdraw``); None, logged, when the
    network does not let it (no multicast): the server runs on without."""
    if not addresses:
        return None
    responder = AsyncZeroconf()
    try:
        await responder.async_register_service(service(addresses, port), allow_name_change=True)
    except Exception as exc:
        log.warning("not announced over mDNS: %s: %s", type(exc).__name__, exc)
        await responder.async_close()
        return None
    log.info("announced over mDNS as http://%s:%d/", HOST.rstrip("."), port)
    return responder


async def withdraw(responder: AsyncZeroconf | None) -> None:
    if responder is not None:
        await responder.async_unregister_all_services()
        await responder.async_close()
