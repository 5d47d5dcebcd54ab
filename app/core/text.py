"""Text that enters Warboard: no NUL and no other control characters.

PostgreSQL refuses NUL in text and JSON, terminals and logs misread other control characters,
and no name, id, label or chat line needs one. ``SafeStr`` refuses every control character
(category Cc) in a model field; ``check_tree`` walks any JSON value (an action, options, a
mark) and refuses NUL and the control characters other than tab, line feed and carriage return.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator

from app.core.errors import MalformedAction

_ANY_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_BAD_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def has_control(text: str, *, allow_whitespace: bool = False) -> bool:
    return (_BAD_CONTROL if allow_whitespace else _ANY_CONTROL).search(text) is not None


def _refuse_control(value: str) -> str:
    if has_control(value):
        raise ValueError("control characters (such as NUL) are not allowed in text")
    return value


#: A ``str`` field that refuses control characters (422 ``malformed``).
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
        raise MalformedAction(f"{path}: control characters (such as NUL) are not allowed in text")
