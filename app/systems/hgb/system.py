"""The ``hgb`` rule system: Heavy Gear Blitz! (Quick Start) on a 48 x 48 inch tabletop."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from app.core.dice import Dice
from app.core.errors import BadOptions, NotYourTurn, WarboardError
from app.core.events import Event
from app.systems.base import Handler, RuleSystem, State
from app.systems.hgb import actions as A
from app.systems.hgb import fire, legal, play, report, setup, turns, words
from app.systems.hgb.board import corners_problem
from app.systems.hgb.data import copy_state
from app.systems.hgb.helpers import HELPERS
from app.systems.hgb.hints import hint_for
from app.systems.hgb.options import Options
from app.systems.hgb.view import render
from app.systems.hints import Hint
from app.systems.luck import Losses, RandomEvent
from app.systems.views import Scene


class HeavyGearBlitz(RuleSystem):
    id = "hgb"
    name = "Heavy Gear Blitz! (Quick Start)"
    aliases = ("heavy-gear-blitz",)
    board = "tabletop"
    action_type = A.HgbAction
    options_model = Options
    helpers = HELPERS
    previewable = frozenset({"moved", "aim", "deployed", "terrain_placed", "terrain_removed"})
    #: turns for the replay: a round; its activations go by seat
    turn_marks: ClassVar[Mapping[str, tuple[str | int, str | None]]] = {"round_started": ("round", None)}
    #: what a seat may take back: an action that made only these (no die, card or hidden choice)
    quiet_events = frozenset(
        {"moved", "speed_set", "deployed", "terrain_placed", "terrain_removed", "group_activated", "autopilot_set"}
    )
    phases = turns.PHASES
    anytime = turns.ANYTIME
    out_of_turn = turns.OUT_OF_TURN
    queries = frozenset({"aim"})  # what an attack would be: nothing changes, nothing is copied
    # the acting model's view works out cover against every enemy: the server renders views
    # in a worker thread (app.projection.Projection.run), never on its event loop
    views_off_loop = True
    #: a guided first game on the open map: nothing to learn about terrain before the first shot
    learn_options: ClassVar[dict[str, Any] | None] = {"map": "open"}
    kind_names = words.KIND_NAMES  # kinds and phases as refusals name them
    phase_names = words.PHASE_NAMES

    def chances(self, events: list[Event], view: dict[str, Any]) -> list[RandomEvent]:
        return report.chances(events, view)

    def losses(self, events: list[Event], view: dict[str, Any]) -> Losses:
        return report.losses(events, view)

    def seats(self, options: dict[str, Any]) -> list[str]:
        return list(setup.SEATS)

    def seat_label(self, seat: str, options: Mapping[str, Any] | None = None) -> str:
        """A seat is its force's faction: "Northern", "Southern", "Peace River" (``words.seat_label``)."""
        return words.seat_label(seat, options) or super().seat_label(seat, options)

    def validate_options(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        """The options of a new table (raises BadOptions). Custom terrain with more corners than
        a table holds (``board.MAX_CORNERS``) is refused before any outline is checked."""
        problem = corners_problem(raw.get("terrain")) if isinstance(raw, dict) else None
        if problem:
            raise BadOptions(f"Custom terrain: {problem[1]}")
        return super().validate_options(raw)

    def setup(self, options: dict[str, Any], dice: Dice) -> State:
        return setup.setup(options, dice)

    def render(self, state: State, viewer: str | None) -> Scene:
        return render(state, viewer)

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        return legal.legal_actions(self, state, seat)

    def hint(self, view: dict[str, Any], legal: list[dict[str, Any]], seat: str) -> Hint | None:
        return hint_for(view, legal, seat)

    # --- the guard list's hooks ----------------------------------------------------------
    def phase(self, state: State) -> str:
        phase: str = state["phase"]
        return phase

    def active_seats(self, state: State) -> list[str] | None:
        return turns.active_seats(state)

    def is_seated(self, state: State, seat: str) -> bool:
        return seat in setup.SEATS

    def not_seated_error(self, state: State, seat: str) -> WarboardError:
        return NotYourTurn("You do not play a side in this game")

    def not_your_turn_error(self, state: State, seat: str, kind: str) -> WarboardError:
        return turns.not_your_turn(state, kind)

    def copy_state(self, state: State) -> State:
        return copy_state(state)  # what no action changes is shared, not copied

    def settle(
        self, before: State, state: State, seat: str, action: Any, dice: Dice, events: list[Event]
    ) -> tuple[State, list[Event]]:
        """The game ends when a side has no models left (``turns.check_end``), but after aiming
        (it changes nothing) and after conceding or agreeing (they end it themselves)."""
        if action.kind not in ("aim", "concede", "agree_end"):
            turns.check_end(state, events)
        return state, events


#: one handler per action kind: the one-line steps here, the others in ``play.py``, the shots
#: in ``fire.py``
HANDLERS: dict[str, Handler] = {
    "place_terrain": lambda s, seat, a, dice: (s, [setup.place_terrain(s, a.model_dump(exclude={"kind"}))]),
    "choose_force": lambda s, seat, a, dice: (s, [setup.choose_force(s, seat, a.faction, a.choices, a.command_group)]),
    "remove_terrain": lambda s, seat, a, dice: (s, [setup.remove_terrain(s, a.id)]),
    "deploy": play.deploy,
    "ready": play.ready,
    "choose_first": lambda s, seat, a, dice: (s, turns.choose_first(s, seat, a.seat, [])),
    "activate_group": lambda s, seat, a, dice: (s, turns.activate_group(s, seat, a.group, [])),
    "end_group": lambda s, seat, a, dice: (s, turns.end_group(s, seat, dice, [])),
    "done": play.done,
    "set_speed": play.set_speed,
    "autopilot": play.autopilot,
    "move": play.move,
    "concede": lambda s, seat, a, dice: (
        s,
        turns.end_game(s, [setup.other(seat)], f"{words.side(s, seat)} conceded", []),
    ),
    "agree_end": play.agree_end,
    "attack": fire.attack,
    "designate": fire.designate,
    "ecm": fire.ecm,
    "aim": fire.aim,
    "return_fire": fire.return_fire,
    "pass": fire.pass_,
}
HeavyGearBlitz.handlers = HANDLERS
