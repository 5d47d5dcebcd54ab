"""The report's exact distributions, each checked against brute-force enumeration of the dice
(every face of every die, counted), written here without the rules' own helpers."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from app.systems import luck
from app.systems.hgb.rolls import modified_distribution
from app.systems.small_soldiers.report import battle_roll
from app.systems.srbr import data as srbr_data
from app.systems.srbr.report import activation, initiative_event, location_event, malfunction_event, spared

D6 = range(1, 7)


def count(outcomes: list[int]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for v in outcomes:
        out[v] = out.get(v, Fraction(0)) + Fraction(1, len(outcomes))
    return out


def hgb_value(faces: tuple[int, ...], mod: int) -> int:
    """Rulebook: highest die, +1 per extra 6; all ones a Fumble worth 0 whatever the modifiers."""
    if all(f == 1 for f in faces):
        return 0
    sixes = faces.count(6)
    return (5 + sixes if sixes else max(faces)) + mod


@pytest.mark.parametrize(("a_skill", "a_mod", "d_skill", "d_mod"), [(2, 0, 2, 0), (3, -2, 1, 1), (1, 2, 3, -1)])
def test_hgb_opposed_margin_against_enumeration(a_skill: int, a_mod: int, d_skill: int, d_mod: int) -> None:
    margins = [
        hgb_value(a, a_mod) - hgb_value(d, d_mod)
        for a in itertools.product(D6, repeat=a_skill)
        for d in itertools.product(D6, repeat=d_skill)
    ]
    exact = luck.difference(modified_distribution(a_skill, a_mod), modified_distribution(d_skill, d_mod))
    assert exact == count(margins)
    assert luck.above(exact, 0) == Fraction(sum(m > 0 for m in margins), len(margins))


@pytest.mark.parametrize(
    ("n", "to_hit", "max_def", "armor"), [(3, 5, 8, 5), (4, 4, 2, 6), (2, 3, 0, 4), (3, 5, 8, None)]
)
def test_gkr_hits_through_against_enumeration(n: int, to_hit: int, max_def: int, armor: int | None) -> None:
    through = []
    for attack in itertools.product(D6, repeat=n):
        hits = sum(f >= to_hit for f in attack)
        if armor is None:
            through.append(hits)
            continue
        m = min(hits, max_def)
        # every defence roll, each weighted equally inside this attack outcome (never more dice than hits ask)
        through.extend(hits - sum(f >= armor for f in d[:m]) for d in itertools.product(D6, repeat=min(max_def, n)))
    p_save = None if armor is None else luck.at_least(luck.uniform(6), armor)
    assert luck.hits_then_saves(n, luck.at_least(luck.uniform(6), to_hit), max_def, p_save) == count(through)


@pytest.mark.parametrize(("a_add", "d_add"), [(0, 0), (2, 0), (0, 1), (1, 2)])
def test_small_soldiers_battle_roll_against_enumeration(a_add: int, d_add: int) -> None:
    faces = ["1", "2", "3", "4", "5", "skull"]

    def score(face: str, add: int) -> tuple[int, int]:
        return (1, 0) if face == "skull" else (0, int(face) + add)

    results = [(score(a, a_add) > score(d, d_add)) - (score(a, a_add) < score(d, d_add)) for a in faces for d in faces]
    assert battle_roll(faces, a_add, faces, d_add) == count(results)


@pytest.mark.parametrize(("q", "n"), [(4, 3), (2, 2), (6, 1), (7, 3), (1, 2)])
def test_srbr_activation_against_enumeration(q: int, n: int) -> None:
    act = {"always_fail": 1, "always_succeed": 6}
    ok = [sum(1 for f in faces if f != 1 and (f == 6 or f >= q)) for faces in itertools.product(D6, repeat=n)]
    assert activation(q, n, act) == count(ok)


def test_srbr_opposed_and_sandbox_sums_against_enumeration() -> None:
    margins = [a + 3 - (d + 1) for a in D6 for d in D6]
    assert luck.shift(luck.difference(luck.uniform(6), luck.uniform(6)), 2) == count(margins)
    for n, sides in [(3, 6), (2, 20), (4, 4)]:
        sums = [sum(f) for f in itertools.product(range(1, sides + 1), repeat=n)]
        assert luck.dice_sum(n, sides) == count(sums)
    assert luck.dice_sum(100, 1000) is None  # too many outcomes: left out, never approximated


def test_srbr_malfunction_spared_against_enumeration() -> None:
    table = srbr_data.merged({})["malfunction"]["table"]
    assert spared(table) == count([int(table[str(f)] == "none") for f in D6])
    jams = {**table, "1": "jammed", "2": "jammed"}  # a host's table: spared on 3 only
    assert spared(jams) == count([int(jams[str(f)] == "none") for f in D6]) == {0: Fraction(5, 6), 1: Fraction(1, 6)}


def test_srbr_malfunction_event_counts_for_the_owner() -> None:
    table = {str(f): e for f, e in zip(D6, ["none", "none", "none", "jammed", "knock_down", "damage"], strict=True)}
    view = {"defaults": {"malfunction": {"table": table}}, "mechas": {}}
    struck = malfunction_event({"seq": 9, "mecha": "p1-a", "part": "head", "die": 4, "effect": "jammed"}, view)
    assert (struck.seats, struck.observed, struck.chance, struck.luck) == (
        {"p1": 1},
        0,
        Fraction(1, 2),
        -Fraction(1, 4),
    )
    assert struck.dice == ((6, (4,)),) and struck.result == "4: its Head jams"


@pytest.mark.parametrize("n", [1, 3, 5])
def test_srbr_hit_location_and_initiative_against_enumeration(n: int) -> None:
    """``dice.choice`` takes the item at the face less one of a die of ``len(items)`` sides."""
    parts = [f"part{i}" for i in range(n)]
    chosen = [parts[f - 1] for f in range(1, n + 1)]
    view = {"mechas": {"p2-a": {"name": "Raijin", "owner": "p2", "parts": [{"id": p, "name": p} for p in parts]}}}
    for part in parts:
        e = location_event({"seq": 3, "kind": "damaged", "mecha": "p2-a", "part": part, "among": parts}, view)
        assert not e.counted and e.chance == Fraction(chosen.count(part), n) and e.luck == 0
        assert e.dice == ((n, (parts.index(part) + 1,)),) and e.dist == luck.uniform(n)
    seats = ["p1", "p2", "p3", "p4"][: max(n, 2)]
    for first in seats:
        init_view = {"defaults": {"initiative": {"method": "roll"}}, "turn": {"order": [first]}}
        init = initiative_event({"seq": 0, "options": {"players": len(seats)}}, init_view)
        assert init is not None and not init.counted and init.chance == Fraction(1, len(seats))
        assert init.dice == ((len(seats), (seats.index(first) + 1,)),)
    fixed = {"defaults": {"initiative": {"method": "fixed"}}, "turn": {"order": ["p1"]}}
    assert initiative_event({"seq": 0, "options": {}}, fixed) is None


def test_luck_is_zero_on_average_and_bounded() -> None:
    dist = luck.difference(modified_distribution(2, 0), modified_distribution(3, 1))
    assert sum((luck.mid_percentile(dist, v) - Fraction(1, 2)) * p for v, p in dist.items()) == 0
    assert all(-Fraction(1, 2) <= luck.mid_percentile(dist, v) - Fraction(1, 2) <= Fraction(1, 2) for v in dist)
    assert luck.percent(Fraction(1, 6)) == "17%" and luck.percent(Fraction(1, 1000)) == "<1%"
