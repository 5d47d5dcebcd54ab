"""Refusals name pieces, seats, phases and actions in words (issue 27): along a seeded game of
GKR and of Small Soldiers, every candidate the property tests generate that ``apply`` refuses
is refused with a message that quotes no id (a unit, fighter, card, building, seat, phase or
action kind as the state spells it) nor a Python list."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from app.core.dice import Dice
from app.core.errors import WarboardError
from app.systems import registry
from tests.systems.gkr.test_legal_property import GKR_PROBE
from tests.systems.legal_property import Probe, random_game
from tests.systems.small_soldiers.test_legal_property import SS_PROBE

State = dict[str, Any]


def ids(system: Any, state: State, seats: list[str]) -> set[str]:
    """Every id the state spells that a player reads otherwise: seats, pieces, cards, buildings,
    and the action kinds and phases that are not plain words ("roll_opening", not "move")."""
    out = set(seats) | {k for k in [*system.handlers, *system.phases] if re.search(r"[_\-:]", k)}
    for key in ("units", "fighters", "buildings", "cards"):
        out |= set(state.get(key) or {})
    for hand in (state.get("hands") or {}).values():
        out |= {c["id"] for c in hand}
    return {i for i in out if i}


def quoted_ids(message: str, names: set[str]) -> list[str]:
    found = [i for i in names if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", message)]
    return found + (["a Python list"] if re.search(r"\[['\"]", message) else [])


@pytest.mark.parametrize(("probe", "options"), [(GKR_PROBE, {"players": 3}), (SS_PROBE, {"advanced": True})])
def test_refusals_quote_no_ids(probe: Probe, options: dict[str, Any]) -> None:
    system = registry.get(probe.system_id)
    seats = system.seats(system.validate_options(options))
    rng = random.Random("words")
    bad: dict[str, str] = {}
    for state in random_game(probe.system_id, options, 7, 150):
        names = ids(system, state, seats)
        for seat in seats:
            listed = system.legal_actions(state, seat)
            for cand in probe.candidates(state, seat, listed, rng)[:80]:
                try:
                    system.apply(state, seat, system.parse_action(cand), Dice("words"))
                except WarboardError as exc:
                    found = quoted_ids(exc.message, names)
                    if found:
                        bad.setdefault(exc.message, f"{cand} quotes {found}")
    assert not bad, "\n".join(f"{m!r}: {why}" for m, why in list(bad.items())[:15])
