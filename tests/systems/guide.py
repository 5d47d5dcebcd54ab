"""A game walked step by step for the guided game's hint tests: the hint a seat gets is its
system's ``hint`` of that seat's own view and legal actions, as the table's hint endpoint asks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.dice import Dice
from app.systems import get
from app.systems.base import RuleSystem
from app.systems.hints import Hint

#: the fields of every hint, and the words every rulebook citation starts with
FIELDS = {"step", "text", "control", "rulebook", "section", "yours"}


class Walk:
    def __init__(self, system_id: str, options: dict[str, Any], seed: str = "guide") -> None:
        system = get(system_id)
        assert system is not None
        self.system: RuleSystem = system
        self.options = system.validate_options(options)
        self.dice = Dice(seed)
        self.state = system.setup(self.options, self.dice)

    def hint(self, seat: str) -> Hint | None:
        view = self.system.view(self.state, seat)
        found = self.system.hint(view, self.system.legal_actions(self.state, seat), seat)
        if found is not None:
            check(self.system, found)
        return found

    def act(self, seat: str, action: dict[str, Any]) -> None:
        self.state, _ = self.system.apply(self.state, seat, self.system.parse_action(action), self.dice)

    def legal(self, seat: str) -> list[dict[str, Any]]:
        return self.system.legal_actions(self.state, seat)

    def others_play(self, me: str, pick: Callable[[list[dict[str, Any]]], dict[str, Any]], limit: int = 50) -> None:
        """The other seats act (``pick`` chooses among their legal actions) until ``me`` may act."""
        for _ in range(limit):
            active = self.system.active_seats(self.state) or []
            mine = [a for a in self.legal(me) if a["kind"] not in ("concede", "agree_end", "autopilot", "aim")]
            if me in active and mine:
                return
            seat = next(s for s in active if s != me)
            self.act(seat, pick(self.legal(seat)))
        raise AssertionError("the other seats never handed the game back")


def check(system: RuleSystem, found: Hint) -> None:
    """A hint is complete, cites the rulebook and points at a section of the game's rules panel."""
    assert set(found) == FIELDS
    assert found["text"] and found["text"][0].isupper()
    assert found["rulebook"].startswith("Rulebook: ")
    assert found["section"] in {s["id"] for s in system.handbook()}, found["section"]
    assert bool(found["control"]) == found["yours"]
