"""``gkr``: GKR: Heavy Hitters with the Big Little Buddy expansion.

Big Little Buddy is enforced as rules/gkr-big-little-buddy.txt says; the base game around
him is built from rules/NOTES.md facts and Warboard defaults (data/*.json). See README.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from app.core.dice import Dice
from app.core.errors import Forbidden, GameOver, IllegalAction, NotYourTurn, WarboardError, WrongPhase
from app.core.events import Event
from app.systems.base import Handler, RuleSystem, State
from app.systems.gkr import actions as A
from app.systems.gkr import blb, combat, legal, play, records, report, seal, setup, turns
from app.systems.gkr.data import load
from app.systems.gkr.helpers import HELPERS
from app.systems.gkr.hints import hint_for
from app.systems.gkr.options import Options
from app.systems.gkr.setup import seats_for
from app.systems.gkr.view import render
from app.systems.gkr.words import ACTION_WORDS, faction_name, phase_name
from app.systems.hints import Hint
from app.systems.luck import Losses, RandomEvent
from app.systems.views import Scene
from app.systems.words import sentence_start

#: one handler per action kind: the one-line steps here, the others in ``play.py``, the manual
#: records in ``records.py``
HANDLERS: dict[str, Handler] = {
    "end_turn": lambda s, seat, a, dice: (s, turns.end_turn(s, seat, dice, [])),
    "activate_blb": lambda s, seat, a, dice: (s, blb.activate(s, seat, a.card, [])),
    "play_sponsor": play.play_sponsor,
    "deploy_support": play.deploy_support,
    "move": play.move,
    "choose_weapons": play.choose_weapons,
    "state_result": play.state_result,
    "tag": play.tag,
    "displace": play.displace,
    "record": records.record,
    "steal": play.steal,
    "dispute": records.dispute,
}


class GKR(RuleSystem):
    id = "gkr"
    name = "GKR: Heavy Hitters with Big Little Buddy"
    aliases = ("gkr-blb", "heavy-hitters")
    board = "hex"
    skip_kinds = ("end_turn",)  # a seat out of time may have its turn ended (a clock's "skip")
    action_type = A.GKRAction
    options_model = Options
    helpers = HELPERS
    previewable = frozenset({"moved", "deployed", "displaced"})
    #: turns for the replay: a round (the first with the table); its phases go by the seat acting
    turn_marks: ClassVar[Mapping[str, tuple[str | int, str | None]]] = {
        "table_created": (1, None),
        "round": ("round", None),
    }
    #: what a seat may take back: an action that made only these (no die, card or hidden choice)
    quiet_events = frozenset({"moved", "deployed", "displaced", "energy_spent"})
    rulings = frozenset({"resolve_dispute"})
    phases = turns.PHASES
    anytime = turns.ANYTIME
    handlers = HANDLERS
    kind_names = ACTION_WORDS
    learn_options: ClassVar[dict[str, Any] | None] = {"players": 2}  # a guided game: one against one

    def chances(self, events: list[Event], view: dict[str, Any]) -> list[RandomEvent]:
        return report.chances(events, view)

    def losses(self, events: list[Event], view: dict[str, Any]) -> Losses:
        return report.losses(events, view)

    def seats(self, options: dict[str, Any]) -> list[str]:
        return seats_for(options)

    def seat_label(self, seat: str, options: Mapping[str, Any] | None = None) -> str:
        """A seat is a team: its faction's name ("DiamondBack")."""
        faction = load("factions")["factions"].get(seat)
        return str(faction["name"]) if faction else seat

    def setup(self, options: dict[str, Any], dice: Dice) -> State:
        return setup.setup(options, dice)

    def upgrade(self, state: State) -> State:
        return setup.upgrade(state)

    def rule(self, state: State, action: Any, dice: Dice) -> tuple[State, list[Event]]:
        if self.outcome(state) is not None:
            raise self.game_over_error(state)
        events: list[Event] = []
        return records.resolve(self.copy_state(state), action.uphold, events), events

    def settle(
        self, before: State, state: State, seat: str, action: Any, dice: Dice, events: list[Event]
    ) -> tuple[State, list[Event]]:
        """After every action but a dispute: move on if nobody is left to act in this step, and
        keep the state to undo an action recorded by hand (``records.settle``)."""
        if action.kind == "dispute":
            return state, events
        self._move_on(state, dice, events)
        records.settle(before, state, seat)
        return state, events

    # --- the guard list's hooks ----------------------------------------------------------
    def phase(self, state: State) -> str:
        return turns.phase(state)

    def active_seats(self, state: State) -> list[str] | None:
        return turns.active_seats(state)

    def is_seated(self, state: State, seat: str) -> bool:
        return seat in state["players"]

    def hold(self, state: State) -> str | None:
        if state["dispute"] is None:
            return None
        return f"Record {state['dispute']['record'] + 1} is disputed: the game waits for the host's ruling"

    def check_seat(self, state: State, seat: str, kind: str) -> None:
        """Who may act: a seated, surviving player; not while a dispute holds the game; only the
        destroyer of Big Little Buddy while the steal waits for their decision; in the Combat
        Phase's weapon choice every seat still to choose; else the head of the queue."""
        if not self.is_seated(state, seat):
            raise self.not_seated_error(state, seat)
        if state["players"][seat]["eliminated"]:
            raise NotYourTurn("Your Heavy Hitter is destroyed: you are out of the game")
        if kind in self.rulings:
            raise Forbidden("Only the table's host rules on a dispute", code="not_host")
        hold = self.hold(state)
        if hold is not None:
            raise IllegalAction(hold, code="on_hold")
        if kind == "dispute":
            return
        pending = state["pending_steal"]
        if pending is not None and pending["seat"] != seat:
            raise NotYourTurn(
                f"{faction_name(state, pending['seat'])} destroyed Big Little Buddy and decides whether to steal "
                "a sponsor card first"
            )
        if pending is not None and kind != "steal":
            raise IllegalAction("Decide first whether to steal a sponsor card", code="steal_pending")
        if pending is None and kind == "steal":
            raise IllegalAction("There is no sponsor card to steal now", code="nothing_to_steal")
        if kind in self.anytime:
            return
        if state["phase"] == "combat" and state["awaiting"] is None:
            if seat not in state["queue"]:
                raise NotYourTurn("You have already chosen weapons this round")
            return
        if not state["queue"] or state["queue"][0] != seat:
            raise self.not_your_turn_error(state, seat, kind)

    def game_over_error(self, state: State) -> WarboardError:
        return GameOver(f"The game is over: {state['result']['reason']}")

    def not_your_turn_error(self, state: State, seat: str, kind: str) -> WarboardError:
        who = faction_name(state, state["queue"][0] if state["queue"] else None)
        return NotYourTurn(f"It is {who}'s turn in the {phase_name(state['phase'])}, not yours")

    def wrong_phase_error(self, state: State, seat: str, kind: str) -> WarboardError:
        phase = state["phase"]
        if phase == "combat" and state["awaiting"] is None:
            if kind == "state_result":
                return WrongPhase("No attack is waiting for a stated result")
            return WrongPhase("In the Combat Phase each player chooses weapons (an empty list to pass)")
        if phase == "combat":
            return WrongPhase("The firing line is being resolved: the attacker states the result")
        if kind == "end_turn":
            return WrongPhase(f"There is no turn to end in the {phase_name(phase)}")
        home = next((p for p, kinds in turns.PHASES.items() if kind in kinds), phase)
        home = "combat" if home == "firing_line" else home
        return WrongPhase(
            f"{sentence_start(self.kind_words(kind))} belongs to the {phase_name(home)}; it is the {phase_name(phase)}"
        )

    def _move_on(self, state: State, dice: Dice, events: list[Event]) -> None:
        """Move on if a Heavy Hitter's destruction left nobody to act in the current step."""
        if state["result"]:
            return
        awaiting = state["awaiting"]
        if awaiting and state["players"][awaiting["seat"]]["eliminated"]:
            state["awaiting"] = None
            state["resolve_index"] += 1
            if combat.advance(state, dice, events):
                turns.finish_combat(state, dice, events)
        elif state["pending_displace"] and state["players"][state["pending_displace"]["owner"]]["eliminated"]:
            state["pending_displace"] = None  # its unit left with its destroyed Heavy Hitter
            turns.next_phase(state, dice, events)
        elif (
            not state["queue"]
            and state["phase"] in ("deploy", "movement", "tagging", "combat")
            and not awaiting
            and state["pending_steal"] is None
        ):
            turns.next_phase(state, dice, events)

    def render(self, state: State, viewer: str | None) -> Scene:
        return render(state, viewer)

    def seal(self, state: State, viewer: str, world: int) -> State:
        return seal.seal(self.upgrade(state), viewer, world)

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        return legal.legal_actions(self, self.upgrade(state), seat)

    def hint(self, view: dict[str, Any], legal: list[dict[str, Any]], seat: str) -> Hint | None:
        return hint_for(view, legal, seat)
