"""The action steps of Samurai Robots: one handler per kind (deployment: ``deploy.py``; manual
records and results: ``manual.py``; disputes: ``records.py``), each ``(state, seat, action,
dice) -> (new state, events)``. They build new dicts and never change the state they are given.
``after_action`` is what follows every action (``SamuraiRobots.settle``).
"""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.systems.srbr import actions as A
from app.systems.srbr import buildings, combat, deploy, manual, movement, pieces, records, turns
from app.systems.srbr.words import terrain_label
from app.systems.words import listed, plain_words, title_words

State = dict[str, Any]
Step = tuple[State, list[Event]]


def activate(state: State, seat: str, a: A.Activate, dice: Dice) -> Step:
    return turns.activate(state, seat, a.mecha, a.part, a.dice, dice)


def _acting(state: State) -> tuple[dict[str, Any], dict[str, Any]]:
    """The mecha acting now and its activated part."""
    act = turns.current(state)
    m = pieces.live_mecha(state, act["mecha"])
    return m, pieces.live_part(state, m, act["part"])


def move(state: State, seat: str, a: A.Move, dice: Dice) -> Step:
    m, p = _acting(state)
    if not p["move"]:
        raise IllegalAction(f"{m['name']}'s {p['name']} cannot move the mecha", code="cannot_move")
    movement.check_type(m, p)
    engaged = [o["id"] for o in pieces.enemies_in_contact(state, m)]
    moved, event = movement.move(state, m, p["move"], a.x, a.y, a.facing, a.flee, a.at)
    moved = {**moved, "moved_with": p["type"]}
    state = pieces.replace_mecha(state, moved)
    events: list[Event] = [event]
    if engaged and state["rules"]["combat"].get("free_hacks", {}).get("enabled"):
        still = {o["id"] for o in pieces.enemies_in_contact(state, moved)} if pieces.in_play(moved) else set()
        state, hacks = combat.free_hacks(state, m["id"], [e for e in engaged if e not in still], dice)
        events += hacks
    state, more = turns.spend(state, "move")
    return state, [*events, *more]


def attack(state: State, seat: str, a: A.Attack, dice: Dice) -> Step:
    """An attack on a mecha or a building: resolved, or with manual combat declared (the
    players roll and record the result)."""
    m, p = _acting(state)
    spec = state["rules"]["attack_types"].get(a.attack)
    if spec is None or a.attack not in p["attacks"]:
        raise IllegalAction(
            f"{m['name']}'s {p['name']} cannot {plain_words(a.attack)} "
            f"(it can: {listed([plain_words(x) for x in p['attacks']], 'or') or 'no attack'})",
            code="cannot_attack",
        )
    manual_combat = state["options"]["manual"]["combat"]
    building = None if a.target in state["mechas"] else buildings.find(state, a.target)
    declared: Event = {"kind": "attack_declared", "attack": a.attack, "attacker": m["id"], "part": p["id"]}
    if building is not None:
        if building["type"] != "building":
            raise IllegalAction(
                f"{terrain_label(state, building['id'])} is {plain_words(building['type'])}, not a building",
                code="not_a_building",
            )
        if manual_combat:
            buildings.check_reach(state, m, building, spec, a.attack)
            events: list[Event] = [{**declared, "target": building["id"], "manual": True}]
        else:
            state, events = buildings.attack(state, m, p, a.attack, building, dice)
    else:
        target = pieces.live_mecha(state, a.target)
        if target["owner"] == m["owner"]:
            raise IllegalAction(f"{target['name']} is on your own side", code="own_mecha")
        if manual_combat:
            combat.check_reach(state, m, target, spec, a.attack)
            if a.target_part is not None:
                pieces.live_part(state, target, a.target_part)
            events = [{**declared, "target": target["id"], "target_part": a.target_part, "manual": True}]
        else:
            state, events = combat.resolve(state, m, p, a.attack, target, a.target_part, dice)
    state, more = turns.spend(state, a.attack)
    return state, [*events, *more]


def stand_up(state: State, seat: str, a: A.StandUp, dice: Dice) -> Step:
    m, p = _acting(state)
    if not p["move"]:
        raise IllegalAction(f"Standing up takes a part that moves the mecha, not {p['name']}", code="cannot_move")
    if m["status"] != "fallen":
        raise IllegalAction(f"{m['name']} is already standing", code="not_fallen")
    state = pieces.replace_mecha(state, {**m, "status": "standing"})
    state, more = turns.spend(state, "stand_up")
    return state, [{"kind": "stood_up", "mecha": m["id"]}, *more]


def done(state: State, seat: str, a: A.Done, dice: Dice) -> Step:
    if state["turn"]["phase"] == "reaction_actions":
        state, more = turns.finish_reaction(state)
    else:
        state, more = turns.finish_activation(state)
    return state, [{"kind": "activation_done", "seat": seat}, *more]


def end_turn(state: State, seat: str, a: A.EndTurn, dice: Dice) -> Step:
    return turns.next_turn(state, f"{title_words(seat)} ended the turn")


def react(state: State, seat: str, a: A.React, dice: Dice) -> Step:
    return turns.react(state, seat, a.mecha, a.part, dice)


def pass_(state: State, seat: str, a: A.Pass, dice: Dice) -> Step:
    return turns.pass_reaction(state, seat)


def concede(state: State, seat: str, a: A.Concede, dice: Dice) -> Step:
    if seat in state["conceded"]:
        raise IllegalAction("You have already conceded", code="already_conceded")
    state = {**state, "conceded": [*state["conceded"], seat]}
    events: list[Event] = [{"kind": "conceded", "seat": seat}]
    phase = state["turn"]["phase"]
    if phase == "deploy":
        if seat not in state["turn"]["ready"]:
            state, more = deploy.ready(state, seat, A.Ready(kind="ready"), dice)
            return state, [*events, *more]
        return state, events
    if seat == state["turn"]["seat"]:
        state, more = turns.next_turn(state, f"{title_words(seat)} conceded")
    elif phase == "reaction" and seat in turns.active_seats(state):
        state, more = turns.pass_reaction(state, seat)
    elif phase == "reaction_actions" and seat in turns.active_seats(state):
        state, more = turns.finish_reaction(state)
    else:
        more = []
    return state, [*events, *more]


def after_action(state: State, events: list[Event]) -> Step:
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
        state, more = turns.next_turn(state, f"{title_words(state['turn']['seat'])} has no mecha left")
        events = [*events, *more]
    return state, events
