"""Translate errors to the API.md shape at the edge. Never a stack trace to a client."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.core.errors import Unavailable, WarboardError
from app.outage import OUTAGE_ERRORS, RETRY_AFTER, outages

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
    body: dict[str, Any] = {"code": code, "message": message}
    if detail:
        body["detail"] = detail
    return JSONResponse({"error": body}, status_code=status, headers=headers)


def unavailable_response(exc: Unavailable) -> JSONResponse:
    retry = exc.detail.get("retry_after", RETRY_AFTER)
    return JSONResponse(exc.to_dict(), status_code=503, headers={"Retry-After": str(retry)})


def install(app: FastAPI) -> None:
    @app.exception_handler(WarboardError)
    async def _domain(_request: Request, exc: WarboardError) -> JSONResponse:
        if isinstance(exc, Unavailable):
            outages.failed(exc.__cause__ or exc)  # logged once per outage
            return unavailable_response(exc)
        headers = {"Retry-After": "1"} if exc.status == 429 else None  # buckets refill within a second
        return JSONResponse(exc.to_dict(), status_code=exc.status, headers=headers)

    async def _outage(_request: Request, exc: Exception) -> JSONResponse:
        # The database or the bus is down: one log line per outage (app.outage), no traceback.
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
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(exc.status_code, "http_error")
        message = "No such page or endpoint" if exc.status_code == 404 else str(exc.detail)
        if exc.status_code == 400 and "parsing the body" in message:  # not JSON, not even UTF-8
            code, message = "malformed_json", "The request body is not valid JSON"
        return error_response(exc.status_code, code, message, headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def _crash(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=exc)
        return error_response(500, "internal", "Something went wrong on the server; nothing was changed")
