"""Reaching the server from other devices on the local network: this machine's LAN addresses
(``warboard serve --lan`` prints them) and the share link the pages show (the lobby's and a
table's QR code)."""

from __future__ import annotations

import ipaddress
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import anyio
import psutil
from starlette.requests import Request

LOOPBACK = ("127.", "localhost", "::1", "[::1]")
_reachable: dict[tuple[str, int], tuple[float, bool]] = {}  # (address, port) -> (until, answers)


#: interfaces that lead to containers, VPNs or virtual machines rather than the room's network
VIRTUAL = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg", "tailscale", "zt", "lxc", "cni")


@dataclass(frozen=True)
class Route:
    """One line of the kernel's IPv4 route table: the interface, the destination and its mask
    (as prefix length), and the metric."""

    interface: str
    destination: str
    prefix: int
    metric: int


def parse_routes(text: str) -> list[Route]:
    """``/proc/net/route`` as Routes (its addresses are little-endian hex)."""
    found = []
    for line in text.splitlines()[1:]:
        cols = line.split()
        if len(cols) < 8:
            continue
        destination = str(ipaddress.IPv4Address(int(cols[1], 16).to_bytes(4, "little")))
        mask = bin(int(cols[7], 16)).count("1")
        found.append(Route(cols[0], destination, mask, int(cols[6])))
    return found


def order_addresses(routes: list[Route], interfaces: dict[str, list[str]]) -> list[str]:
    """Every IPv4 address of ``interfaces`` but loopback, the default route's first (the lowest
    metric's), then those of the other interfaces, virtual ones (Docker, VPNs) last; within
    each, in numeric order. ``interfaces``: name -> its IPv4 addresses."""
    defaults = sorted((r.metric, n) for n, r in enumerate(routes) if r.prefix == 0 and r.destination == "0.0.0.0")
    default = routes[defaults[0][1]].interface if defaults else None

    def rank(item: tuple[str, str]) -> tuple[int, ipaddress.IPv4Address]:
        name, address = item
        group = 0 if name == default else 2 if name.startswith(VIRTUAL) else 1
        return group, ipaddress.IPv4Address(address)

    found = {(name, a) for name, addresses in interfaces.items() for a in addresses if not a.startswith("127.")}
    ordered: list[str] = []
    for _name, address in sorted(found, key=rank):
        if address not in ordered:
            ordered.append(address)
    return ordered


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, the default route's first
    (``order_addresses`` over ``/proc/net/route`` and the interfaces)."""
    try:
        routes = parse_routes(Path("/proc/net/route").read_text())
    except OSError:  # not Linux: no route table to read, the interfaces' order alone
        routes = []
    interfaces = {
        name: [a.address for a in addrs if a.family == socket.AF_INET] for name, addrs in psutil.net_if_addrs().items()
    }
    return order_addresses(routes, interfaces)


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
