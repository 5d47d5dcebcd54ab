"""Hex grid math in cube/axial coordinates (after Red Blob Games' hex guide).

``Hex(q, r)`` derives ``s = -q - r``. Pixels exist only in ``Layout``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from heapq import heappop, heappush
from typing import Any, Literal


@dataclass(frozen=True, order=True)
class Hex:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def to_dict(self) -> dict[str, int]:
        return {"q": self.q, "r": self.r}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hex:
        return cls(int(data["q"]), int(data["r"]))

    def key(self) -> str:
        """A compact string key, for JSON maps: ``"q,r"``."""
        return f"{self.q},{self.r}"

    @classmethod
    def from_key(cls, key: str) -> Hex:
        q, r = key.split(",")
        return cls(int(q), int(r))


#: the six neighbour directions, starting east and going counter-clockwise (pointy-top)
DIRECTIONS = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


def distance(a: Hex, b: Hex) -> int:
    d = a - b
    return max(abs(d.q), abs(d.r), abs(d.s))


def neighbor(h: Hex, direction: int) -> Hex:
    return h + DIRECTIONS[direction % 6]


def neighbors(h: Hex) -> list[Hex]:
    return [h + d for d in DIRECTIONS]


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction index from ``a`` to an adjacent ``b``, or None if not adjacent."""
    d = b - a
    return DIRECTIONS.index(d) if d in DIRECTIONS else None


def column_letters(index: int) -> str:
    """A column's letters as a board's edge reads them: 0 -> "A", 25 -> "Z", 26 -> "AA"."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_names(cells: Iterable[Hex]) -> dict[Hex, str]:
    """Each cell's name on a pointy-top board, as the board's coordinates read (like a map's
    grid squares): the column's letters, from "A" at the leftmost half-column, then the row's
    number, from 1 at the top row (the smallest ``r``). A row shifted half a hex to the right
    takes the letter of the column its left half stands in: rows of 7 and 6 hexes read A-G and
    A-F. Texts name places by these names; the board shows them when coordinates are on."""
    cells = list(cells)
    if not cells:
        return {}
    left = min(2 * h.q + h.r for h in cells)  # doubled x: a hex is two half-columns wide
    top = min(h.r for h in cells)
    return {h: f"{column_letters((2 * h.q + h.r - left) // 2)}{h.r - top + 1}" for h in cells}


def ring(center: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [center]
    results = []
    h = center + Hex(DIRECTIONS[4].q * radius, DIRECTIONS[4].r * radius)
    for i in range(6):
        for _ in range(radius):
            results.append(h)
            h = neighbor(h, i)
    return results


def spiral(center: Hex, radius: int) -> list[Hex]:
    return [h for k in range(radius + 1) for h in ring(center, k)]


def _round(qf: float, rf: float) -> Hex:
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b``, both included.

    Nudged by a tiny epsilon so that lines along hex edges are decided consistently.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6
    aq, ar = a.q + eps, a.r + 2 * eps  # unequal nudges: no rounding ties between q and r
    bq, br = b.q + eps, b.r + 2 * eps  # the same nudge at both ends keeps lines symmetric
    return [_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def reachable(
    start: Hex,
    max_cost: int,
    can_enter: Callable[[Hex], bool],
    can_stop: Callable[[Hex], bool] | None = None,
    cost: Callable[[Hex, Hex], int] | None = None,
) -> dict[Hex, int]:
    """Hexes that can be reached from ``start`` for at most ``max_cost`` (Dijkstra).

    ``can_enter(h)`` says whether a path may pass through ``h``; ``can_stop(h)`` whether it may
    end there (default: same as can_enter). Returns {hex: cheapest cost} of the stoppable ones,
    ``start`` excluded.
    """
    step = cost or (lambda _a, _b: 1)
    best: dict[Hex, int] = {start: 0}
    frontier: list[tuple[int, Hex]] = [(0, start)]
    while frontier:
        c, h = heappop(frontier)
        if c > best.get(h, math.inf):
            continue
        for n in neighbors(h):
            nc = c + step(h, n)
            if nc <= max_cost and can_enter(n) and nc < best.get(n, math.inf):
                best[n] = nc
                heappush(frontier, (nc, n))
    stop = can_stop or can_enter
    return {h: c for h, c in best.items() if h != start and stop(h)}


@dataclass(frozen=True)
class Layout:
    """Hex to pixel conversion: orientation, hex size (pixels) and origin."""

    orientation: Literal["pointy", "flat"] = "pointy"
    size: float = 1.0
    origin: tuple[float, float] = (0.0, 0.0)

    def to_pixel(self, h: Hex) -> tuple[float, float]:
        if self.orientation == "pointy":
            x = self.size * (math.sqrt(3) * h.q + math.sqrt(3) / 2 * h.r)
            y = self.size * (1.5 * h.r)
        else:
            x = self.size * (1.5 * h.q)
            y = self.size * (math.sqrt(3) / 2 * h.q + math.sqrt(3) * h.r)
        return x + self.origin[0], y + self.origin[1]

    def from_pixel(self, x: float, y: float) -> Hex:
        px, py = (x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size
        if self.orientation == "pointy":
            q = math.sqrt(3) / 3 * px - py / 3
            r = 2 / 3 * py
        else:
            q = 2 / 3 * px
            r = -px / 3 + math.sqrt(3) / 3 * py
        return _round(q, r)
