"""Every route is built at start-up, not on its first request (``app.server.factory.warm_routes``).

FastAPI works out an included router's routes (dependencies, parameters, models) when the first
request reaches that router, on the event loop; the server does it while it starts instead.
Counted here by wrapping FastAPI's own builder."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import routing
from fastapi.testclient import TestClient

from app.process.config import Settings
from app.server.factory import create_app
from tests.kit.table import new_table

PATHS = ["/api/systems", "/healthz", "/", "/metrics.json"]


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    built: list[str] = []
    original: Callable[..., Any] = routing._populate_api_route_state

    def counted(route: Any, path: str, *args: Any, **kwargs: Any) -> None:
        built.append(path)
        original(route, path, *args, **kwargs)

    monkeypatch.setattr(routing, "_populate_api_route_state", counted)
    yield built


def test_no_route_is_built_on_a_request_once_the_server_has_started(database_url: str, builds: list[str]) -> None:
    with TestClient(create_app(Settings(database_url=database_url))) as client:
        assert builds, "start-up built the included routers' routes"
        builds.clear()
        for path in PATHS:
            assert client.get(path).status_code == 200, path
        table = new_table(client)
        assert client.get(f"/api/tables/{table['id']}").status_code == 200
    assert builds == [], f"built on a request: {builds[:5]}"


def test_without_warming_the_first_request_builds_them(database_url: str, builds: list[str]) -> None:
    """The check above can fail: a server that was never started builds on the first request."""
    client = TestClient(create_app(Settings(database_url=database_url)))  # no lifespan: not started
    client.get("/api/systems")  # an included router's route (its answer does not matter here)
    assert builds, "FastAPI builds an included router's routes on the first request that reaches it"
