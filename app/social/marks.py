"""Shared marks: a ruler or a pointer a viewer shows the table (ephemeral: relayed over the bus,
never stored). Whose marks they are (``mark_id``), the checks of what a client sends, and how
often one connection may send them."""

from __future__ import annotations

import hashlib
import math
from typing import Any

from app.core.errors import MalformedAction
from app.session import Actor

#: marks one connection may send per second, and at once
MARK_RATE, MARK_BURST = 12.0, 24.0
#: pings one connection may drop per second, and at once (each plays a sound at the table)
PING_RATE, PING_BURST = 1.0, 3.0
COORD_LIMIT = 1e6


def mark_id(actor: Actor) -> str:
    """Whose marks these are, the same on every process, and nothing of the token's hash."""
    return hashlib.sha256(f"mark:{actor.token_hash}".encode()).hexdigest()[:12]


def check_point(value: Any, name: str) -> dict[str, float] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise MalformedAction(f"'{name}' must be an object {{x, y}} or null", code="bad_mark")
    out = {}
    for key in ("x", "y"):
        v = value.get(key)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or abs(v) > COORD_LIMIT:
            raise MalformedAction(f"'{name}.{key}' must be a finite number", code="bad_mark")
        out[key] = round(float(v), 3)
    return out


def check_ruler(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise MalformedAction("'ruler' must be an object {from, to, text} or null", code="bad_mark")
    text = value.get("text", "")
    if not isinstance(text, str) or len(text) > 40:
        raise MalformedAction("'ruler.text' must be a string of at most 40 characters", code="bad_mark")
    ends = {k: check_point(value.get(k), f"ruler.{k}") for k in ("from", "to")}
    if ends["from"] is None or ends["to"] is None:
        raise MalformedAction("'ruler' needs both 'from' and 'to'", code="bad_mark")
    return {**ends, "text": text}


def shown_to(role: str, viewer_role: str) -> bool:
    """Does a viewer of ``viewer_role`` see the marks of a viewer of ``role``? Spectators point
    things out to each other, not to the players."""
    return not (role == "spectator" and viewer_role == "player")
