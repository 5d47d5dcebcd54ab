"""The ``srbr`` rule system: Samurai Robots Battle Royale on a 90 x 90 cm tabletop.

Pure: state in, state and events out; all randomness from the dice handed in. See README.md
for which rules are the rulebook's and which are labelled Warboard defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from app.core.dice import Dice
from app.core.errors import IllegalAction, WarboardError
from app.core.events import Event
from app.systems.base import Handler, RuleSystem, State
from app.systems.hints import Hint
from app.systems.luck import Losses, RandomEvent
from app.systems.srbr import actions as A
from app.systems.srbr import data, deploy, guide, legal, manual, play, records, report, setup, turns, view
from app.systems.srbr.helpers import HELPERS
from app.systems.srbr.hints import hint_for
from app.systems.srbr.options import Options
from app.systems.views import Scene


class SamuraiRobots(RuleSystem):
    id = "srbr"
    name = "Samurai Robots Battle Royale"
    aliases = ("samurai-robots",)
    board = "tabletop"
    skip_kinds = ("end_turn",)  # a seat out of time may have its turn ended (a clock's "skip")
    action_type = A.SrbrAction
    options_model = Options
    helpers = HELPERS
    rulings = frozenset({"resolve_dispute"})
    previewable = frozenset({"moved", "deployed", "stood_up"})
    #: turns for the replay: a seat's turn, in its round
    turn_marks: ClassVar[Mapping[str, tuple[str | int, str | None]]] = {"turn_started": ("round", "seat")}
    #: what a seat may take back: an action that made only these (no die, card or hidden choice)
    quiet_events = frozenset({"moved", "deployed", "activated"})
    phases = turns.PHASES
    anytime = turns.ANYTIME
    learn_options: ClassVar[dict[str, Any] | None] = {"players": 2}  # a guided game: one against one

    def chances(self, events: list[Event], view: dict[str, Any]) -> list[RandomEvent]:
        return report.chances(events, view)

    def losses(self, events: list[Event], view: dict[str, Any]) -> Losses:
        return report.losses(events, view)

    def seats(self, options: dict[str, Any]) -> list[str]:
        return setup.seats(options)

    def validate_options(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        options = super().validate_options(raw)
        setup.arrange(options)  # rule overrides, forces, terrain, deployment: raises BadOptions
        return options

    def describe(self) -> dict[str, Any]:
        """The base description plus the default rules panel (labelled, as in a game's view)."""
        return {**super().describe(), "rules_help": guide.rows(data.defaults(), "25-28mm")}

    def setup(self, options: dict[str, Any], dice: Dice) -> State:
        return setup.setup(options, dice)

    def rule(self, state: State, action: Any, dice: Dice) -> tuple[State, list[Event]]:
        new, events = records.resolve(state, action)
        return play.after_action(new, events)

    def copy_state(self, state: State) -> State:
        return state  # the handlers build a new state: they never change the one they are given

    def settle(
        self, before: State, state: State, seat: str, action: Any, dice: Dice, events: list[Event]
    ) -> tuple[State, list[Event]]:
        """A record opens its dispute window (``records.opened``); any other action but a
        dispute closes the open record once play has moved on, then ``play.after_action``."""
        if action.kind == "dispute":
            return state, events
        if action.kind in ("record", "record_terrain"):
            return records.opened(before, state, seat, action, events)
        return play.after_action(records.close_if_moved_on(state, force=action.kind == "concede"), events)

    # --- the guard list's hooks ----------------------------------------------------------
    def phase(self, state: State) -> str:
        return turns.phase(state)

    def active_seats(self, state: State) -> list[str] | None:
        return turns.active_seats(state)

    def is_seated(self, state: State, seat: str) -> bool:
        return seat in state["seats"]

    def hold(self, state: State) -> str | None:
        return records.hold_reason(state)

    def not_seated_error(self, state: State, seat: str) -> WarboardError:
        return IllegalAction("You do not play a seat in this game", code="not_a_seat")

    def not_your_turn_error(self, state: State, seat: str, kind: str) -> WarboardError:
        return turns.not_your_turn(state, seat, kind)

    def wrong_phase_error(self, state: State, seat: str, kind: str) -> WarboardError:
        return turns.wrong_phase(state, kind)

    def render(self, state: State, viewer: str | None) -> Scene:
        return view.render(state, viewer)

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        return legal.legal_actions(state, seat)

    def hint(self, view: dict[str, Any], legal: list[dict[str, Any]], seat: str) -> Hint | None:
        return hint_for(view, legal, seat)


#: one handler per action kind (the host's ``resolve_dispute`` is ``SamuraiRobots.rule``)
HANDLERS: dict[str, Handler] = {
    "activate": play.activate,
    "move": play.move,
    "attack": play.attack,
    "stand_up": play.stand_up,
    "done": play.done,
    "end_turn": play.end_turn,
    "react": play.react,
    "pass": play.pass_,
    "concede": play.concede,
    "dispute": records.dispute,
    "record": manual.record,
    "record_terrain": manual.record_terrain,
    "declare_result": manual.declare_result,
    "deploy": deploy.place,
    "ready": deploy.ready,
}
SamuraiRobots.handlers = HANDLERS
