"""The ``hgb`` rule system: Heavy Gear Blitz! (Quick Start) on a 48 x 48 inch tabletop."""

from __future__ import annotations

from typing import Any, cast

from app.core.dice import Dice
from app.core.errors import BadOptions, IllegalAction, NotYourTurn, WarboardError
from app.core.events import Event
from app.systems.base import Outcome, RuleSystem, Scene, State
from app.systems.hgb import actions as A
from app.systems.hgb import combat, legal, observe, setup, turns
from app.systems.hgb.board import corners_problem
from app.systems.hgb.damage import can_go_full_speed
from app.systems.hgb.data import copy_state
from app.systems.hgb.helpers import HELPERS
from app.systems.hgb.movement import change_speed, plan_move
from app.systems.hgb.options import Options
from app.systems.hgb.sight import pos, tape
from app.systems.hgb.view import render


class HeavyGearBlitz(RuleSystem):
    id = "hgb"
    name = "Heavy Gear Blitz! (Quick Start)"
    aliases = ("heavy-gear-blitz",)
    board = "tabletop"
    action_type = A.HgbAction
    options_model = Options
    helpers = HELPERS
    previewable = frozenset({"moved", "aim", "deployed", "terrain_placed", "terrain_removed"})
    phases = turns.PHASES
    anytime = turns.ANYTIME
    out_of_turn = turns.OUT_OF_TURN
    # the acting model's view works out cover against every enemy: the server renders views
    # in a worker thread (app.projection.Projection.run), never on its event loop
    views_off_loop = True

    def seats(self, options: dict[str, Any]) -> list[str]:
        return list(setup.SEATS)

    def validate_options(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        """The options of a new table (raises BadOptions). Custom terrain with more corners than
        a table holds (``board.MAX_CORNERS``) is refused before any outline is checked."""
        problem = corners_problem(raw.get("terrain")) if isinstance(raw, dict) else None
        if problem:
            raise BadOptions(f"Custom terrain: {problem[1]}")
        return super().validate_options(raw)

    def setup(self, options: dict[str, Any], dice: Dice) -> State:
        return setup.setup(options, dice)

    def outcome(self, state: State) -> Outcome | None:
        r = state.get("result")
        return Outcome(list(r["winners"]), r["reason"]) if r else None

    def render(self, state: State, viewer: str | None) -> Scene:
        return render(state, viewer)

    def legal_actions(self, state: State, seat: str) -> list[dict[str, Any]]:
        return legal.legal_actions(self, state, seat)

    # --- the guard list's hooks ----------------------------------------------------------
    def phase(self, state: State) -> str:
        phase: str = state["phase"]
        return phase

    def active_seats(self, state: State) -> list[str] | None:
        return turns.active_seats(state)

    def is_seated(self, state: State, seat: str) -> bool:
        return seat in setup.SEATS

    def not_seated_error(self, state: State, seat: str) -> WarboardError:
        return NotYourTurn(f"{seat!r} is not a seat of this game")

    def not_your_turn_error(self, state: State, seat: str, kind: str) -> WarboardError:
        return turns.not_your_turn(state, kind)

    def dispatch(self, state: State, seat: str, action: Any, dice: Dice) -> tuple[State, list[Event]]:
        """The handler ``_<kind>`` changes a copy of the state (``copy_state``: what no action
        changes is shared, not copied); aiming changes nothing."""
        events: list[Event] = []
        if isinstance(action, A.Aim):
            self._aim(state, seat, action, dice, events)
            return state, events
        s = copy_state(state)
        self.handlers[action.kind](self, s, seat, action, dice, events)
        if not isinstance(action, (A.Concede, A.AgreeEnd)):
            turns.check_end(s, events)
        return s, events

    # --- setup phases ---------------------------------------------------------------------
    def _place_terrain(self, s: State, seat: str, a: A.PlaceTerrain, dice: Dice, ev: list[Event]) -> None:
        ev.append(setup.place_terrain(s, a.model_dump(exclude={"kind"})))

    def _choose_force(self, s: State, seat: str, a: A.ChooseForce, dice: Dice, ev: list[Event]) -> None:
        ev.append(setup.choose_force(s, seat, a.faction, a.choices, a.command_group))

    def _remove_terrain(self, s: State, seat: str, a: A.RemoveTerrain, dice: Dice, ev: list[Event]) -> None:
        ev.append(setup.remove_terrain(s, a.id))

    def _ready(self, s: State, seat: str, a: A.Ready, dice: Dice, ev: list[Event]) -> None:
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

    def _deploy(self, s: State, seat: str, a: A.Deploy, dice: Dice, ev: list[Event]) -> None:
        m = self._own(s, seat, a.model)
        if seat in s["ready"]:
            raise IllegalAction(f"{seat} has finished deploying", code="already_ready")
        ev.append(setup.deploy(s, seat, m, a.x, a.y, a.facing))

    # --- rounds ----------------------------------------------------------------------------
    def _choose_first(self, s: State, seat: str, a: A.ChooseFirst, dice: Dice, ev: list[Event]) -> None:
        turns.choose_first(s, seat, a.seat, ev)

    def _activate_group(self, s: State, seat: str, a: A.ActivateGroup, dice: Dice, ev: list[Event]) -> None:
        turns.activate_group(s, seat, a.group, ev)

    def _end_group(self, s: State, seat: str, a: A.EndGroup, dice: Dice, ev: list[Event]) -> None:
        turns.end_group(s, seat, dice, ev)

    def _done(self, s: State, seat: str, a: A.Done, dice: Dice, ev: list[Event]) -> None:
        m = self._own(s, seat, a.model)
        turns.begin_model(s, seat, m, ev)
        turns.finish_model(s, m, a.keep_action, ev)
        group = s["current"]["group"]
        if not [x for x in turns.alive(s, seat) if x["group"] == group and not x["used"]]:
            turns.end_group(s, seat, dice, ev)  # every model of the group has acted

    def _set_speed(self, s: State, seat: str, a: A.SetSpeed, dice: Dice, ev: list[Event]) -> None:
        m = self._own(s, seat, a.model)
        turns.begin_model(s, seat, m, ev)
        if m["changed"] or m["acted"]:
            raise IllegalAction(
                f"{m['label']} may change speed and mode once per round, before it moves and acts", code="illegal_speed"
            )
        change_speed(m, a.speed, can_go_full_speed(m["card"]["boxes"], m["crossed"]))
        if a.autopilot and not m["autopilot"]:
            raise IllegalAction(
                f"{m['label']}'s Autopilot is switched on at the start of a round (send "
                f"'autopilot' now and it is on from the next round)",
                code="autopilot_at_round_start",
            )
        m["speed"], m["mode"], m["changed"] = a.speed, a.mode or m["mode"], True
        ev.append(
            {"kind": "speed_set", "model": m["id"], "speed": m["speed"], "mode": m["mode"], "autopilot": m["autopilot"]}
        )

    def _autopilot(self, s: State, seat: str, a: A.Autopilot, dice: Dice, ev: list[Event]) -> None:
        m = self._own(s, seat, a.model)
        if not any(p["id"] == "autopilot" for p in m["card"].get("perks", [])):
            raise IllegalAction(f"{m['label']} has no Autopilot", code="no_perk")
        if m["status"] not in ("active", "reserve"):
            raise IllegalAction(f"{m['label']} is no longer in play", code="not_in_play")
        m["autopilot_order"] = a.on
        start = s["round"] + (0 if s["phase"] == "initiative" else 1)  # the round has not got going yet
        if s["phase"] == "initiative":
            m["autopilot"] = a.on
        ev.append({"kind": "autopilot_set", "model": m["id"], "on": a.on, "from_round": max(1, start)})

    def _move(self, s: State, seat: str, a: A.Move, dice: Dice, ev: list[Event]) -> None:
        m = self._own(s, seat, a.model)
        turns.begin_model(s, seat, m, ev)
        start = pos(m)
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
        turns.open_reaction(s, m, points, ev, facings=facings)

    def _attack(self, s: State, seat: str, a: A.Attack, dice: Dice, ev: list[Event]) -> None:
        m = self._own(s, seat, a.model)
        turns.begin_model(s, seat, m, ev)
        second = m["actions"] < 1 and m["autopilot"] and m.get("attacks", 0) == 1
        if not second:  # Autopilot: "may attack twice" -- a second attack, not a second Action
            self._spend(m, "attack")
        target = self._target(s, m, a.target)
        card = combat.weapon_card(s, m, a.weapon)
        if a.indirect or card.get("grenade"):
            observer = m
            if not card.get("grenade"):
                d = observe.designation_for(s, m, target["id"])
                observer = s["models"][d["observer"]]
                if m["id"] not in d["shooters"]:
                    d["shooters"].append(m["id"])
            ev.extend(combat.indirect_attack(s, dice, m, target, a.weapon, observer, a.sweep, a.focus))
        else:
            ev.extend(combat.direct_attack(s, dice, m, target, a.weapon, a.sweep, a.focus))
        if not second:
            m["actions"] -= 1
        m["attacks"] = m.get("attacks", 0) + 1
        m["acted"] = True
        if not (a.indirect or card.get("grenade")):  # IF: "without fear of return fire" (grenades use IF rules)
            turns.open_reaction(s, m, [pos(m)], ev)

    def _designate(self, s: State, seat: str, a: A.Designate, dice: Dice, ev: list[Event]) -> None:
        m = self._own(s, seat, a.model)
        turns.begin_model(s, seat, m, ev)
        self._spend(m, "designate a target")
        ev.append(observe.designate(s, dice, m, self._target(s, m, a.target)))
        m["actions"] -= 1
        m["acted"] = True
        turns.open_reaction(s, m, [pos(m)], ev, designation=True)

    def _ecm(self, s: State, seat: str, a: A.Ecm, dice: Dice, ev: list[Event]) -> None:
        m = self._own(s, seat, a.model)
        if s["phase"] == "reaction":  # against an observer "making" a designation: a kept Action
            if m["status"] != "active" or not m["kept"]:
                raise IllegalAction(f"{m['label']} has no kept Action for ECM", code="no_action")
            ev.append(observe.jam(s, dice, m, self._target(s, m, a.observer)))
            m["kept"], m["actions"] = False, 0
            if not [x for x in turns.alive(s, seat) if x["kept"] and x["id"] in s["pending"]["models"]]:
                turns.close_reaction(s)
            return
        turns.begin_model(s, seat, m, ev)
        self._spend(m, "use ECM")
        ev.append(observe.jam(s, dice, m, self._target(s, m, a.observer)))
        m["actions"] -= 1
        m["acted"] = True
        turns.open_reaction(s, m, [pos(m)], ev)  # Return Fire: "once per completed action"

    # --- Return Fire -----------------------------------------------------------------------
    def _return_fire(self, s: State, seat: str, a: A.ReturnFire, dice: Dice, ev: list[Event]) -> None:
        p = s["pending"]
        m = self._own(s, seat, a.model)
        if m["status"] != "active" or not m["kept"]:
            raise IllegalAction(f"{m['label']} has no kept Action for Return Fire", code="no_action")
        if combat.weapon_card(s, m, a.weapon).get("grenade"):
            raise IllegalAction(
                "Return Fire is a shot: grenades are thrown in the model's own activation", code="illegal_attack"
            )
        mover = s["models"][p["mover"]]
        idx = a.at if a.at >= 0 else len(p["points"]) - 1
        if idx >= len(p["points"]):
            raise IllegalAction(f"The move has {len(p['points'])} points to fire at, not {a.at}", code="bad_point")
        final = (mover["x"], mover["y"], mover["facing"])
        # the mover as it stood when it finished that inch: its place and its facing there
        mover["x"], mover["y"] = p["points"][idx]
        mover["facing"] = p.get("facings", [final[2]] * len(p["points"]))[idx]
        if not combat.can_see(s, m, mover):
            raise IllegalAction(
                f"{m['label']} cannot see {mover['label']} at that point; Return Fire is a shot at a model in sight",
                code="no_line_of_sight",
            )
        ev.append(
            {
                "kind": "return_fire",
                "model": m["id"],
                "target": mover["id"],
                "at": [tape(c) for c in p["points"][idx]],
                "facing": tape(mover["facing"]),
            }
        )
        ev.extend(combat.direct_attack(s, dice, m, mover, a.weapon, a.sweep, a.focus))
        if mover["status"] == "active":
            mover["x"], mover["y"], mover["facing"] = final
        m["kept"], m["actions"] = False, 0
        if mover["status"] != "active" or not [x for x in turns.alive(s, seat) if x["kept"] and x["id"] in p["models"]]:
            turns.close_reaction(s)
            self._after_reaction(s, mover, dice, ev)

    def _pass(self, s: State, seat: str, a: A.Pass, dice: Dice, ev: list[Event]) -> None:
        mover = s["models"][s["pending"]["mover"]]
        turns.close_reaction(s)
        ev.append({"kind": "no_return_fire", "seat": seat})
        self._after_reaction(s, mover, dice, ev)

    def _after_reaction(self, s: State, mover: dict[str, Any], dice: Dice, ev: list[Event]) -> None:
        if mover["status"] != "active" and s["current"] and s["current"]["model"] == mover["id"]:
            s["current"]["model"] = None

    # --- ending ----------------------------------------------------------------------------
    def _concede(self, s: State, seat: str, a: A.Concede, dice: Dice, ev: list[Event]) -> None:
        turns.end_game(s, [setup.other(seat)], f"{seat} conceded", ev)

    def _agree_end(self, s: State, seat: str, a: A.AgreeEnd, dice: Dice, ev: list[Event]) -> None:
        s["agree"][seat] = a.winner
        ev.append({"kind": "end_proposed", "seat": seat, "winner": a.winner})
        votes = s["agree"]
        if len(votes) == len(setup.SEATS) and len(set(votes.values())) == 1:
            w = votes[seat]
            turns.end_game(s, [w] if w else [], "ended by agreement", ev)

    # --- helpers ---------------------------------------------------------------------------
    def _aim(self, s: State, seat: str, a: A.Aim, dice: Dice, ev: list[Event]) -> None:
        m = self._own(s, seat, a.model)
        target = self._target(s, m, a.target)
        observer = None
        d = s["designations"].get(target["id"])
        if a.indirect and d and d["seat"] == seat:
            observer = s["models"][d["observer"]]
        ev.append({"kind": "aim", **combat.aim(s, m, target, a.weapon, a.indirect, observer)})

    @staticmethod
    def _own(s: State, seat: str, mid: str) -> dict[str, Any]:
        m = s["models"].get(mid)
        if m is None:
            raise IllegalAction(f"There is no model {mid!r}", code="unknown_model")
        if m["seat"] != seat:
            raise IllegalAction(f"{m['label']} belongs to {m['seat']}, not {seat}", code="not_your_model")
        return cast("dict[str, Any]", m)

    @staticmethod
    def _target(s: State, m: dict[str, Any], tid: str) -> dict[str, Any]:
        t = s["models"].get(tid)
        if t is None:
            raise IllegalAction(f"There is no model {tid!r}", code="illegal_target")
        if t["status"] != "active":
            state = {"wreck": "a wreck", "removed": "removed from play", "reserve": "not deployed yet"}
            raise IllegalAction(
                f"{t['label']} is {state.get(t['status'], t['status'])}, not a target", code="illegal_target"
            )
        if t["seat"] == m["seat"]:
            raise IllegalAction(f"{m['label']} may not target its own side's {t['label']}", code="illegal_target")
        return cast("dict[str, Any]", t)

    @staticmethod
    def _spend(m: dict[str, Any], what: str) -> None:
        if m["actions"] < 1:
            raise IllegalAction(
                f"{m['label']} has no Action left to {what} this round "
                f"(spent on an attack, a designation or Full Speed)",
                code="no_action",
            )


#: one handler per action kind: ``HeavyGearBlitz._<kind>``
HeavyGearBlitz.handlers = {
    kind: getattr(HeavyGearBlitz, f"_{kind}")
    for kind in sorted(frozenset().union(*turns.PHASES.values(), turns.ANYTIME))
}
