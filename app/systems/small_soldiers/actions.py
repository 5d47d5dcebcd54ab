"""The actions a seat may send, as pydantic models (discriminated on ``kind``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.systems.base import Strict

FighterId = Annotated[str, Field(min_length=1, max_length=30)]
CardId = Annotated[str, Field(min_length=1, max_length=12)]
Coord = Annotated[int, Field(ge=-60, le=60)]
Aim = Annotated[float, Field(ge=-90, le=90, allow_inf_nan=False)]


class Deploy(Strict):
    """Setup 2: the leader on the gold space, four chosen fighters on the others, the sixth
    (``reserve``) into the Toy Store. ``order`` puts the four on the army's start spaces in map
    order (default: roster order). 4 players, split command: ``second`` names the three
    fighters of the ``<army>-2`` seat (default: the last three of the roster)."""

    kind: Literal["deploy"]
    reserve: FighterId
    order: Annotated[list[FighterId], Field(min_length=4, max_length=4)] | None = None
    second: Annotated[list[FighterId], Field(min_length=3, max_length=3)] | None = None


class RollOpening(Strict):
    """How to Play 2: roll a die, highest goes first, a skull beats any number."""

    kind: Literal["roll_opening"]


class Spin(Strict):
    kind: Literal["spin"]


class Move(Strict):
    """Move ``fighter`` to space (q, r): one of the destinations the view lists."""

    kind: Literal["move"]
    fighter: FighterId
    q: Coord
    r: Coord


class EndMoves(Strict):
    """Advanced rules: done moving; battles follow."""

    kind: Literal["end_moves"]


class Attack(Strict):
    """Battle the enemy ``target`` next to the fighter that moved (``fighter`` if several)."""

    kind: Literal["attack"]
    target: FighterId
    fighter: FighterId | None = None


class EndTurn(Strict):
    """Decline a battle or a recruit and pass the turn."""

    kind: Literal["end_turn"]


class PlaceCard(Strict):
    """Put the Power card just drawn (or played) under one of your fighters on the board."""

    kind: Literal["place_card"]
    fighter: FighterId


class DiscardCard(Strict):
    """Every fighter of yours already has a card: keep them and discard the new one."""

    kind: Literal["discard_card"]


class Recall(Strict):
    """GloboTech Recall: send enemy ``target`` to the Toy Store."""

    kind: Literal["recall"]
    target: FighterId


class Launch(Strict):
    """Launch Catapult: ``offset`` along your back edge (spaces, + to your right), ``angle`` off
    straight ahead (degrees, + to your right), ``power`` = spaces the ball should fly."""

    kind: Literal["launch"]
    power: Annotated[float, Field(ge=0, le=40, allow_inf_nan=False)]
    angle: Aim = 0.0
    offset: Annotated[float, Field(ge=-20, le=20, allow_inf_nan=False)] = 0.0


class RecruitFighter(Strict):
    """Spin "Recruit": bring ``fighter`` from your Toy Store onto your green Recruit space."""

    kind: Literal["recruit"]
    fighter: FighterId


class PlayCard(Strict):
    """Advanced rules: before spinning, play one card from your hand."""

    kind: Literal["play_card"]
    card: CardId


SmallSoldiersAction = Annotated[
    Deploy
    | RollOpening
    | Spin
    | Move
    | EndMoves
    | Attack
    | EndTurn
    | PlaceCard
    | DiscardCard
    | Recall
    | Launch
    | RecruitFighter
    | PlayCard,
    Field(discriminator="kind"),
]
