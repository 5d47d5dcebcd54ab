"""Manual records, disputes and the host's ruling.

A record (``record``, ``record_terrain``) states a result in an area switched to manual. The
text gives the acting to "your turn": the active player states results in their turn, and a
reacting player only in their reaction (manual.record checks that). Every record stays in
``state["records"]`` with its author, for everyone to see.

Open window (Warboard decision): the latest record may be disputed by any other seat still in
the game until the step it was made in ends: the activation or reaction it belongs to, or, when
made between activations, until the player's next activation or the end of their turn. A newer
record closes it too. While a record is open, the table keeps the state from just before it
(``record_undo``), and victory waits (a record that would end the game ends it when it closes).

A dispute puts the game on hold: no seat may act until the host rules (``resolve_dispute``
as HOST_SEAT). Upholding keeps the record; overturning puts the table back exactly as it was
before the record (anything done after it in the same step is undone too).
"""

from __future__ import annotations

from typing import Any, TypedDict

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.systems.srbr import actions as A
from app.systems.words import title_words

State = dict[str, Any]
#: the keys a pre-record snapshot leaves out (the log itself survives an overturn)
_LOG_KEYS = ("records", "record_undo", "hold")


def window(state: State) -> list[Any]:
    """Which step of the game this is: the turn's player, round and phase."""
    turn = state["turn"]
    return [turn["seat"], turn["round"], turn["phase"]]


def is_open(state: State) -> bool:
    return state.get("record_undo") is not None


def hold_reason(state: State) -> str | None:
    """Why the game waits (a disputed record waits for the host's ruling), or None."""
    hold = state.get("hold")
    if hold is None:
        return None
    return (
        f"Record {hold['record'] + 1} is disputed by {title_words(hold['by'])} ({hold['reason']}): the game waits "
        "for the host's ruling"
    )


def opened(
    before: State, after: State, seat: str, action: A.Record | A.RecordTerrain, events: list[Event]
) -> tuple[State, list[Event]]:
    """Log the record just applied (``before`` -> ``after``); it is the one open record."""
    log = [_closed(r) for r in before.get("records", [])]
    index = len(log)
    entry = {
        "index": index,
        "kind": action.kind,
        "by": seat,
        "action": action.model_dump(exclude_none=True),
        "round": before["turn"]["round"],
        "turn": before["turn"]["seat"],
        "phase": before["turn"]["phase"],
        "window": window(before),
        "status": "open",
        "dispute": None,
        "ruling": None,
    }
    snapshot = {k: v for k, v in before.items() if k not in _LOG_KEYS}
    state = {**after, "records": [*log, entry], "record_undo": {"record": index, "state": snapshot}, "hold": None}
    return state, [{**e, "record": index} for e in events]


def close_if_moved_on(state: State, force: bool = False) -> State:
    """Close the open record once the game has left the step it was made in (or at once with
    ``force``, e.g. when a player concedes: the game may then end without waiting)."""
    undo = state.get("record_undo")
    if undo is None or state.get("hold") is not None:
        return state
    entry = state["records"][undo["record"]]
    if not force and window(state) == entry["window"] and state["result"] is None:
        return state
    return {**state, "records": [_closed(r) for r in state["records"]], "record_undo": None}


def _closed(entry: dict[str, Any]) -> dict[str, Any]:
    return {**entry, "status": "closed"} if entry["status"] == "open" else entry


def dispute(state: State, seat: str, a: A.Dispute, dice: Dice) -> tuple[State, list[Event]]:
    """Another seat contests the latest, still open record: the game is on hold."""
    if seat in state["conceded"]:
        raise IllegalAction("You have conceded and can no longer dispute", code="conceded")
    log = state.get("records", [])
    if not 0 <= a.record < len(log):
        raise IllegalAction(f"There is no record {a.record + 1} (records: {len(log)})", code="unknown_record")
    entry = log[a.record]
    if entry["status"] != "open" or a.record != len(log) - 1:
        raise IllegalAction(
            f"Record {a.record + 1} is {entry['status']}: only the latest record may "
            "be disputed, while its step of the game goes on",
            code="record_closed",
        )
    if entry["by"] == seat:
        raise IllegalAction("You cannot dispute your own record; record the result again instead", code="own_record")
    entry = {**entry, "status": "disputed", "dispute": {"by": seat, "reason": a.reason}}
    state = {**state, "records": [*log[:-1], entry], "hold": {"record": a.record, "by": seat, "reason": a.reason}}
    return state, [
        {"kind": "record_disputed", "record": a.record, "by": seat, "author": entry["by"], "reason": a.reason}
    ]


def resolve(state: State, a: A.ResolveDispute) -> tuple[State, list[Event]]:
    """The host's ruling on the disputed record."""
    hold = state.get("hold")
    if hold is None:
        raise IllegalAction("No record is disputed at this table", code="no_dispute")
    index = hold["record"]
    entry = {
        **state["records"][index],
        "status": "upheld" if a.uphold else "overturned",
        "ruling": {"uphold": a.uphold, "note": a.note},
    }
    log = [*state["records"][:index], entry, *state["records"][index + 1 :]]
    event: Event = {
        "kind": "dispute_resolved",
        "record": index,
        "uphold": a.uphold,
        "author": entry["by"],
        "disputed_by": hold["by"],
        "note": a.note,
    }
    if a.uphold:
        return {**state, "records": log, "record_undo": None, "hold": None}, [event]
    restored = {**state["record_undo"]["state"], "records": log, "record_undo": None, "hold": None}
    return restored, [event]


class PublicRecords(TypedDict):
    records: list[dict[str, Any]]
    hold: dict[str, Any] | None
    open_record: int | None


def public(state: State) -> PublicRecords:
    """The records and any dispute, as every viewer sees them (no snapshot)."""
    log = [{k: v for k, v in r.items() if k != "window"} for r in state.get("records", [])]
    undo = state.get("record_undo")
    return {
        "records": log,
        "hold": state.get("hold"),
        "open_record": None if undo is None or state.get("hold") else undo["record"],
    }
