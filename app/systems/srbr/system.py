"""The ``srbr`` rule system: Samurai Robots Battle Royale on a 90 x 90 cm tabletop.

Pure: state in, state and events out; all randomness from the dice handed in. See README.md
for which rules are the rulebook's and which are labelled Warboard defaults.
"""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction, WarboardError
from app.core.events import Event
from app.systems.base import Handler, Outcome, RuleSystem, Scene, State
from app.systems.srbr import actions as A
from app.systems.srbr import (
    buildings,
    combat,
    data,
    deploy,
    guide,
    legal,
    manual,
    movement,
    pieces,
    records,
    setup,
    turns,
    view,
)
from app.systems.srbr.helpers import HELPERS
from app.systems.srbr.options import Options


class SamuraiRobots(RuleSystem):
    id = "srbr"
    name = "Samurai Robots Battle Royale"
    aliases = ("samurai-robots",)
    board = "tabletop"
    action_type = A.SrbrAction
    options_model = Options
    helpers = HELPERS
    rulings = frozenset({"resolve_dispute"})
    previewable = frozenset({"moved", "deployed", "stood_up"})
    phases = turns.PHASES
    anytime = turns.ANYTIME

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
        return _settle(new, events)

    def dispatch(self, state: State, seat: str, action: Any, dice: Dice) -> tuple[State, list[Event]]:
        new, events = super().dispatch(state, seat, action, dice)
        if isinstance(action, A.Dispute):
            return new, events
        if isinstance(action, (A.Record, A.RecordTerrain)):
            return records.opened(state, new, seat, action, events)
        return _settle(records.close_if_moved_on(new, force=isinstance(action, A.Concede)), events)

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
        return IllegalAction(f"{seat!r} is not a seat at this table", code="not_a_seat")

    def not_your_turn_error(self, state: State, seat: str, kind: str) -> WarboardError:
        return turns.not_your_turn(state, seat, kind)

    def wrong_phase_error(self, state: State, seat: str, kind: str) -> WarboardError:
        return turns.wrong_phase(state, kind)

    def render(self, state: State, viewer: str | None) -> Scene:
        return view.render(state, viewer)

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        return None if result is None else Outcome(list(result["winners"]), result["reason"])

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        return legal.legal_actions(state, seat)


# --- handlers --------------------------------------------------------------------------


def _activate(state: State, seat: str, a: A.Activate, dice: Dice) -> tuple[State, list[Event]]:
    return turns.activate(state, seat, a.mecha, a.part, a.dice, dice)


def _acting(state: State, seat: str, what: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    act = turns.current(state)
    m = pieces.live_mecha(state, act["mecha"])
    return act, m, pieces.live_part(state, m, act["part"])


def _move(state: State, seat: str, a: A.Move, dice: Dice) -> tuple[State, list[Event]]:
    _, m, p = _acting(state, seat, "move")
    if not p["move"]:
        raise IllegalAction(f"{m['name']}'s {p['name']} cannot move the mecha", code="cannot_move")
    movement.check_type(m, p)
    moved, event = movement.move(state, m, p["move"], a.x, a.y, a.facing, a.flee, a.at)
    moved = {**moved, "moved_with": p["type"]}
    state = pieces.replace_mecha(state, moved)
    state, more = turns.spend(state, "move")
    return state, [event, *more]


def _attack(state: State, seat: str, a: A.Attack, dice: Dice) -> tuple[State, list[Event]]:
    _, m, p = _acting(state, seat, "attack")
    spec = state["rules"]["attack_types"].get(a.attack)
    if spec is None or a.attack not in p["attacks"]:
        raise IllegalAction(
            f"{m['name']}'s {p['name']} cannot {a.attack} (it can: {', '.join(p['attacks']) or 'no attacks'})",
            code="cannot_attack",
        )
    building = None if a.target in state["mechas"] else buildings.find(state, a.target)
    if building is not None:
        return _attack_building(state, m, p, a, spec, building, dice)
    target = pieces.live_mecha(state, a.target)
    if target["owner"] == m["owner"]:
        raise IllegalAction(f"{target['name']} is on your own side", code="own_mecha")
    if state["options"]["manual"]["combat"]:
        combat.check_reach(state, m, target, spec, a.attack)
        events: list[Event] = [
            {
                "kind": "attack_declared",
                "attack": a.attack,
                "attacker": m["id"],
                "part": p["id"],
                "target": target["id"],
                "target_part": a.target_part,
                "manual": True,
            }
        ]
    else:
        state, events = combat.resolve(state, m, p, a.attack, target, a.target_part, dice)
    state, more = turns.spend(state, a.attack)
    return state, [*events, *more]


def _attack_building(
    state: State,
    m: dict[str, Any],
    p: dict[str, Any],
    a: A.Attack,
    spec: dict[str, Any],
    building: dict[str, Any],
    dice: Dice,
) -> tuple[State, list[Event]]:
    if building["type"] != "building":
        raise IllegalAction(f"{building['id']} is {building['type']}, not a building", code="not_a_building")
    if state["options"]["manual"]["combat"]:
        buildings.check_reach(state, m, building, spec, a.attack)
        events: list[Event] = [
            {
                "kind": "attack_declared",
                "attack": a.attack,
                "attacker": m["id"],
                "part": p["id"],
                "target": building["id"],
                "manual": True,
            }
        ]
    else:
        state, events = buildings.attack(state, m, p, a.attack, building, dice)
    state, more = turns.spend(state, a.attack)
    return state, [*events, *more]


def _stand_up(state: State, seat: str, a: A.StandUp, dice: Dice) -> tuple[State, list[Event]]:
    _, m, p = _acting(state, seat, "stand up")
    if not p["move"]:
        raise IllegalAction(f"Standing up takes a part that moves the mecha, not {p['name']}", code="cannot_move")
    if m["status"] != "fallen":
        raise IllegalAction(f"{m['name']} is already standing", code="not_fallen")
    state = pieces.replace_mecha(state, {**m, "status": "standing"})
    state, more = turns.spend(state, "stand_up")
    return state, [{"kind": "stood_up", "mecha": m["id"]}, *more]


def _done(state: State, seat: str, a: A.Done, dice: Dice) -> tuple[State, list[Event]]:
    if state["turn"]["phase"] == "reaction_actions":
        state, more = turns.finish_reaction(state)
    else:
        state, more = turns.finish_activation(state)
    return state, [{"kind": "activation_done", "seat": seat}, *more]


def _end_turn(state: State, seat: str, a: A.EndTurn, dice: Dice) -> tuple[State, list[Event]]:
    return turns.next_turn(state, f"{seat} ended the turn")


def _react(state: State, seat: str, a: A.React, dice: Dice) -> tuple[State, list[Event]]:
    return turns.react(state, seat, a.mecha, a.part, dice)


def _pass(state: State, seat: str, a: A.Pass, dice: Dice) -> tuple[State, list[Event]]:
    return turns.pass_reaction(state, seat)


def _concede(state: State, seat: str, a: A.Concede, dice: Dice) -> tuple[State, list[Event]]:
    if seat in state["conceded"]:
        raise IllegalAction(f"{seat} has already conceded", code="already_conceded")
    state = {**state, "conceded": [*state["conceded"], seat]}
    events: list[Event] = [{"kind": "conceded", "seat": seat}]
    phase = state["turn"]["phase"]
    if phase == "deploy":
        if seat not in state["turn"]["ready"]:
            state, more = deploy.ready(state, seat, A.Ready(kind="ready"), dice)
            return state, [*events, *more]
        return state, events
    if seat == state["turn"]["seat"]:
        state, more = turns.next_turn(state, f"{seat} conceded")
    elif phase == "reaction" and seat in turns.active_seats(state):
        state, more = turns.pass_reaction(state, seat)
    elif phase == "reaction_actions" and seat in turns.active_seats(state):
        state, more = turns.finish_reaction(state)
    else:
        more = []
    return state, [*events, *more]


def _dispute(state: State, seat: str, a: A.Dispute, dice: Dice) -> tuple[State, list[Event]]:
    return records.dispute(state, seat, a)


#: one handler per action kind (the host's ``resolve_dispute`` is ``SamuraiRobots.rule``)
HANDLERS: dict[str, Handler] = {
    "activate": _activate,
    "move": _move,
    "attack": _attack,
    "stand_up": _stand_up,
    "done": _done,
    "end_turn": _end_turn,
    "react": _react,
    "pass": _pass,
    "concede": _concede,
    "dispute": _dispute,
    "record": manual.record,
    "record_terrain": manual.record_terrain,
    "declare_result": manual.declare_result,
    "deploy": deploy.place,
    "ready": deploy.ready,
}
SamuraiRobots.handlers = HANDLERS


def _settle(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """After every action: victory (Warboard default, or manual), and a turn whose player has
    nothing left on the table passes on. Both wait while a record may still be disputed."""
    if records.is_open(state):
        return state, events
    if state["result"] is None:
        result = manual.victory(state)
        if result is not None:
            # the session announces the end itself (a "game_over" event from outcome())
            return turns.with_turn({**state, "result": result}, phase="over"), events
    if (
        state["result"] is None
        and state["turn"]["seat"] not in pieces.seats_in_play(state)
        and state["turn"]["phase"] in ("activate", "actions")
    ):
        state, more = turns.next_turn(state, f"{state['turn']['seat']} has no mecha left")
        events = [*events, *more]
    return state, events
