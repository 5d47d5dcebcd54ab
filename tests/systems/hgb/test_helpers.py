"""The stateless helpers roll, attack and odds (API.md) with the rulebook's examples."""

from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from app.systems.hgb.attack import odds, resolve
from app.systems.hgb.helpers import AttackRequest, OddsRequest, RollRequest, run_attack, run_odds, run_roll
from app.systems.hgb.rolls import read_faces


def test_roll_helper_as_in_api_md():
    out = run_roll(RollRequest(faces=[6, 6, 1]))
    assert out.result == 7 and out.fumble is False


def test_roll_helper_threshold_example():
    out = run_roll(RollRequest(faces=[5, 2, 1], threshold=4))
    assert out.success and out.mos == 1


# The rulebook's Gear Joe attack (API.md): what is asked, and what it resolves to.
GEAR_JOE = {
    "attack_faces": [5],
    "defense_faces": [2],
    "attack_modifiers": {"range": -1},
    "defense_modifiers": {"movement": -1},
    "dm": 8,
    "armor": 15,
}
GEAR_JOE_RESOLVED = {"attack": 4, "defense": 1, "hit": True, "mos": 3, "damage": 24, "boxes": 1, "overkill": False}


def test_attack_helper_gear_joe():
    out = run_attack(AttackRequest(**GEAR_JOE))
    assert out.model_dump(include=set(GEAR_JOE_RESOLVED)) == GEAR_JOE_RESOLVED


def test_attack_helper_indirect_example():
    # Light Rocket Pack: unmodified 4, modifiers -2, against Threshold 4: MoF 2, 2 inches off.
    out = run_attack(AttackRequest(attack_faces=[4, 2], attack_modifiers={"total": -2}, dm=12, armor=15, threshold=4))
    assert out.attack == 2 and not out.on_target and out.mof == 2 and out.deviation == 2
    assert out.unmodified == 4
    # the model under the deviated attack defends against the original 4
    hit = run_attack(
        AttackRequest(
            attack_faces=[4, 2],
            attack_modifiers={"total": -2},
            dm=12,
            armor=15,
            threshold=4,
            defense_faces=[3, 1],
            defense_modifiers={"movement": -1},
        )
    )
    assert hit.hit and hit.mos == 2 and hit.damage == 24 and hit.boxes == 1


def test_indirect_odds_use_the_unmodified_roll():
    from app.systems.hgb.attack import on_target_odds

    o = odds(2, -2, 2, -1, 12, 15, threshold=4)
    assert on_target_odds(2, -2, 4) == Fraction(11, 36)  # a six: 6 - 2 = 4 (MoF 0) or 7 - 2 = 5
    assert o.hit <= on_target_odds(2, -2, 4)


def test_weak_side_turns_a_tie_into_mos_2():
    r = resolve(3, 3, 8, 15, weak_side=True)
    assert r.hit and r.mos == 2 and r.boxes == 1


def _brute_force(a_n, a_mod, d_n, d_mod, dm, armor):
    hit = over = Fraction(0)
    boxes = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
    total = 6 ** (a_n + d_n)
    for fa in product(range(1, 7), repeat=a_n):
        for fd in product(range(1, 7), repeat=d_n):
            r = resolve(read_faces(fa).modified(a_mod), read_faces(fd).modified(d_mod), dm, armor)
            p = Fraction(1, total)
            if r.hit:
                hit += p
            if r.overkill:
                over += p
            else:
                boxes[r.boxes] += p
    return hit, boxes, over


@settings(max_examples=25, deadline=None)
@given(
    st.integers(1, 3), st.integers(-3, 3), st.integers(1, 2), st.integers(-3, 3), st.integers(1, 20), st.integers(5, 25)
)
def test_odds_equal_brute_force(a_n, a_mod, d_n, d_mod, dm, armor):
    o = odds(a_n, a_mod, d_n, d_mod, dm, armor)
    hit, boxes, over = _brute_force(a_n, a_mod, d_n, d_mod, dm, armor)
    assert o.hit == hit and o.overkill == over and o.boxes == boxes
    assert sum(o.boxes.values()) + o.overkill == 1


def test_odds_helper_is_exact_and_complete():
    out = run_odds(
        OddsRequest(attack_modifiers={"range": -1}, defense_modifiers={"movement": -1}, dm=8, armor=15, boxes_left=4)
    )
    assert abs(out.hit + out.miss - 1) < 1e-12
    assert abs(sum(out.boxes.values()) + out.overkill - 1) < 1e-12
    assert Fraction(out.exact["hit"]) == odds(2, -1, 2, -1, 8, 15).hit


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 3), st.integers(-3, 2), st.integers(1, 2), st.integers(-2, 1), st.integers(5, 20))
def test_indirect_odds_equal_brute_force(a_n, a_mod, d_n, d_mod, dm):
    hit = Fraction(0)
    total = 6 ** (a_n + d_n)
    for fa in product(range(1, 7), repeat=a_n):
        roll = read_faces(fa)
        if roll.modified(a_mod) < 4:  # MoF 0 deviates 0 inches: on the target
            continue
        for fd in product(range(1, 7), repeat=d_n):
            if resolve(roll.result, read_faces(fd).modified(d_mod), dm, 15).hit:
                hit += Fraction(1, total)
    assert odds(a_n, a_mod, d_n, d_mod, dm, 15, threshold=4).hit == hit


def test_path_helper_gives_mp_after_each_point_or_the_reason():
    from app.systems.hgb.helpers import PathRequest, run_path

    rough = {"id": "r", "type": "rough", "polygon": [[12, 15], [14, 15], [14, 25], [12, 25]]}
    out = run_path(PathRequest(terrain=[rough], x=10, y=20, mp=7, path=[[12, 20], [14, 20], [15, 20]]))
    assert out.legal and out.mp == [2.0, 6.0, 7.0] and out.mp_left == 0
    out = run_path(PathRequest(terrain=[rough], x=10, y=20, mp=4, path=[[14, 20]]))
    assert not out.legal and out.error["code"] == "not_enough_mp"
    out = run_path(PathRequest(x=10, y=20, mode="ground", path=[[10, 22]]))
    assert out.error["code"] == "illegal_turn"


def _squares(n: int, corners: int = 4) -> list[dict]:
    """``n`` small rough pieces of ``corners`` corners each (a square with points on its top edge)."""
    out = []
    for i in range(n):
        x, y = 1 + (i % 20) * 2.3, 1 + (i // 20) * 2.3
        top = [[x + k / (corners - 3), y + 1] for k in range(corners - 2)][::-1]
        out.append({"id": f"r{i}", "type": "rough", "polygon": [[x, y], [x + 1, y], *top]})
    return out


def test_path_helper_refuses_more_work_than_its_cap_before_any_check():
    """Warboard: at most MAX_PATH_WORK path points x terrain corners, and no more corners than a
    table holds: ``too_much_work`` (422), counted on the raw request before any outline is built."""
    import pytest

    from app.core.errors import MalformedAction
    from app.systems.hgb.board import MAX_CORNERS
    from app.systems.hgb.helpers import MAX_PATH_WORK, PathRequest, path_price

    pieces = _squares(MAX_CORNERS // 10, 10)
    points = MAX_PATH_WORK // MAX_CORNERS
    path = [[10, 40 + k * 0.1] for k in range(points)]
    fine = PathRequest(terrain=pieces, x=10, y=39, path=path)
    assert fine.work() == MAX_PATH_WORK and path_price(fine) == 10
    assert path_price(PathRequest(x=10, y=20, path=[[12, 20]])) == 1
    with pytest.raises(MalformedAction) as err:
        PathRequest.model_validate({"terrain": pieces, "x": 10, "y": 39, "path": [*path, [10, 42.5]]})
    assert err.value.code == "too_much_work" and f"{points + 1} x {MAX_CORNERS:,}" in err.value.message
    bow_ties = [{"id": f"b{i}", "type": "rough", "polygon": [[1, 1], [3, 3], [3, 1], [1, 3]] * 16} for i in range(40)]
    with pytest.raises(MalformedAction) as err:  # 2,560 corners: refused by count, never built
        PathRequest.model_validate({"terrain": bow_ties, "x": 10, "y": 20, "path": [[12, 20]]})
    assert err.value.code == "too_much_work" and f"{MAX_CORNERS:,} corners" in err.value.message


def test_path_helper_checks_each_outline_as_a_table_does():
    import pytest

    from app.core.errors import MalformedAction
    from app.systems.hgb.helpers import PathRequest, run_path

    bow_tie = {"id": "b", "type": "rough", "polygon": [[10, 20], [14, 24], [14, 20], [10, 24]]}
    request = PathRequest(terrain=[_squares(1)[0], bow_tie], x=10, y=20, path=[[12, 20]])  # not built yet
    with pytest.raises(MalformedAction) as err:
        run_path(request)
    assert err.value.code == "malformed"
    assert err.value.message.startswith(
        "terrain.1: The rough near 12 in from the West edge, 22 in from the North edge is not a simple polygon"
    )


def test_indirect_odds_count_mof_0_as_landing_on_the_target():
    """Rulebook, Indirect Fire: "if the modified roll fails, the attack deviates ... by the Margin of
    Failure (MoF) in inches". A modified roll equal to the Threshold is MoF 0: it deviates 0 inches
    and the target defends against the unmodified roll, as on the table."""
    out = run_odds(
        OddsRequest(attack_skill=2, defense_skill=2, attack_modifiers={"total": -2}, dm=12, armor=15, threshold=4)
    )
    assert out.exact["hit"] == "95/432" and out.exact["on_target"] == "11/36"
    one = run_attack(AttackRequest(attack_faces=[6, 2], attack_modifiers={"total": -2}, dm=12, armor=15, threshold=4))
    assert one.on_target and one.deviation == 0 and one.mof == 0
