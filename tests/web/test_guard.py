"""The guard reads a POST's body to check it, then hands the app the same messages
(``app.web.guard``)."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from app.web.guard import Guard


@pytest.mark.anyio
async def test_after_the_body_the_app_gets_the_server_s_next_message() -> None:
    """An app that reads the body and then waits for the client to go (as a streaming answer
    does) gets the server's ``http.disconnect``. The guard's replay once called itself there
    (``receive`` rebound to the replay inside it): endless recursion, and each POST left the
    replay in a reference cycle with its own closure."""
    upstream = [
        {"type": "http.request", "body": b'{"a":', "more_body": True},
        {"type": "http.request", "body": b"1}", "more_body": False},
        {"type": "http.disconnect"},
    ]
    got: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return upstream.pop(0)

    async def app(scope: object, receive: Any, send: object) -> None:
        got.extend([await receive() for _ in range(3)])

    guard = Guard(app, frame_ancestors="'none'", max_body=1024, script_hash=lambda: "")
    scope = {"type": "http", "method": "POST", "path": "/api/tables", "query_string": b"", "headers": []}
    gc.collect()
    gc.disable()
    try:
        await guard(scope, receive, None)
        found = gc.collect()
    finally:
        gc.enable()
    assert [m["type"] for m in got] == ["http.request", "http.request", "http.disconnect"]
    assert b"".join(m.get("body", b"") for m in got) == b'{"a":1}'
    assert found == 0, "the POST left nothing in reference cycles"
