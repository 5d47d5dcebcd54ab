"""Manual records and their disputes.

A rule area switched to manual (``options.manual``) is resolved by the players: they state
the result and the table records it (``record``, and ``state_result`` for manual dice). A
record obeys the rules it replaces: it comes only from a seat that may act now, in a phase
where that area's rule applies, states only what that area covers, and never what the text
forbids ("If Big Little Buddy is not controlled by anyone, players cannot attack him").

Every record stays in ``state["records"]`` with its author and status, visible to all seats.
The latest record is *open* until the next record, or until a seat other than its author has
an action accepted: so at least for the rest of its author's turn, and until the next seat
acts. While it is open any other seat may ``dispute`` it; the game then waits for the host's
``resolve_dispute`` (seat ``HOST_SEAT``): upholding keeps it, overturning restores the state
kept from just before it (``state["undo"]``), so the author's own actions since are undone too.
"""

from __future__ import annotations

import copy
from typing import Any, cast

from app.core.dice import Dice
from app.core.errors import IllegalAction, NotYourTurn, WrongPhase
from app.core.events import Event
from app.systems.gkr.actions import Dispute, Record
from app.systems.gkr.board import BLB, unit_name
from app.systems.gkr.combat import check_target_unit
from app.systems.gkr.damage import damage_unit, repair_heavy
from app.systems.gkr.turns import active_seats
from app.systems.gkr.words import AREA_NAMES, phase_name

State = dict[str, Any]

#: the phases in which each area's default rule acts. Energy, NOTES.md (Sure):
#: "moving and firing normally cost energy". Support: the Repair Unit's Reset-Phase repair is
#: recorded in the owner's next Deploy turn, since nobody acts in the Reset Phase.
AREA_PHASES = {
    "energy": ("movement", "combat"),
    "support": ("deploy", "movement", "combat", "tagging"),
    "dice": ("combat",),
    "flank": ("combat",),
    "weapons": ("combat",),
    "tagging": ("tagging",),
}
#: what a record of each area may state besides a note; the other areas are stated in their
#: own actions (``state_result``, a weapon choice's ``flank`` and ``stats``, ``tag``'s ``count``)
AREA_FIELDS = {"energy": {"energy"}, "support": {"unit", "damage", "heal"}}


def _stated(action: Record) -> set[str]:
    fields = {
        "energy": action.energy != 0,
        "unit": action.unit is not None,
        "damage": action.damage != 0,
        "heal": action.heal != 0,
    }
    return {k for k, on in fields.items() if on}


def check_record(state: State, seat: str, action: Record) -> None:
    """Raise unless ``seat`` may record ``action`` now (codes: not_manual, not_your_turn,
    wrong_phase, not_in_area, no_unit, one_effect, not_your_unit, stated_in_firing_line,
    energy_gain, and
    the target codes of a weapon choice: no_target, own_unit, blb_not_attackable)."""
    area = action.area
    if not state["data"]["manual"][area]:
        raise IllegalAction(
            f"The table resolves {AREA_NAMES[area]} by the rules; switch it to manual "
            "resolution in the table options to state results",
            code="not_manual",
        )
    if seat not in active_seats(state):
        raise NotYourTurn("Only a player who may act now records a result; you may not act now")
    if state["phase"] not in AREA_PHASES[area]:
        raise WrongPhase(
            f"A record of {AREA_NAMES[area]} belongs to the {' or '.join(map(phase_name, AREA_PHASES[area]))}; "
            f"it is the {phase_name(state['phase'])}"
        )
    extra = _stated(action) - AREA_FIELDS.get(area, set())
    if extra:
        raise IllegalAction(
            f"A record of {AREA_NAMES[area]} cannot state {' or '.join(sorted(extra))}", code="not_in_area"
        )
    if area == "support":
        _check_support(state, seat, action)
    if action.energy < 0:
        # NOTES.md (Sure): "moving and firing normally cost energy": a record states energy spent;
        # energy is gained from sponsor cards, not stated.
        raise IllegalAction(
            "A record of energy states the energy you spent (0 to 20), never energy gained", code="energy_gain"
        )


def _check_support(state: State, seat: str, action: Record) -> None:
    if action.damage and action.heal:
        raise IllegalAction("A record either heals or damages a unit, not both", code="one_effect")
    if (action.damage or action.heal) and action.unit is None:
        raise IllegalAction("Name the unit the result applies to", code="no_unit")
    if action.unit is None:
        return
    unit = state["units"].get(action.unit)
    if action.damage:
        # BLB text: "If Big Little Buddy is not controlled by anyone, players cannot attack him."
        unit = check_target_unit(state, seat, action.unit)
        if unit["kind"] in ("heavy", BLB):
            # BLB text: "Big Little Buddy has the same Defence and Target to hit values as Heavy
            # Hitters" (To Hit 5+, Armor 5+): damage to him, like a Heavy Hitter's, comes only from
            # an attack in the firing line, where those values apply.
            raise IllegalAction(
                f"Damage to {unit_name(state, unit['id'])} is dealt in the firing line (state it there with manual "
                "dice), not recorded",
                code="stated_in_firing_line",
            )
    elif (
        unit is None or unit["owner"] != seat or unit["id"] == BLB or (unit["kind"] != "heavy" and not unit["on_board"])
    ):
        raise IllegalAction(
            f"{unit_name(state, action.unit)} is not one of your units on the Battlefield", code="not_your_unit"
        )


def record(state: State, seat: str, action: Record, dice: Dice) -> tuple[State, list[Event]]:
    """Manual resolution: the player states a result of a default rule area; the table records
    it (the handler of ``record``)."""
    check_record(state, seat, action)
    entry = {
        "area": action.area,
        "player": seat,
        "note": action.note,
        "unit": action.unit,
        "damage": action.damage,
        "heal": action.heal,
        "energy": action.energy,
    }
    events: list[Event] = []
    add(state, entry, events, "recorded")
    if action.energy:
        state["players"][seat]["energy"] -= action.energy
    if action.unit is None:
        return state, events
    unit = state["units"][action.unit]
    if action.heal and unit["kind"] == "heavy":
        repair_heavy(state, seat, action.heal, events)
    elif action.heal:
        unit["hp"] = min(unit["hp"] + action.heal, state["data"]["support"]["units"][unit["kind"]]["hp"])
    damage_unit(state, unit["id"], action.damage, seat, dice, events)
    return state, events


def add(state: State, entry: dict[str, Any], events: list[Event], kind: str) -> None:
    """Append a record (open, numbered, stamped with round and phase) and its public event."""
    full = {"index": len(state["records"]), **entry, "round": state["round"], "phase": state["phase"], "status": "open"}
    state["records"].append(full)
    events.append({"kind": kind, **full})


def settle(before: State, after: State, seat: str) -> None:
    """After an accepted action by ``seat``: a new record keeps the state from just before it
    and closes the previous one; another seat's action closes the open record."""
    records = after["records"]
    if len(records) > len(before["records"]):
        for r in records[:-1]:
            if r["status"] == "open":
                r["status"] = "closed"
        after["undo"] = copy.deepcopy({k: v for k, v in before.items() if k != "undo"})
    elif records and records[-1]["status"] == "open" and records[-1]["player"] != seat:
        records[-1]["status"] = "closed"
        after["undo"] = None


def dispute(state: State, seat: str, action: Dispute, dice: Dice) -> tuple[State, list[Event]]:
    """Another seat disputes the latest record while it is open: the game waits for the host
    (the handler of ``dispute``)."""
    records = state["records"]
    if not records:
        raise IllegalAction("There is no record to dispute", code="no_record")
    if action.record != len(records) - 1:
        raise IllegalAction(f"Only the latest record (record {len(records)}) may be disputed", code="not_latest_record")
    entry = records[-1]
    if entry["player"] == seat:
        raise IllegalAction("You cannot dispute your own record", code="own_record")
    if entry["status"] != "open" or state["undo"] is None:
        raise IllegalAction(f"Record {action.record + 1} is {entry['status']}: play has moved on", code="record_closed")
    entry.update(status="disputed", dispute={"by": seat, "reason": action.reason})
    state["dispute"] = {"record": action.record, "by": seat, "reason": action.reason, "author": entry["player"]}
    event = {
        "kind": "disputed",
        "record": action.record,
        "player": seat,
        "author": entry["player"],
        "reason": action.reason,
    }
    return state, [event]


def resolve(state: State, uphold: bool, events: list[Event]) -> State:
    """The host's ruling: uphold the disputed record, or overturn it (the state from just
    before it comes back; the record stays in the log, marked overturned)."""
    if state["dispute"] is None:
        raise IllegalAction("No record is disputed", code="no_dispute")
    index = state["dispute"]["record"]
    entry = state["records"][index]
    events.append(
        {
            "kind": "dispute_resolved",
            "record": index,
            "uphold": uphold,
            "author": entry["player"],
            "by": state["dispute"]["by"],
        }
    )
    if uphold:
        entry["status"] = "upheld"
        state.update(dispute=None, undo=None)
        return state
    restored = state["undo"]
    for r in restored["records"]:
        if r["status"] == "open":
            r["status"] = "closed"
    restored["records"].append({**entry, "status": "overturned"})
    restored.update(dispute=None, undo=None)
    return cast("dict[str, Any]", restored)
