"""The spaces a ball's straight path and a pushed fighter's base cross (``crossing.py``)."""

from __future__ import annotations

import itertools

from hypothesis import example, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from app.geometry.hex import Hex, distance, spiral
from app.systems.small_soldiers.crossing import base_crossings, crossed, polygon

CELLS = set(spiral(Hex(0, 0), 8))
XY = st.tuples(st.floats(-7, 7), st.floats(-7, 7))  # well inside CELLS


@settings(max_examples=100, deadline=None)
@given(start=XY, end=XY)
@example(start=(1e-07, 1.0), end=(0.0, 0.0))  # starts a hair inside the next space, at a corner
def test_a_path_lists_each_space_once_each_next_to_the_last_from_start_to_end(start, end):
    path = crossed(CELLS, start, end)
    assert len(path) == len(set(path))
    assert all(distance(a, b) == 1 for a, b in itertools.pairwise(path))
    if start != end:  # the first space holds the start and the last the end (on its edge at least)
        assert polygon(path[0]).distance(Point(start)) < 1e-6 and polygon(path[-1]).distance(Point(end)) < 1e-6


def test_a_path_along_an_edge_lists_both_spaces_beside_it():
    # x = 0 runs along the edge between (0,1) and (-1,1) from y = 1 to y = 2
    assert crossed(CELLS, (0.0, 0.0), (0.0, 3.0)) == [Hex(0, 0), Hex(-1, 1), Hex(0, 1), Hex(-1, 2)]
    assert crossed(CELLS, (0.0, 3.0), (0.0, 0.0)) == [Hex(-1, 2), Hex(-1, 1), Hex(0, 1), Hex(0, 0)]


def test_a_path_touching_a_corner_only_does_not_cross_that_space():
    # y = 4 runs through row 3 (r = 3) just below its top corners and touches the bottom corners
    # of row 2 only: those are not crossed
    path = crossed(CELLS, (0.0, 4.0), (-4.0, 4.0))
    assert path == [Hex(-2, 3), Hex(-3, 3), Hex(-4, 3)]
    assert crossed(CELLS, (0.0, -4.0), (-4.0, -4.0)) == [Hex(1, -3), Hex(0, -3), Hex(-1, -3)]


@given(heading=st.floats(0, 360, exclude_max=True))
def test_a_push_crosses_only_into_neighbours_and_mirrors_with_the_heading(heading):
    parts = base_crossings(Hex(0, 0), heading, 0.4, 0.3)
    assert 1 <= len(parts) <= 2 and all(distance(h, Hex(0, 0)) == 1 for h in parts)
    mirror = base_crossings(Hex(0, 0), (180.0 - heading) % 360.0, 0.4, 0.3)  # mirrored in x
    assert sorted(round(a, 6) for a in parts.values()) == sorted(round(a, 6) for a in mirror.values())


def test_a_short_push_stays_inside_its_space():
    assert base_crossings(Hex(2, -1), 33.0, 0.1, 0.3) == {}
