"""The ``sandbox`` system exactly as the first contract described it: the smallest rule system.

Seats ``p1``..``p8``, no turn order; any seat may move or remove any token. Each applied
action produces one event. Coordinates are inches on a tabletop, or axial ``{"q", "r"}`` on a
hex board (``options.board == "hex"``). The files are those of every system (README.md):
``options.py``, ``actions.py``, ``setup.py``, ``turns.py`` and this one.
"""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction, MalformedAction
from app.core.events import Event
from app.systems.base import Board, Handler, RuleSystem, State
from app.systems.luck import RandomEvent
from app.systems.sandbox import report, setup, turns
from app.systems.sandbox.actions import AddToken, MoveToken, RemoveToken, Roll, SandboxAction
from app.systems.sandbox.notation import parse_dice
from app.systems.sandbox.options import Options
from app.systems.views import Scene

MAX_TOKENS = 500
# --- one handler per action kind ---------------------------------------------------------


def roll(state: State, seat: str, action: Roll, dice: Dice) -> tuple[State, list[Event]]:
    count, sides, mod = parse_dice(action.dice)
    faces = dice.roll_many(count, sides, purpose=action.dice)
    return state, [{"kind": "rolled", "dice": action.dice, "faces": faces, "total": sum(faces) + mod}]


def add_token(state: State, seat: str, action: AddToken, dice: Dice) -> tuple[State, list[Event]]:
    tokens = state["tokens"]
    if action.token in tokens:
        raise IllegalAction("A token with this name is on the board already", code="token_exists")
    if len(tokens) >= MAX_TOKENS:
        raise IllegalAction(f"A sandbox holds at most {MAX_TOKENS} tokens", code="too_many_tokens")
    token = {
        "id": action.token,
        "label": action.label,
        "owner": seat,
        "facing": action.facing % 360,
        **_position(state, action),
    }
    if action.color:
        token["color"] = action.color
    return {**state, "tokens": {**tokens, action.token: token}}, [{"kind": "token_added", "token": token}]


def move_token(state: State, seat: str, action: MoveToken, dice: Dice) -> tuple[State, list[Event]]:
    tokens = state["tokens"]
    token = {**_token(state, action.token), **_position(state, action)}
    if action.facing is not None:
        token["facing"] = action.facing % 360
    moved: dict[str, Any] = {k: token[k] for k in ("x", "y", "q", "r", "facing") if k in token}
    return {**state, "tokens": {**tokens, action.token: token}}, [
        {"kind": "token_moved", "token": action.token, **moved}
    ]


def remove_token(state: State, seat: str, action: RemoveToken, dice: Dice) -> tuple[State, list[Event]]:
    _token(state, action.token)
    rest = {k: v for k, v in state["tokens"].items() if k != action.token}
    return {**state, "tokens": rest}, [{"kind": "token_removed", "token": action.token}]


def _token(state: State, token: str) -> dict[str, Any]:
    if token not in state["tokens"]:
        raise IllegalAction("That token is not on the board", code="unknown_token")
    found: dict[str, Any] = state["tokens"][token]
    return found


def _position(state: State, action: AddToken | MoveToken) -> dict[str, Any]:
    board = state["board"]
    if board["kind"] == "hex":
        if action.q is None or action.r is None:
            raise MalformedAction("A hex sandbox needs hex coordinates q and r")
        if max(abs(action.q), abs(action.r), abs(action.q + action.r)) > board["radius"]:
            raise IllegalAction("That hex is off the board", code="off_board")
        return {"q": action.q, "r": action.r}
    if action.x is None or action.y is None:
        raise MalformedAction("A tabletop sandbox needs coordinates x and y (inches)")
    if not (0 <= action.x <= board["width"] and 0 <= action.y <= board["height"]):
        raise IllegalAction(
            f"That place is off the table ({board['width']:g} by {board['height']:g} in)", code="off_board"
        )
    return {"x": action.x, "y": action.y}


HANDLERS: dict[str, Handler] = {
    "add_token": add_token,
    "move_token": move_token,
    "remove_token": remove_token,
    "roll": roll,
}


class Sandbox(RuleSystem):
    id = "sandbox"
    name = "Sandbox (free board)"
    aliases = ("free",)
    board = "tabletop"
    action_type = SandboxAction
    options_model = Options
    previewable = frozenset({"token_moved", "token_added", "token_removed"})
    #: what a seat may take back: an action that made only these (no die, card or hidden choice)
    quiet_events = frozenset({"token_added", "token_moved", "token_removed"})
    phases = turns.PHASES
    handlers = HANDLERS

    def chances(self, events: list[Event], view: dict[str, Any]) -> list[RandomEvent]:
        return report.chances(events, view)

    def seats(self, options: dict[str, Any]) -> list[str]:
        return setup.seats(options)

    def board_for(self, options: dict[str, Any]) -> Board:
        return "hex" if options.get("board") == "hex" else "tabletop"

    def setup(self, options: dict[str, Any], dice: Dice) -> State:
        return setup.setup(options, dice)

    def copy_state(self, state: State) -> State:
        return state  # the handlers build a new state: they never change the one they are given

    def phase(self, state: State) -> str:
        return turns.phase(state)

    def active_seats(self, state: State) -> list[str] | None:
        return turns.active_seats(state)

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

    def render(self, state: State, viewer: str | None) -> Scene:
        # Nothing is hidden in the sandbox: every viewer sees the board and every token.
        return {"board": state["board"], "pieces": list(state["tokens"].values()), "turn": {"active": []}}
