from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from app.geometry.hex import Hex, Layout, direction_to, distance, line, neighbors, reachable, ring, spiral

coords = st.integers(-50, 50)
hexes = st.builds(Hex, coords, coords)


def test_named_cases() -> None:
    assert distance(Hex(0, 0), Hex(3, -1)) == 3
    assert Hex(1, 2).s == -3
    assert len(neighbors(Hex(0, 0))) == 6
    assert len(ring(Hex(0, 0), 2)) == 12
    assert len(spiral(Hex(0, 0), 2)) == 19
    assert direction_to(Hex(0, 0), Hex(1, 0)) == 0
    assert direction_to(Hex(0, 0), Hex(2, 0)) is None
    assert line(Hex(0, 0), Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]


@given(hexes, hexes)
def test_line_is_connected_and_as_long_as_the_distance(a: Hex, b: Hex) -> None:
    path = line(a, b)
    assert path[0] == a and path[-1] == b
    assert len(path) == distance(a, b) + 1
    assert all(distance(p, q) == 1 for p, q in itertools.pairwise(path))


@given(hexes, st.sampled_from(["pointy", "flat"]))
def test_pixel_round_trip(h: Hex, orientation: str) -> None:
    layout = Layout(orientation, 10.0, (3.0, 4.0))  # type: ignore[arg-type]
    assert layout.from_pixel(*layout.to_pixel(h)) == h


@given(hexes, st.integers(0, 5))
def test_ring_is_at_its_radius(center: Hex, radius: int) -> None:
    assert all(distance(center, h) == radius for h in ring(center, radius))


def test_reachable_respects_blocking_and_stopping() -> None:
    wall = {Hex(1, 0), Hex(1, -1), Hex(0, -1)}
    occupied = {Hex(-1, 0)}
    result = reachable(Hex(0, 0), 2, lambda h: h not in wall, lambda h: h not in wall and h not in occupied)
    assert Hex(1, 0) not in result and Hex(-1, 0) not in result
    assert Hex(-2, 0) in result  # passed over the occupied hex
    assert all(c <= 2 for c in result.values())


@given(hexes, hexes)
def test_line_back_is_the_line_forth_reversed(a: Hex, b: Hex) -> None:
    assert line(b, a) == list(reversed(line(a, b)))
