"""Footprints: straight moves stopped by contact, sight past buildings, the table edge, outlines."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.geometry import footprints
from app.geometry.tabletop import Point


def test_anchor_right_foot_turns_with_facing() -> None:
    centre = Point(10, 10)
    east = footprints.anchor_point(centre, 0, (0, 1))  # facing east: right is south (+y)
    north = footprints.anchor_point(centre, 270, (0, 1))  # facing north: right is east (+x)
    assert (round(east.x, 6), round(east.y, 6)) == (10, 11)
    assert (round(north.x, 6), round(north.y, 6)) == (11, 10)


def test_move_stops_at_contact_with_another_base() -> None:
    other = footprints.footprint(Point(20, 10), 2)
    move = footprints.straight_move(Point(0, 10), Point(30, 10), 2, [other])
    assert move.blocked_by == 0
    assert move.end.x == pytest.approx(16, abs=0.01)
    assert footprints.in_contact(footprints.footprint(move.end, 2), other)


def test_move_away_from_contact_is_free_but_into_it_is_not() -> None:
    other = footprints.footprint(Point(20, 10), 2)
    start = Point(16.0, 10)
    assert footprints.straight_move(start, Point(25, 10), 2, [other]).travelled == 0
    away = footprints.straight_move(start, Point(6, 10), 2, [other])
    assert away.travelled == pytest.approx(10) and away.blocked_by is None


def test_building_stops_a_move_and_blocks_sight() -> None:
    wall = footprints.polygon([[10, 0], [12, 0], [12, 20], [10, 20]])
    move = footprints.straight_move(Point(0, 5), Point(20, 5), 1, [wall])
    assert move.end.x == pytest.approx(9, abs=0.01)
    assert not footprints.line_of_sight(Point(0, 5), Point(20, 5), [wall])
    assert footprints.line_of_sight(Point(0, 25), Point(20, 25), [wall])


def test_clamp_to_table_edge() -> None:
    assert footprints.clamp_to_table(Point(5, 5), Point(-5, 5), 90, 90) == Point(0, 5)
    assert footprints.clamp_to_table(Point(5, 5), Point(8, 5), 90, 90) == Point(8, 5)


coord = st.floats(0, 60, allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(coord, coord, coord, coord, coord, coord)
def test_a_move_never_overlaps_and_never_overshoots(
    sx: float, sy: float, tx: float, ty: float, ox: float, oy: float
) -> None:
    start, target, obstacle = Point(sx, sy), Point(tx, ty), Point(ox, oy)
    if math.dist((sx, sy), (ox, oy)) < 4.1:
        return  # starting overlapped: not a legal position
    other = footprints.footprint(obstacle, 2)
    move = footprints.straight_move(start, target, 2, [other])
    assert move.travelled <= math.dist((sx, sy), (tx, ty)) + 1e-9
    assert footprints.footprint(move.end, 2).distance(other) >= -1e-6
    assert not footprints.footprint(move.end, 2).intersection(other).area > 0.01


@settings(max_examples=150, deadline=None)
@given(st.floats(0, 360), st.floats(0, 360), st.floats(0.1, 12), st.floats(-0.01, 0.04))
def test_from_contact_a_move_never_goes_into_the_other_base(
    where: float, heading: float, length: float, gap: float
) -> None:
    other_centre = Point(30, 30)
    a = math.radians(where)
    start = Point(30 + math.cos(a) * (4 + gap), 30 + math.sin(a) * (4 + gap))
    h = math.radians(heading)
    target = Point(start.x + math.cos(h) * length, start.y + math.sin(h) * length)
    other = footprints.footprint(other_centre, 2)
    move = footprints.straight_move(start, target, 2, [other])
    end_gap = math.dist((move.end.x, move.end.y), (30, 30)) - 4
    assert end_gap >= min(gap, 0) - 0.02
    if math.cos(h - a) < -0.9 and gap <= 0.01:  # heading straight into the other base
        assert move.travelled < 0.05


def test_centre_for_is_the_inverse_of_the_anchor() -> None:
    """SRBR "Measuring Movement": "always measure movement in a consistent way from the same
    part of the mecha's body": a turn pivots on that point, so it stays where it was measured."""
    front = (2.0, 0.0)  # a vehicle's front centre on a 4 cm base
    for facing in (0, 45, 90, 200, 315):
        centre = footprints.centre_for(Point(30, 30), facing, front)
        anchor = footprints.anchor_point(centre, facing, front)
        assert (round(anchor.x, 9), round(anchor.y, 9)) == (30, 30)
    centre = footprints.centre_for(Point(30, 30), 90, front)  # facing south: the centre is north
    assert (round(centre.x, 9), round(centre.y, 9)) == (30, 28)


def test_bow_tie_polygons_are_refused_with_shapely_s_reason() -> None:
    bow_tie = [[0, 0], [10, 10], [10, 0], [0, 10]]
    assert "Self-intersection" in (footprints.polygon_problem(bow_tie) or "")
    with pytest.raises(ValueError, match="Self-intersection"):
        footprints.polygon(bow_tie)
    assert footprints.polygon_problem([[0, 0], [5, 5], [10, 10]]) is not None  # no area
    assert footprints.polygon_problem([[0, 0], [10, 0], [10, 10], [0, 10]]) is None
