"""The operator's page: every table with its game, status, seats, idle time and log size, and a
button that closes an open one (``app.session.upkeep``), behind the operator token.

``WARBOARD_OPERATOR_TOKEN`` unset: the page does not exist (404 ``not_found``, as any unknown
address). Set: the browser asks for it (HTTP Basic, any user name, the token as password; or
``Authorization: Bearer TOKEN``); a wrong one answers 401 ``unauthorized`` and counts against the
address's rate limit as a failed token guess. The close button's POST must come from this page
(``Sec-Fetch-Site: same-origin``, or an ``Origin`` of this server), so another site cannot press it for a
browser that knows the token.
"""

from __future__ import annotations

import base64
import os
import secrets
from urllib.parse import urlsplit

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from app.core.errors import Forbidden
from app.session import upkeep
from app.web.deps import SessionDep, charge_failure
from app.web.errors import error_response
from app.web.services import services
from app.web.templating import templates

router = APIRouter(include_in_schema=False)


def operator_token() -> str | None:
    return os.environ.get("WARBOARD_OPERATOR_TOKEN") or None


def presented(request: Request) -> str | None:
    """The token in the request's ``Authorization`` (Bearer, or Basic's password)."""
    kind, _, value = request.headers.get("authorization", "").partition(" ")
    if kind.lower() == "bearer":
        return value.strip()
    if kind.lower() == "basic":
        try:
            return base64.b64decode(value.strip(), validate=True).decode().partition(":")[2]
        except ValueError:
            return None
    return None


def denied(request: Request) -> Response | None:
    """404 when the page is off, 401 (rate-limited like a failed token guess, and asking the
    browser for the token) without the token; None when the token was given."""
    token = operator_token()
    if token is None:
        return error_response(404, "not_found", "No such page or endpoint")
    given = presented(request)
    if given is None or not secrets.compare_digest(given.encode(), token.encode()):
        charge_failure(request)
        return error_response(
            401,
            "unauthorized",
            "The operator token is needed here",
            headers={"WWW-Authenticate": 'Basic realm="Warboard operator", charset="UTF-8"'},
        )
    return None


def same_site(request: Request) -> None:
    """A POST from this server's own page only: ``Sec-Fetch-Site`` same-origin where the browser
    sends it, else an ``Origin`` of this server (the pages' no-referrer policy makes a browser's
    own form send ``Origin: null``, so the first is what a browser is judged by)."""
    site = request.headers.get("sec-fetch-site")
    origin = request.headers.get("origin")
    if site is not None:
        ok = site in ("same-origin", "none")
    else:
        ok = origin is None or urlsplit(origin).netloc == request.url.netloc
    if not ok:
        raise Forbidden("The operator's buttons work only from the operator page", code="forbidden")


@router.get("/operator", response_class=HTMLResponse)
async def operator_page(request: Request) -> Response:
    refused = denied(request)
    if refused is not None:
        return refused
    found = await anyio.to_thread.run_sync(upkeep.report, services(request.app).engine)
    return templates.TemplateResponse(
        request,
        "operator.html",
        {
            "tables": found,
            "idle": upkeep.idle_words,
            "events": sum(r["events"] for r in found),
            "bytes": sum(r["bytes"] for r in found),
            "closed": request.query_params.get("closed"),
        },
    )


@router.post("/operator/tables/{table_id}/close")
async def operator_close(request: Request, table_id: str, session: SessionDep) -> Response:
    refused = denied(request)
    if refused is not None:
        return refused
    same_site(request)
    await upkeep.close(session, table_id)
    return RedirectResponse(f"/operator?closed={table_id}", status_code=303)
