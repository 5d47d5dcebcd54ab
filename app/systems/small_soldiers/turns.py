"""Who acts now, whose turn is next, and when the game is won.

Phases: ``deploy`` (both armies place fighters, any order) -> ``opening`` (each army rolls)
-> per turn ``spin`` -> ``move`` | ``card`` | ``recruit`` -> ``attack`` -> next turn; ``over``.

4-player game (For a 4-Player Game), ``team_mode``:
- ``alternate``: the army's two seats command on alternate turns of that army;
- ``team``: both seats of the army may act on its turns (they agree as a team);
- ``split``: each seat commands three fighters and the army's turns alternate between them;
  a seat whose fighters are all in the Toy Store sits out and its teammate plays that turn.
"""

from __future__ import annotations

from typing import Any, cast

from app.core.errors import GameOver, NotYourTurn, WrongPhase
from app.core.events import Event
from app.systems.small_soldiers.model import (
    ARMIES,
    State,
    army_of,
    army_seats,
    commanded,
    enemy,
    occupied,
    on_board,
    recruit_hex,
)
from app.systems.small_soldiers.words import KIND_NAMES, PHASE_NAMES, WIN_REASONS, army_name, seat_label
from app.systems.words import listed, plain_words, sentence_start


def fresh_turn(army: str, seat: str, number: int) -> dict[str, Any]:
    return {
        "army": army,
        "seat": seat,
        "number": number,
        "spin": None,
        "moved": [],
        "attacked": [],
        "card": None,
        "card_from": None,
        "hand_played": False,
    }


def is_four(state: State) -> bool:
    return cast("bool", state["options"]["players"] == 4)


def acting_seats(state: State) -> list[str]:
    """Seats that may send an action now."""
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "deploy":
        return [s for s in state["seats"] if state["deployed"].get(army_of(s)) is None]
    if phase == "opening":
        return [s for s in state["seats"] if state["opening"].get(army_of(s)) is None]
    turn = state["turn"]
    if is_four(state) and state["options"]["team_mode"] == "team":
        return army_seats(state, turn["army"])
    return [turn["seat"]]


#: each phase's action kinds: setup (deploy, opening), then per turn spin (or play a card from
#: the hand first), move, a drawn card, attack or recruit
PHASES = {
    "deploy": frozenset({"deploy"}),
    "opening": frozenset({"roll_opening"}),
    "spin": frozenset({"spin", "play_card"}),
    "move": frozenset({"move", "end_moves"}),
    "card": frozenset({"place_card", "discard_card", "recall", "launch"}),
    "attack": frozenset({"attack", "end_turn"}),
    "recruit": frozenset({"recruit", "end_turn"}),
    "over": frozenset(),
}


def game_over(state: State) -> GameOver:
    result = state["result"]
    return GameOver(f"The game is over: {WIN_REASONS.get(result['reason'], result['reason'])}")


def not_seated(seat: str) -> NotYourTurn:
    return NotYourTurn("You do not play a seat in this game")


def not_your_turn(state: State, seat: str) -> NotYourTurn:
    active = acting_seats(state)
    waiting = listed([seat_label(s) for s in active]) or "nobody"
    return NotYourTurn(f"It is not your turn: waiting for {waiting} ({PHASE_NAMES.get(state['phase'], 'play')})")


def wrong_phase(state: State, kind: str) -> WrongPhase:
    needs = [PHASE_NAMES.get(phase, phase) for phase, kinds in PHASES.items() if kind in kinds]
    now = PHASE_NAMES.get(state["phase"], "play")
    return WrongPhase(
        f"{sentence_start(KIND_NAMES.get(kind, plain_words(kind)))} is not possible now: it is the {now} step "
        f"(it needs the {' or '.join(needs)} step)"
    )


def seat_for(state: State, army: str) -> tuple[str, list[Event]]:
    """The seat that commands ``army`` on its coming turn (4 players: alternating)."""
    seats = army_seats(state, army)
    if len(seats) == 1:
        return seats[0], []
    index = state["command"][army]
    state["command"][army] = 1 - index
    seat = seats[index]
    if state["options"]["team_mode"] == "split" and not any(f["pos"] is not None for f in commanded(state, seat)):
        other = seats[1 - index]
        return other, [{"kind": "sits_out", "player": seat, "reason": "all fighters in the Toy Store"}]
    return seat, []


def start_turn(state: State, army: str) -> list[Event]:
    number = state["turn"]["number"] + 1 if state.get("turn") else 1
    seat, events = seat_for(state, army)
    state["turn"] = fresh_turn(army, seat, number)
    # Recruit: "If your green recruit space is unoccupied at the start of your turn"
    state["turn"]["green_free"] = recruit_hex(state, army) not in occupied(state)
    state["phase"] = "spin"
    return [*events, {"kind": "turn_started", "army": army, "player": seat, "number": number}]


def end_turn(state: State) -> list[Event]:
    """Players alternate turns (How to Play 2)."""
    if state["phase"] == "over":
        return []
    return start_turn(state, enemy(state["turn"]["army"]))


def check_winner(state: State, acting_army: str) -> list[Event]:
    """How to Win: all the opponent's fighters in the Toy Store (flag capture: ``win``).

    Warboard decision: if one shot empties both boards, the army that acted wins.
    """
    empty = [a for a in ARMIES if not on_board(state, a)]
    if not empty:
        return []
    winner = acting_army if enemy(acting_army) in empty else enemy(acting_army)
    return win(state, winner, "all_in_toy_store")


def win(state: State, army: str, reason: str) -> list[Event]:
    seats = army_seats(state, army)
    text = f"The {army_name(army)} {WIN_REASONS[reason]}"
    state["result"] = {"winners": seats, "reason": reason, "army": army, "text": text}
    state["phase"] = "over"
    return [{"kind": "game_won", "army": army, "seats": seats, "reason": reason}]
