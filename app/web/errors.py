"""Translate errors to the one error shape of docs/api/errors.md at the edge. Never a stack trace to a client."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Mount

from app.core.errors import Unavailable, WarboardError
from app.process import prom
from app.process.outage import OUTAGE_ERRORS, RETRY_AFTER, outages

log = logging.getLogger(__name__)
HTTP_CODES = {
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    401: "unauthorized",
    503: "unavailable",
    403: "forbidden",
    429: "rate_limited",
}


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None, **detail: Any
) -> JSONResponse:
    prom.refused(code, "http")
    body: dict[str, Any] = {"code": code, "message": message}
    if detail:
        body["detail"] = detail
    return JSONResponse({"error": body}, status_code=status, headers=headers)


def unavailable_response(exc: Unavailable) -> JSONResponse:
    prom.refused(exc.code, "http")
    retry = exc.detail.get("retry_after", RETRY_AFTER)
    return JSONResponse(exc.to_dict(), status_code=503, headers={"Retry-After": str(retry)})


#: the methods a 405's ``Allow`` may name, in the order it names them
METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def allowed_methods(request: Request) -> list[str]:
    """Every method some route of this path accepts. The router's 405 names only the first
    route whose path matched, and a path served by a GET route and a POST route has two. Each
    method is asked of the routes as the router asks them (a full match: path and method). A
    mount (the static files) answers its own 405 with its own ``Allow``."""
    routes = [route for route in request.app.router.routes if not isinstance(route, Mount)]
    return [
        method
        for method in METHODS
        if any(route.matches({**request.scope, "type": "http", "method": method})[0] == Match.FULL for route in routes)
    ]


def install(app: FastAPI) -> None:
    @app.exception_handler(WarboardError)
    async def _domain(_request: Request, exc: WarboardError) -> JSONResponse:
        if isinstance(exc, Unavailable):
            outages.failed(exc.__cause__ or exc)  # logged once per outage
            return unavailable_response(exc)
        prom.refused(exc.code, "http")
        headers = {"Retry-After": "1"} if exc.status == 429 else None  # buckets refill within a second
        return JSONResponse(exc.to_dict(), status_code=exc.status, headers=headers)

    async def _outage(_request: Request, exc: Exception) -> JSONResponse:
        # The database or the bus is down: one log line per outage (app.process.outage), no traceback.
        return unavailable_response(outages.failed(exc))

    for kind in OUTAGE_ERRORS:
        app.add_exception_handler(kind, _outage)

    @app.exception_handler(RequestValidationError)
    async def _validation(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return error_response(400, "malformed_json", "The request body is not valid JSON")
        first = errors[0] if errors else {"loc": (), "msg": "invalid"}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
        return error_response(422, "malformed", f"{where}: {first.get('msg')}")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(exc.status_code, "http_error")
        message = "No such page or endpoint" if exc.status_code == 404 else str(exc.detail)
        if exc.status_code == 400 and "parsing the body" in message:  # not JSON, not even UTF-8
            code, message = "malformed_json", "The request body is not valid JSON"
        headers = getattr(exc, "headers", None)
        if exc.status_code == 405:
            allowed = allowed_methods(request)
            if allowed:
                headers = {**(headers or {}), "Allow": ", ".join(allowed)}
        return error_response(exc.status_code, code, message, headers=headers)

    @app.exception_handler(Exception)
    async def _crash(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=exc)
        return error_response(500, "internal", "Something went wrong on the server; nothing was changed")
