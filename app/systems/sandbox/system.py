"""The ``sandbox`` system exactly as API.md describes it.

Seats ``p1``..``p8``, no turn order; any seat may move or remove any token. Each applied
action produces one event. Coordinates are inches on a tabletop, or axial ``{"q", "r"}`` on a
hex board (``options.board == "hex"``).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.core.dice import Dice
from app.core.errors import IllegalAction, MalformedAction
from app.core.events import Event
from app.systems.base import Board, RuleSystem, State

SEATS = [f"p{i}" for i in range(1, 9)]
MAX_TOKENS = 500
DICE_RE = re.compile(r"^\s*(\d{0,3})d(\d{1,3})\s*([+-]\s*\d{1,4})?\s*$", re.IGNORECASE)
TokenId = Annotated[str, Field(min_length=1, max_length=64)]
Coord = Annotated[float, Field(ge=-10_000, le=10_000, allow_inf_nan=False)]
HexCoord = Annotated[int, Field(ge=-1000, le=1000)]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AddToken(_Action):
    kind: Literal["add_token"]
    token: TokenId
    x: Coord | None = None
    y: Coord | None = None
    q: HexCoord | None = None
    r: HexCoord | None = None
    label: Annotated[str, Field(max_length=80)] = ""
    facing: Annotated[float, Field(ge=-360, le=720, allow_inf_nan=False)] = 0
    color: Annotated[str, Field(max_length=32)] | None = None


class MoveToken(_Action):
    kind: Literal["move_token"]
    token: TokenId
    x: Coord | None = None
    y: Coord | None = None
    q: HexCoord | None = None
    r: HexCoord | None = None
    facing: Annotated[float, Field(ge=-360, le=720, allow_inf_nan=False)] | None = None


class RemoveToken(_Action):
    kind: Literal["remove_token"]
    token: TokenId


class Roll(_Action):
    kind: Literal["roll"]
    dice: Annotated[str, Field(min_length=2, max_length=24)]


SandboxAction = Annotated[AddToken | MoveToken | RemoveToken | Roll, Field(discriminator="kind")]


class SandboxOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    board: Literal["tabletop", "hex"] = "tabletop"
    width: Annotated[float, Field(gt=0, le=400)] = 48
    height: Annotated[float, Field(gt=0, le=400)] = 48
    radius: Annotated[int, Field(ge=1, le=40)] = 8
    seats: Annotated[int, Field(ge=1, le=8)] = 8


def parse_dice(text: str) -> tuple[int, int, int]:
    """``"3d6+1"`` -> (3, 6, 1). At most 100 dice of at most 1000 sides."""
    m = DICE_RE.match(text)
    if not m:
        raise MalformedAction(f"Dice {text!r} are not of the form NdS or NdS+M (e.g. 3d6)")
    count = int(m.group(1) or 1)
    sides = int(m.group(2))
    mod = int(m.group(3).replace(" ", "")) if m.group(3) else 0
    if not 1 <= count <= 100 or not 2 <= sides <= 1000:
        raise MalformedAction(f"Dice {text!r}: 1 to 100 dice of 2 to 1000 sides")
    return count, sides, mod


class Sandbox(RuleSystem):
    id = "sandbox"
    name = "Sandbox (free board)"
    aliases = ("free",)
    board: Board = "tabletop"
    action_type = SandboxAction
    options_model = SandboxOptions
    previewable = frozenset({"token_moved", "token_added", "token_removed"})

    def seats(self, options: dict[str, Any]) -> list[str]:
        return SEATS[: options.get("seats", 8)]

    def board_for(self, options: dict[str, Any]) -> Board:
        return "hex" if options.get("board") == "hex" else "tabletop"

    def setup(self, options: dict[str, Any], dice: Dice) -> State:
        board: dict[str, Any] = {"kind": options["board"]}
        if options["board"] == "hex":
            board["radius"] = options["radius"]
        else:
            board.update(width=options["width"], height=options["height"])
        return {"board": board, "tokens": {}}

    def apply(self, state: State, seat: str, action: Any, dice: Dice) -> tuple[State, list[Event]]:
        tokens = state["tokens"]
        if isinstance(action, Roll):
            count, sides, mod = parse_dice(action.dice)
            faces = dice.roll_many(count, sides, purpose=action.dice)
            return state, [{"kind": "rolled", "dice": action.dice, "faces": faces, "total": sum(faces) + mod}]
        if isinstance(action, AddToken):
            if action.token in tokens:
                raise IllegalAction(f"Token {action.token!r} already exists", code="token_exists")
            if len(tokens) >= MAX_TOKENS:
                raise IllegalAction(f"A sandbox holds at most {MAX_TOKENS} tokens", code="too_many_tokens")
            token = {
                "id": action.token,
                "label": action.label,
                "owner": seat,
                "facing": action.facing % 360,
                **self._position(state, action, required=True),
            }
            if action.color:
                token["color"] = action.color
            new = {**state, "tokens": {**tokens, action.token: token}}
            return new, [{"kind": "token_added", "token": token}]
        if action.token not in tokens:
            raise IllegalAction(f"There is no token {action.token!r} on the board", code="unknown_token")
        if isinstance(action, MoveToken):
            old = tokens[action.token]
            token = {**old, **self._position(state, action, required=True)}
            if action.facing is not None:
                token["facing"] = action.facing % 360
            new = {**state, "tokens": {**tokens, action.token: token}}
            moved = {k: token[k] for k in ("x", "y", "q", "r", "facing") if k in token}
            return new, [{"kind": "token_moved", "token": action.token, **moved}]
        rest = {k: v for k, v in tokens.items() if k != action.token}
        return {**state, "tokens": rest}, [{"kind": "token_removed", "token": action.token}]

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        """Any seat may always roll, add a token at the centre, or move or remove a token."""
        board = state["board"]
        centre = {"q": 0, "r": 0} if board["kind"] == "hex" else {"x": board["width"] / 2, "y": board["height"] / 2}
        free = next(f"t{i}" for i in range(len(state["tokens"]) + 1) if f"t{i}" not in state["tokens"])
        out: list[dict[str, Any]] = [{"kind": "roll", "dice": "2d6"}]
        if len(state["tokens"]) < MAX_TOKENS:
            out.append({"kind": "add_token", "token": free, **centre})
        for token in state["tokens"]:
            out += [{"kind": "move_token", "token": token, **centre}, {"kind": "remove_token", "token": token}]
        return out

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        # Nothing is hidden in the sandbox: every viewer sees the board and every token.
        return {"board": state["board"], "pieces": list(state["tokens"].values()), "turn": {"active": []}}

    def _position(self, state: State, action: AddToken | MoveToken, required: bool) -> dict[str, Any]:
        board = state["board"]
        if board["kind"] == "hex":
            if action.q is None or action.r is None:
                raise MalformedAction("A hex sandbox needs hex coordinates q and r")
            if max(abs(action.q), abs(action.r), abs(action.q + action.r)) > board["radius"]:
                raise IllegalAction(f"Hex ({action.q},{action.r}) is off the board", code="off_board")
            return {"q": action.q, "r": action.r}
        if action.x is None or action.y is None:
            raise MalformedAction("A tabletop sandbox needs coordinates x and y (inches)")
        if not (0 <= action.x <= board["width"] and 0 <= action.y <= board["height"]):
            raise IllegalAction(f"({action.x}, {action.y}) is off the table", code="off_board")
        return {"x": action.x, "y": action.y}
