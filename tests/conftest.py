"""Shared fixtures: databases (SQLite, and PostgreSQL when configured) and real servers."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import weakref
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from hypothesis import HealthCheck, settings
from sqlalchemy import text

from app.storage.db import make_engine
from app.storage.migrate import upgrade
from app.storage.models import metadata

# Timing is the benchmarks' business, not the tests': no per-example deadline (CI machines are
# shared and a slow example is not a wrong one).
settings.register_profile("warboard", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("warboard")

ROOT = Path(__file__).resolve().parent.parent
POSTGRES_URL = os.environ.get("WARBOARD_TEST_POSTGRES_URL")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def reset_postgres(url: str) -> None:
    engine = make_engine(url)
    with engine.begin() as conn:
        metadata.drop_all(conn)
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


DB_PARAMS = ["sqlite"] + (["postgres"] if POSTGRES_URL else [])


@pytest.fixture(params=DB_PARAMS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A freshly migrated database: SQLite always, PostgreSQL too when configured."""
    if request.param == "postgres":
        assert POSTGRES_URL
        reset_postgres(POSTGRES_URL)
        url = POSTGRES_URL
    else:
        url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    upgrade(url)
    return url


class Server:
    """A real ``warboard serve`` process on a free port."""

    def __init__(self, database_url: str, env: dict[str, str] | None = None) -> None:
        self.database_url = database_url
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.env = {**os.environ, **(env or {})}
        self.proc: subprocess.Popen[bytes] | None = None
        # its log goes to a file, never a pipe: a pipe nobody reads fills at 64 KiB, and then the
        # server's next log line blocks its event loop (a session-long server logs all the time)
        self._log = tempfile.NamedTemporaryFile(prefix="warboard-server-", suffix=".log", delete=False)  # noqa: SIM115
        self._log.close()
        weakref.finalize(self, os.unlink, self._log.name)

    def log(self) -> str:
        """What the server has written to its standard error so far."""
        return Path(self._log.name).read_bytes().decode(errors="replace")

    def start(self) -> Server:
        with open(self._log.name, "ab") as log:  # the server keeps a descriptor of its own
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "app.server.cli",
                    "serve",
                    "--port",
                    str(self.port),
                    "--database-url",
                    self.database_url,
                ],
                cwd=ROOT,
                env=self.env,
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        deadline = time.monotonic() + 90  # a loaded 2-core machine may take 30 s to start a server
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/api/systems", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()  # not left running behind the failed test
        raise RuntimeError("server did not start")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(10)

    def stop(self) -> None:
        self.kill(signal.SIGTERM)

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=10)

    def __enter__(self) -> Server:
        """``with Server(url).start() as srv:`` stops it (SIGTERM) at the end, unless killed before."""
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real server for the tests that only read and add (SQLite)."""
    path = tmp_path_factory.mktemp("server") / "warboard.sqlite3"
    srv = Server(
        f"sqlite:///{path}",
        env={
            "WARBOARD_HTTP_RATE": "1000",
            "WARBOARD_HTTP_BURST": "1000",
            "WARBOARD_REPLAY_RATE": "1000",
            "WARBOARD_REPLAY_BURST": "1000",
            "WARBOARD_RULES_RATE": "1000",
            "WARBOARD_RULES_BURST": "1000",
            # every test is one address (127.0.0.1), and a guided game's computer plays on while
            # its learner's page is gone: room for the whole suite's (tests/bots/test_hosted.py
            # checks the caps on a server of its own)
            "WARBOARD_BOTS_PER_ADDRESS": "64",
            "WARBOARD_BOTS_MAX": "64",
        },
    ).start()
    yield srv
    srv.stop()


UNPACED = {
    "WARBOARD_HTTP_RATE": "100000",
    "WARBOARD_HTTP_BURST": "100000",
    "WARBOARD_WS_RATE": "100000",
    "WARBOARD_WS_BURST": "100000",
    "WARBOARD_REPLAY_RATE": "100000",
    "WARBOARD_REPLAY_BURST": "100000",
    "WARBOARD_RULES_RATE": "100000",
    "WARBOARD_RULES_BURST": "100000",
}


@pytest.fixture(scope="module")
def fast_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose rate limits do not pace a test client sending at full speed."""
    path = tmp_path_factory.mktemp("fast") / "warboard.sqlite3"
    srv = Server(f"sqlite:///{path}", env=UNPACED).start()
    yield srv
    srv.stop()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
