"""``deploy/nginx.conf`` in front of a real ``warboard serve``, and the server's own log
(issue 16: ops gaps; issue 17: tokens never in logs).

The nginx test runs the deployment's configuration with the machine's nginx, changed only
where the machine differs from the compose network: the app services' names become the test
server's address, it listens on a free loopback port and logs to files. Clients come from
different loopback addresses (127.0.0.2, 127.0.0.3), as browsers from different machines
would. Skipped where there is no nginx.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tests.conftest import UNPACED, Server
from tests.kit.proxy import CONF, nginx_binary, running_nginx
from tests.kit.table import open_table

LIMITS = {"WARBOARD_HTTP_RATE": "1", "WARBOARD_HTTP_BURST": "10"}  # two failed tokens per address, then 429


def _settings(text: str) -> dict[str, list[str]]:
    """Each directive's arguments as written (comments dropped), by directive name."""
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip().rstrip(";").strip()
        if line and not line.endswith(("{", "}")):
            name, _, rest = line.partition(" ")
            found.setdefault(name, []).append(rest.strip())
    return found


def test_the_nginx_configuration_keeps_to_the_deployment_rules() -> None:
    """What the machine's older nginx cannot run is checked as written."""
    conf = _settings(CONF.read_text())
    (workers,) = conf["worker_connections"]
    assert int(workers) >= 16384  # each proxied websocket holds two connections
    assert int(conf["worker_rlimit_nofile"][0]) >= 2 * int(workers)
    servers = conf["server"]
    # Debian 12's nginx 1.22 runs it as written: names come from the proxy's hosts file (fixed
    # addresses in docker-compose.yml), nothing is looked up at run time
    assert servers and not any("resolve" in s for s in servers), servers
    assert "resolver" not in conf
    assert all("max_fails=0" in s for s in servers), servers  # never marked failed (test_rolling_restart.py)
    (log_format,) = conf["log_format"]
    assert not re.search(r"\$(request|request_uri|args|query_string|arg_\w+)\b", log_format), log_format
    assert "$uri" in log_format
    assert all(a.split()[-1] == "noquery" for a in conf["access_log"]), conf["access_log"]
    assert all(e.split()[-1] == "crit" for e in conf["error_log"]), conf["error_log"]  # error lines quote ?token=
    assert "X-Forwarded-For $remote_addr" in conf["proxy_set_header"]  # replaced, never appended to
    # A location that sets any header of its own inherits none of the server's (X-Forwarded-For)
    for location in re.findall(r"location [^{]*\{[^}]*\}", CONF.read_text()):
        assert "proxy_set_header" not in location, location


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[Server, str, Path]]:
    nginx = nginx_binary()
    if nginx is None:
        pytest.skip("no nginx on this machine")
    srv = Server(f"sqlite:///{tmp_path / 'p.sqlite3'}", env={**UNPACED, **LIMITS}).start()  # trusts 127.0.0.1
    logs = tmp_path / "nginx"
    try:
        with running_nginx(nginx, logs, [srv.port]) as url:
            yield srv, url, logs
    finally:
        srv.stop()


def _from(address: str, url: str) -> httpx.Client:
    return httpx.Client(base_url=url, timeout=10, transport=httpx.HTTPTransport(local_address=address))


def test_through_nginx_each_client_has_its_own_address_and_no_token_is_logged(
    proxied: tuple[Server, str, Path],
) -> None:
    _srv, url, logs = proxied
    with _from("127.0.0.2", url) as ann, _from("127.0.0.3", url) as bob:
        assert ann.get("/").status_code == 200
        seated = open_table(ann, seats=("p1",), names=("Ann",))
        token = seated.tokens["p1"]
        ws_url = url.replace("http://", "ws://")
        with connect(f"{ws_url}/ws/tables/{seated.id}?token={token}") as ws:  # a websocket through nginx
            assert json.loads(ws.recv(5))["type"] == "welcome"
            ws.send(
                json.dumps(
                    {"type": "action", "id": "a1", "action": {"kind": "add_token", "token": "t", "x": 1, "y": 1}}
                )
            )
            while (message := json.loads(ws.recv(5)))["type"] != "ack":
                assert message["type"] != "error", message
        with connect(f"{ws_url}/ws/tables/{seated.id}?token=not-a-token-{token[:6]}") as ws:
            assert json.loads(ws.recv(5))["type"] == "error"

        def guess(client: httpx.Client, forged: str | None = None) -> int:
            headers = {"Authorization": "Bearer wrong", **({"X-Forwarded-For": forged} if forged else {})}
            return client.get(f"/api/tables/{seated.id}/view", headers=headers).status_code

        codes = [guess(bob) for _ in range(4)]
        assert codes[0] == 401 and codes[-1] == 429, codes  # Bob's guesses count against Bob
        assert guess(bob, forged="192.0.2.44") == 429  # nginx replaces a forged X-Forwarded-For
        assert guess(ann) == 401  # Ann, at another address behind the same proxy, is not held back
    access = (logs / "access.log").read_text()
    assert f"/ws/tables/{seated.id}" in access and "/api/tables" in access, access[-2000:]
    for log in (access, (logs / "error.log").read_text()):
        assert token not in log and token[:12] not in log and "token=" not in log, log[-2000:]
    assert re.search(r"^127\.0\.0\.3 .*\" 429 ", access, re.M), access[-2000:]


def test_warboard_serve_logs_no_token(tmp_path: Path) -> None:
    """Tokens in websocket addresses, good and bad, and in headers never reach the server's log."""
    env = {**UNPACED, "WARBOARD_WS_PER_TOKEN": "2"}
    srv = Server(f"sqlite:///{tmp_path / 'l.sqlite3'}", env=env).start()
    try:
        with srv.client() as client:
            seated = open_table(client, seats=("p1",), names=("Ann",))
            token = seated.tokens["p1"]
            assert client.get(f"/api/tables/{seated.id}/view?token={token}", headers=seated.headers("p1")).is_success
            assert (
                client.get(f"/api/tables/{seated.id}/view", headers={"Authorization": f"Bearer x{token}"}).status_code
                == 401
            )
        address = f"{srv.ws_url}/ws/tables/{seated.id}?token={token}"
        # each welcomed before the next opens: sockets opened together are admitted in any order
        with connect(address) as one:
            assert json.loads(one.recv(5))["type"] == "welcome"
            with connect(address) as two:
                assert json.loads(two.recv(5))["type"] == "welcome"
                with connect(address) as three:
                    assert json.loads(three.recv(5))["error"]["code"] == "too_many_sockets"
                one.send(b"\xff\xfe{", text=True)  # invalid UTF-8: closed 1007, one log line at most
        with connect(f"{srv.ws_url}/ws/tables/{seated.id}?token=y{token}") as bad:
            assert json.loads(bad.recv(5))["type"] == "error"
    finally:
        srv.stop()
    log = srv.log()
    assert token not in log and token[:12] not in log, log[-3000:]


def test_through_nginx_pages_and_static_files_arrive_compressed_and_hashed_files_kept(
    proxied: tuple[Server, str, Path],
) -> None:
    """Compression is the app's (nginx passes Accept-Encoding and the gzip body through as they
    are); a hashed static file keeps its year-long cache header; a websocket is never compressed."""
    _srv, url, _logs = proxied
    with _from("127.0.0.2", url) as client:
        page = client.get("/")
        assert page.status_code == 200 and page.headers["content-encoding"] == "gzip", page.headers
        assert "<html" in page.text  # decoded once: not compressed twice
        css = re.search(r'href="(/static/css/warboard\.[0-9a-f]{12}\.css)"', page.text)
        assert css, page.text[:800]
        answer = client.get(css[1])
        assert answer.headers["content-encoding"] == "gzip" and answer.text.lstrip().startswith("/*")
        assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert client.get("/api/systems").headers["content-encoding"] == "gzip"
        assert client.get(css[1].replace(css[1][-16:-4], "0" * 12)).status_code == 404  # a stale hash
        seated = open_table(client, seats=("p1",), names=("Ann",))
    ws_url = url.replace("http://", "ws://")
    with connect(f"{ws_url}/ws/tables/{seated.id}?token={seated.tokens['p1']}") as ws:
        assert json.loads(ws.recv(5))["type"] == "welcome"  # plain JSON frames
