"""Takebacks as the log keeps them: the table's own actions that ask, answer and make a
takeback, and how each changes the table's ``Envelope`` (the same step live, in a replay and in
an import's check). The taken-back actions themselves stay in the log; every replay skips them
(``History.replay``), which is what makes the state after a ``table.takeback``.

* ``table.takeback_ask`` ``{seat, name, n, seqs, at, waiting}``: the request, pending in
  ``Envelope.takeback`` (``takeback_asked``)
* ``table.takeback_allow`` ``{seat}``: one of several players allowed it (``takeback_allowed``)
* ``table.takeback_refuse`` ``{seat}``: refused (``takeback_refused``)
* ``table.takeback_lapse`` ``{}``: a minute passed (``takeback_lapsed``; any game action lapses
  it too, with the same event among that action's events)
* ``table.takeback`` ``{seat, name, n, seqs, by}``: action ``n`` (events ``seqs``) taken back
  (``taken_back``; ``by`` is the seat that asked, ``allowed_by`` the last to allow, if any)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.core.events import Event
from app.session.records import Envelope
from app.systems.takeback import Logged

KINDS = frozenset(
    {"table.takeback", "table.takeback_ask", "table.takeback_allow", "table.takeback_refuse", "table.takeback_lapse"}
)


def table_step(env: Envelope, action: dict[str, Any]) -> tuple[Envelope, list[Event]]:
    """The table at ``env`` after one of the takeback actions ``KINDS``."""
    kind = action["kind"]
    pending = env.takeback or {}
    asker = {"seqs": pending.get("seqs", []), "by": pending.get("seat")}
    if kind == "table.takeback_ask":
        request = {
            "seat": action["seat"],
            "name": action["name"],
            "n": action["n"],
            "seqs": action["seqs"],
            "asked_at": action["at"],
            "waiting": action["waiting"],
        }
        shown = {k: request[k] for k in ("seqs", "waiting", "name")}
        return replace(env, takeback=request), [{"kind": "takeback_asked", "by": action["seat"], **shown}]
    if kind == "table.takeback_allow":
        waiting = [s for s in pending.get("waiting", []) if s != action["seat"]]
        return replace(env, takeback={**pending, "waiting": waiting}), [
            {"kind": "takeback_allowed", "seat_id": action["seat"], **asker}
        ]
    if kind == "table.takeback_refuse":
        return replace(env, takeback=None), [{"kind": "takeback_refused", "seat_id": action["seat"], **asker}]
    if kind == "table.takeback_lapse":
        return replace(env, takeback=None), [{"kind": "takeback_lapsed", **asker}]
    assert kind == "table.takeback", kind
    event: Event = {"kind": "taken_back", "seqs": action["seqs"], "ns": [action["n"]], "by": action["seat"]}
    event["name"] = action["name"]
    if action.get("allowed_by"):
        event["allowed_by"] = action["allowed_by"]
    return replace(env, takeback=None), [event]


def logged(rows: list[dict[str, Any]], skip: set[int]) -> list[Logged]:
    """The log's action rows (with their ``events``) as the takeback window reads them: the
    table's own actions as table changes (no seat), taken-back actions left out."""
    return [
        Logged(
            n=row["n"],
            seat=None if row["action"]["kind"].startswith("table.") else row["actor"],
            seqs=tuple(e["seq"] for e in row["events"]),
            events=tuple(row["events"]),
            rolled=bool(row["rolls"]),
        )
        for row in rows
        if row["n"] not in skip
    ]
