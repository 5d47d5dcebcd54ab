"""The dice tray's notation: ``NdS`` or ``NdS+M`` (read by the roll and by the report)."""

from __future__ import annotations

import re

from app.core.errors import MalformedAction

DICE_RE = re.compile(r"^\s*(\d{0,3})d(\d{1,3})\s*([+-]\s*\d{1,4})?\s*$", re.IGNORECASE)


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
