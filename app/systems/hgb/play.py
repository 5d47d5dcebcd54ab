"""The action steps of HGB but the shots (``fire.py``) and the one-line steps (``system.py``'s
table): deploying and saying ready, a model done, speed and Autopilot, moving, agreeing to end.
Each is a handler, ``(state, seat, action, dice) -> (state, events)``, on the game's copy of the
state (``HeavyGearBlitz.copy_state``), which it changes; and the lookups of the models an
action names (``own``, ``target``, ``spend``).
"""

from __future__ import annotations

from typing import Any, cast

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.systems.hgb import actions as A
from app.systems.hgb import setup, turns
from app.systems.hgb.damage import can_go_full_speed
from app.systems.hgb.movement import change_speed, plan_move
from app.systems.hgb.sight import pos, tape
from app.systems.hgb.words import side

State = dict[str, Any]
Step = tuple[State, list[Event]]


# --- the models an action names -----------------------------------------------------------------


def own(s: State, seat: str, mid: str) -> dict[str, Any]:
    """Model ``mid``, which must be one of ``seat``'s."""
    m = s["models"].get(mid)
    if m is None:
        raise IllegalAction("There is no such model on this table", code="unknown_model")
    if m["seat"] != seat:
        raise IllegalAction(f"{m['label']} is not yours: it fights for {side(s, m['seat'])}", code="not_your_model")
    return cast("dict[str, Any]", m)


def target(s: State, m: dict[str, Any], tid: str) -> dict[str, Any]:
    """Model ``tid``, an enemy of ``m`` in play."""
    t = s["models"].get(tid)
    if t is None:
        raise IllegalAction("There is no such model to target on this table", code="illegal_target")
    if t["status"] != "active":
        state = {"wreck": "a wreck", "removed": "removed from play", "reserve": "not deployed yet"}
        raise IllegalAction(
            f"{t['label']} is {state.get(t['status'], t['status'])}, not a target", code="illegal_target"
        )
    if t["seat"] == m["seat"]:
        raise IllegalAction(f"{m['label']} may not target its own side's {t['label']}", code="illegal_target")
    return cast("dict[str, Any]", t)


def spend(m: dict[str, Any], what: str) -> None:
    """Refuse unless ``m`` has an Action left for ``what``."""
    if m["actions"] < 1:
        raise IllegalAction(
            f"{m['label']} has no Action left to {what} this round (spent on an attack, a designation or Full Speed)",
            code="no_action",
        )


# --- setting up the table ------------------------------------------------------------------------


def deploy(s: State, seat: str, a: A.Deploy, dice: Dice) -> Step:
    m = own(s, seat, a.model)
    if seat in s["ready"]:
        raise IllegalAction("You have finished deploying (you said you are ready)", code="already_ready")
    return s, [setup.deploy(s, seat, m, a.x, a.y, a.facing)]


def ready(s: State, seat: str, a: A.Ready, dice: Dice) -> Step:
    ev: list[Event] = []
    if s["phase"] == "deployment" and seat not in s["ready"]:
        ev.extend(setup.deploy_rest(s, seat))
    if seat not in s["ready"]:
        s["ready"].append(seat)
    ev.append({"kind": "ready", "seat": seat, "phase": s["phase"]})
    if len(s["ready"]) == len(setup.SEATS):
        s["ready"] = []
        if s["phase"] == "terrain":
            s["phase"] = "deployment"
            ev.append({"kind": "phase", "phase": "deployment"})
        else:
            turns.start_round(s, dice, ev)
    return s, ev


# --- rounds ----------------------------------------------------------------------------------------


def done(s: State, seat: str, a: A.Done, dice: Dice) -> Step:
    ev: list[Event] = []
    m = own(s, seat, a.model)
    turns.begin_model(s, seat, m, ev)
    turns.finish_model(s, m, a.keep_action, ev)
    group = s["current"]["group"]
    if not [x for x in turns.alive(s, seat) if x["group"] == group and not x["used"]]:
        turns.end_group(s, seat, dice, ev)  # every model of the group has acted
    return s, ev


# --- speed, Autopilot and moving -------------------------------------------------------------------


def set_speed(s: State, seat: str, a: A.SetSpeed, dice: Dice) -> Step:
    ev: list[Event] = []
    m = own(s, seat, a.model)
    turns.begin_model(s, seat, m, ev)
    if m["changed"] or m["acted"]:
        raise IllegalAction(
            f"{m['label']} may change speed and mode once per round, before it moves and acts", code="illegal_speed"
        )
    change_speed(m, a.speed, can_go_full_speed(m["card"]["boxes"], m["crossed"]))
    if a.autopilot and not m["autopilot"]:
        raise IllegalAction(
            f"{m['label']}'s Autopilot is switched on at the start of a round (switch it on "
            f"now and it is on from the next round)",
            code="autopilot_at_round_start",
        )
    m["speed"], m["mode"], m["changed"] = a.speed, a.mode or m["mode"], True
    ev.append(
        {"kind": "speed_set", "model": m["id"], "speed": m["speed"], "mode": m["mode"], "autopilot": m["autopilot"]}
    )
    return s, ev


def autopilot(s: State, seat: str, a: A.Autopilot, dice: Dice) -> Step:
    m = own(s, seat, a.model)
    if not any(p["id"] == "autopilot" for p in m["card"].get("perks", [])):
        raise IllegalAction(f"{m['label']} has no Autopilot", code="no_perk")
    if m["status"] not in ("active", "reserve"):
        raise IllegalAction(f"{m['label']} is no longer in play", code="not_in_play")
    m["autopilot_order"] = a.on
    start = s["round"] + (0 if s["phase"] == "initiative" else 1)  # the round has not got going yet
    if s["phase"] == "initiative":
        m["autopilot"] = a.on
    return s, [{"kind": "autopilot_set", "model": m["id"], "on": a.on, "from_round": max(1, start)}]


def move(s: State, seat: str, a: A.Move, dice: Dice) -> Step:
    ev: list[Event] = []
    m = own(s, seat, a.model)
    turns.begin_model(s, seat, m, ev)
    start, before = pos(m), m["moved"]
    plan = plan_move(s, m, a.path, a.facing)
    if m["speed"] == "full" and not m.get("full_paid"):
        if m["actions"] < 1:  # "movement at Full Speed always costs 1 Action"
            raise IllegalAction(f"{m['label']} has no Action left to pay for Full Speed movement", code="no_action")
        m["actions"] -= 1
        m["full_paid"] = True
    m.update(x=plan["x"], y=plan["y"], facing=plan["facing"], moved=plan["moved"], acted=True)
    s["designations"].pop(m["id"], None)  # designation lasts "until the target starts to move"
    ev.append(
        {
            "kind": "moved",
            "model": m["id"],
            "path": [[float(x), float(y)] for x, y in a.path],
            "mp": [tape(c) for c in plan["costs"]],
            "mp_left": tape(plan["mp_left"]),
            "facing": tape(plan["facing"]),
            "x": plan["x"],
            "y": plan["y"],
        }
    )
    points, facings = turns.inch_points(start, [turns.pos_at(p) for p in a.path], plan["headings"], plan["facing"])
    walked = {"path": [[start.x, start.y], *a.path], "headings": plan["headings"], **before}
    turns.open_reaction(s, m, points, ev, facings=facings, move=walked)
    return s, ev


# --- ending ------------------------------------------------------------------------------------------


def agree_end(s: State, seat: str, a: A.AgreeEnd, dice: Dice) -> Step:
    s["agree"][seat] = a.winner
    ev: list[Event] = [{"kind": "end_proposed", "seat": seat, "winner": a.winner}]
    votes = s["agree"]
    if len(votes) == len(setup.SEATS) and len(set(votes.values())) == 1:
        w = votes[seat]
        turns.end_game(s, [w] if w else [], "ended by agreement", ev)
    return s, ev
