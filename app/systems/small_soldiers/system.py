"""The ``small-soldiers`` rule system: the Small Soldiers Big Battle board game.

See README.md for what is the rulebook's and what is a Warboard default.
"""

from __future__ import annotations

import copy
from typing import Any

from app.core.dice import Dice
from app.core.events import Event
from app.systems.base import Outcome, RuleSystem, State
from app.systems.small_soldiers import actions as A
from app.systems.small_soldiers import play, setup
from app.systems.small_soldiers.helpers import HELPERS
from app.systems.small_soldiers.legal import legal_actions
from app.systems.small_soldiers.model import seat_ids
from app.systems.small_soldiers.options import SmallSoldiersOptions, check_feasible
from app.systems.small_soldiers.turns import check_actor
from app.systems.small_soldiers.view import render


class SmallSoldiers(RuleSystem):
    id = "small-soldiers"
    name = "Small Soldiers Big Battle"
    aliases = ("ssbb", "small_soldiers")
    board = "hex"
    action_type = A.SmallSoldiersAction
    options_model = SmallSoldiersOptions
    helpers = HELPERS
    previewable = frozenset({"moved", "deployed"})

    def seats(self, options: dict[str, Any]) -> list[str]:
        return seat_ids(options.get("players", 2))

    def validate_options(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        """The options' shape, then whether a whole game can be played with them.

        Raises ``BadOptions`` with the reason (``options.check_feasible``).
        """
        options = super().validate_options(raw)
        check_feasible(options)
        return options

    def setup(self, options: dict[str, Any], dice: Dice) -> State:
        return setup.initial_state(self.validate_options(options), dice)

    def apply(self, state: State, seat: str, action: Any, dice: Dice) -> tuple[State, list[Event]]:
        check_actor(state, seat)
        # the data files are never changed by a rule: shared, not copied (the rest is)
        new = {k: v if k == "data" else copy.deepcopy(v) for k, v in state.items()}
        events = _dispatch(new, seat, action, dice)
        return new, events

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return render(state, viewer)

    def outcome(self, state: State) -> Outcome | None:
        w = state.get("winner")
        return Outcome(list(w["seats"]), w["reason"]) if w else None

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        return legal_actions(state, seat)


def _dispatch(s: State, seat: str, a: Any, dice: Dice) -> list[Event]:
    match a:
        case A.Deploy():
            return setup.deploy(s, seat, a.reserve, a.order, a.second) if _phase(s, "deploy") else []
        case A.RollOpening():
            return setup.roll_opening(s, seat, dice) if _phase(s, "opening") else []
        case A.Spin():
            return play.spin(s, seat, dice)
        case A.Move():
            return play.move(s, seat, a.fighter, a.q, a.r)
        case A.EndMoves():
            return play.end_moves(s, seat)
        case A.Attack():
            return play.attack(s, seat, dice, a.target, a.fighter)
        case A.EndTurn():
            return play.decline(s, seat)
        case A.PlaceCard():
            return play.place_card(s, seat, a.fighter)
        case A.DiscardCard():
            return play.discard_card(s, seat)
        case A.Recall():
            return play.recall(s, seat, a.target)
        case A.Launch():
            return play.launch(s, seat, dice, a.offset, a.angle, a.power)
        case A.RecruitFighter():
            return play.recruit(s, seat, a.fighter)
        case A.PlayCard():
            return play.play_card(s, seat, a.card)
    raise AssertionError(f"unhandled action {a!r}")


def _phase(state: State, phase: str) -> bool:
    play.need_phase(state, phase, phase)
    return True
