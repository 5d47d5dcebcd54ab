from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from app.geometry.hex import (
    Hex,
    Layout,
    cell_names,
    column_letters,
    direction_to,
    distance,
    line,
    neighbors,
    reachable,
    ring,
    spiral,
)

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


def test_column_letters_run_past_z() -> None:
    assert [column_letters(i) for i in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB", "AZ", "BA"]


def test_cell_names_read_like_a_board_edge() -> None:
    """Rows of 7 and 6 hexes (the Small Soldiers board): the top row A1-G1, the shifted row
    below A2-F2, each hex named by the half-column its left half stands in."""
    top = [Hex(q, -6) for q in range(3, 10)]  # 7 hexes: doubled x 0, 2, ... 12
    second = [Hex(q, -5) for q in range(3, 9)]  # 6 hexes, shifted half a hex: doubled x 1, 3, ... 11
    names = cell_names(top + second)
    assert [names[h] for h in top] == ["A1", "B1", "C1", "D1", "E1", "F1", "G1"]
    assert [names[h] for h in second] == ["A2", "B2", "C2", "D2", "E2", "F2"]
    assert cell_names([]) == {}


def test_cell_names_of_a_round_board_are_unique() -> None:
    board = spiral(Hex(0, 0), 6)
    names = cell_names(board)
    assert len(set(names.values())) == len(board) == 127
    assert names[Hex(0, -6)] == "D1" and names[Hex(0, 6)] == "J13" and names[Hex(-6, 0)] == "A7"
