"""Rulebook, "Damage": the damage table, boxes and the Gear Joe examples."""

from hypothesis import given
from hypothesis import strategies as st

from app.systems.hgb.damage import (
    can_go_full_speed,
    cross_boxes,
    damage_state,
    damage_table,
    parse_boxes,
    resolve_damage,
    roll_penalty,
)


def test_gear_joe_lac_mos_3_one_box():
    hit = resolve_damage(3, 8, 15)
    assert (hit.damage, hit.boxes, hit.overkill) == (24, 1, False)


def test_gear_joe_lac_mos_6_overkill():
    hit = resolve_damage(6, 8, 15)
    assert hit.damage == 48 and hit.overkill


def test_table_edges():
    assert damage_table(14, 15).boxes == 0
    assert damage_table(15, 15).boxes == 1
    assert damage_table(29, 15).boxes == 1
    assert damage_table(30, 15).boxes == 2
    assert damage_table(44, 15).boxes == 2
    assert damage_table(45, 15).overkill


@given(st.integers(0, 1000), st.integers(1, 100))
def test_damage_table_invariants(dmg, armor):
    hit = damage_table(dmg, armor)
    if dmg < armor:
        assert hit.boxes == 0 and not hit.overkill
    elif dmg < 2 * armor:
        assert hit.boxes == 1
    elif dmg < 3 * armor:
        assert hit.boxes == 2
    else:
        assert hit.overkill and hit.boxes == 0


@given(st.integers(0, 20), st.integers(0, 20), st.integers(1, 60))
def test_more_mos_never_less_damage(m1, m2, dm):
    lo, hi = sorted((m1, m2))
    a, b = resolve_damage(lo, dm, 15), resolve_damage(hi, dm, 15)
    assert (a.overkill, a.boxes) <= (b.overkill, b.boxes) or b.overkill


def test_boxes_cross_left_to_right_and_states():
    boxes = parse_boxes("[S][S][L][H][C]")
    assert boxes == ["S", "S", "L", "H", "C"]
    crossed, dead = cross_boxes(boxes, 0, 1)
    assert (crossed, dead, damage_state(boxes, crossed)) == (1, False, "S")
    crossed, dead = cross_boxes(boxes, 2, 2)
    assert damage_state(boxes, crossed) == "H" and roll_penalty(boxes, crossed) == -1
    assert not can_go_full_speed(boxes, crossed)
    crossed, dead = cross_boxes(boxes, 4, 1)
    assert (crossed, dead) == (5, False) and roll_penalty(boxes, crossed) == -2
    assert cross_boxes(boxes, 5, 1) == (5, True)
    assert roll_penalty(boxes, 2) == 0 and roll_penalty(boxes, 3) == 0


@given(st.integers(0, 5), st.integers(0, 2))
def test_crossing_never_skips_or_overflows(crossed, new):
    boxes = parse_boxes("SSLHC")
    now, dead = cross_boxes(boxes, crossed, new)
    assert now <= len(boxes)
    assert dead == (crossed + new > len(boxes))
