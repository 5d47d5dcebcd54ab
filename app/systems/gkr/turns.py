"""The round: Deploy, Movement (Heavy Hitters, then Big Little Buddy, then Support Units),
Combat, Tagging, Reset (NOTES.md, Sure; the BLB text fixes his place in the Movement Phase).

``state["queue"]`` holds the seats still to act in the current phase or step, in turn order;
in the Deploy, Movement and Tagging phases only its head acts, in the Combat Phase's weapon
choice everyone in it may act (face-down choices are simultaneous).
"""

from __future__ import annotations

from typing import Any, cast

from app.core.dice import Dice
from app.core.events import Event
from app.geometry.hex import distance
from app.systems.gkr import blb, combat
from app.systems.gkr.board import BLB, hex_of
from app.systems.gkr.damage import counted, repair_heavy

State = dict[str, Any]
MOVEMENT_STEPS = ("heavy", BLB, "support")


def alive(state: State) -> list[str]:
    return [s for s in state["turn_order"] if not state["players"][s]["eliminated"]]


def active_seats(state: State) -> list[str]:
    """The seats that may act now: the destroyer of Big Little Buddy while he decides on the
    steal; nobody while a disputed record waits for the host; everyone still to choose
    weapons in the Combat Phase (simultaneous); else the head of the queue."""
    if state["dispute"] is not None:
        return []
    if state["pending_steal"] is not None:
        return [state["pending_steal"]["seat"]]
    if state["phase"] == "combat" and state["awaiting"] is None:
        return list(state["queue"])
    return cast("list[str]", state["queue"][:1])


def start_round(state: State, dice: Dice, events: list[Event]) -> None:
    """A new round; the first player rotates each round (Warboard default)."""
    seats = state["seats"]
    shift = (state["round"] - 1) % len(seats) if state["data"]["rules"]["first_player_rotates"] else 0
    state["turn_order"] = seats[shift:] + seats[:shift]
    events.append({"kind": "round", "round": state["round"], "turn_order": state["turn_order"]})
    start_phase(state, "deploy", None, dice, events)


def start_phase(state: State, phase: str, step: str | None, dice: Dice, events: list[Event]) -> None:
    state.update(phase=phase, step=step, queue=alive(state))
    for seat in state["seats"]:
        state["players"][seat].update(moved=[], tagged=[], chosen=False)
    if step == BLB:
        # BLB text: "the player controlling Big Little Buddy can move and rotate him if they choose"
        controller = state["blb"]["controller"]
        on_board = state["units"][BLB]["on_board"]
        able = controller is not None and not state["players"][controller]["eliminated"]
        state["queue"] = [controller] if able and on_board else []
    if phase == "combat":
        state.update(firing_line=[], resolve_index=0, awaiting=None)
    events.append({"kind": "phase", "phase": phase, "step": step, "round": state["round"]})
    if phase == "reset":
        reset(state, dice, events)
    elif not state["queue"]:
        next_phase(state, dice, events)


def next_phase(state: State, dice: Dice, events: list[Event]) -> None:
    if state["result"]:
        return
    phase, step = state["phase"], state["step"]
    if phase == "deploy":
        start_phase(state, "movement", "heavy", dice, events)
    elif phase == "movement" and step != "support":
        start_phase(state, "movement", MOVEMENT_STEPS[MOVEMENT_STEPS.index(step) + 1], dice, events)
    elif phase == "movement":
        start_phase(state, "combat", None, dice, events)
    elif phase == "combat":
        _combat_after_choices(state, dice, events)
    elif phase == "tagging":
        start_phase(state, "reset", None, dice, events)
    elif phase == "reset":
        state["round"] += 1
        start_round(state, dice, events)


def end_turn(state: State, seat: str, dice: Dice, events: list[Event]) -> list[Event]:
    state["queue"] = [s for s in state["queue"] if s != seat]
    events.append({"kind": "turn_ended", "player": seat, "phase": state["phase"], "step": state["step"]})
    if not state["queue"]:
        next_phase(state, dice, events)
    return events


def _combat_after_choices(state: State, dice: Dice, events: list[Event]) -> None:
    if state["firing_line"] and state["resolve_index"] == 0 and not state["firing_line"][0]["revealed"]:
        combat.reveal(state, dice, events)
    if combat.advance(state, dice, events):
        finish_combat(state, dice, events)


def finish_combat(state: State, dice: Dice, events: list[Event]) -> None:
    state["awaiting"] = None
    blb.end_of_combat(state, events)
    if not state["result"]:
        start_phase(state, "tagging", None, dice, events)


def draw_sponsor(state: State, seat: str, count: int, dice: Dice, events: list[Event]) -> None:
    """Tagging draws a sponsor card (Likely, NOTES.md)."""
    drawn = []
    for _ in range(count):
        if not state["sponsor_pile"] and state["sponsor_discard"]:
            state["sponsor_pile"] = state["sponsor_discard"]
            state["sponsor_discard"] = []
            dice.shuffle(state["sponsor_pile"], purpose="reshuffle sponsor pile")
        if state["sponsor_pile"]:
            drawn.append(state["sponsor_pile"].pop(0))
    state["players"][seat]["sponsor"].extend(drawn)
    if drawn:
        events.append(counted("sponsor_drawn", seat, len(drawn), cards=drawn))


def reset(state: State, dice: Dice, events: list[Event]) -> None:
    """Reset Phase (Warboard defaults): discards go under the deck, hands refill, energy
    refills, Repair Units repair; then, at its end, Big Little Buddy returns (BLB text)."""
    rules = state["data"]["rules"]
    for seat in alive(state):
        player = state["players"][seat]
        discard = player["discard"]
        dice.shuffle(discard, purpose=f"reset: {seat} discards under the deck")
        player["deck"].extend(discard)
        player["discard"] = []
        need = max(0, rules["hand_size"] - len(player["hand"]))
        drawn, player["deck"] = player["deck"][:need], player["deck"][need:]
        player["hand"].extend(drawn)
        player["energy"] = rules["energy_per_round"]
        events.append(counted("cards_drawn", seat, len(drawn), cards=drawn))
        _repair_unit(state, seat, events)
    state["queue"] = []
    blb.redeploy(state, events)
    if state["pending_displace"] is None:
        next_phase(state, dice, events)


def _repair_unit(state: State, seat: str, events: list[Event]) -> None:
    if state["data"]["manual"]["support"]:
        return
    unit, heavy = state["units"][f"{seat}:repair"], state["units"][f"{seat}:heavy"]
    if unit["on_board"] and heavy["on_board"] and distance(hex_of(unit), hex_of(heavy)) == 1:
        repair_heavy(state, seat, state["data"]["support"]["units"]["repair"]["repair"], events)


# --- the phases and who acts (the guard list in app.systems.base) -------------------------

#: each phase's action kinds; the Combat Phase is the face-down weapon choice, then the firing
#: line while an attacker states a result
PHASES = {
    "deploy": frozenset({"activate_blb", "play_sponsor", "deploy_support", "end_turn"}),
    "movement": frozenset({"move", "end_turn"}),
    "combat": frozenset({"choose_weapons"}),
    "firing_line": frozenset({"state_result"}),
    "tagging": frozenset({"tag", "end_turn"}),
    "reset": frozenset({"displace"}),
}
#: kinds a seated player sends in any phase (each checks its own moment: a record the active
#: seat, a steal the destroyer of Big Little Buddy)
ANYTIME = frozenset({"record", "dispute", "steal"})


def phase(state: State) -> str:
    if state["phase"] == "combat" and state["awaiting"] is not None:
        return "firing_line"
    phase_name: str = state["phase"]
    return phase_name
