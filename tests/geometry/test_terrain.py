"""app.geometry.terrain: costs along paths, levels, sight lines."""

import math

from hypothesis import given
from hypothesis import strategies as st

from app.geometry.tabletop import Point
from app.geometry.terrain import (
    Obstacle,
    hexagon,
    level_at,
    levels_along,
    offset,
    polygon,
    sight_clear,
    touches_circle,
    weighted_length,
)

SQUARE = polygon([[2, -1], [4, -1], [4, 1], [2, 1]])


def test_weighted_length_counts_the_inches_inside():
    assert math.isclose(weighted_length(Point(0, 0), Point(6, 0), [(SQUARE, 3)]), 4 + 2 * 3)


def test_overlaps_take_the_dearest():
    other = polygon([[3, -1], [5, -1], [5, 1], [3, 1]])
    cost = weighted_length(Point(0, 0), Point(6, 0), [(SQUARE, 3), (other, 2)])
    assert math.isclose(cost, 2 + 2 * 3 + 1 * 2 + 1)


@given(st.floats(0, 10), st.floats(0, 10), st.floats(1, 4))
def test_cost_at_least_length(x, y, c):
    a, b = Point(0, 0), Point(x, y)
    assert weighted_length(a, b, [(SQUARE, c)]) >= math.hypot(x, y) - 1e-9


def test_levels_along_a_hill():
    low = polygon([[2, -2], [8, -2], [8, 2], [2, 2]])
    top = polygon([[4, -1], [6, -1], [6, 1], [4, 1]])
    assert levels_along(Point(0, 0), Point(10, 0), [(low, 1), (top, 2)]) == [0, 1, 2, 1, 0]
    assert level_at(Point(5, 0), [(low, 1), (top, 2)]) == 2


def test_sight_over_and_into_a_wall():
    wall = Obstacle(polygon([[4, -2], [4.2, -2], [4.2, 2], [4, 2]]), 1.0, "wall")
    assert not sight_clear((0, 0, 0.5), (8, 0, 0.5), wall)
    assert sight_clear((0, 0, 2.0), (8, 0, 2.0), wall)
    assert sight_clear((0, 0, 0.5), (0, 8, 0.5), wall)


def test_woods_block_only_deeper_runs():
    woods = Obstacle(polygon([[-1, -1], [1, -1], [1, 1], [-1, 1]]), 2.0, "woods", depth=1.5)
    assert sight_clear((0, 0, 1), (5, 0, 1), woods)  # 1 inch of woods from the centre out
    assert not sight_clear((-3, 0, 1), (5, 0, 1), woods)  # 2 inches right through
    assert sight_clear((-3, 0, 3), (5, 0, 3), woods)  # above the trees


def test_partly_above_the_top_counts_only_the_part_below():
    block = Obstacle(polygon([[2, -1], [6, -1], [6, 1], [2, 1]]), 1.0, "slope", depth=1.0)
    # the line climbs from z 0 at x 0 to z 2 at x 8: below 1.0 only for x < 4 (2 inches inside)
    assert not sight_clear((0, 0, 0), (8, 0, 2), block)
    assert sight_clear((0, 0, 0.5), (8, 0, 1.5), Obstacle(block.footprint, 1.0, "slope", depth=2.5))


def test_hexagon_front_edge_faces_the_facing():
    hx = hexagon(Point(0, 0), 1.0, 0)
    assert math.isclose(hx.bounds[2], math.cos(math.radians(30)), abs_tol=1e-9)
    assert math.isclose(hx.area, 3 * math.sqrt(3) / 2, rel_tol=1e-9)


def test_circle_and_offset():
    assert touches_circle(Point(0, 0), 2, Point(2.4, 0), 0.5)
    assert not touches_circle(Point(0, 0), 2, Point(2.6, 0), 0.5)
    p = offset(Point(0, 0), 90, 2)
    assert math.isclose(p.x, 0, abs_tol=1e-9) and math.isclose(p.y, 2)


def test_polygon_problem_names_shapelys_reason():
    from app.geometry.terrain import polygon_problem

    assert polygon_problem([[0, 0], [2, 2], [2, 0], [0, 2]]) == "Self-intersection at (1, 1)"  # a bow-tie
    assert polygon_problem([[0, 0], [1, 1], [2, 2]]) is not None  # no area
    assert polygon_problem([[0, 0], [2, 0], [2, 2], [0, 2]]) is None
