"""A ``Session`` on the test's database (``database_url``: SQLite, and PostgreSQL when
configured) with an in-memory bus, as a fixture a test module declares in one line::

    session = session_fixture(snapshot_every=4)
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from sqlalchemy import Engine

from app.session import Session
from app.storage.db import make_engine
from app.transport.bus import MemoryBus


def session_fixture(name: str = "session", engine_of: Callable[[str], Engine] = make_engine, **options: Any) -> Any:
    """A fixture ``name``: a Session on an engine ``engine_of(database_url)`` made for the test
    (disposed after it), ``options`` passed on to Session (``snapshot_every``)."""

    @pytest.fixture(name=name)
    async def fixture(database_url: str) -> AsyncIterator[Session]:
        engine = engine_of(database_url)
        yield Session(engine, MemoryBus(), **options)
        engine.dispose()

    return fixture
