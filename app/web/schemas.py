"""Request and response models of the JSON API (they make /openapi.json)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.core.text import SafeStr, SafeTree

Name = Annotated[SafeStr, Field(min_length=1, max_length=80)]


class _In(BaseModel):
    # strict: no booleans for integers, no strings for numbers; text without control characters
    model_config = ConfigDict(extra="forbid", strict=True)


class ErrorBody(BaseModel):
    code: str
    message: str
    detail: dict[str, Any] | None = None


class ErrorResponse(BaseModel):
    error: ErrorBody


class SystemPublic(BaseModel):
    id: str
    name: str
    aliases: list[str]
    board: Literal["hex", "tabletop"]
    seats: list[str]
    seat_labels: dict[str, str] = Field(description="seat id -> the seat as players read it (default options)")
    options: dict[str, Any] = Field(description="JSON schema of the table options")
    helpers: list[str]
    guided: bool = Field(False, description="The lobby offers a guided first game (Learn to play)")


class ClockSettings(_In):
    """A table's clock, chosen by its host before the game (Warboard default: none)."""

    mode: Literal["none", "live", "correspondence"] = Field(
        "none",
        description="none; live (minutes per seat plus seconds a turn, chess style); correspondence (days a move)",
    )
    initial: Annotated[int, Field(ge=1, le=6 * 3600)] = Field(
        600, description="live: each seat's time at the start, in seconds (Warboard default 600: 10 minutes)"
    )
    increment: Annotated[int, Field(ge=0, le=600)] = Field(
        5, description="live: seconds added when a seat's turn ends (Warboard default 5)"
    )
    days: Annotated[int, Field(ge=1, le=30)] = Field(3, description="correspondence: days a move (Warboard default 3)")
    timeout: Literal["lose", "computer", "skip"] = Field(
        "computer",
        description="What happens when a seat's time is out: it loses (two seats only), the computer plays its "
        "turn (Warboard default), or its turn is ended (games with a turn end only)",
    )


class ClockRead(BaseModel):
    now: int = Field(description="The server's time (epoch ms): clients count down from the clock's figures")
    clock: dict[str, Any] | None = Field(
        description="The table's clock as every view shows it (_table.clock), or null for none"
    )
    rules: list[str] = Field(description="The time-out rules this table offers")


class ClockSet(BaseModel):
    seq: int
    clock: dict[str, Any] | None


class TableCreate(_In):
    system: Annotated[SafeStr, Field(max_length=40)]
    name: Annotated[SafeStr, Field(min_length=1, max_length=120)]
    options: SafeTree = Field(default_factory=dict)
    visibility: Literal["public", "private"] = "public"
    seed: Annotated[SafeStr, Field(min_length=1, max_length=200)] | None = None
    clock: ClockSettings | None = Field(None, description="The table's clock (Warboard default: none)")


class TableCreated(BaseModel):
    id: str
    host_token: str
    dice_commitment: str
    system: str
    name: str
    visibility: str
    seeded: bool
    options: dict[str, Any]
    seats: list[str]


class LobbyEntry(BaseModel):
    id: str
    name: str
    system: str
    system_name: str
    status: str
    seats_taken: int
    seats_total: int
    spectators: int
    seeded: bool = Field(description="The host chose the dice seed: predictable dice")
    created_at: str


class SeatPublic(BaseModel):
    seat: str
    label: str = Field(description="the seat as players read it: 'Northern', 'Player 1' (the id stays in 'seat')")
    state: Literal["open", "taken", "closed"]
    name: str | None
    connected: bool


class TablePublic(BaseModel):
    id: str
    name: str
    system: str
    board: str
    visibility: str
    status: Literal["open", "finished", "closed"]
    seq: int
    options: dict[str, Any]
    dice_commitment: str
    seeded: bool
    outcome: dict[str, Any] | None
    seats: list[SeatPublic]
    spectators: int
    created_at: str


class JoinRequest(_In):
    seat: Annotated[SafeStr, Field(min_length=1, max_length=40)]
    name: Name


class SpectateRequest(_In):
    name: Annotated[SafeStr, Field(max_length=80)] = "spectator"


class TokenIssued(BaseModel):
    token: str
    role: Literal["player", "spectator"]
    seat: str | None = None


class ActionRequest(_In):
    id: Annotated[SafeStr, Field(min_length=1, max_length=80)]
    seat: Annotated[SafeStr, Field(min_length=1, max_length=40)] | None = Field(
        None,
        description="The seat this action is for (optional): refused with 403 seat_not_held unless the token holds it",
    )
    action: dict[str, Any] = Field(
        description="One of the table system's actions; see components '<System>Action' (discriminated on 'kind')"
    )


class ActionResult(BaseModel):
    seq: int
    events: list[dict[str, Any]]
    duplicate: bool = False


class PreviewResult(BaseModel):
    legal: bool
    events: list[dict[str, Any]] = Field(
        description="The consequences the acting seat may know: only previewable kinds, the same on any dice"
    )
    outcome: Literal["known", "random", "hidden"] = Field(
        description="'random': dice would decide part of the result; 'hidden': other consequences "
        "(draws, hidden choices) are not shown; 'known': the events are the whole result"
    )
    error: ErrorBody | None


class ViewResponse(BaseModel):
    seq: int
    view: dict[str, Any]


class LegalResponse(BaseModel):
    seq: int
    actions: list[dict[str, Any]]


class KnowledgeResponse(BaseModel):
    seq: int
    system: str
    seat: str
    worlds: list[dict[str, Any]] = Field(
        description="The game as the seat may know it (the rule system's seal), dealt by worlds "
        "world, world + 1, ...: what the seat's view hides is dealt again from what it sees"
    )


class EventsPage(BaseModel):
    events: list[dict[str, Any]]
    seq: int


class DiceRoll(BaseModel):
    i: int
    sides: int
    value: int
    action_id: str
    seat: str | None
    seq: int
    model_config = ConfigDict(extra="allow")


class DiceProof(BaseModel):
    table: str
    seed: str
    commitment: str
    algorithm: str
    status: str
    rolls: list[DiceRoll]


class SeatRequest(_In):
    seat: Annotated[SafeStr, Field(min_length=1, max_length=40)]


class HostResult(BaseModel):
    seq: int
