"""Text that enters Warboard: no NUL, no other control characters, no lone surrogates.

PostgreSQL refuses NUL in text and JSON, terminals and logs misread other control characters,
and no name, id, label or chat line needs one. A lone surrogate (U+D800-U+DFFF alone, which
JSON can write as ``"\ud800"``) is no character at all: UTF-8 cannot hold it, so no database,
log or socket can take it. ``SafeStr`` refuses every control character (category Cc) and every
surrogate in a model field; ``check_tree`` walks any JSON value (an action, options, a mark)
and refuses NUL, the control characters other than tab, line feed and carriage return, and
surrogates. The "control" of the names below means both.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any

from pydantic import AfterValidator

from app.core.errors import MalformedAction

_ANY_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_BAD_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
#: what a refusal says, after the place it names
REFUSED = "control characters (such as NUL) and lone surrogates are not allowed in text"


def has_control(text: str, *, allow_whitespace: bool = False) -> bool:
    return (_BAD_CONTROL if allow_whitespace else _ANY_CONTROL).search(text) is not None


def _refuse_control(value: str) -> str:
    if has_control(value):
        raise ValueError(REFUSED)
    return value


#: A ``str`` field that refuses control characters and surrogates (422 ``malformed``).
SafeStr = Annotated[str, AfterValidator(_refuse_control)]


def find_control(value: Any, where: str = "") -> str | None:
    """The path of the first string (or key) in a JSON value holding a refused control
    character, or None."""
    stack: list[tuple[str, Any]] = [(where, value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if has_control(item, allow_whitespace=True):
                return path or "value"
        elif isinstance(item, dict):
            for key, sub in item.items():
                if isinstance(key, str) and has_control(key, allow_whitespace=True):
                    return f"{path}.{key!r}" if path else repr(key)
                stack.append((f"{path}.{key}" if path else str(key), sub))
        elif isinstance(item, list):
            stack.extend((f"{path}[{i}]", sub) for i, sub in enumerate(item))
    return None


def check_tree(value: Any, where: str = "") -> None:
    """Raise MalformedAction (422 ``malformed``) if a string in ``value`` has a refused
    control character."""
    path = find_control(value, where)
    if path is not None:
        raise MalformedAction(f"{path}: {REFUSED}")


def find_control_in_json(raw: str | bytes) -> str | None:
    """For a JSON text orjson refused: the path of the first refused text in it if the
    standard parser reads it, else None (it is not JSON at all). orjson refuses a lone
    surrogate escape as invalid JSON, though JSON's grammar allows one; this names it."""
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return find_control(value)


def _refuse_in_tree(value: dict[str, Any]) -> dict[str, Any]:
    path = find_control(value)
    if path is not None:
        raise ValueError(f"{path}: {REFUSED}")
    return value


#: A free JSON object field (options) under ``check_tree``'s rule (422 ``malformed``).
SafeTree = Annotated[dict[str, Any], AfterValidator(_refuse_in_tree)]
