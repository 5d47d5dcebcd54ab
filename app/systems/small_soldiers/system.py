"""The ``small-soldiers`` rule system: the Small Soldiers Big Battle board game.

See README.md for what is the rulebook's and what is a Warboard default.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, ClassVar

import orjson

from app.core.dice import Dice
from app.core.errors import WarboardError
from app.core.events import Event
from app.systems.base import TIME_REASON, Handler, RuleSystem, State
from app.systems.hints import Hint
from app.systems.luck import Losses, RandomEvent
from app.systems.small_soldiers import actions as A
from app.systems.small_soldiers import play, report, seal, setup, turns
from app.systems.small_soldiers.helpers import HELPERS
from app.systems.small_soldiers.hints import hint_for
from app.systems.small_soldiers.legal import legal_actions
from app.systems.small_soldiers.model import army_of, seat_ids
from app.systems.small_soldiers.options import Options, check_feasible
from app.systems.small_soldiers.view import render
from app.systems.small_soldiers.words import KIND_NAMES, PHASE_NAMES, WIN_REASONS, seat_label
from app.systems.views import Scene


class SmallSoldiers(RuleSystem):
    id = "small-soldiers"
    name = "Small Soldiers Big Battle"
    aliases = ("ssbb", "small_soldiers")
    board = "hex"
    action_type = A.SmallSoldiersAction
    options_model = Options
    kind_names = KIND_NAMES
    phase_names = PHASE_NAMES
    reason_names = WIN_REASONS  # "captured the enemy flag"
    skip_kinds = ("end_turn",)  # a seat out of time may have its turn ended (a clock's "skip")
    phases = turns.PHASES
    helpers = HELPERS
    previewable = frozenset({"moved", "deployed"})
    #: turns for the replay: an army's turn, numbered through the game
    turn_marks: ClassVar[Mapping[str, tuple[str | int, str | None]]] = {"turn_started": ("number", "player")}
    #: what a seat may take back: an action that made only these (no die, card or hidden choice)
    quiet_events = frozenset({"moved", "deployed", "moves_ended"})
    learn_options: ClassVar[dict[str, Any] | None] = {"players": 2}  # a guided game: the basic rules

    def chances(self, events: list[Event], view: dict[str, Any]) -> list[RandomEvent]:
        return report.chances(events, view)

    def losses(self, events: list[Event], view: dict[str, Any]) -> Losses:
        return report.losses(events, view)

    def seats(self, options: dict[str, Any]) -> list[str]:
        return seat_ids(options.get("players", 2))

    def seat_label(self, seat: str, options: Mapping[str, Any] | None = None) -> str:
        """A seat by its army: "Gorgonites", "Commando Elite"; at four players "Gorgonites 2"."""
        return seat_label(seat, options)

    def validate_options(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        """The options' shape, then whether a whole game can be played with them.

        Raises ``BadOptions`` with the reason (``options.check_feasible``).
        """
        options = super().validate_options(raw)
        check_feasible(options)
        return options

    def setup(self, options: dict[str, Any], dice: Dice) -> State:
        return setup.setup(self.validate_options(options), dice)

    def upgrade(self, state: State) -> State:
        return setup.upgrade(state)

    def copy_state(self, state: State) -> State:
        # the data files are never changed by a rule: shared, not copied; the rest is plain JSON
        # (lists, string keys), which a round trip through orjson copies eight times faster than
        # deepcopy (``tests/systems/small_soldiers/test_invariants.py``: random games keep it so)
        rest = {k: v for k, v in state.items() if k != "data"}
        try:
            copied: State = orjson.loads(orjson.dumps(rest))
        except TypeError:  # not plain JSON after all: copied as it is
            copied = copy.deepcopy(rest)
        return {k: state[k] if k == "data" else copied[k] for k in state}  # the keys in their order

    # --- the guard list's hooks ----------------------------------------------------------
    def phase(self, state: State) -> str:
        phase: str = state["phase"]
        return phase

    def won_on_time(self, state: State, winners: list[str]) -> State:
        """The winners' army wins (``turns.win``): the other army's clock ran out."""
        won = copy.deepcopy(state)
        turns.win(won, army_of(winners[0]), TIME_REASON)
        return won

    def active_seats(self, state: State) -> list[str] | None:
        return turns.acting_seats(state)

    def is_seated(self, state: State, seat: str) -> bool:
        return seat in state["seats"]

    def game_over_error(self, state: State) -> WarboardError:
        return turns.game_over(state)

    def not_seated_error(self, state: State, seat: str) -> WarboardError:
        return turns.not_seated(seat)

    def not_your_turn_error(self, state: State, seat: str, kind: str) -> WarboardError:
        return turns.not_your_turn(state, seat)

    def wrong_phase_error(self, state: State, seat: str, kind: str) -> WarboardError:
        return turns.wrong_phase(state, kind)

    def render(self, state: State, viewer: str | None) -> Scene:
        return render(state, viewer)

    def seal(self, state: State, viewer: str, world: int) -> State:
        return seal.seal(self.upgrade(state), viewer, world)

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        return legal_actions(self.upgrade(state), seat)

    def hint(self, view: dict[str, Any], legal: list[dict[str, Any]], seat: str) -> Hint | None:
        return hint_for(view, legal, seat)


# --- one handler per action kind: each changes the game's copy of the state (the steps of
# ``play.py`` and ``setup.py`` change it in place and return the events)


HANDLERS: dict[str, Handler] = {
    "deploy": lambda s, seat, a, dice: (s, setup.deploy(s, seat, a.reserve, a.order, a.second)),
    "roll_opening": lambda s, seat, a, dice: (s, setup.roll_opening(s, seat, dice)),
    "spin": lambda s, seat, a, dice: (s, play.spin(s, seat, dice)),
    "move": lambda s, seat, a, dice: (s, play.move(s, seat, a.fighter, a.q, a.r)),
    "end_moves": lambda s, seat, a, dice: (s, play.end_moves(s, seat)),
    "attack": lambda s, seat, a, dice: (s, play.attack(s, seat, dice, a.target, a.fighter)),
    "end_turn": lambda s, seat, a, dice: (s, play.decline(s, seat)),
    "place_card": lambda s, seat, a, dice: (s, play.place_card(s, seat, a.fighter)),
    "discard_card": lambda s, seat, a, dice: (s, play.discard_card(s, seat)),
    "recall": lambda s, seat, a, dice: (s, play.recall(s, seat, a.target)),
    "launch": lambda s, seat, a, dice: (s, play.launch(s, seat, dice, a.offset, a.angle, a.power)),
    "recruit": lambda s, seat, a, dice: (s, play.recruit(s, seat, a.fighter)),
    "play_card": lambda s, seat, a, dice: (s, play.play_card(s, seat, a.card)),
}
SmallSoldiers.handlers = HANDLERS
