"""The pages a person sees: the lobby (htmx), the create-table form, a table, its replay.

The board itself is the JavaScript client in ``static/js``; these handlers render the HTML
shells and a few htmx fragments, plus ``GET /api/tables/{id}/replay?seq=N`` (the spectator's
view of a table as it was at ``seq``, rebuilt by replaying the log).
"""

from __future__ import annotations

import io
import json
import socket
import time
from typing import Annotated, Any
from urllib.parse import urlsplit

import anyio
from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field

from app import systems
from app.config import ROOT
from app.core.errors import NotFound, WarboardError
from app.spectator_delay import spectators_see
from app.web.deps import ClientLimit, SessionDep

templates = Jinja2Templates(directory=str(ROOT / "templates"))
router = APIRouter()
api_router = APIRouter(prefix="/api", tags=["replay"])
PAGE = {"response_class": HTMLResponse, "include_in_schema": False}
LOOPBACK = ("127.", "localhost", "::1", "[::1]")
_reachable: dict[tuple[str, int], tuple[float, bool]] = {}


# --- lobby -------------------------------------------------------------------------------
@router.get("/", **PAGE)
async def lobby_page(request: Request, session: SessionDep) -> HTMLResponse:
    entries = await session.lobby()
    system_list = [s.describe() for s in systems.registry.systems.values()]
    first = system_list[0]["id"] if system_list else None
    return templates.TemplateResponse(request, "lobby.html", {
        "tables": entries, "systems": system_list, "share_url": await share_url(request),
        "fields": option_fields(first) if first else [], "selected": first})


@router.get("/lobby/tables", **PAGE)
async def lobby_rows(request: Request, session: SessionDep) -> HTMLResponse:
    return templates.TemplateResponse(request, "_lobby_rows.html", {"tables": await session.lobby()})


@router.get("/lobby/options", **PAGE)
async def lobby_options(request: Request, system: str) -> HTMLResponse:
    return templates.TemplateResponse(request, "_options.html", {"fields": option_fields(system)})


@router.get("/lobby/qr.svg", include_in_schema=False)
async def lobby_qr(request: Request) -> Response:
    import qrcode
    import qrcode.image.svg

    image = qrcode.make(await share_url(request), image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=2)
    out = io.BytesIO()
    image.save(out)
    return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


@router.post("/lobby/create", dependencies=[ClientLimit], **PAGE)
async def create_from_form(request: Request, session: SessionDep) -> Response:
    form = await request.form()
    system_id = str(form.get("system", ""))
    name = str(form.get("name", "")).strip()
    visibility = "private" if form.get("visibility") == "private" else "public"
    try:
        if not name or len(name) > 120:
            raise ValueError("A table needs a name of 1 to 120 characters")
        options = parse_options(system_id, {k[4:]: str(v) for k, v in form.items() if k.startswith("opt.")})
        seed = str(form.get("seed", "")).strip()[:200] or None
        created = await session.create_table(system_id, name, options, visibility, seed)
    except (ValueError, WarboardError) as exc:
        return templates.TemplateResponse(request, "_form_error.html", {"message": str(exc)})
    target = f"/tables/{created['id']}#host={created['host_token']}"
    return Response(status_code=204, headers={"HX-Redirect": target})


# --- table and replay --------------------------------------------------------------------
@router.get("/tables/{table_id}", **PAGE)
async def table_page(request: Request, table_id: str, session: SessionDep) -> HTMLResponse:
    return await _table_shell(request, table_id, session, "table.html")


@router.get("/tables/{table_id}/replay", **PAGE)
async def replay_page(request: Request, table_id: str, session: SessionDep) -> HTMLResponse:
    return await _table_shell(request, table_id, session, "replay.html")


class ReplayView(BaseModel):
    seq: int = Field(description="The seq shown: the one asked for, at most the latest")
    state_seq: int = Field(description="The seq of the last whole action at or before seq")
    last: int = Field(description="The table's latest seq")
    view: dict[str, Any] = Field(description="The spectator's view at that point")
    events: list[dict[str, Any]] = Field(description="The spectator's copy of the last (at most 200) events up to seq")


@api_router.get("/tables/{table_id}/replay", response_model=ReplayView, dependencies=[ClientLimit])
async def read_replay(table_id: str, session: SessionDep,
                      seq: Annotated[int | None, Query(ge=0)] = None) -> dict[str, Any]:
    """The spectator's view of the table after the events up to ``seq`` (default: now), the
    latest seq, and the spectator's copy of the events up to ``seq`` (at most the last 200)."""
    current = await spectators_see(session, table_id, await session.current(table_id))  # the delay holds here too
    target = current.seq if seq is None else min(seq, current.seq)
    env = current if target == current.seq else await session.envelope_at(table_id, target)
    projection = await session.projection(table_id)
    events = await session.events_after(table_id, max(-1, target - 200), target)
    return {"seq": target, "state_seq": env.seq, "last": current.seq,
            "view": projection.view(env, None), "events": projection.events(events, None)}


router.include_router(api_router)


async def _table_shell(request: Request, table_id: str, session: SessionDep, template: str) -> HTMLResponse:
    try:
        table = await session.summary(table_id)
    except NotFound:
        return templates.TemplateResponse(request, "404.html", {"table_id": table_id}, status_code=404)
    panel = (ROOT / "static" / "js" / "systems" / f"{table['system']}.js").is_file()
    css = (ROOT / "static" / "css" / "systems" / f"{table['system']}.css").is_file()
    system = systems.get(table["system"])
    config = {"table": table, "panel": f"/static/js/systems/{table['system']}.js" if panel else None,
              "css": f"/static/css/systems/{table['system']}.css" if css else None,
              "system_name": system.name if system else table["system"]}
    link = (await share_url(request)).rstrip("/") + f"/tables/{table_id}"
    return templates.TemplateResponse(request, template, {
        "table": table, "config": config, "link": link, "system_name": config["system_name"]})


# --- options form from a system's JSON schema -------------------------------------------
def option_fields(system_id: str) -> list[dict[str, Any]]:
    """Form fields for a system's options: name, label, input kind, default, choices, bounds."""
    system = systems.get(system_id)
    if system is None:
        return []
    schema = system.describe()["options"]
    defs = schema.get("$defs", {})
    fields = []
    for name, prop in schema.get("properties", {}).items():
        prop = _resolve(prop, defs)
        field: dict[str, Any] = {"name": name, "label": prop.get("title", name),
                                 "description": prop.get("description", ""), "default": prop.get("default")}
        kind = prop.get("type")
        if "enum" in prop:
            field.update(input="select", choices=[str(c) for c in prop["enum"]])
        elif "const" in prop:
            field.update(input="select", choices=[str(prop["const"])])
        elif kind == "boolean":
            field.update(input="checkbox")
        elif kind in ("integer", "number"):
            field.update(input="number", step="1" if kind == "integer" else "any",
                         min=prop.get("minimum", prop.get("exclusiveMinimum")),
                         max=prop.get("maximum", prop.get("exclusiveMaximum")))
        elif kind == "string":
            field.update(input="text", maxlength=prop.get("maxLength"))
        else:
            field.update(input="json", default=json.dumps(field["default"]) if field["default"] is not None else "")
        fields.append(field)
    return fields


def parse_options(system_id: str, raw: dict[str, str]) -> dict[str, Any]:
    """Turn the form's strings back into typed option values (the system validates them)."""
    system = systems.get(system_id)
    if system is None:
        raise NotFound(f"There is no game system {system_id!r}", code="unknown_system")
    schema = system.describe()["options"]
    defs = schema.get("$defs", {})
    out: dict[str, Any] = {}
    for name, prop in schema.get("properties", {}).items():
        prop = _resolve(prop, defs)
        kind = prop.get("type")
        if kind == "boolean":
            out[name] = raw.get(name) in ("on", "true", "1")
            continue
        if name not in raw or raw[name] == "":
            continue
        value = raw[name]
        try:
            if "enum" in prop:
                out[name] = next((c for c in prop["enum"] if str(c) == value), value)
            elif kind == "integer":
                out[name] = int(value)
            elif kind == "number":
                out[name] = float(value)
            elif kind == "string" or "const" in prop:
                out[name] = value
            else:
                out[name] = json.loads(value)
        except ValueError:
            raise ValueError(f"Option {prop.get('title', name)!r}: {value!r} is not a valid value") from None
    return out


def _resolve(prop: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """Follow a local ``$ref`` and unwrap ``Optional`` (anyOf with null)."""
    if "$ref" in prop:
        prop = {**defs.get(prop["$ref"].rsplit("/", 1)[-1], {}), **{k: v for k, v in prop.items() if k != "$ref"}}
    if "anyOf" in prop:
        options = [_resolve(p, defs) for p in prop["anyOf"] if p.get("type") != "null"]
        if len(options) == 1:
            prop = {**options[0], **{k: v for k, v in prop.items() if k != "anyOf"}}
    if "allOf" in prop and len(prop["allOf"]) == 1:
        prop = {**_resolve(prop["allOf"][0], defs), **{k: v for k, v in prop.items() if k != "allOf"}}
    return prop


# --- share link --------------------------------------------------------------------------
async def share_url(request: Request) -> str:
    """The lobby's address for other devices: the LAN address when this page was opened on
    loopback and the server answers on that LAN address (``warboard serve --lan``)."""
    base = urlsplit(str(request.base_url))
    host, port = base.hostname or "127.0.0.1", base.port or (443 if base.scheme == "https" else 80)
    if host.startswith(LOOPBACK):
        from app.cli import lan_addresses

        for address in await anyio.to_thread.run_sync(lan_addresses):
            if await anyio.to_thread.run_sync(_answers, address, port):
                return f"{base.scheme}://{address}:{port}/"
    return str(request.base_url)


def _answers(address: str, port: int) -> bool:
    now = time.monotonic()
    hit = _reachable.get((address, port))
    if hit is not None and hit[0] > now:
        return hit[1]
    try:
        with socket.create_connection((address, port), timeout=0.2):
            ok = True
    except OSError:
        ok = False
    _reachable[(address, port)] = (now + 30, ok)
    return ok
