"""Turn flow: activations (text), reactions (text: on a 1 on red or yellow), turn ends
(Warboard default: two failures), next player, victory (Warboard default).

Phases: ``activate`` (the player picks a mecha and part, or ends the turn), ``actions`` (spend
the successes), ``reaction`` (an opponent is offered a reaction), ``reaction_actions`` (the
reacting player spends theirs), ``over``.
"""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction, NotYourTurn, WrongPhase
from app.core.events import Event
from app.systems.srbr import activation, malfunction, pieces
from app.systems.words import listed, plain_words, title_words

State = dict[str, Any]


def active_seats(state: State) -> list[str]:
    turn = state["turn"]
    if state["result"] is not None:
        return []
    if turn["phase"] in ("reaction", "reaction_actions"):
        return [turn["reactions"]["offered"]]
    if turn["phase"] == "deploy":
        return [s for s in state["seats"] if s not in turn["ready"]]
    return [turn["seat"]]


#: a record is stated by the active player in their turn, or the reacting player in their reaction
RECORD_PHASES = ("activate", "actions", "reaction_actions")
#: the phases as the status line names them
PHASE_NAMES = {
    "deploy": "deployment",
    "activate": "activation",
    "actions": "actions",
    "reaction": "reaction",
    "reaction_actions": "reaction actions",
    "over": "end of the game",
}
#: the phases each action kind is allowed in, and what it does (for the refusals' words)
KINDS: dict[str, tuple[tuple[str, ...], str]] = {
    "deploy": (("deploy",), "deploy"),
    "ready": (("deploy",), "declare ready"),
    "activate": (("activate",), "activate"),
    "end_turn": (("activate", "actions"), "end the turn"),
    "move": (("actions", "reaction_actions"), "move"),
    "attack": (("actions", "reaction_actions"), "attack"),
    "stand_up": (("actions", "reaction_actions"), "stand up"),
    "done": (("actions", "reaction_actions"), "finish an activation"),
    "react": (("reaction",), "react"),
    "pass": (("reaction",), "pass"),
    "record": (RECORD_PHASES, "record a result"),
    "record_terrain": (RECORD_PHASES, "record terrain"),
}
PHASES = {
    phase: frozenset(kind for kind, (phases, _) in KINDS.items() if phase in phases)
    for phase in ("deploy", "activate", "actions", "reaction", "reaction_actions", "over")
}
#: kinds any seat still at the table may send in any phase of a game in progress
ANYTIME = frozenset({"concede", "dispute", "declare_result"})


def phase(state: State) -> str:
    name: str = state["turn"]["phase"]
    return name


def not_your_turn(state: State, seat: str, kind: str) -> IllegalAction:
    if state["turn"]["phase"] == "deploy" and seat in state["turn"]["ready"]:
        return IllegalAction("You have declared ready", code="already_ready")
    what = KINDS.get(kind, ((), plain_words(kind)))[1]
    waiting = listed([title_words(s) for s in active_seats(state)]) or "nobody"
    return NotYourTurn(f"You cannot {what} now: waiting for {waiting}")


def wrong_phase(state: State, kind: str) -> WrongPhase:
    phase = state["turn"]["phase"]
    if kind in ("deploy", "ready"):
        return WrongPhase(f"Mechas are deployed before play; it is the {PHASE_NAMES.get(phase, phase)} phase")
    phases, what = KINDS.get(kind, ((), plain_words(kind)))
    allowed = listed([PHASE_NAMES.get(p, p) for p in phases], "or")
    return WrongPhase(f"You cannot {what} in the {PHASE_NAMES.get(phase, phase)} phase (only in the {allowed} phase)")


def with_turn(state: State, **changes: Any) -> State:
    return {**state, "turn": {**state["turn"], **changes}}


def roll_part(state: State, m: dict[str, Any], p: dict[str, Any], count: int, dice: Dice, label: str) -> dict[str, Any]:
    colours = pieces.dice_of(state, p)
    if count > len(colours):
        raise IllegalAction(
            f"{m['name']}'s {p['name']} has {len(colours)} activation "
            f"{'die' if len(colours) == 1 else 'dice'} left, not {count}",
            code="not_enough_dice",
        )
    faces = dice.roll_many(count, 6, f"{label}: {m['id']} {p['id']}")
    manual = state["options"]["manual"]["turn_end"]
    return activation.score(faces, colours[:count], p["q"], state["rules"]["activation"], manual)


def activate(state: State, seat: str, mecha_id: str, part_id: str, count: int, dice: Dice) -> tuple[State, list[Event]]:
    """SRBR p. 4: roll 1-3 dice for one body part; each success buys one action."""
    m = pieces.live_mecha(state, mecha_id)
    if m["owner"] != seat:
        raise IllegalAction(f"{m['name']} is not yours", code="not_your_mecha")
    p = pieces.live_part(state, m, part_id)
    limit = state["rules"]["activation"]["activations_per_part_per_turn"]
    if limit and p["activations"] >= limit:
        raise IllegalAction(f"{m['name']}'s {p['name']} has already been activated this turn", code="already_activated")
    if malfunction.is_jammed(p):
        raise IllegalAction(f"{m['name']}'s {p['name']} is jammed this turn", code="jammed")
    roll = roll_part(state, m, p, count, dice, "activation")
    state = pieces.replace_mecha(state, pieces.with_part(m, {**p, "activations": p["activations"] + 1}))
    record = {"seat": seat, "mecha": mecha_id, "part": part_id, **roll, "actions_left": roll["successes"], "used": []}
    event: Event = {
        "kind": "activated",
        "mecha": mecha_id,
        "part": part_id,
        "q": p["q"],
        **{k: roll[k] for k in ("dice", "successes", "failures", "reactions", "ends_turn")},
    }
    state = with_turn(state, activation=record, phase="actions")
    state, broke = malfunction.check(state, mecha_id, part_id, [d["face"] for d in roll["dice"]], dice)
    events: list[Event] = [event, *broke]
    opponents = [s for s in _after(state, seat) if s in pieces.seats_in_play(state)]
    if roll["reactions"] and opponents:
        state = with_turn(
            state,
            phase="reaction",
            reactions={"from": seat, "remaining": roll["reactions"], "queue": opponents, "offered": opponents[0]},
        )
        return state, [
            *events,
            {"kind": "reaction_offered", "seat": opponents[0], "to": opponents[0], "remaining": roll["reactions"]},
        ]
    if not can_go_on(state, state["turn"]["activation"]):
        state, more = finish_activation(state)
        return state, [*events, *more]
    return state, events


def _after(state: State, seat: str) -> list[str]:
    order = state["order"]
    i = order.index(seat)
    return [s for s in order[i + 1 :] + order[:i]]


def react(state: State, seat: str, mecha_id: str, part_id: str, dice: Dice) -> tuple[State, list[Event]]:
    """Warboard default reaction: one die for one part of one of the reacting player's mechas."""
    m = pieces.live_mecha(state, mecha_id)
    if m["owner"] != seat:
        raise IllegalAction(f"{m['name']} is not yours", code="not_your_mecha")
    p = pieces.live_part(state, m, part_id)
    cfg = state["rules"]["reaction"]
    count = min(int(cfg["dice"]), len(pieces.dice_of(state, p)))
    roll = roll_part(state, m, p, count, dice, "reaction")
    actions = roll["successes"] * int(cfg["actions_per_success"])
    record = {
        "seat": seat,
        "mecha": mecha_id,
        "part": part_id,
        **roll,
        "ends_turn": False,
        "actions_left": actions,
        "used": [],
    }
    event: Event = {
        "kind": "reacted",
        "mecha": mecha_id,
        "part": part_id,
        "q": p["q"],
        "dice": roll["dice"],
        "successes": roll["successes"],
        "actions": actions,
    }
    state = with_turn(state, reaction_activation=record, phase="reaction_actions")
    if actions == 0:
        state, more = finish_reaction(state)
        return state, [event, *more]
    return state, [event]


def pass_reaction(state: State, seat: str) -> tuple[State, list[Event]]:
    pending = state["turn"]["reactions"]
    queue = pending["queue"]
    later = [s for s in queue[queue.index(seat) + 1 :] if s in pieces.seats_in_play(state)]
    events: list[Event] = [{"kind": "reaction_declined", "seat": seat}]
    if later:
        state = with_turn(state, reactions={**pending, "offered": later[0]})
        return state, [
            *events,
            {"kind": "reaction_offered", "seat": later[0], "to": later[0], "remaining": pending["remaining"]},
        ]
    state, more = _use_opportunity(state)
    return state, [*events, *more]


def finish_reaction(state: State) -> tuple[State, list[Event]]:
    state = with_turn(state, reaction_activation=None)
    return _use_opportunity(state)


def _use_opportunity(state: State) -> tuple[State, list[Event]]:
    """One reaction opportunity is spent; offer the next or hand back to the active player."""
    pending = state["turn"]["reactions"]
    left = pending["remaining"] - 1
    queue = [s for s in pending["queue"] if s in pieces.seats_in_play(state)]
    if left > 0 and queue:
        state = with_turn(
            state, phase="reaction", reactions={**pending, "remaining": left, "queue": queue, "offered": queue[0]}
        )
        return state, [{"kind": "reaction_offered", "seat": queue[0], "to": queue[0], "remaining": left}]
    state = with_turn(state, reactions=None, phase="actions")
    act = state["turn"]["activation"]
    if not can_go_on(state, act):
        return finish_activation(state)
    return state, [{"kind": "reactions_over"}]


def can_go_on(state: State, act: dict[str, Any]) -> bool:
    """An activation goes on while it has actions and its mecha and part are still there
    (SRBR p. 2: damage takes effect at once)."""
    m = state["mechas"][act["mecha"]]
    return act["actions_left"] > 0 and m["out"] is None and not pieces.is_destroyed(state, pieces.part(m, act["part"]))


def settle_activation(state: State) -> tuple[State, list[Event]]:
    """End the activation (or reaction) being played when it can no longer go on, after a
    change that did not spend an action (a manual record): damage takes effect at once."""
    phase = state["turn"]["phase"]
    if phase not in ("actions", "reaction_actions") or can_go_on(state, current(state)):
        return state, []
    return finish_reaction(state) if phase == "reaction_actions" else finish_activation(state)


def current(state: State) -> dict[str, Any]:
    turn = state["turn"]
    act: dict[str, Any] = turn["reaction_activation" if turn["phase"] == "reaction_actions" else "activation"]
    return act


def spend(state: State, used: str) -> tuple[State, list[Event]]:
    """One action of the current activation (or reaction) is used."""
    key = "reaction_activation" if state["turn"]["phase"] == "reaction_actions" else "activation"
    act = state["turn"][key]
    act = {**act, "actions_left": act["actions_left"] - 1, "used": [*act["used"], used]}
    state = with_turn(state, **{key: act})
    if state["result"] is not None:
        return state, []
    if can_go_on(state, act):
        return state, []
    return finish_reaction(state) if key == "reaction_activation" else finish_activation(state)


def finish_activation(state: State) -> tuple[State, list[Event]]:
    act = state["turn"]["activation"]
    state = with_turn(state, activation=None, phase="activate")
    if act is not None and act["ends_turn"]:
        return next_turn(state, f"{act['failures']} failures end the turn")
    return state, []


def next_turn(state: State, reason: str) -> tuple[State, list[Event]]:
    """The next seat still in the game plays; parts may be activated again in its turn."""
    if state["result"] is not None:
        return with_turn(state, phase="over"), []
    alive = pieces.seats_in_play(state)
    if not alive:
        return with_turn(state, phase="over"), []
    seat, rnd = state["turn"]["seat"], state["turn"]["round"]
    order = state["order"]
    for step in range(1, len(order) + 1):
        i = (order.index(seat) + step) % len(order)
        if i == 0:
            rnd += 1
        if order[i] in alive:
            seat = order[i]
            break
    # a new turn: the new player's parts may activate again; every mecha may pick a new
    # movement type ("Only One Movement Type Per Turn")
    mechas = {
        mid: (
            {**m, "moved_with": None, "parts": [malfunction.new_turn(p) for p in m["parts"]]}
            if m["owner"] == seat
            else {**m, "moved_with": None}
        )
        for mid, m in state["mechas"].items()
    }
    state = {**state, "mechas": mechas}
    state = with_turn(
        state, seat=seat, round=rnd, phase="activate", activation=None, reactions=None, reaction_activation=None
    )
    return state, [
        {"kind": "turn_ended", "reason": reason},
        {"kind": "turn_started", "seat": seat, "player": seat, "round": rnd},
    ]
