"""Setup: the initial state, deployment and the opening roll (table options: ``options.py``)."""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.systems.small_soldiers.battle import roll_face, score
from app.systems.small_soldiers.cards import HAND_SIZE, build_deck
from app.systems.small_soldiers.model import ARMIES, State, army_map, army_of, army_seats, seat_ids
from app.systems.small_soldiers.options import resolve_data
from app.systems.small_soldiers.turns import start_turn
from app.systems.small_soldiers.words import army_name, fighter_name
from app.systems.words import listed


def setup(options: dict[str, Any], dice: Dice) -> State:
    players = options["players"]
    tables = resolve_data(options)
    fighters: dict[str, Any] = {}
    for army in ARMIES:
        for f in tables["fighters"]["armies"][army]["fighters"]:
            fighters[f["id"]] = {
                "id": f["id"],
                "name": f["name"],
                "army": army,
                "leader": f["leader"],
                "owner": f"{army}-1" if players == 4 else army,
                "pos": None,
                "card": None,
            }
    seats = seat_ids(players)
    state: State = {
        "options": {"players": players, "team_mode": options["team_mode"], "advanced": options["advanced"]}
        | ({"own_flag_blocks": True} if options.get("own_flag_blocks") else {}),
        "data": tables,
        "seats": seats,
        "sides": {s: army_of(s) for s in seats},
        "fighters": fighters,
        "deck": build_deck(tables["deck"], dice),
        "discard": [],
        "hands": {a: [] for a in ARMIES},
        "phase": "deploy",
        "deployed": {a: None for a in ARMIES},
        "opening": {a: None for a in ARMIES},
        "opening_history": [],
        "command": {a: 0 for a in ARMIES},
        "turn": None,
        "result": None,
        "last_battle": None,
        "last_catapult": None,
        "last_spin": None,
    }
    if options["advanced"]:
        deal_hands(state)
    return state


def deal_hands(state: State) -> None:
    """Advanced Rules: "you and your opponent are each dealt a 5-card hand".

    One hand per side (army), also with 4 players: the army's two seats share it (README).
    ``options.check_feasible`` made sure at table creation that the deck holds both hands.
    """
    for _ in range(HAND_SIZE):
        for army in ARMIES:
            state["hands"][army].append(state["deck"].pop())


def _roster(state: State, army: str) -> list[dict[str, Any]]:
    return [f for f in state["fighters"].values() if f["army"] == army]


def deploy(state: State, seat: str, reserve: str, order: list[str] | None, second: list[str] | None) -> list[Event]:
    """Setup 2: leader on the gold space, four chosen fighters on the others, the sixth in reserve."""
    army = army_of(seat)
    roster = _roster(state, army)
    ids = [f["id"] for f in roster]
    leader = next(f["id"] for f in roster if f["leader"])
    if reserve not in ids or reserve == leader:
        raise IllegalAction(
            f"The reserve must be one of your fighters other than your leader {fighter_name(state, leader)}, "
            f"not {fighter_name(state, reserve)}",
            code="illegal_setup",
        )
    rest = [i for i in ids if i not in (leader, reserve)]
    order = order or rest
    if sorted(order) != sorted(rest):
        raise IllegalAction(
            f"The four placed fighters must be exactly {listed([fighter_name(state, i) for i in rest])}",
            code="illegal_setup",
        )
    places = army_map(state, army)
    state["fighters"][leader]["pos"] = list(places["leader_start"])
    for fid, pos in zip(order, places["starts"], strict=False):
        state["fighters"][fid]["pos"] = list(pos)
    placed = {
        leader: list(places["leader_start"]),
        **{fid: list(pos) for fid, pos in zip(order, places["starts"], strict=False)},
    }
    if state["options"]["players"] == 4 and state["options"]["team_mode"] == "split":
        _split(state, army, ids, second)
    state["deployed"][army] = {"by": seat, "reserve": reserve}
    events: list[Event] = [{"kind": "deployed", "army": army, "placed": placed, "reserve": reserve}]
    if all(state["deployed"].values()):
        state["phase"] = "opening"
        events.append({"kind": "opening_roll_needed"})
    return events


def _split(state: State, army: str, ids: list[str], second: list[str] | None) -> None:
    """4 players, three fighters each: ``second`` go to the army's second seat."""
    second = second or ids[3:]
    if len(set(second)) != 3 or not set(second) <= set(ids):
        raise IllegalAction(
            f"The second player of the {army_name(army)} commands three different fighters of the army",
            code="illegal_setup",
        )
    first_seat, second_seat = army_seats(state, army)
    for fid in ids:
        state["fighters"][fid]["owner"] = second_seat if fid in second else first_seat


def roll_opening(state: State, seat: str, dice: Dice) -> list[Event]:
    """How to Play 2: highest goes first, a skull beats any number, ties roll again."""
    army = army_of(seat)
    face = roll_face(state, dice, f"opening roll ({army})")
    state["opening"][army] = face
    events: list[Event] = [{"kind": "opening_rolled", "army": army, "face": face}]
    a, b = (state["opening"][x] for x in ARMIES)
    if a is None or b is None:
        return events
    state["opening_history"].append({x: state["opening"][x] for x in ARMIES})
    if score(a) == score(b):
        state["opening"] = {x: None for x in ARMIES}
        return [*events, {"kind": "opening_tied", "faces": [a, b]}]
    first = ARMIES[0] if score(a) > score(b) else ARMIES[1]
    events.append({"kind": "first_player", "army": first})
    return events + start_turn(state, first)


def upgrade(state: State) -> State:
    """``state`` in today's shape (``RuleSystem.upgrade``): a game saved before every game kept
    its result under ``result`` has it under ``winner``, with its seats as ``seats``. ``state``
    itself when current, else a new dict."""
    if "winner" not in state:
        return state
    new = {k: v for k, v in state.items() if k != "winner"}
    w = state["winner"]
    new["result"] = w and {"winners": w["seats"], "reason": w["reason"], "army": w["army"], "text": w["text"]}
    return new
