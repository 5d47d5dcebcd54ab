"""Replaying an exported log: every action of the file run again through the table's rule
system, with the dice of the table's seed, must give exactly the events, rolls and seqs the file
records (``warboard import``'s check, ``app.session.transfer``).

The table's own actions (``TABLE_KINDS``) are replayed as the session makes them
(``app.session.tables``, ``app.session.seats``): a join takes a free seat under the name its
event records, a kick closes a seat, a reopen frees a closed one, a close ends the game; a
rejoin, a rematch claim and the host's rejoin link each name a taken seat and its player. A seat's action counts only
while that seat is taken, as the server lets only a seated token act. A takeback's request and
answers are replayed as ``app.session.takeback_log`` makes them; an action taken back is
replayed for its events only, and the game goes on without it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import orjson

from app.core.dice import Dice
from app.core.events import Event
from app.core.text import has_control
from app.session import clock_log, takeback_log
from app.session.game import dump, play
from app.session.records import TABLE_KINDS, Envelope
from app.systems.base import HOST_SEAT, RuleSystem

T = TypeVar("T")


class BadExport(ValueError):
    """The file is refused: what is wrong, and where, in one line."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))


def shown(value: Any, limit: int = 60) -> str:
    """A value of the file as a message quotes it: escaped, and cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def as_json(value: Any) -> Any:
    """``value`` as the database keeps it (the JSON columns' own codec: ``app.storage.db``)."""
    return orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))


@dataclass
class Replayed:
    """Where the log leaves the table: its state, and each seat the log touched as
    (``taken`` | ``closed``, the name it was taken under, or "" once closed)."""

    env: Envelope
    seats: dict[str, tuple[str, str]] = field(default_factory=dict)


def replay_log(
    system: RuleSystem, table: dict[str, Any], actions: list[dict[str, Any]], events: list[dict[str, Any]]
) -> Replayed:
    """Replay ``actions`` (rows of the file, in order) against ``events`` (likewise). Raises
    BadExport at the first row that is not what the replay gives."""
    for i, event in enumerate(events):
        if event["seq"] != i:
            raise BadExport(f"events[{i}] has seq {event['seq']} where {i} was expected: a gap or a reordering")
    if not actions:
        raise BadExport("The file has no actions: a table's log starts with its creation")
    seats: dict[str, tuple[str, str]] = {}
    env: Envelope | None = None
    dice_at, seq = 0, -1
    ids: set[str] = set()
    taken = _taken_back(actions)  # n -> the seat that took it back
    shadow: Envelope | None = None  # the game with the taken-back actions, for their events
    for i, act in enumerate(actions):
        where = f"actions[{i}] ({shown(act['action_id'])})"
        if act["action_id"] in ids:
            raise BadExport(f"{where} has the id of an earlier action: an action id is used once")
        ids.add(act["action_id"])
        if act["n"] != i:
            raise BadExport(f"{where} has n {act['n']} where {i} was expected: actions missing or reordered")
        if act["first_seq"] != seq + 1 or act["last_seq"] < act["first_seq"]:
            raise BadExport(
                f"{where} covers seq {act['first_seq']} to {act['last_seq']}; the last action ended at {seq}"
            )
        if act["dice_from"] != dice_at:
            raise BadExport(f"{where} starts at die {act['dice_from']} of the dice stream, which is at {dice_at}")
        dice = Dice(table["seed"], dice_at)
        if env is not None and i in taken:  # replayed on the shadow only: the game skips it
            env = replace(env, started=True)  # but it was made: the game is on
            if act["actor"] != taken[i]:
                raise BadExport(f"{where} is taken back by {shown(taken[i])}, whose action it is not")
            shadow, made = _step(
                system, table, replace(shadow or env, takeback=env.takeback), act, dice, seats, events, where
            )
        else:
            env, made = _step(system, table, env, act, dice, seats, events, where)
            if act["action"]["kind"] not in TABLE_KINDS or act["action"]["kind"] == "table.takeback":
                shadow = None  # the game goes on from here
        made = made or [{"kind": "acted", "action": act["action"].get("kind")}]  # as the commit path writes it
        _match(act, made, events, where)
        if as_json(dice.rolls) != act["rolls"]:
            raise BadExport(f"{where}: its recorded rolls are not the ones the seed's dice give")
        seq, dice_at = act["last_seq"], dice.index
        env = replace(env, seq=seq, n=i, dice_index=dice_at)
    if len(events) != seq + 1:
        raise BadExport(f"events[{seq + 1}] belongs to no action: the log's last action ends at seq {seq}")
    assert env is not None
    return Replayed(env, seats)


def _step(
    system: RuleSystem,
    table: dict[str, Any],
    env: Envelope | None,
    act: dict[str, Any],
    dice: Dice,
    seats: dict[str, tuple[str, str]],
    events: list[dict[str, Any]],
    where: str,
) -> tuple[Envelope, list[Event]]:
    """One action replayed: the new state and the events it makes."""
    raw = act["action"]
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
        raise BadExport(f"{where}: its action is not an object with a kind")
    kind = raw["kind"]
    if env is None:
        if raw != {"kind": "table.create"} or act["action_id"] != "create" or act["actor"] is not None:
            raise BadExport(f"{where}: the log does not start with the table's creation")
        state = _rules(where, lambda: system.setup(table["options"], dice))
        created = {
            "kind": "table_created",
            "system": table["system"],
            "name": table["name"],
            "options": table["options"],
        }
        return Envelope(seq=0, n=0, dice_index=dice.index, status="open", state=state), [created]
    if kind in TABLE_KINDS:
        if act["actor"] is not None:
            raise BadExport(f"{where}: the table's own {kind} is sent by seat {shown(act['actor'])}")
        at = clock_log.at_ms(act["created_at"])
        if kind in clock_log.KINDS:
            return _rules(where, lambda: clock_log.table_step(system, env, raw, dice, at))
        if kind in takeback_log.KINDS:
            stepped = _rules(where, lambda: takeback_log.table_step(env, raw))
            if kind == "table.takeback":
                return clock_log.after_takeback(system, stepped[0], at), stepped[1]
            return stepped
        return _table_step(system, table, env, act, seats, events, where)
    seat = act["actor"]
    if seat is None or (seat != HOST_SEAT and seats.get(seat, ("", ""))[0] != "taken"):
        raise BadExport(f"{where}: {kind!r} is played by {shown(seat)}, who holds no seat at that point of the log")
    action = _rules(where, lambda: system.parse_action(raw))
    if dump(action) != raw:
        raise BadExport(f"{where}: its action {shown(raw)} is not written as the server writes it")
    at = clock_log.at_ms(act["created_at"])
    return _rules(where, lambda: play(system, env, seat, action, dice, at, timed_out=True))


def _taken_back(actions: list[dict[str, Any]]) -> dict[int, str]:
    """The actions the file's takebacks take back: their n and the seat that asked."""
    taken: dict[int, str] = {}
    for i, act in enumerate(actions):
        raw = act.get("action")
        if isinstance(raw, dict) and raw.get("kind") == "table.takeback":
            n, seat = raw.get("n"), raw.get("seat")
            if type(n) is not int or not 0 < n < i or not isinstance(seat, str):
                raise BadExport(f"actions[{i}] takes back {shown(n)}, which is no earlier action of a seat")
            taken[n] = seat
    return taken


def _table_step(
    system: RuleSystem,
    table: dict[str, Any],
    env: Envelope,
    act: dict[str, Any],
    seats: dict[str, tuple[str, str]],
    events: list[dict[str, Any]],
    where: str,
) -> tuple[Envelope, list[Event]]:
    """A join, kick, reopen or close, as ``app.session.tables`` makes them."""
    raw, kind = act["action"], act["action"]["kind"]
    seat = raw.get("seat")
    if set(raw) != {"kind", "seat"} or kind == "table.create":
        raise BadExport(f"{where}: {shown(raw)} is not one of the table's own actions")
    if kind == "table.close":
        if seat is not None or env.status == "closed":
            raise BadExport(f"{where}: the table is closed twice, or closed for a seat")
        return replace(env, status="closed"), [{"kind": "table_closed"}]
    if seat not in system.seats(table["options"]):
        raise BadExport(f"{where}: {kind} of {shown(seat)}, which is not a seat at this table")
    held = seats.get(seat)
    if kind == "table.join":
        if held is not None:
            raise BadExport(f"{where}: seat {seat!r} is joined while {held[0]}")
        recorded = events[act["first_seq"]]["data"] if act["first_seq"] < len(events) else {}
        name = recorded.get("name") if isinstance(recorded, dict) else None
        if not isinstance(name, str) or not 1 <= len(name) <= 80 or has_control(name):
            raise BadExport(f"{where}: seat {seat!r} is joined under no valid name ({shown(name)})")
        seats[seat] = ("taken", name)
        return env, [{"kind": "seat_joined", "seat_id": seat, "name": name}]
    if kind == "table.kick":
        seats[seat] = ("closed", "")
        return env, [{"kind": "seat_kicked", "seat_id": seat}]
    if kind in ("table.rejoin", "table.claim", "table.link"):
        if held is None or held[0] != "taken":
            raise BadExport(f"{where}: {kind} of seat {seat!r}, which nobody holds")
        recorded = events[act["first_seq"]]["data"] if act["first_seq"] < len(events) else {}
        by = recorded.get("by") if isinstance(recorded, dict) else None
        if kind == "table.rejoin":
            if by not in ("host", "player"):
                raise BadExport(f"{where}: the seat's move names no mover ({shown(by)})")
            return env, [{"kind": "seat_moved", "seat_id": seat, "name": held[1], "by": by}]
        if kind == "table.claim":
            return env, [{"kind": "seat_claimed", "seat_id": seat, "name": held[1]}]
        return env, [{"kind": "seat_link_issued", "seat_id": seat, "name": held[1], "by": "host"}]
    if held is None or held[0] != "closed":
        raise BadExport(f"{where}: seat {seat!r} is reopened while it is not closed")
    del seats[seat]
    return env, [{"kind": "seat_reopened", "seat_id": seat}]


def _rules(where: str, run: Callable[[], T]) -> T:
    """``run()``, whose refusal (or failure) refuses the file."""
    try:
        return run()
    except Exception as exc:  # a rule error, or a rule system failing on what the file holds
        raise BadExport(f"{where}: the rules refuse it when replayed: {exc}") from None


def _match(act: dict[str, Any], made: list[Event], events: list[dict[str, Any]], where: str) -> None:
    """The file's events of ``act`` are exactly ``made``, as the commit path writes them."""
    first, last = act["first_seq"], act["last_seq"]
    for offset, event in enumerate(made):
        seq = first + offset
        if seq > last or seq >= len(events):
            break
        expected = {
            "seq": seq,
            "action_id": act["action_id"],
            "seat": act["actor"],
            "kind": str(event["kind"])[:60],
            "data": as_json(event),
        }
        got = {k: events[seq][k] for k in expected}
        if got != expected:
            differ = ", ".join(k for k in expected if got[k] != expected[k])
            raise BadExport(
                f"events[{seq}] ({shown(got['kind'])}) is not what {where} makes when replayed ({differ} differ)"
            )
    if len(made) != last - first + 1 or last >= len(events):
        raise BadExport(
            f"{where} makes {len(made)} event(s) when replayed; the file gives it seq {first} to {last}"
            f" and has events up to seq {len(events) - 1}"
        )
