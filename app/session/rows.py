"""The table's rows as the session reads and writes them: the table row itself (NotFound for
an unknown table) and the log's action and event rows."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection

from app.core.dice import Dice
from app.core.errors import NotFound
from app.core.events import Event
from app.storage import repository as repo


def read_table(conn: Connection, table_id: str) -> dict[str, Any]:
    """The table's row. Raises NotFound (``unknown_table``)."""
    row = repo.get_table(conn, table_id)
    if row is None:
        raise NotFound(f"There is no table {table_id!r}", code="unknown_table")
    return row


def action_row(
    action_id: str, n: int, seat: str | None, action: dict[str, Any], first: int, last: int, dice_from: int, dice: Dice
) -> dict[str, Any]:
    """The log's row of action number ``n``: its events are ``first..last``, its rolls those
    of ``dice`` from position ``dice_from``."""
    return {
        "action_id": action_id,
        "n": n,
        "actor": seat,
        "action": action,
        "first_seq": first,
        "last_seq": last,
        "dice_from": dice_from,
        "rolls": dice.rolls,
    }


def event_row(seq: int, action_id: str, seat: str | None, event: Event) -> dict[str, Any]:
    return {"seq": seq, "action_id": action_id, "seat": seat, "kind": str(event["kind"])[:60], "data": event}
