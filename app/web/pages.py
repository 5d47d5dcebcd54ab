"""The pages a person sees: the lobby (htmx), the create-table form, a table, its replay.

The board itself is the JavaScript client in ``static/js``; these handlers render the HTML
shells and a few htmx fragments. The replay page reads ``GET /api/tables/{id}/replay``
(``app.web.replay``); the options form comes from each system's JSON schema
(``app.web.forms``); the share link and its QR code from ``app.web.lan``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import ValidationError

from app import systems
from app.bots.search import LEVELS
from app.core.errors import NotFound, WarboardError
from app.process.config import ROOT
from app.social.delay import public_lobby
from app.storage import extras
from app.web.clock_form import clock_form, parse_clock
from app.web.computers import seat_computer
from app.web.deps import ClientLimit, RulesLimit, SessionDep, client_address
from app.web.forms import form_sections, parse_options
from app.web.lan import share_url
from app.web.schemas import JoinRequest, TableCreate
from app.web.services import services
from app.web.table_life import SettingsChange, qr_response
from app.web.templating import templates

router = APIRouter(include_in_schema=False)


# --- lobby -------------------------------------------------------------------------------
@router.get("/", response_class=HTMLResponse)
async def lobby_page(request: Request, session: SessionDep) -> HTMLResponse:
    entries = await public_lobby(session)
    system_list = [s.describe() for s in systems.registry.systems.values()]
    first = system_list[0]["id"] if system_list else None
    return templates.TemplateResponse(
        request,
        "lobby.html",
        {
            "tables": entries,
            "systems": system_list,
            "share_url": await share_url(request),
            **form_sections(first or ""),
            "clock": await anyio.to_thread.run_sync(clock_form, first or ""),
            "selected": first,
        },
    )


@router.get("/games", response_class=HTMLResponse)
async def games_page(request: Request) -> HTMLResponse:
    """Your games: the tables where this browser holds a seat (the page asks ``POST /api/my-games``
    with the tokens it keeps; nothing about them is in the page itself)."""
    return templates.TemplateResponse(request, "games.html", {})


@router.get("/lobby/tables", response_class=HTMLResponse)
async def lobby_rows(request: Request, session: SessionDep) -> HTMLResponse:
    return templates.TemplateResponse(request, "_lobby_rows.html", {"tables": await public_lobby(session)})


@router.get("/lobby/options", response_class=HTMLResponse)
async def lobby_options(request: Request, system: str) -> HTMLResponse:
    """The game's options, and its clock's choices swapped in beside them (out of band)."""
    clock = await anyio.to_thread.run_sync(clock_form, system)
    return templates.TemplateResponse(request, "_options_swap.html", {**form_sections(system), "clock": clock})


@router.get("/lobby/qr.svg", dependencies=[RulesLimit])
async def lobby_qr(request: Request) -> Response:
    return await qr_response(request, await share_url(request), public=True)


@router.post("/lobby/create", dependencies=[ClientLimit], response_class=HTMLResponse)
async def create_from_form(request: Request, session: SessionDep) -> Response:
    form = await request.form()
    system_id = str(form.get("system", ""))
    name = str(form.get("name", "")).strip()
    visibility = "private" if form.get("visibility") == "private" else "public"
    try:
        options = parse_options(
            system_id, {k[4:]: [str(v) for v in form.getlist(k)] for k in form if k.startswith("opt.")}
        )
        body = _table_create(system_id, name, options, visibility, str(form.get("seed", "")).strip() or None)
        clock = parse_clock(form)
        settings = _spectator_settings(form)
        player = _player_name(str(form.get("player_name", "")).strip())
        computers = max(_whole(form.get("computers")), 0)
        level = str(form.get("computer_level") or "easy")
        if level not in LEVELS:
            raise ValueError(f"A computer player is easy or strong, not {level[:20]!r}")
        here = _pass_play_names(form, player) if form.get("pass_play") in ("on", "true", "1") else []
        if here:  # every seat this device takes, and the computers, fit the game's seats
            _check_seats(body, len(here), computers)
        if computers:  # refused before the table is made
            services(request.app).computers.check_room(client_address(request), computers)
        created = await session.create_table(body.system, body.name, body.options, body.visibility, body.seed, clock)
    except (ValueError, WarboardError) as exc:
        return templates.TemplateResponse(request, "_form_error.html", {"message": str(exc)})
    if settings:  # the spectator delay and chat, applied at once (as POST .../settings would)
        await session.writer.run(lambda conn: extras.put_settings(conn, created["id"], settings))
    computers = min(computers, len(created["seats"]) - max(len(here), 1))
    try:
        for seat in created["seats"][len(created["seats"]) - computers :]:  # the last seats; the first stays free
            await seat_computer(request, session, created["id"], seat, level)
    except WarboardError as exc:  # another client took the last places meanwhile
        return templates.TemplateResponse(request, "_form_error.html", {"message": str(exc)})
    target = f"/tables/{created['id']}#host={created['host_token']}"
    if here:  # pass and play: the first seats, one per name; the page keeps every token and opens the cover
        joined = [
            (seat, (await session.join(created["id"], seat, name))["token"])
            for seat, name in zip(created["seats"], here, strict=False)
        ]
        target += "&pass=" + ",".join(f"{quote(seat)}:{quote(token)}" for seat, token in joined)
    elif player:  # the creator plays the first seat: the page takes its token from the fragment (no log)
        first = created["seats"][0]
        joined_one = await session.join(created["id"], first, player)
        target += f"&player={joined_one['token']}&as={first}"
    return Response(status_code=204, headers={"HX-Redirect": target})


#: the other players' name fields of the create form's pass and play (2nd, 3rd, 4th player)
OTHER_PLAYERS = ("Second", "Third", "Fourth")


def _pass_play_names(form: Any, player: str) -> list[str]:
    """Pass and play: the creator's name, then the other players' names on this device (the
    empty fields left out), each under the join request's own rules; at least two names."""
    if not player:
        raise ValueError("Pass and play: type your name first (you take the first seat)")
    raw = [str(v).strip() for v in form.getlist("other_player")][: len(OTHER_PLAYERS)]
    names = [player]
    for n, text in enumerate(raw):
        if text:
            names.append(_player_name(text, f"{OTHER_PLAYERS[n]} player's name"))
    if len(names) < 2:
        raise ValueError("Pass and play: type the name of at least one other player on this device")
    return names


def _check_seats(body: TableCreate, players: int, computers: int) -> None:
    """The players on this device and the computer players fit the table's seats."""
    system = systems.get(body.system)
    if system is None:
        return  # the table's creation says so
    seats = len(system.seats(system.validate_options(body.options)))
    if players + computers > seats:
        raise ValueError(
            f"Pass and play: this game has {seats} seats; {players} players on this device"
            f" and {computers} computer player{'s' if computers != 1 else ''} do not fit"
        )


#: the name a learner plays under when the Learn to play form leaves it empty
LEARNER = "You"


@router.post("/lobby/learn", dependencies=[ClientLimit], response_class=HTMLResponse)
async def learn_from_form(request: Request, session: SessionDep) -> Response:
    """Learn to play: a private guided table of ``system`` (its ``learn_options``), the learner in
    the first seat and the computer (easy) in the others; every step shows a hint."""
    form = await request.form()
    system = systems.get(str(form.get("system", "")))
    try:
        if system is None or system.learn_options is None:
            raise ValueError("Choose one of the games with a guided first game")
        player = _player_name(str(form.get("player_name", "")).strip()) or LEARNER
        seats = system.seats(system.validate_options(system.learn_options))
        services(request.app).computers.check_room(client_address(request), len(seats) - 1)
        created = await session.create_table(
            system.id, f"Learn to play: {system.name}"[:120], dict(system.learn_options), "private", None
        )
    except (ValueError, WarboardError) as exc:
        return templates.TemplateResponse(request, "_form_error.html", {"message": str(exc)})
    await session.writer.run(lambda conn: extras.put_settings(conn, created["id"], {"guided": True}))
    first, others = created["seats"][0], created["seats"][1:]
    joined = await session.join(created["id"], first, player)
    try:
        for seat in others:
            await seat_computer(request, session, created["id"], seat, "easy")
    except WarboardError as exc:
        return templates.TemplateResponse(request, "_form_error.html", {"message": str(exc)})
    target = f"/tables/{created['id']}#host={created['host_token']}&player={joined['token']}&as={first}"
    return Response(status_code=204, headers={"HX-Redirect": target})


FORM_LABELS = {"system": "Game", "name": "Table name", "seed": "Dice seed", "options": "Options"}


def _table_create(system_id: str, name: str, options: dict[str, Any], visibility: str, seed: str | None) -> TableCreate:
    """The form's table under the JSON API's own model (``POST /api/tables``): the same text
    rules and lengths, one rule for both."""
    try:
        fields = {"system": system_id, "name": name, "options": options, "visibility": visibility, "seed": seed}
        return TableCreate.model_validate(fields)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = str(err["loc"][0]) if err["loc"] else "options"
        raise ValueError(f"{FORM_LABELS.get(field, field)}: {err['msg'].removeprefix('Value error, ')}") from None


def _player_name(name: str, label: str = "Your name") -> str:
    """The creator's name for the first seat, under the join request's own rules ("" to watch)."""
    if not name:
        return ""
    try:
        return JoinRequest.model_validate({"seat": "x", "name": name}).name
    except ValidationError as exc:
        raise ValueError(f"{label}: {exc.errors()[0]['msg'].removeprefix('Value error, ')}") from None


def _whole(value: Any) -> int:
    try:
        return int(str(value or "0").strip() or 0)
    except ValueError:
        return 0


def _spectator_settings(form: Any) -> dict[str, Any]:
    """The create form's spectator settings (README changelog, Table settings), checked first."""
    values: dict[str, Any] = {}
    for key, label in (
        ("delay_actions", "Spectator delay in actions"),
        ("delay_seconds", "Spectator delay in seconds"),
    ):
        text = str(form.get(key, "") or "").strip()
        if text:
            try:
                values[key] = int(text)
            except ValueError:
                raise ValueError(f"{label}: {text!r} is not a whole number") from None
    if form.get("spectator_chat") in ("on", "true", "1"):
        values["spectator_chat"] = True
    try:
        checked = SettingsChange(**values).model_dump(exclude_none=True)
    except ValidationError as exc:
        raise ValueError("Spectator delay: " + "; ".join(e["msg"] for e in exc.errors())) from None
    return {k: v for k, v in checked.items() if v}


# --- table and replay --------------------------------------------------------------------
@router.get("/tables/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str, session: SessionDep) -> HTMLResponse:
    return await _table_shell(request, table_id, session, "table.html")


@router.get("/tables/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, table_id: str, session: SessionDep) -> HTMLResponse:
    return await _table_shell(request, table_id, session, "replay.html")


async def _table_shell(request: Request, table_id: str, session: SessionDep, template: str) -> HTMLResponse:
    try:
        table = await session.summary(table_id)
    except NotFound:
        return templates.TemplateResponse(request, "404.html", {"table_id": table_id}, status_code=404)
    panel = (ROOT / "static" / "js" / "systems" / f"{table['system']}.js").is_file()
    css = (ROOT / "static" / "css" / "systems" / f"{table['system']}.css").is_file()
    system = systems.get(table["system"])
    config = {
        "table": table,
        "panel": f"/static/js/systems/{table['system']}.js" if panel else None,
        "css": f"/static/css/systems/{table['system']}.css" if css else None,
        "system_name": system.name if system else table["system"],
        "handbook": bool(system and system.handbook()),  # the toolbar's Rules button
        "guide": bool(system and system.learn_options is not None),  # the host's Hints switch
    }
    link = (await share_url(request)).rstrip("/") + f"/tables/{table_id}"
    return templates.TemplateResponse(
        request, template, {"table": table, "config": config, "link": link, "system_name": config["system_name"]}
    )
