"""``gkr``: GKR: Heavy Hitters with the Big Little Buddy expansion.

Big Little Buddy is enforced as rules/gkr-big-little-buddy.txt says; the base game around
him is built from rules/NOTES.md facts and Warboard defaults (data/*.json). See README.md.
"""

from __future__ import annotations

import copy
from typing import Any

from app.core.dice import Dice
from app.core.errors import Forbidden, GameOver, IllegalAction, NotYourTurn, WrongPhase
from app.core.events import Event
from app.geometry.hex import Hex
from app.systems.base import HOST_SEAT, Board, Outcome, RuleSystem, State
from app.systems.gkr import actions as A
from app.systems.gkr import blb, combat, damage, legal, play, records, turns
from app.systems.gkr.helpers import HELPERS
from app.systems.gkr.options import GKROptions
from app.systems.gkr.setup import new_game, seats_for, upgrade
from app.systems.gkr.view import render

#: which phase (and Movement step) each action belongs to
PHASE_OF = {
    "activate_blb": "deploy",
    "play_sponsor": "deploy",
    "deploy_support": "deploy",
    "move": "movement",
    "choose_weapons": "combat",
    "state_result": "combat",
    "tag": "tagging",
    "displace": "reset",
}


class GKR(RuleSystem):
    id = "gkr"
    name = "GKR: Heavy Hitters with Big Little Buddy"
    aliases = ("gkr-blb", "heavy-hitters")
    board: Board = "hex"
    action_type = A.GKRAction
    options_model = GKROptions
    helpers = HELPERS
    previewable = frozenset({"moved", "deployed", "displaced"})
    rulings = frozenset({"resolve_dispute"})

    def seats(self, options: dict[str, Any]) -> list[str]:
        return seats_for(options)

    def setup(self, options: dict[str, Any], dice: Dice) -> State:
        state = new_game(options, dice)
        events: list[Event] = []
        turns.start_round(state, dice, events)
        return state

    def apply(self, state: State, seat: str, action: Any, dice: Dice) -> tuple[State, list[Event]]:
        if state["winner"]:
            raise GameOver(f"The game is over: {state['winner']['reason']}")
        new = upgrade(copy.deepcopy(state))
        events: list[Event] = []
        if seat == HOST_SEAT:
            if not isinstance(action, A.ResolveDispute):
                raise IllegalAction(f"The host only rules on disputes, not {action.kind!r}", code="not_a_ruling")
            return records.resolve(new, action.uphold, events), events
        self._check_seat(new, seat, action)
        if isinstance(action, A.Dispute):
            records.dispute(new, seat, action, events)
            return new, events
        if isinstance(action, A.Record):
            records.record(new, seat, action, dice, events)
        elif isinstance(action, A.Steal):
            self._steal(new, seat, action, dice, events)
        else:
            self._check_turn(new, seat, action)
            self._dispatch(new, seat, action, dice, events)
        self._settle(new, dice, events)
        records.settle(upgrade(dict(state)), new, seat)
        return new, events

    def _check_seat(self, state: State, seat: str, action: Any) -> None:
        """Who may act at all: a seated, surviving player; not while a dispute holds the game;
        only the destroyer of Big Little Buddy while the steal waits for their decision."""
        if seat not in state["players"]:
            raise NotYourTurn(f"{seat!r} is not a seat at this table")
        if state["players"][seat]["eliminated"]:
            raise NotYourTurn(f"{seat}'s Heavy Hitter is destroyed: {seat} is out of the game")
        if isinstance(action, A.ResolveDispute):
            raise Forbidden("Only the table's host rules on a dispute", code="host_only")
        if state["dispute"] is not None:
            raise IllegalAction(
                f"Record {state['dispute']['record']} is disputed: the game waits for the host's ruling", code="on_hold"
            )
        pending = state["pending_steal"]
        if isinstance(action, A.Dispute):
            return
        if pending is not None and pending["seat"] != seat:
            raise NotYourTurn(
                f"{pending['seat']} destroyed Big Little Buddy and decides whether to steal a sponsor card first"
            )
        if pending is not None and not isinstance(action, A.Steal):
            raise IllegalAction("Decide first whether to steal a sponsor card", code="steal_pending")
        if pending is None and isinstance(action, A.Steal):
            raise IllegalAction("There is no sponsor card to steal now", code="nothing_to_steal")

    def _steal(self, state: State, seat: str, action: A.Steal, dice: Dice, events: list[Event]) -> None:
        damage.steal(state, seat, action.take, dice, events)
        line = state["firing_line"]
        waiting = state["phase"] == "combat" and state["awaiting"] is None and line and line[0]["revealed"]
        if waiting and combat.advance(state, dice, events):  # the firing line goes on
            turns.finish_combat(state, dice, events)

    def _settle(self, state: State, dice: Dice, events: list[Event]) -> None:
        """Move on if a Heavy Hitter's destruction left nobody to act in the current step."""
        if state["winner"]:
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

    def _check_turn(self, state: State, seat: str, action: Any) -> None:
        phase = PHASE_OF.get(action.kind)
        if phase is not None and phase != state["phase"]:
            raise WrongPhase(
                f"{action.kind} belongs to the {phase} phase; it is the {state['phase']} phase", code="wrong_phase"
            )
        if state["phase"] == "combat" and state["awaiting"] is None and action.kind != "state_result":
            if action.kind != "choose_weapons":
                raise WrongPhase("In the Combat Phase each player chooses weapons (an empty list to pass)")
            if seat not in state["queue"]:
                raise NotYourTurn(f"{seat} has already chosen weapons this round")
            return
        if state["phase"] == "combat" and state["awaiting"] is not None and action.kind != "state_result":
            raise WrongPhase("The firing line is being resolved: the attacker states the result")
        if not state["queue"] or state["queue"][0] != seat:
            who = state["queue"][0] if state["queue"] else "nobody"
            raise NotYourTurn(f"It is {who}'s turn in the {state['phase']} phase, not {seat}'s")
        if state["phase"] == "combat" and action.kind == "state_result" and state["awaiting"] is None:
            raise WrongPhase("No attack is waiting for a stated result", code="wrong_phase")

    def _dispatch(self, state: State, seat: str, action: Any, dice: Dice, events: list[Event]) -> None:
        if isinstance(action, A.EndTurn):
            if state["phase"] not in ("deploy", "movement", "tagging"):
                raise WrongPhase(f"There is no turn to end in the {state['phase']} phase")
            turns.end_turn(state, seat, dice, events)
        elif isinstance(action, A.ActivateBLB):
            blb.activate(state, seat, action.card, events)
        elif isinstance(action, A.PlaySponsor):
            play.play_sponsor(state, seat, action, events)
        elif isinstance(action, A.DeploySupport):
            play.deploy_support(state, seat, action, events)
        elif isinstance(action, A.Move):
            play.move(state, seat, action, dice, events)
        elif isinstance(action, A.ChooseWeapons):
            combat.choose_weapons(state, seat, action, events)
            turns.end_turn(state, seat, dice, events)
        elif isinstance(action, A.StateResult):
            if combat.state_result(state, seat, action, dice, events):
                turns.finish_combat(state, dice, events)
        elif isinstance(action, A.Tag):
            play.tag(state, seat, action, dice, events)
        elif isinstance(action, A.Displace):
            pending = state["pending_displace"]
            if pending is None or pending["owner"] != seat:
                raise IllegalAction("None of your units has to be displaced", code="nothing_to_displace")
            blb.displace(state, seat, Hex(action.to.q, action.to.r), events)
            turns.next_phase(state, dice, events)

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return render(upgrade(dict(state)), viewer)

    def outcome(self, state: State) -> Outcome | None:
        if not state["winner"]:
            return None
        return Outcome(winners=list(state["winner"]["winners"]), reason=state["winner"]["reason"])

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        return legal.legal_actions(self, upgrade(dict(state)), seat)
