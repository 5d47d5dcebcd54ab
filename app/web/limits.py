"""Reject HTTP bodies over the size limit with 413 before they reach a handler (pure ASGI)."""

from __future__ import annotations

from typing import Any

import orjson

from app.process import prom

Scope = dict[str, Any]


class BodyLimit:
    def __init__(self, app: Any, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > self.max_body:
                await self._reject(send)
                return
        # Read the whole body first (it is small by definition): a body that streams past the
        # limit is refused before any handler sees a byte of it.
        chunks: list[dict[str, Any]] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                chunks.append(message)
                break
            seen += len(message.get("body", b""))
            if seen > self.max_body:
                await self._reject(send)
                return
            chunks.append(message)
            if not message.get("more_body", False):
                break

        async def replay() -> dict[str, Any]:
            return chunks.pop(0) if chunks else await receive()

        await self.app(scope, replay, send)

    async def _reject(self, send: Any) -> None:
        prom.refused("too_large", "http")
        body = orjson.dumps(
            {"error": {"code": "too_large", "message": f"The request body is over {self.max_body} bytes"}}
        )
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
            }
        )
        await send({"type": "http.response.body", "body": body})
