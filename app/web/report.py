"""The after-game report: ``GET /api/tables/{id}/report`` (JSON) and the page
``/tables/{id}/report`` (server-side SVG charts, each with a data table). Both answer only once
the game has ended or the table was closed: 409 ``game_in_progress`` before (the page says so),
404 ``unknown_table`` for a table that does not exist."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app import systems
from app.core.errors import Conflict, NotFound
from app.web.charts import Line, legend, line_chart
from app.web.deps import ClientLimit, SessionDep
from app.web.schemas import ErrorResponse
from app.web.templating import templates

router = APIRouter(prefix="/api", tags=["tables"], responses={c: {"model": ErrorResponse} for c in (404, 409, 429)})
pages = APIRouter(include_in_schema=False)


@router.get("/tables/{table_id}/report", dependencies=[ClientLimit], tags=["replay"], operation_id="read_report")
async def read_report(table_id: str, session: SessionDep) -> dict[str, Any]:
    """The finished game's report: every random event in its exact distribution (``luck``),
    each seat's losses over the game (``losses``) and the turning points, each with a replay
    link. 409 ``game_in_progress`` while the game is open; 404 ``unknown_table``."""
    return await session.report(table_id)


def _charts(report: dict[str, Any]) -> dict[str, Any]:
    seats = report["seats"]
    labels = [s["name"] for s in seats]
    last = int(report["last_seq"])
    luck_lines = [Line(s["name"], [(a, b) for a, b in report["luck"]["series"][s["seat"]]]) for s in seats]
    loss_lines = [Line(s["name"], [(a, b) for a, b in report["losses"]["series"][s["seat"]]]) for s in seats]
    totals = ", ".join(f"{s['name']} {report['luck']['totals'][s['seat']]:+.2f}" for s in seats)
    lost = ", ".join(f"{s['name']} {report['losses']['series'][s['seat']][-1][1]:g}" for s in seats)
    unit = report["losses"]["unit"]
    return {
        "score": _score_chart(report),
        "legend": legend(labels),
        "luck": line_chart(
            "luck-chart",
            "Luck over the game, per seat",
            f"Each seat's running luck, 0 being an average run of the dice. At the end: {totals}.",
            luck_lines,
            last,
            zero=True,
        ),
        "losses": line_chart(
            "loss-chart",
            f"Losses over the game: {unit}",
            f"Each seat's {unit} so far. At the end: {lost}.",
            loss_lines,
            last,
        )
        if unit
        else None,
    }


def _score_chart(report: dict[str, Any]) -> Any:
    """The score over time (GKR: tags placed on buildings), with each seat's buildings demolished
    said at the end."""
    score = report.get("score")
    if not score:
        return None
    seats = report["seats"]
    lines = [Line(s["name"], [(a, b) for a, b in score["series"][s["seat"]]]) for s in seats]
    ends = ", ".join(
        f"{s['name']} {score['series'][s['seat']][-1][1]:g} ({score['major'][s['seat']][-1][1]:g} {score['major_unit']})"
        for s in seats
    )
    unit = score["unit"]
    return line_chart(
        "score-chart",
        f"Score over the game: {unit}",
        f"Each seat's {unit} so far. At the end: {ends}.",
        lines,
        int(report["last_seq"]),
    )


@pages.get("/tables/{table_id}/report", response_class=HTMLResponse)
async def report_page(request: Request, table_id: str, session: SessionDep) -> HTMLResponse:
    try:
        report = await session.report(table_id)
    except NotFound:
        return templates.TemplateResponse(request, "404.html", {"table_id": table_id}, status_code=404)
    except Conflict:
        table = await session.summary(table_id)
        return templates.TemplateResponse(
            request, "report.html", {"table": table, "report": None, "system_name": _name(table)}, status_code=409
        )
    table = await session.summary(table_id)
    context = {"table": table, "report": report, "charts": _charts(report), "system_name": _name(table)}
    return templates.TemplateResponse(request, "report.html", context)


def _name(table: dict[str, Any]) -> str:
    system = systems.get(table["system"])
    return system.name if system else str(table["system"])
