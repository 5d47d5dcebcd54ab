"""LAN night: the address phones are given is the default route's (``order_addresses`` over a
route table and the interfaces; in a network namespace with two interfaces where the kernel
allows one), and ``warboard serve --lan`` is found over mDNS as ``warboard.local``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx
import pytest
from zeroconf import Zeroconf

from app.server.mdns import HOST, SERVICE_TYPE
from app.web.lan import Route, order_addresses, parse_routes
from tests.conftest import ROOT, free_port

ROUTE_TABLE = """Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
docker0\t000011AC\t00000000\t0001\t0\t0\t0\t0000FFFF\t0\t0\t0
tun0\t00000000\t0100080A\t0003\t0\t0\t50\t00000000\t0\t0\t0
wlan0\t00000000\t0101A8C0\t0003\t0\t0\t20\t00000000\t0\t0\t0
wlan0\t0001A8C0\t00000000\t0001\t0\t0\t20\t00FFFFFF\t0\t0\t0
"""


def test_the_route_table_is_read_from_its_little_endian_hex() -> None:
    routes = parse_routes(ROUTE_TABLE)
    assert routes[0] == Route("docker0", "172.17.0.0", 16, 0)
    assert routes[2] == Route("wlan0", "0.0.0.0", 0, 20)
    assert routes[3] == Route("wlan0", "192.168.1.0", 24, 20)


def test_the_default_routes_address_comes_first_and_every_address_is_listed() -> None:
    interfaces = {
        "lo": ["127.0.0.1"],
        "docker0": ["172.17.0.1"],
        "tun0": ["10.8.0.6"],
        "wlan0": ["192.168.1.20"],
        "eth1": ["192.168.56.1", "10.0.0.5"],
    }
    # sorted as strings, 10.0.0.5 (a second NIC) or 10.8.0.6 (the VPN) came first
    ordered = order_addresses(parse_routes(ROUTE_TABLE), interfaces)
    assert ordered == ["192.168.1.20", "10.0.0.5", "192.168.56.1", "10.8.0.6", "172.17.0.1"]
    assert order_addresses([], interfaces)[:3] == [
        "10.0.0.5",
        "192.168.1.20",
        "192.168.56.1",
    ]  # no route table: virtual ones last
    assert order_addresses([], {"lo": ["127.0.0.1"]}) == []


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=30)


@pytest.fixture
def namespace() -> object:
    """A network namespace with two interfaces: veth-a 10.1.0.2/24 and veth-b 10.20.0.2/24, the
    default route through veth-b (10.1.0.2 sorts first as a string)."""
    if os.geteuid() != 0 or shutil.which("ip") is None:
        pytest.skip("network namespaces need root and iproute2's ip")
    name = f"wb{uuid.uuid4().hex[:8]}"
    made = run("ip", "netns", "add", name)
    if made.returncode != 0:
        pytest.skip(f"cannot create a network namespace here: {made.stderr.strip()}")
    peers = {"a": (f"{name}a", "10.1.0.2/24"), "b": (f"{name}b", "10.20.0.2/24")}
    try:
        for side, (outer, address) in peers.items():
            for step in (
                ["ip", "link", "add", outer, "type", "veth", "peer", "name", f"veth-{side}"],
                ["ip", "link", "set", f"veth-{side}", "netns", name],
                ["ip", "-n", name, "addr", "add", address, "dev", f"veth-{side}"],
                ["ip", "-n", name, "link", "set", f"veth-{side}", "up"],
                ["ip", "link", "set", outer, "up"],
            ):
                done = run(*step)
                if done.returncode != 0:
                    pytest.skip(f"cannot set up the namespace's interfaces: {' '.join(step)}: {done.stderr.strip()}")
        routed = run("ip", "-n", name, "route", "add", "default", "via", "10.20.0.1", "dev", "veth-b")
        assert routed.returncode == 0, routed.stderr
        yield name
    finally:
        for outer, _ in peers.values():
            run("ip", "link", "del", outer)
        run("ip", "netns", "del", name)


def test_in_a_namespace_with_two_interfaces_the_default_routes_address_is_chosen(namespace: str) -> None:
    found = run(
        "ip", "netns", "exec", namespace, sys.executable, "-c",
        "from app.web.lan import lan_addresses; print(' '.join(lan_addresses()))",
    )  # fmt: skip
    assert found.returncode == 0, found.stderr
    assert found.stdout.split() == ["10.20.0.2", "10.1.0.2"]


def test_serve_lan_is_found_over_mdns_as_warboard_local(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.server.cli", "serve", "--lan", "--port", str(port),
         "--database-url", f"sqlite:///{tmp_path / 'warboard.sqlite3'}"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    browser = Zeroconf()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/systems", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        found = None
        for _ in range(10):  # a query, answered by the server's responder (zeroconf's own client)
            names = [n for n in _browse(browser) if n.startswith("Warboard")]
            for name in names:
                info = browser.get_service_info(SERVICE_TYPE, name, timeout=3000)
                if info is not None and info.port == port:
                    found = info
            if found is not None:
                break
        if found is None:
            pytest.fail("no Warboard service answered an mDNS query")
        assert found.server == HOST
        assert found.properties[b"path"] == b"/"
        addresses = found.parsed_addresses()
        assert addresses and httpx.get(f"http://{addresses[0]}:{port}/api/systems", timeout=5).status_code == 200
    finally:
        browser.close()
        proc.terminate()
        out, err = proc.communicate(timeout=30)
    assert f"announced on the LAN as http://warboard.local:{port}/" in out
    assert "announced over mDNS as http://warboard.local" in err


FIND = """
import sys, time
from zeroconf import ServiceBrowser, ServiceListener, Zeroconf
seen = []
class Listener(ServiceListener):
    def add_service(self, zc, type_, name): seen.append(name)
    def update_service(self, zc, type_, name): pass
    def remove_service(self, zc, type_, name): pass
zc = Zeroconf()
browser = ServiceBrowser(zc, "_http._tcp.local.", Listener())
deadline = time.monotonic() + 20
while time.monotonic() < deadline:
    for name in [n for n in seen if n.startswith("Warboard")]:
        info = zc.get_service_info("_http._tcp.local.", name, timeout=3000)
        if info is not None:
            print(info.server, info.port, " ".join(info.parsed_addresses()))
            zc.close()
            sys.exit(0)
    time.sleep(0.5)
zc.close()
sys.exit(1)
"""


def test_an_mdns_query_from_another_namespace_finds_the_server(tmp_path: Path) -> None:
    """Two namespaces, the server's with two interfaces (a second NIC at 10.1.0.2 and the link to
    the other namespace at 10.30.0.1, its default route): a zeroconf query from the other one
    finds warboard.local at the server's port with both addresses, and the address printed
    first (the QR code's) is the default route's."""
    if os.geteuid() != 0 or shutil.which("ip") is None:
        pytest.skip("network namespaces need root and iproute2's ip")
    tag = uuid.uuid4().hex[:6]
    server_ns, client_ns = f"wbs{tag}", f"wbc{tag}"
    made = [run("ip", "netns", "add", name) for name in (server_ns, client_ns)]
    try:
        if any(m.returncode != 0 for m in made):
            pytest.skip(f"cannot create a network namespace here: {made[0].stderr.strip() or made[1].stderr.strip()}")
        steps = [
            [
                "ip",
                "link",
                "add",
                f"wbl{tag}",
                "netns",
                server_ns,
                "type",
                "veth",
                "peer",
                "name",
                "link0",
                "netns",
                client_ns,
            ],
            ["ip", "-n", server_ns, "link", "set", f"wbl{tag}", "name", "link0"],
            ["ip", "link", "add", f"wbx{tag}", "netns", server_ns, "type", "veth", "peer", "name", f"wby{tag}"],
            ["ip", "-n", server_ns, "link", "set", f"wbx{tag}", "name", "eth9"],
            ["ip", "-n", server_ns, "addr", "add", "10.1.0.2/24", "dev", "eth9"],
            ["ip", "-n", server_ns, "addr", "add", "10.30.0.1/24", "dev", "link0"],
            ["ip", "-n", client_ns, "addr", "add", "10.30.0.2/24", "dev", "link0"],
        ]
        for ns in (server_ns, client_ns):
            steps += [["ip", "-n", ns, "link", "set", "lo", "up"], ["ip", "-n", ns, "link", "set", "link0", "up"]]
        steps += [
            ["ip", "-n", server_ns, "link", "set", "eth9", "up"],
            ["ip", "-n", server_ns, "route", "add", "default", "via", "10.30.0.2", "dev", "link0"],
            ["ip", "-n", client_ns, "route", "add", "default", "via", "10.30.0.1", "dev", "link0"],
        ]
        for step in steps:
            done = run(*step)
            if done.returncode != 0:
                pytest.skip(f"cannot set up the namespaces: {' '.join(step)}: {done.stderr.strip()}")
        port = free_port()
        serve = subprocess.Popen(
            ["ip", "netns", "exec", server_ns, sys.executable, "-m", "app.server.cli", "serve", "--lan",
             "--port", str(port), "--database-url", f"sqlite:///{tmp_path / 'warboard.sqlite3'}"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            found = subprocess.run(
                ["ip", "netns", "exec", client_ns, sys.executable, "-c", FIND],
                cwd=ROOT, capture_output=True, text=True, timeout=120,
            )  # fmt: skip
        finally:
            serve.terminate()
            out, err = serve.communicate(timeout=30)
        assert found.returncode == 0, found.stderr + err
        server, answered_port, *addresses = found.stdout.split()
        assert (server, int(answered_port)) == (HOST, port)
        assert sorted(addresses) == ["10.1.0.2", "10.30.0.1"]  # every address (a client orders them its own way)
        assert f"Warboard on your LAN: http://10.30.0.1:{port}/" in out.splitlines()[0]
    finally:
        for name in (server_ns, client_ns):
            run("ip", "netns", "del", name)
        run("ip", "link", "del", f"wby{tag}")


def _browse(zc: Zeroconf) -> list[str]:
    """The names of the HTTP services that answer within 3 s."""
    from zeroconf import ServiceBrowser, ServiceListener

    seen: list[str] = []

    class Listener(ServiceListener):
        def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
            seen.append(name)

        def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
            pass

        def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
            pass

    browser = ServiceBrowser(zc, SERVICE_TYPE, Listener())
    time.sleep(3)
    browser.cancel()
    return seen
