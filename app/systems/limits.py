"""The limits every game's table options keep, whatever the game: plain JSON, not too deep,
not too long (``check_option_limits``, which ``RuleSystem.validate_options`` runs first)."""

from __future__ import annotations

import math
from typing import Any

import orjson

from app.core.errors import BadOptions

#: Free-form option values (rule and data overrides) are plain JSON within these limits: the
#: deepest data a game ships is 7 levels, and a whole game's data files are under 40 KB.
#: Deeper values could not even be stored (orjson writes at most 255 levels) nor copied.
MAX_OPTION_DEPTH = 32  # the options object itself is level 1
MAX_OPTION_BYTES = 64 * 1024  # the options as compact JSON


def check_option_limits(raw: Any) -> None:
    """Raise ``BadOptions`` unless ``raw`` is plain JSON (64-bit integers, finite numbers, string
    keys) at most ``MAX_OPTION_DEPTH`` levels deep and ``MAX_OPTION_BYTES`` long."""
    stack: list[tuple[Any, int]] = [(raw, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):  # NaN, 1e400: stored as null
            raise BadOptions("Table options must be plain JSON: NaN and infinite numbers are not")
        if isinstance(value, dict | list):
            if level > MAX_OPTION_DEPTH:
                raise BadOptions(f"Table options may be nested at most {MAX_OPTION_DEPTH} levels deep")
            stack.extend((sub, level + 1) for sub in (value.values() if isinstance(value, dict) else value))
    try:
        size = len(orjson.dumps(raw))
    except orjson.JSONEncodeError as exc:
        raise BadOptions(f"Table options must be plain JSON ({exc})") from None
    if size > MAX_OPTION_BYTES:
        raise BadOptions(f"Table options are limited to {MAX_OPTION_BYTES} bytes of JSON ({size} given)")
