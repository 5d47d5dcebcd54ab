"""Services of a test's own: a PostgreSQL database made for it on the server of
``WARBOARD_TEST_POSTGRES_URL`` (default 127.0.0.1:5432), and a ``redis-server`` on a free
loopback port, so the test may stop them and nobody else's test shares either; and the wait for
a process of the test's own to answer."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable

import httpx
import psycopg

from tests.conftest import free_port

ADMIN_URL = os.environ.get("WARBOARD_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test").replace(
    "postgresql+psycopg://", "postgresql://"
)


def admin() -> psycopg.Connection:
    return psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=2)


def postgres_answers() -> bool:
    try:
        admin().close()
        return True
    except Exception:
        return False


def has_redis_server() -> bool:
    return shutil.which("redis-server") is not None


def fresh_database(name: str) -> str:
    """An empty database ``name`` (dropped first if it was there); its URL."""
    with admin() as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    return ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"


def drop_database(name: str) -> None:
    with admin() as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class RedisServer:
    """A ``redis-server`` of the test's own, keeping nothing on disk."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> RedisServer:
        self.proc = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(100):
            try:
                subprocess.run(["redis-cli", "-p", str(self.port), "ping"], check=True, capture_output=True)
                return self
            except subprocess.CalledProcessError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)


def wait_ready(
    url: str,
    proc: subprocess.Popen[bytes],
    why_exited: Callable[[], str],
    deadline: float,
    not_ready: str,
    pause: float = 0.1,
) -> None:
    """Ask ``url`` until it answers 200. Fails with ``why_exited()`` when ``proc`` exits first, and
    with ``not_ready`` once ``time.monotonic()`` passes ``deadline``."""
    while True:
        assert proc.poll() is None, why_exited()
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, not_ready
        time.sleep(pause)
