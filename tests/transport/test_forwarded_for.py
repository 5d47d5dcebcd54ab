"""Behind the reverse proxy every client has its own address (X-Forwarded-For), trusted only
when the request comes from a trusted proxy (``WARBOARD_TRUSTED_PROXIES``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import Server
from tests.kit.table import new_table

LIMITS = {"WARBOARD_HTTP_RATE": "1", "WARBOARD_HTTP_BURST": "10"}  # two failed tokens per address, then 429


def _serve(tmp_path: Path, trusted: str) -> Server:
    return Server(f"sqlite:///{tmp_path / 'w.sqlite3'}", env={**LIMITS, "WARBOARD_TRUSTED_PROXIES": trusted}).start()


@pytest.fixture
def behind_proxy(tmp_path: Path) -> Iterator[Server]:
    srv = _serve(tmp_path, "127.0.0.1")  # the test client plays the proxy
    yield srv
    srv.stop()


def _guess(srv: Server, table_id: str, address: str) -> int:
    with srv.client() as client:
        return client.get(
            f"/api/tables/{table_id}/view", headers={"Authorization": "Bearer wrong", "X-Forwarded-For": address}
        ).status_code


def test_each_forwarded_address_has_its_own_limit(behind_proxy: Server) -> None:
    table = new_table(behind_proxy.client())
    assert [_guess(behind_proxy, table["id"], "203.0.113.7") for _ in range(3)] == [401, 401, 429]
    assert _guess(behind_proxy, table["id"], "203.0.113.8") == 401  # another client behind the proxy


def test_the_header_is_ignored_from_a_peer_that_is_not_a_trusted_proxy(tmp_path: Path) -> None:
    srv = _serve(tmp_path, "10.255.255.1")
    try:
        table = new_table(srv.client())
        answers = [_guess(srv, table["id"], "203.0.113.7") for _ in range(3)]
        assert answers[-1] == 429, answers
        assert _guess(srv, table["id"], "203.0.113.8") == 429  # a forged header buys nothing
    finally:
        srv.stop()
