"""The report's HGB random events of a seeded tactical game played through the rules (Target
Designation by the translator's roll, ECM, Indirect Fire with its deviation, blasts): each one's
dice are the rolls of its action, in order, and its result is worked out again from those dice
and the rule's numbers it carries, as the report test does with the published proof."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from app.systems import luck
from app.systems.hgb.report import against_value, chances
from app.systems.hgb.rolls import modified_distribution
from tests.report.test_report import _in_order, result_of
from tests.systems.hgb.play import SYSTEM, Table, deploy_all, play_turn


class Logged(Table):
    """A table that numbers its events as the session does and keeps each action's rolls."""

    def __init__(self, options: dict[str, Any], seed: str) -> None:
        super().__init__(options, seed)
        self.rolls_at: dict[int, list[tuple[int, int]]] = {}

    def act(self, seat: str, raw: dict[str, Any]) -> list[dict[str, Any]]:
        first, rolled = len(self.log) + 1, len(self.dice.rolls)
        events = super().act(seat, raw)
        for i, e in enumerate(events):
            e["seq"] = first + i
        self.rolls_at[first] = [(r["sides"], r["value"]) for r in self.dice.rolls[rolled:]]
        return events


def test_designation_ecm_indirect_fire_and_deviation_are_recomputed_from_their_dice() -> None:
    t = Logged({"map": "open", "designation": "translator", "south": {"faction": "peace_river"}}, "tac-1")
    deploy_all(t)
    while t.state["result"] is None and t.state["round"] <= 40:
        play_turn(t, tactics=True)
    public = [SYSTEM.redact_event(e, None) for e in t.log]
    events = chances(public, SYSTEM.view(t.state, None))
    firsts = sorted(t.rolls_at)
    kinds: Counter[str] = Counter()
    for event in events:
        e = luck.to_json(event)
        kinds[next(iter(sorted(e["rule"])))] += 1
        action = max(f for f in firsts if f <= e["seq"])
        wanted = [(d["sides"], f) for d in e["dice"] for f in d["faces"]]
        assert _in_order(wanted, t.rolls_at[action]), (e, t.rolls_at[action])
        assert result_of(e) == e["observed"], e
        assert sum(event.dist.values()) == 1 and event.chance > 0
        assert event.counted == ("deviation" not in e["rule"])
    for rule in ("modifier", "deviation", "ecm_modifier", "attack_value", "attack_modifier", "ties"):
        assert kinds[rule], (rule, kinds)


def test_a_defense_against_a_value_already_rolled_against_enumeration() -> None:
    """The attack value fixed: the margin's distribution is the defense roll's alone."""
    import itertools

    for skill, mod, value in [(1, 0, 4), (2, -1, 6), (3, 2, 0)]:
        margins: dict[int, Fraction] = {}
        for faces in itertools.product(range(1, 7), repeat=skill):
            sixes = faces.count(6)
            raw = 0 if all(f == 1 for f in faces) else (5 + sixes if sixes else max(faces)) + mod
            margins[value - raw] = margins.get(value - raw, Fraction(0)) + Fraction(1, 6**skill)
        assert against_value(value, skill, mod) == margins
        assert luck.above(against_value(value, skill, mod), 0) == sum(
            (p for d, p in modified_distribution(skill, mod).items() if value > d), Fraction(0)
        )
