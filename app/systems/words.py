"""Ids in words, for every text a player reads (refusals, seat labels, form labels): the shared
defaults a game's own words override (``RuleSystem.seat_label``, ``RuleSystem.kind_names``).

``title_words("peace_river") == "Peace River"`` (a name: a seat, a faction, an option's
choice); ``plain_words("roll_opening") == "roll opening"`` (a phrase inside a sentence).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_SEPARATORS = re.compile(r"[_\-\s]+")
_PLAYER = re.compile(r"p\d+")
_SMALL = frozenset({"a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to"})


def plain_words(ident: str) -> str:
    """An id as lower-case words: underscores and hyphens become spaces (``"roll opening"``)."""
    return " ".join(w for w in _SEPARATORS.split(str(ident)) if w).lower()


def title_words(ident: str) -> str:
    """An id as a name: its words capitalised (small words after the first stay lower-case):
    ``"peace_river"`` -> ``"Peace River"``, ``"toys-1"`` -> ``"Toys 1"``; a player's number
    ``"p1"`` -> ``"Player 1"``."""
    if _PLAYER.fullmatch(str(ident)):
        return f"Player {str(ident)[1:]}"
    words = plain_words(ident).split(" ")
    return " ".join(w if i and w in _SMALL else w[:1].upper() + w[1:] for i, w in enumerate(words) if w)


def sentence_start(text: str) -> str:
    """``text`` with its first letter upper-case."""
    return text[:1].upper() + text[1:]


def listed(items: list[str], last: str = "and") -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def invalid_words(what: str, err: Mapping[str, Any], skip: int = 1) -> str:
    """A validation error (a malformed action's, bad table options') as a player may read it:
    ``what`` (the action in words), the field in words (its path less ``skip`` parts: an
    action's kind), and a choice not offered said without listing the ids it may be (not
    pydantic's "input should be 'north' or 'south'")."""
    # a list's place counts from 1 ("terrain 1"), as a player counts
    where = " ".join(str(p + 1) if isinstance(p, int) else plain_words(str(p)) for p in err["loc"][skip:])
    msg = str(err["msg"])
    why = "not one of the choices" if err["type"] in ("literal_error", "enum") else msg[:1].lower() + msg[1:]
    where = where or "the action"
    return f"{sentence_start(what)}: {where}: {why}" if what else f"{where}: {why}"


def tape(value: float, unit: str = "in") -> str:
    """A length as a tape measure reads it: to a tenth, no trailing ".0" (``"3.5 in"``, ``"12 in"``)."""
    return f"{round(float(value), 1):g} {unit}"


def place_words(x: float, y: float, edges: tuple[str, str] = ("left", "top"), unit: str = "in") -> str:
    """A place on a tabletop as a tape measure finds it: ``"3.5 in from the left, 12 in from the
    top"`` (``edges``: the edges x and y are measured from, as the board shows them)."""
    return f"{tape(x, unit)} from the {edges[0]}, {tape(y, unit)} from the {edges[1]}"
