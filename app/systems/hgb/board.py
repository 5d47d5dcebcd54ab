"""The table and the terrain on it: one set of checks wherever terrain enters the game.

Rulebook, "Setup": a 4 x 4 foot playing surface (48 x 48 inches) with terrain on it. Terrain
comes from the table options (``terrain``), from ``place_terrain`` during the terrain phase, and
from the /path helper; all of it passes ``piece_problem`` (each piece) and ``terrain_problem``
(the whole table), so a self-crossing "bow-tie" polygon is refused with the reason instead of
being cut to one of its halves.
"""

from __future__ import annotations

from typing import Any

from app.geometry.terrain import polygon, polygon_problem
from app.systems.hgb.words import place

TABLE = 48.0  # inches (4 feet)
MAX_PIECES = 200
#: Warboard: the corners of all of a table's terrain outlines together. Every check of cover and
#: movement works through them (the ready-made maps have 28), so this bounds the work a table's
#: terrain can ask of the server; each piece has at most 64 corners besides.
MAX_CORNERS = 2000


def terrain_name(piece: dict[str, Any]) -> str:
    """A terrain piece as the table shows it: its label, else its type, with its level and
    where it lies (to the inch) - never its internal id."""
    kind = str(piece.get("type") or "terrain")
    name = f"{piece['label']} ({kind})" if piece.get("label") else f"The {kind}"
    if piece.get("level"):
        name += f", level {piece['level']},"
    points = piece.get("polygon") or []
    try:
        x = sum(float(p[0]) for p in points) / len(points)
        y = sum(float(p[1]) for p in points) / len(points)
    except (TypeError, ValueError, IndexError, ZeroDivisionError):
        return name
    return f"{name} near {place(round(x), round(y))}"


def piece_problem(piece: dict[str, Any], table: float = TABLE) -> tuple[str, str] | None:
    """(code, message) saying why a terrain piece cannot stand on the table, or None."""
    name = terrain_name(piece)
    why = polygon_problem(piece["polygon"])
    if why is not None:
        return "bad_terrain", (
            f"{name} is not a simple polygon ({why}): its outline must not cross or touch "
            f"itself and must enclose an area"
        )
    minx, miny, maxx, maxy = polygon(piece["polygon"]).bounds
    if minx < 0 or miny < 0 or maxx > table or maxy > table:
        return "off_board", f"{name} reaches off the {table:g} inch table"
    return None


def corners(pieces: Any) -> int:
    """How many corners the outlines of ``pieces`` have together. Counted on raw input, before
    any piece is checked (a piece without a list of corners counts none)."""
    if not isinstance(pieces, list):
        return 0
    return sum(len(p["polygon"]) for p in pieces if isinstance(p, dict) and isinstance(p.get("polygon"), list))


def corners_problem(pieces: Any) -> tuple[str, str] | None:
    """(code, message) when ``pieces`` have more corners in all than a table holds, or None."""
    n = corners(pieces)
    if n > MAX_CORNERS:
        return "too_much_terrain", (
            f"A table's terrain has at most {MAX_CORNERS:,} corners in all (outlines of up to 64 corners "
            f"each); this has {n:,}"
        )
    return None


def terrain_problem(pieces: list[dict[str, Any]], table: float = TABLE) -> tuple[str, str] | None:
    """(code, message) for the first problem of a whole table's terrain, or None."""
    if len(pieces) > MAX_PIECES:
        return "too_much_terrain", f"A table holds at most {MAX_PIECES} terrain pieces"
    seen: set[str] = set()
    for piece in pieces:
        if piece["id"] in seen:
            return "bad_terrain", "Two terrain pieces share one id"
        seen.add(piece["id"])
        problem = piece_problem(piece, table)
        if problem:
            return problem
    return None
