"""Pure ASGI guard in front of every HTTP route: security headers on every response, and no
control characters or lone surrogates in what enters (path, query, JSON or form body): 422
``malformed``.

The headers: a strict Content-Security-Policy (the pages' own scripts and styles only, no
inline script but the pages' import map, allowed by its hash: ``app.web.assets``), ``X-Content-Type-Options: nosniff``, a framing policy (``frame-ancestors``,
``'none'`` unless ``WARBOARD_FRAME_ANCESTORS`` asks for embedding) and
``Referrer-Policy: no-referrer`` (a token in a page address never leaks through a referrer).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, unquote

import orjson

from app.core.text import REFUSED, find_control, find_control_in_json, has_control
from app.process import logs, prom
from app.process.outage import outages
from app.transport.frames import SEND_KEY
from app.web.replay import take_replay
from app.web.services import services

Scope = dict[str, Any]
DOC_PATHS = ("/docs", "/redoc")
REPLAY = re.compile(
    r"^/api/tables/[^/]+/(replay|turns|share\.html|log\.json)$"
)  # its own rate bucket, checked before routing


def csp(frame_ancestors: str, script_hash: str = "") -> str:
    scripts = f"'self' {script_hash}".strip()
    return (
        f"default-src 'self'; script-src {scripts}; style-src 'self'; img-src 'self' data: blob:; "
        "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        f"form-action 'self'; frame-ancestors {frame_ancestors}"
    )


PAGE_CACHE = (b"cache-control", b"no-cache")
#: the API browsers (/docs, /redoc): their files are this server's own (app/web/apidocs.py); FastAPI's
#: pages start them with an inline script, and ReDoc styles with inline styles and runs a blob worker
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


#: a table's address (API, websocket, page): its log lines name the table
TABLE_PATH = re.compile(r"^/(?:api/|ws/)?tables/([A-Za-z0-9_-]{1,32})(?:/|$)")


class Guard:
    def __init__(
        self,
        app: Any,
        frame_ancestors: str = "'none'",
        max_body: int = 64 * 1024,
        script_hash: Callable[[], str] = str,
    ) -> None:
        self.app = app
        self.max_body = max_body  # a longer body is not scanned: BodyLimit refuses it (413)
        self.frame_ancestors = frame_ancestors
        self.script_hash = script_hash  # the import map's, which changes with the static files
        self._for_hash = ""
        self.headers = self._headers("")
        self.doc_headers = [
            (b"content-security-policy", DOCS_CSP.encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
            (b"x-frame-options", b"DENY"),
        ]

    def _headers(self, script_hash: str) -> list[tuple[bytes, bytes]]:
        headers = [
            (b"content-security-policy", csp(self.frame_ancestors, script_hash).encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
        ]
        if self.frame_ancestors.strip() == "'none'":
            headers.append((b"x-frame-options", b"DENY"))
        return headers

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        table = TABLE_PATH.match(scope.get("path", "")) if scope["type"] != "lifespan" else None
        if table is None:
            await self._serve(scope, receive, send)
            return
        named = logs.current_table.set(table.group(1))  # log lines while serving it name the table
        try:
            await self._serve(scope, receive, send)
        finally:
            logs.current_table.reset(named)

    async def _serve(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            where = _bad_address(scope)
            if where is not None:  # refused before the handshake: the client sees 403
                await send({"type": "websocket.close", "code": 1008, "reason": "malformed address"})
                return
            scope[SEND_KEY] = send  # the server's own send, for broadcasts' ready-made frames
            try:
                await self.app(scope, receive, send)
            finally:
                # uvicorn's protocol holds the scope and ``send`` is its bound method: left in,
                # the two would hold each other, and the closed connection (its transport, queues,
                # buffers) would wait for a complete garbage collection (app.process.collector)
                del scope[SEND_KEY]
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        script_hash = self.script_hash()
        if script_hash != self._for_hash:
            self.headers, self._for_hash = self._headers(script_hash), script_hash
        extra = self.doc_headers if scope.get("path", "").startswith(DOC_PATHS) else self.headers

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                prom.http_responses.labels(str(message["status"])).inc()
                if outages.down and message["status"] < 500 and scope.get("path", "").startswith("/api/tables/"):
                    outages.ok()  # a table's route reached the database again: one log line
                names = {name.lower() for name, _ in message.get("headers", ())}
                added = [h for h in extra if h[0] not in names]
                if b"cache-control" not in names and _is_page(message):
                    added.append(PAGE_CACHE)  # a page names the current hashed files: never kept stale
                message = {**message, "headers": [*message.get("headers", ()), *added]}
            await send(message)

        where = _bad_address(scope)
        if where is None and scope.get("method") == "GET" and REPLAY.match(scope.get("path", "")):
            address = scope["client"][0] if scope.get("client") else "?"
            if not take_replay(services(scope["app"]).buckets, address):
                await _answer(
                    send_with_headers,
                    429,
                    "rate_limited",
                    "Too many replay requests; slow down",
                    [(b"retry-after", b"1")],
                )
                return
        if where is None and scope.get("method") in ("POST", "PUT", "PATCH"):
            chunks: list[dict[str, Any]] = []
            body = b""
            while True:
                message = await receive()
                chunks.append(message)
                if message["type"] != "http.request":
                    break
                body += message.get("body", b"")
                if not message.get("more_body", False) or len(body) > self.max_body:
                    break
            where = _bad_body(scope, body) if len(body) <= self.max_body else None

            upstream = receive  # not ``receive`` inside: rebound below, it would be replay itself

            async def replay() -> dict[str, Any]:
                return chunks.pop(0) if chunks else await upstream()

            receive = replay
        if where is not None:
            await _malformed(send_with_headers, f"{where}: {REFUSED}")
            return
        await self.app(scope, receive, send_with_headers)


def _is_page(message: dict[str, Any]) -> bool:
    return any(
        name.lower() == b"content-type" and value.startswith(b"text/html") for name, value in message.get("headers", ())
    )


def _bad_address(scope: Scope) -> str | None:
    if has_control(scope.get("path", "")):
        return "path"
    query = scope.get("query_string", b"")
    if b"%" in query or any(c < 0x20 or c == 0x7F for c in query):
        try:
            text = unquote(query.decode("latin-1"), errors="strict")
        except UnicodeDecodeError:
            return "query"
        if has_control(text):
            return "query"
    return None


#: what a JSON body must hold for one of its strings to hold a refused control character: an
#: escape (``\u0000``), a raw DEL, or a raw C1 character (UTF-8 ``C2 80`` to ``C2 9F``); raw C0
#: bytes are not JSON at all. A body without any of them is not walked (a 40 KB terrain: 2 ms).
_MAYBE_CONTROL = re.compile(rb"\\u|\x7f|\xc2[\x80-\x9f]")


def _bad_body(scope: Scope, body: bytes) -> str | None:
    if not body:
        return None
    content_type = b""
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            content_type = value.split(b";", 1)[0].strip().lower()
    if content_type == b"application/x-www-form-urlencoded":
        try:
            pairs = parse_qsl(body.decode(), keep_blank_values=True, errors="strict")
        except (UnicodeDecodeError, ValueError):
            return "body"
        return next((k for k, v in pairs if has_control(k) or has_control(v, allow_whitespace=True)), None)
    if content_type.startswith(b"multipart/") or not _MAYBE_CONTROL.search(body):
        return None
    try:
        path = find_control(orjson.loads(body))
    except orjson.JSONDecodeError:  # a lone surrogate escape, or not JSON (the route answers malformed_json)
        path = find_control_in_json(body)
    return None if path is None else ("body." + path if path != "value" else "body")


async def _malformed(send: Any, message: str) -> None:
    await _answer(send, 422, "malformed", message)


async def _answer(
    send: Any, status: int, code: str, message: str, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    body = orjson.dumps({"error": {"code": code, "message": message}})
    prom.refused(code, "http")
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
