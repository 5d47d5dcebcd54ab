"""Hex line of sight and firing arcs (app/geometry/hexlos.py)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.geometry.hex import DIRECTIONS, Hex, distance, neighbors
from app.geometry.hexlos import direction_from_degrees, facing_degrees, has_line_of_sight, in_arc, lines

coords = st.integers(min_value=-8, max_value=8)
hexes = st.builds(Hex, coords, coords)


@pytest.mark.parametrize("direction, degrees", [(0, 0), (1, 300), (2, 240), (3, 180), (4, 120), (5, 60)])
def test_facing_degrees_named(direction, degrees):
    assert facing_degrees(direction) == degrees
    assert direction_from_degrees(degrees) == direction


def test_direction_from_degrees_rejects_off_grid():
    with pytest.raises(ValueError):
        direction_from_degrees(45)


def test_arc_facing_east_covers_three_neighbours():
    inside = [n for n in neighbors(Hex(0, 0)) if in_arc(Hex(0, 0), 0, n)]
    assert set(inside) == {Hex(1, 0), Hex(1, -1), Hex(0, 1)}


def test_arc_edge_counts_inside():
    # straight "north" of a hex facing east lies on the arc's edge
    assert in_arc(Hex(0, 0), 0, Hex(1, -2))
    assert in_arc(Hex(0, 0), 0, Hex(-1, 2))


def test_narrow_arc():
    assert in_arc(Hex(0, 0), 0, Hex(3, 0), 60)
    assert not in_arc(Hex(0, 0), 0, Hex(0, 1), 60)


@given(hexes, hexes, st.integers(min_value=0, max_value=5))
def test_front_or_back_half(a, b, facing):
    """Every hex is in the front 180 degrees or the back 180 degrees (both on the edge)."""
    assert in_arc(a, facing, b) or in_arc(a, (facing + 3) % 6, b)


def test_line_of_sight_blocked_by_a_hex_between():
    wall = {Hex(1, 0)}
    assert not has_line_of_sight(Hex(0, 0), Hex(2, 0), lambda h: h in wall)
    assert has_line_of_sight(Hex(0, 0), Hex(1, 0), lambda h: h in wall)  # the end hex never blocks
    assert has_line_of_sight(Hex(0, 0), Hex(0, 2), lambda h: h in wall)


def test_edge_lines_need_one_clear_side():
    a, b = Hex(0, 0), Hex(1, 1)  # the line runs between (1,0) and (0,1)
    assert len(lines(a, b)) == 2
    assert has_line_of_sight(a, b, lambda h: h == Hex(1, 0))
    assert has_line_of_sight(a, b, lambda h: h == Hex(0, 1))
    assert not has_line_of_sight(a, b, lambda h: h in (Hex(1, 0), Hex(0, 1)))


@given(hexes, hexes)
def test_lines_are_connected_paths(a, b):
    for path in lines(a, b):
        assert path[0] == a and path[-1] == b and len(path) == distance(a, b) + 1
        assert all(distance(p, q) == 1 for p, q in itertools.pairwise(path))


@given(hexes, hexes)
def test_line_of_sight_is_symmetric_for_single_blockers(a, b):
    for blocker in [a + d for d in DIRECTIONS]:

        def blocks(h, blocker=blocker):
            return h == blocker

        assert has_line_of_sight(a, b, blocks) == has_line_of_sight(b, a, blocks)
