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


class TableCreate(_In):
    system: Annotated[SafeStr, Field(max_length=40)]
    name: Annotated[SafeStr, Field(min_length=1, max_length=120)]
    options: SafeTree = Field(default_factory=dict)
    visibility: Literal["public", "private"] = "public"
    seed: Annotated[SafeStr, Field(min_length=1, max_length=200)] | None = None


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
