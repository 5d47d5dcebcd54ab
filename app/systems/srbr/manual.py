"""Manual resolution and victory.

Each Warboard default area can be switched to manual (options.manual): players state the
result with ``record`` / ``declare_result`` and the table keeps the record as events.
Victory (Warboard default): a player whose mechas are all destroyed or fled, or who
concedes, is out; the last player in wins.
"""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.systems.srbr import actions as A
from app.systems.srbr import buildings, combat, malfunction, movement, pieces, turns
from app.systems.srbr.words import tape, terrain_label, units
from app.systems.words import plain_words

#: the table edge each coordinate is measured from
EDGES = {"x": "left", "y": "top"}
State = dict[str, Any]


def _allowed(state: State, field: str) -> bool:
    manual: dict[str, bool] = state["options"]["manual"]
    if field == "damage":
        return manual["health"] or manual["combat"] or manual["malfunction"]
    if field == "out":
        return manual["combat"] or manual["victory"]
    if field == "status":
        return manual["combat"] or manual["malfunction"]
    if field == "jammed":
        return manual["malfunction"]
    return manual["combat"]  # position, facing


def record(state: State, seat: str, a: A.Record, dice: Dice) -> tuple[State, list[Event]]:
    """A player states a result in a manual area; it is applied and logged under their seat,
    and takes effect like the rolled result would (SRBR p. 2: "robots take damage
    immediately"): a mecha whose vital part or every part is recorded destroyed is out, and an
    activation whose part or mecha is gone ends at once.
    Only the seat whose turn, activation or reaction it is may state a result (SRBR p. 4:
    "When it's your turn, nominate the mecha ..."): the rules a record replaces are theirs
    (``turns.KINDS``: the guard list checks the seat and the phase)."""
    m = pieces.mecha(state, a.mecha)
    given = {k: v for k, v in a.model_dump().items() if k not in ("kind", "mecha", "part", "note") and v is not None}
    if not given:
        raise IllegalAction(
            "A record needs a damage, jammed, status, position, facing or out value", code="empty_record"
        )
    refused = [k for k in given if not _allowed(state, "position" if k in ("x", "y") else k)]
    if refused:
        raise IllegalAction(
            f"{', '.join(refused)} can only be recorded when that area is set to manual resolution", code="not_manual"
        )
    events: list[Event] = []
    if (a.damage is not None or a.jammed is not None) and a.part is None:
        raise IllegalAction("Recording damage or a jam needs the body part", code="part_required")
    if a.damage is not None and a.part is not None:
        p = pieces.part(m, a.part)
        top = pieces.destroyed_at(state)
        m = pieces.with_part(m, {**p, "damage": min(a.damage, top)})
    if a.jammed is not None and a.part is not None:
        p = pieces.part(m, a.part)
        m = pieces.with_part(m, {**p, "jam": malfunction.JAM_TURNS if a.jammed else 0})
    board = state["board"]
    for key in ("x", "y"):
        value = getattr(a, key)
        if value is not None and not 0 <= value <= board["width" if key == "x" else "height"]:
            raise IllegalAction(f"{tape(value, units(state))} from the {EDGES[key]} is off the table", code="off_board")
    m = {**m, **{k: given[k] for k in ("status", "x", "y") if k in given}}
    if a.facing is not None:
        m["facing"] = a.facing % 360
    if a.out is not None:
        m["out"] = None if a.out == "in_play" else a.out
    if any(k in given for k in ("x", "y", "facing")):
        _check_room(state, m)
    state = pieces.replace_mecha(state, m)
    events.append({"kind": "recorded", "by": seat, "mecha": a.mecha, "part": a.part, **given, "note": a.note})
    if a.damage is not None and not state["options"]["manual"]["victory"]:
        state, events = combat.check_destroyed(state, a.mecha, events)
    state, more = turns.settle_activation(state)
    return state, [*events, *more]


def _check_room(state: State, m: dict[str, Any]) -> None:
    """SRBR "Contact Stops Movement": a recorded position may touch another model or a
    building but never put the base inside one. Raises IllegalAction(overlap)."""
    base = pieces.shape(m)
    for other in pieces.others(state, m):
        if base.intersection(pieces.shape(other)).area > movement.OVERLAP:
            raise IllegalAction(
                f"{m['name']}'s base would stand inside {other['name']}'s there: contact stops movement",
                code="overlap",
            )
    for tid, poly in pieces.buildings(state):
        if base.intersection(poly).area > movement.OVERLAP:
            raise IllegalAction(
                f"{m['name']}'s base would stand inside {terrain_label(state, tid)} there: contact stops movement",
                code="overlap",
            )


def record_terrain(state: State, seat: str, a: A.RecordTerrain, dice: Dice) -> tuple[State, list[Event]]:
    """Manual combat: a building smashed to rubble (or put back) by the acting player's word."""
    if not state["options"]["manual"]["combat"]:
        raise IllegalAction(
            "Buildings are smashed by the rules at this table (combat is not manual)", code="not_manual"
        )
    piece = buildings.find(state, a.terrain)
    if piece is None:
        raise IllegalAction("There is no such terrain on the table", code="unknown_terrain")
    if a.smashed and piece["type"] == "building":
        piece = buildings.smash(piece)
    elif not a.smashed and piece.get("was") == "building":
        piece = {k: v for k, v in piece.items() if k not in ("was", "hits")} | {
            "type": "building",
            "label": piece["label"].removeprefix("Rubble (").removesuffix(")"),
        }
    else:
        raise IllegalAction(
            f"{terrain_label(state, a.terrain)} is {plain_words(piece['type'])} already: nothing to record",
            code="no_change",
        )
    return buildings.replace(state, piece), [
        {"kind": "terrain_recorded", "by": seat, "terrain": a.terrain, "type": piece["type"], "note": a.note}
    ]


def declare_result(state: State, seat: str, a: A.DeclareResult, dice: Dice) -> tuple[State, list[Event]]:
    """Manual victory: the game ends when every seat still in it declares the same winners."""
    if not state["options"]["manual"]["victory"]:
        raise IllegalAction("Victory is decided by the rules at this table (not manual)", code="not_manual")
    unknown = [w for w in a.winners if w not in state["seats"]]
    if unknown:
        raise IllegalAction("Only the seats at this table can be declared winners", code="unknown_seat")
    votes = {**state["votes"], seat: sorted(set(a.winners))}
    return {**state, "votes": votes}, [{"kind": "result_declared", "by": seat, "winners": votes[seat]}]


def victory(state: State) -> dict[str, Any] | None:
    """The result now, or None while the game goes on."""
    standing = [s for s in state["order"] if s not in state["conceded"]]
    if len(standing) <= 1:
        return {"winners": standing, "reason": "every other player conceded"}
    if state["options"]["manual"]["victory"]:
        votes = [tuple(state["votes"].get(s, ("?",))) for s in standing]
        if all(s in state["votes"] for s in standing) and len(set(votes)) == 1:
            return {"winners": list(votes[0]), "reason": "declared by the players"}
        return None
    alive = pieces.seats_in_play(state)
    if not alive:
        return {"winners": [], "reason": "no player has a mecha left on the table: a draw"}
    if len(alive) <= 1:
        return {"winners": alive, "reason": "every other player's mechas are destroyed or fled"}
    return None
