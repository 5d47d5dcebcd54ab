"""Provably fair dice: a deterministic stream derived from a table's secret seed.

Die number ``i`` (counting from 0 over the table's whole life) with ``sides`` faces is::

    attempt = 0
    loop:
        h = SHA-256(f"{seed}:{i}:{attempt}")           # UTF-8, hex digest not used
        x = int.from_bytes(h[:8], "big")                # 0 <= x < 2**64
        limit = 2**64 - (2**64 % sides)
        if x < limit: return 1 + x % sides               # unbiased
        attempt += 1                                     # (happens with p < 1e-17)

The table publishes ``SHA-256(seed)`` (hex) when it opens and the seed when the game ends, so
anyone can recompute every roll. Shuffles and random picks use the same stream
(``randbelow(n)`` is one die of ``n`` sides, minus one), so they are verifiable too.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence
from typing import Any, TypeVar

T = TypeVar("T")
_SPACE = 2**64


def commitment(seed: str) -> str:
    """The public SHA-256 commitment (hex) of a seed."""
    return hashlib.sha256(seed.encode()).hexdigest()


def new_seed() -> str:
    """A fresh secret seed (256 bits, hex)."""
    return secrets.token_hex(32)


def die(seed: str, index: int, sides: int) -> int:
    """The face of die ``index`` of the stream, with ``sides`` faces (1..sides)."""
    if sides < 1:
        raise ValueError("a die needs at least one side")
    limit = _SPACE - (_SPACE % sides)
    attempt = 0
    while True:
        digest = hashlib.sha256(f"{seed}:{index}:{attempt}".encode()).digest()
        x = int.from_bytes(digest[:8], "big")
        if x < limit:
            return 1 + x % sides
        attempt += 1


class Dice:
    """The dice a rule system is handed for one action.

    Every draw takes the next index of the table's stream and is recorded in ``rolls`` so the
    session can publish it in the proof. ``purpose`` labels say what a roll was for.
    """

    def __init__(self, seed: str, index: int = 0) -> None:
        self._seed = seed
        self.index = index
        self.rolls: list[dict[str, Any]] = []

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        value = self._draw(sides)
        self.rolls.append({"i": self.index - 1, "sides": sides, "value": value, "for": purpose})
        return value

    def roll_many(self, count: int, sides: int = 6, purpose: str = "") -> list[int]:
        return [self.roll(sides, purpose) for _ in range(count)]

    def randbelow(self, n: int, purpose: str = "") -> int:
        """A uniform integer in ``range(n)``."""
        return self.roll(n, purpose) - 1

    def choice(self, items: list[T], purpose: str = "") -> T:
        if not items:
            raise ValueError("choice from an empty list")
        return items[self.randbelow(len(items), purpose)]

    def shuffle(self, items: MutableSequence[T], purpose: str = "shuffle") -> None:
        """Fisher-Yates, in place, drawing from the stream."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1, purpose)
            items[i], items[j] = items[j], items[i]

    def _draw(self, sides: int) -> int:
        value = die(self._seed, self.index, sides)
        self.index += 1
        return value


class PreviewDice(Dice):
    """Dice for previews: a public stream of their own, never the table's, so a preview never
    reveals the real stream, and the same every time, so the same preview of the same game
    always answers the same. ``mirrored`` turns every die of that stream upside down (face
    ``sides + 1 - f``): a preview runs once on each, so a result that a die decides (a face, a
    hit on 4+ of a d6, an order) comes out differently on the two far more often than on two
    independent streams."""

    def __init__(self, mirrored: bool = False) -> None:
        super().__init__("preview", 0)
        self.mirrored = mirrored

    def _draw(self, sides: int) -> int:
        value = super()._draw(sides)
        return sides + 1 - value if self.mirrored else value
