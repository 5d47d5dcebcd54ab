"""Rounds, initiative, Combat Group activation, Used models, Return Fire windows, game end.

Rulebook, "Rounds": both players roll a die each round (ties re-rolled); the higher decides who
activates first; players alternate activating Combat Groups while any remain; a group's models
move and act one at a time and become Used; starting another model of the group makes the
previous one Used, losing its unfinished actions.
"""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction, NotYourTurn
from app.geometry.tabletop import Point, path_length
from app.systems.hgb.combat import could_fire
from app.systems.hgb.setup import SEATS, fresh_round, other
from app.systems.hgb.sight import ordered, tape
from app.systems.hgb.words import group_name, group_names, side, sides
from app.systems.words import sentence_start as sentence


def alive(state: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    return [m for m in ordered(state) if m["seat"] == seat and m["status"] == "active"]


def groups_left(state: dict[str, Any], seat: str) -> list[str]:
    live = {m["group"] for m in alive(state, seat)}
    return [
        g["id"]
        for g in state["forces"][seat]["groups"]
        if g["id"] in live and g["id"] not in state["groups_done"][seat]
    ]


def start_round(state: dict[str, Any], dice: Dice, events: list[dict[str, Any]]) -> None:
    state["round"] += 1
    for m in ordered(state):
        m.update(fresh_round())
        m["autopilot"] = bool(m.get("autopilot_order"))  # "at the start of a round"
    state.update(
        designations={},
        groups_done={s: [] for s in SEATS},
        current=None,
        pending=None,
        first=None,
        to_activate=None,
        phase="initiative",
    )
    rolls = []
    while True:  # "If the results are the same, both players reroll."
        a, b = dice.roll(6, "initiative north"), dice.roll(6, "initiative south")
        rolls.append({"north": a, "south": b})
        if a != b:
            break
    winner = "north" if a > b else "south"
    state["initiative"] = {"rolls": rolls, "winner": winner}
    events.append({"kind": "round_started", "round": state["round"], "initiative": rolls, "winner": winner})


def choose_first(state: dict[str, Any], seat: str, first: str, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    state.update(first=first, phase="activation")
    events.append({"kind": "first_chosen", "first": first})  # "seat" is the acting seat (the session sets it)
    state["to_activate"] = first if groups_left(state, first) else other(first)
    return events


def begin_model(state: dict[str, Any], seat: str, model: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """Make ``model`` the one acting now (activating its group if needed). The guard list has
    checked the phase (activation) and the seat (the one activating)."""
    if model["seat"] != seat:
        raise IllegalAction(f"{model['label']} is not yours", code="not_your_model")
    if model["status"] != "active":
        raise IllegalAction(f"{model['label']} is no longer in play", code="not_in_play")
    if model["used"]:
        raise IllegalAction(f"{model['label']} is Used this round", code="model_used")
    cur = state["current"]
    if cur is None:
        activate_group(state, seat, model["group"], events)
        cur = state["current"]
    elif cur["group"] != model["group"]:
        raise IllegalAction(
            f"{sentence(group_name(state, seat, cur['group']))} is activating; {model['label']} is in "
            f"{group_name(state, seat, model['group'])} (end the group first)",
            code="wrong_group",
        )
    if cur["model"] != model["id"]:
        if cur["model"] is not None:
            finish_model(state, state["models"][cur["model"]], False, events)
        cur["model"] = model["id"]
        model["activated"] = True


def activate_group(state: dict[str, Any], seat: str, group: str, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if state["current"] is not None:
        cur = state["current"]
        raise IllegalAction(
            f"{sentence(group_name(state, cur['seat'], cur['group']))} is still activating", code="wrong_group"
        )
    if group not in groups_left(state, seat):
        raise IllegalAction(
            f"{sentence(group_name(state, seat, group))} cannot activate now "
            f"(left to activate: {group_names(state, seat, groups_left(state, seat)) or 'none'})",
            code="wrong_group",
        )
    state["current"] = {"seat": seat, "group": group, "model": None}
    events.append({"kind": "group_activated", "seat": seat, "group": group})
    return events


def finish_model(state: dict[str, Any], model: dict[str, Any], keep: bool, events: list[dict[str, Any]]) -> None:
    """The model becomes Used; Full Speed with fewer MP than Combat Speed falls back to Combat."""
    if model["used"]:
        return
    model["used"] = True
    model["kept"] = bool(keep and model["actions"] > 0)
    ev: dict[str, Any] = {"kind": "model_used", "model": model["id"], "kept_action": model["kept"]}
    if model["speed"] == "full" and model["moved"]["mp"] < model["card"]["mp"][model["mode"]]["combat"]:
        model["speed"] = "combat"  # "otherwise it switches to Combat Speed"
        ev["speed"] = "combat"
    events.append(ev)
    if state["current"] and state["current"]["model"] == model["id"]:
        state["current"]["model"] = None


def end_group(state: dict[str, Any], seat: str, dice: Dice, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    cur = state["current"]
    if state["phase"] != "activation" or cur is None or cur["seat"] != seat:
        raise IllegalAction("No Combat Group of yours is activating", code="wrong_phase")
    if cur["model"] is not None:
        finish_model(state, state["models"][cur["model"]], False, events)
    for m in ordered(state):
        if m["seat"] == seat and m["group"] == cur["group"] and m["status"] == "active" and not m["used"]:
            finish_model(state, m, False, events)
    state["groups_done"][seat].append(cur["group"])
    state["current"] = None
    events.append({"kind": "group_done", "seat": seat, "group": cur["group"]})
    advance(state, dice, events)
    return events


def advance(state: dict[str, Any], dice: Dice, events: list[dict[str, Any]]) -> None:
    """Hand the next activation to the other player, or end the round."""
    if state["result"] is not None:
        return
    seat = state["to_activate"]
    if state["current"] is not None and state["current"]["group"] in groups_left(state, seat):
        return
    state["current"] = None
    nxt = other(seat)
    if groups_left(state, nxt):
        state["to_activate"] = nxt
    elif groups_left(state, seat):
        state["to_activate"] = seat
    else:
        events.append({"kind": "round_ended", "round": state["round"]})
        start_round(state, dice, events)


def open_reaction(
    state: dict[str, Any],
    mover: dict[str, Any],
    points: list[Point],
    events: list[dict[str, Any]],
    designation: bool = False,
    facings: list[float] | None = None,
    move: dict[str, Any] | None = None,
) -> bool:
    """Return Fire: the other seat's models that kept their Action and could shoot the mover
    (arc, reach and line of sight) at one of ``points`` may answer it (after a designation, ECM
    models may answer too). ``facings`` are the mover's facings at those points; ``move`` the
    move that opened it (its path, facings along it and what the mover had spent before), so a
    mover that loses Full Speed to a shot stops where its Combat Speed MP run out."""
    if mover["status"] != "active" or state["result"] is not None:
        return False
    facings = facings or [mover["facing"]] * len(points)
    foe = other(mover["seat"])
    ready = [
        m["id"]
        for m in alive(state, foe)
        if m["kept"]
        and (any(could_fire(state, m, mover, p) for p in points) or (designation and m["card"].get("ecm", 0) > 0))
    ]
    if not ready:
        return False
    state["pending"] = {
        "seat": foe,
        "mover": mover["id"],
        "models": ready,
        "points": [[p.x, p.y] for p in points],
        "facings": list(facings),
    }
    if move is not None:
        state["pending"]["move"] = move
    state["phase"] = "reaction"
    events.append(
        {
            "kind": "reaction_window",
            "reactor": foe,
            "mover": mover["id"],
            "models": ready,
            "points": [[tape(p.x), tape(p.y)] for p in points],
            "facings": [tape(f) for f in facings],
        }
    )
    return True


def close_reaction(state: dict[str, Any]) -> None:
    state["pending"] = None
    state["phase"] = "activation" if state["result"] is None else "over"


def inch_points(
    start: Point, path: list[Point], headings: list[float] | None = None, final: float | None = None
) -> tuple[list[Point], list[float]]:
    """The points where each inch of the move is completed, and the end point, with the mover's
    facing there (``headings``: its facing along each leg of ``path``; ``final``: at the end)."""
    out: list[Point] = []
    faced: list[float] = []
    pts = [start, *path]
    heads = headings or [final or 0.0] * len(path)
    walked, next_mark = 0.0, 1.0
    for a, b, head in zip(pts, pts[1:], heads, strict=False):
        seg = path_length([a, b])
        while seg > 0 and walked + seg >= next_mark - 1e-9:
            t = (next_mark - walked) / seg
            out.append(Point(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)))
            faced.append(head)
            next_mark += 1
        walked += seg
    if not out or (out[-1].x, out[-1].y) != (pts[-1].x, pts[-1].y):
        out.append(pts[-1])
        faced.append(0.0)
    if final is not None:
        faced[-1] = final  # the move is over: the model stands with its final facing
    return out, faced


def check_end(state: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """The game ends when one side has no models left (Warboard: both gone is a draw)."""
    if state["result"] is not None or state["phase"] in ("terrain", "deployment"):
        return
    left = {s: bool(alive(state, s)) for s in SEATS}
    if all(left.values()):
        return
    winners = [s for s in SEATS if left[s]]
    reason = (
        f"{sides(state, winners)} has models left; the other side has none" if winners else "both sides were wiped out"
    )
    end_game(state, winners, reason, events)


def end_game(
    state: dict[str, Any], winners: list[str], reason: str, events: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    state["result"] = {"winners": winners, "reason": reason}
    state["phase"] = "over"
    state["pending"] = None
    events.append({"kind": "game_ended", "winners": winners, "reason": reason})  # the session adds game_over
    return events


def pos_at(point: list[float]) -> Point:
    return Point(point[0], point[1])


# --- the phases and who acts (the guard list in app.systems.base) -------------------------

#: each phase's action kinds (the setup phases, then each round's initiative, activations and
#: the Return Fire window an activation opens)
PHASES = {
    "terrain": frozenset({"place_terrain", "remove_terrain", "choose_force", "ready"}),
    "deployment": frozenset({"deploy", "ready"}),
    "initiative": frozenset({"choose_first"}),
    "activation": frozenset(
        {"activate_group", "set_speed", "move", "aim", "attack", "designate", "ecm", "done", "end_group"}
    ),
    "reaction": frozenset({"return_fire", "ecm", "pass", "aim"}),
    "over": frozenset(),
}
#: either seat, in any phase of a game in progress (Autopilot for its own models)
ANYTIME = frozenset({"autopilot", "concede", "agree_end"})
#: aiming changes nothing (a what-if for the aiming seat's own model): either seat, in turn or not
OUT_OF_TURN = frozenset({"aim"})


def active_seats(state: dict[str, Any]) -> list[str]:
    """Who may act now. Both seats in the setup phases (each says ``ready`` when done; a seat
    that is ready may still change the table until both are), the initiative's winner, the
    seat activating a group, the seat offered Return Fire."""
    phase = state["phase"]
    if phase in ("terrain", "deployment"):
        return list(SEATS)
    if phase == "initiative":
        return [state["initiative"]["winner"]]
    if phase == "activation":
        return [state["to_activate"]]
    if phase == "reaction":
        return [state["pending"]["seat"]]
    return []


def not_your_turn(state: dict[str, Any], kind: str) -> NotYourTurn:
    phase = state["phase"]
    if phase == "initiative":
        return NotYourTurn(
            f"{side(state, state['initiative']['winner'])} won the initiative and chooses who goes first"
        )
    if phase == "reaction":
        who = side(state, state["pending"]["seat"])
        if kind == "return_fire":
            return NotYourTurn(f"Only {who} may Return Fire now")
        if kind == "pass":
            return NotYourTurn(f"{who} decides on Return Fire now")
        return NotYourTurn(f"{who} decides on reactions now")
    return NotYourTurn(f"It is {side(state, state['to_activate'])}'s turn to activate a Combat Group")
