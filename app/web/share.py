"""A finished game to take away: ``GET /api/tables/{id}/share.html``, one self-contained HTML
file (the replay viewer, the spectator's view at every step, the log and the dice proof, all
inline: it opens from disk with no server and no network), and ``GET /api/tables/{id}/log.json``,
the log alone as ``warboard export`` writes it (docs/log-format.md). Both answer 409
``game_in_progress`` while the game is open.

The file's viewer is the page bundle ``static/dist/share-<game>.js`` (scripts/bundle.mjs); a
server whose bundles are missing or older than its sources answers 503 ``unavailable``. A file
is built once per (table, seq) in a worker thread of its own, and the last few are kept.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import Any

import orjson
from fastapi import APIRouter, Response
from markupsafe import Markup

from app.core.errors import Conflict, Unavailable
from app.session import sharing
from app.web.assets import assets
from app.web.deps import ClientLimit, SessionDep
from app.web.schemas import ErrorResponse
from app.web.templating import templates

KEPT = 4  # share files kept built
router = APIRouter(
    prefix="/api", tags=["replay"], responses={c: {"model": ErrorResponse} for c in (404, 409, 429, 503)}
)
_built: OrderedDict[tuple[str, int], bytes] = OrderedDict()
_CLOSE_SCRIPT = re.compile(r"</(script)", re.IGNORECASE)


def inline_script(text: str) -> Markup:
    """JavaScript (or JSON) safe inside ``<script>``: nothing in it ends the element."""
    return Markup(_CLOSE_SCRIPT.sub(r"<\\/\1", text).replace("<!--", "<\\!--"))


def inline_json(value: Any) -> Markup:
    """JSON for a ``<script type="application/json">``: every ``<`` escaped."""
    return Markup(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode().replace("<", "\\u003c"))


def _attachment(body: bytes, media_type: str, name: str) -> Response:
    return Response(body, media_type=media_type, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get(
    "/tables/{table_id}/share.html",
    response_class=Response,
    responses={200: {"content": {"text/html": {}}, "description": "The shared game as one HTML file"}},
    dependencies=[ClientLimit],
    operation_id="read_share_file",
)
async def read_share_file(table_id: str, session: SessionDep) -> Response:
    """One HTML file of the ended game: steps through it, checks the dice proof, saves pictures
    of the board, and holds the log (``warboard import`` reads the file as it is). 404
    ``unknown_table``; 409 ``game_in_progress`` while the game is open, ``share_too_large`` for
    a game too long for one file; 503 ``unavailable`` when the viewer is not built."""
    summary = await session.summary(table_id)
    if summary["status"] == "open":
        raise Conflict("A game is shared once it has ended (or its host closed it)", code="game_in_progress")
    key = (table_id, int(summary["seq"]))
    body = _built.get(key)
    if body is None:
        body = await _build(session, table_id)
        _built[key] = body
        while len(_built) > KEPT:
            _built.popitem(last=False)
    _built.move_to_end(key)
    return _attachment(body, "text/html; charset=utf-8", f"warboard-{table_id}.html")


@router.get(
    "/tables/{table_id}/log.json",
    response_class=Response,
    responses={200: {"content": {"application/json": {}}, "description": "The log, as warboard export writes it"}},
    dependencies=[ClientLimit],
    operation_id="read_log_file",
)
async def read_log_file(table_id: str, session: SessionDep) -> Response:
    """The ended game's log in the format ``warboard export`` writes and ``warboard import``
    reads (``warboard-table/1``, docs/log-format.md). 404 ``unknown_table``; 409
    ``game_in_progress`` while the game is open."""
    text = await sharing.log_text(session, table_id)
    return _attachment(text.encode(), "application/json", f"warboard-{table_id}.json")


async def _build(session: SessionDep, table_id: str) -> bytes:
    data = await sharing.share_data(session, table_id)
    system = data["table"]["system"]
    script = assets.text(f"dist/share-{system}.js", current_bundle=True) or assets.text(
        "dist/share.js", current_bundle=True
    )
    if script is None:
        raise Unavailable("The shared game's viewer is not built on this server (node scripts/bundle.mjs)")
    css = [assets.text("css/warboard.css") or "", assets.text(f"css/systems/{system}.css") or ""]
    log = data.pop("log")
    page = templates.get_template("share.html").render(
        table=data["table"],
        system=system,
        css=Markup("\n".join(css).replace("</", "<\\/")),
        script=inline_script(script),
        data=inline_json(data),
        log=inline_json(log),
    )
    return page.encode()
