"""Domain errors, grouped by kind.

Every error carries a stable machine ``code`` and a ``message`` for a person. The web and
transport layers translate them at the edge (HTTP status, websocket ``error`` message);
nothing below them knows about HTTP.
"""

from __future__ import annotations

from typing import Any


class WarboardError(Exception):
    """Base of every error a client may see."""

    status: int = 400
    code: str = "bad_request"

    def __init__(self, message: str, code: str | None = None, **detail: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.detail = detail

    def to_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.detail:
            body["detail"] = self.detail
        return {"error": body}


class MalformedAction(WarboardError):
    """The input is not of the expected shape (bad JSON, wrong types, unknown kind)."""

    status = 422
    code = "malformed"


class UnknownAction(MalformedAction):
    code = "unknown_action"


class BadOptions(MalformedAction):
    status = 400
    code = "bad_options"


class IllegalAction(WarboardError):
    """Well-formed, but the rules do not allow it now."""

    status = 409
    code = "illegal_move"


class NotYourTurn(IllegalAction):
    code = "not_your_turn"


class WrongPhase(IllegalAction):
    code = "wrong_phase"


class GameOver(IllegalAction):
    code = "game_over"


class Conflict(WarboardError):
    status = 409
    code = "conflict"


class Unauthorized(WarboardError):
    status = 401
    code = "unauthorized"


class Forbidden(WarboardError):
    status = 403
    code = "forbidden"


class NotFound(WarboardError):
    status = 404
    code = "not_found"


class RateLimited(WarboardError):
    status = 429
    code = "rate_limited"


class Unavailable(WarboardError):
    """The database or the bus is down: try again later (``Retry-After``)."""

    status = 503
    code = "unavailable"
