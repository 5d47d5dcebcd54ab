"""SRBR "Profiles" (p. 4): body parts with points and Quality; cost = parts + special rules."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from app.systems.srbr import data, profiles

RULES = data.defaults()
TYPES = RULES["attack_types"]


def design(**changes: object) -> dict[str, Any]:
    mecha = {
        "id": "oni",
        "name": "Oni",
        "form": "biped",
        "base": 4.0,
        "parts": [
            {
                "id": "legs",
                "name": "Legs",
                "type": "legs",
                "points": 20,
                "q": 3,
                "c": 2,
                "move": "M",
                "attacks": ["kick"],
            },
            {"id": "arms", "name": "Arms", "type": "arms", "points": 18, "q": 4, "c": 3, "attacks": ["punch"]},
        ],
        "special_rules": [{"name": "Jump jets", "points": 7}],
    }
    mecha.update(changes)
    return mecha


def test_cost_is_the_sum_of_parts_and_special_rules() -> None:
    report = profiles.check(design(), RULES, TYPES)
    assert report["valid"] and report["cost"] == 20 + 18 + 7


@given(st.lists(st.integers(0, 60), min_size=1, max_size=12), st.lists(st.integers(0, 40), max_size=4))
def test_cost_sums_any_points(part_points: list[int], rule_points: list[int]) -> None:
    parts = [
        {"id": f"p{i}", "name": f"Part {i}", "type": "other", "points": pts, "q": 4}
        for i, pts in enumerate(part_points)
    ]
    rules = [{"name": f"Rule {i}", "points": pts} for i, pts in enumerate(rule_points)]
    report = profiles.check({"id": "x", "name": "X", "parts": parts, "special_rules": rules}, RULES, TYPES)
    assert report["cost"] == sum(part_points) + sum(rule_points)


def test_quality_must_be_a_die_roll() -> None:
    bad = design()
    bad["parts"][0]["q"] = 7
    report = profiles.check(bad, RULES, TYPES)
    assert not report["valid"] and "parts.0.q" in report["errors"][0]


def test_attacks_must_exist_and_suit_the_part() -> None:
    bad = design()
    bad["parts"][1]["attacks"] = ["kick", "laser_eyes"]
    errors = profiles.check(bad, RULES, TYPES)["errors"]
    assert any("cannot kick" in e for e in errors)
    assert any("unknown attack type 'laser_eyes'" in e for e in errors)


def test_duplicate_part_ids_and_point_limit() -> None:
    bad = design()
    bad["parts"][1]["id"] = "legs"
    assert not profiles.check(bad, RULES, TYPES)["valid"]
    over = profiles.check(design(), RULES, TYPES, point_limit=40)
    assert not over["valid"] and "over the limit of 40" in over["errors"][0]


def test_default_pricing_is_only_a_warning() -> None:
    report = profiles.check(design(), RULES, TYPES)
    assert report["valid"] and any("Warboard default price" in w for w in report["warnings"])
    part = profiles.Part.model_validate(design()["parts"][0])
    # Q3 10 + C2 x2 + Medium move 4 + one attack 2
    assert profiles.suggested_points(part, RULES["pricing"]) == 20


def test_sample_mechas_are_valid_and_priced_by_the_defaults() -> None:
    for mecha in data.samples().values():
        report = profiles.check(mecha, RULES, TYPES)
        assert report["valid"], report["errors"]
        assert report["warnings"] == [], report["warnings"]


def test_every_data_file_is_labelled() -> None:
    for name in ("rules", "combat", "attack_types", "mechas", "terrain"):
        assert "Warboard default" in data.load(name)["_source"]
