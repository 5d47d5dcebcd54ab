"""Line of sight and firing arcs on a hex grid (pointy-top, axial coordinates).

Generic helpers built on ``app.geometry.hex``; no game rules live here.

Facing is a direction index into ``hex.DIRECTIONS`` (0 = east, counting counter-clockwise
on screen). ``facing_degrees`` turns it into the client's convention: degrees, 0 = east,
clockwise with y pointing down.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from app.geometry.hex import DIRECTIONS, Hex, _round, distance

_SQRT3 = math.sqrt(3)


def facing_degrees(direction: int) -> int:
    """Direction index (counter-clockwise from east) -> degrees clockwise from east, y down."""
    return (-60 * (direction % 6)) % 360


def direction_from_degrees(degrees: int) -> int:
    """Inverse of ``facing_degrees``; ``degrees`` must be a multiple of 60."""
    if degrees % 60:
        raise ValueError(f"hex facings are multiples of 60 degrees, not {degrees}")
    return (-(degrees // 60)) % 6


def _pixel(h: Hex) -> tuple[float, float]:
    """Centre of ``h`` in a pointy-top layout of size 1 (y pointing down)."""
    return _SQRT3 * h.q + _SQRT3 / 2 * h.r, 1.5 * h.r


def in_arc(origin: Hex, facing: int, target: Hex, degrees: int = 180) -> bool:
    """Whether ``target`` lies in the arc of ``degrees`` centred on ``facing`` at ``origin``.

    A hex exactly on the arc's edge counts as inside. ``origin`` itself is inside.
    """
    if target == origin:
        return True
    fx, fy = _pixel(DIRECTIONS[facing % 6])
    tx, ty = _pixel(target - origin)
    cos = (fx * tx + fy * ty) / (math.hypot(fx, fy) * math.hypot(tx, ty))
    return cos >= math.cos(math.radians(degrees / 2)) - 1e-9


def _nudged_line(a: Hex, b: Hex, sign: int) -> list[Hex]:
    n = distance(a, b)
    eps = 1e-6 * sign
    aq, ar = a.q + eps, a.r + 2 * eps  # unequal nudges: no rounding ties between q and r
    bq, br = b.q + eps, b.r + 2 * eps  # the same nudge at both ends keeps lines symmetric
    return [_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def lines(a: Hex, b: Hex) -> list[list[Hex]]:
    """The straight hex lines from ``a`` to ``b``: one, or two when the line runs along hex edges."""
    if a == b:
        return [[a]]
    first, second = _nudged_line(a, b, 1), _nudged_line(a, b, -1)
    return [first] if first == second else [first, second]


def has_line_of_sight(a: Hex, b: Hex, blocks: Callable[[Hex], bool]) -> bool:
    """Whether ``a`` sees ``b``: some straight line between them passes no blocking hex.

    The end hexes never block (a shooter sees the hex it targets, even a building's hex).
    Where the line runs exactly along hex edges, either side being clear is enough.
    """
    return any(not any(blocks(h) for h in path[1:-1]) for path in lines(a, b))
