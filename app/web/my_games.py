"""``POST /api/my-games``: the tables where this browser holds a seat, in a few words each, for
the "Your games" page and the lobby's "N games waiting for you" (README changelog)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from app.core.errors import RateLimited, Unauthorized, Unavailable, WarboardError
from app.core.text import SafeStr
from app.session.held import held_seat
from app.web.deps import ClientLimit, SessionDep, charge_failure
from app.web.schemas import ErrorBody, ErrorResponse

ERRORS: dict[int | str, dict[str, Any]] = {c: {"model": ErrorResponse} for c in (413, 422, 429)}
router = APIRouter(prefix="/api", responses=ERRORS)

#: seats one request may ask about
MAX_HELD = 50


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # as app.web.schemas._In


class HeldSeat(_In):
    table: Annotated[SafeStr, Field(min_length=1, max_length=80)]
    seat: Annotated[SafeStr, Field(min_length=1, max_length=40)]
    token: Annotated[SafeStr, Field(min_length=1, max_length=200)]


class MyGamesRequest(_In):
    seats: list[HeldSeat] = Field(max_length=MAX_HELD, description=f"At most {MAX_HELD} seats this browser holds")


class SeatClock(BaseModel):
    mode: str = Field(description="live | correspondence")
    left: int = Field(description="ms this seat has left at ``now`` (never below 0)")
    running: bool = Field(description="This seat's time is being spent now (it is to act, nothing paused)")
    deadline: int | None = Field(description="When this seat runs out (epoch ms), while its time runs; else null")
    paused: bool
    out: bool = Field(description="This seat ran out of time (live: for the rest of the game)")
    limit: int = Field(description="ms of a move (correspondence) or of a seat's game (live, without increments)")
    now: int = Field(description="The server's time (epoch ms) the figures are taken at")


class HeldGame(BaseModel):
    table: str
    seat: str
    name: str | None = Field(None, description="The table's name")
    system: str | None = None
    system_name: str | None = None
    seat_label: str | None = Field(None, description="The seat as players read it")
    player: str | None = Field(None, description="The name this seat plays under")
    your_move: bool = Field(False, description="This seat is to act now (never with no turn order, e.g. the sandbox)")
    turn_order: bool = Field(False, description="The game says who is to act (false: anyone may act at any time)")
    status: str | None = Field(None, description="open | finished | closed")
    outcome: dict[str, Any] | None = None
    seq: int | None = None
    last_activity: str | None = Field(None, description="The table's last action (ISO 8601, UTC), else its creation")
    clock: SeatClock | None = Field(
        None, description="This seat's clock now (null: no clock, or the game is over); see SeatClock"
    )
    error: ErrorBody | None = Field(
        None,
        description="Why this entry is not answered: unknown_table, unauthorized, seat_not_held (the rest is null)",
    )


class MyGames(BaseModel):
    games: list[HeldGame] = Field(description="One entry per seat asked about, in the order asked")


@router.post(
    "/my-games", response_model=MyGames, tags=["seats"], dependencies=[ClientLimit], operation_id="read_my_games"
)
async def my_games(body: MyGamesRequest, request: Request, session: SessionDep) -> dict[str, Any]:
    """Each seat this browser holds, checked with its own token: its table's name and game, the
    seat, whether it is that seat's move, the result, the last activity. An entry whose table is
    unknown, or whose token no longer holds that seat, gets a code of its own (and nothing else);
    a token that is not valid at its table counts as a failed guess against the address's rate
    limit, as on every other endpoint."""
    games: list[dict[str, Any]] = []
    for held in body.seats:
        try:
            games.append(await held_seat(session, held.table, held.seat, held.token))
        except (RateLimited, Unavailable):
            raise
        except WarboardError as exc:
            if isinstance(exc, Unauthorized):
                charge_failure(request)
            games.append({"table": held.table, "seat": held.seat, "error": exc.to_dict()["error"]})
    return {"games": games}
