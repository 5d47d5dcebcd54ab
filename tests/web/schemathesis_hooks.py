"""Schemathesis hooks for ``test_schemathesis.py`` (loaded by the schemathesis command through
``SCHEMATHESIS_HOOKS``): real tables and tokens for the generated cases.

Without them nearly every table operation meets a random table id (404) or no token (401) and
never reaches the game: a generated ``system`` is hardly ever a real one, so the cases create
few tables. Before the first operation on a table, one table of every system is created; each
table (those and the ones the cases create) gets a player in its first seat and a spectator.
Three cases in four of an operation on a table then use a known table (when the generated id
is none of them) and, for an operation that reads a token, the host's, the player's or the
spectator's in turn. The fourth keeps what schemathesis generated.
"""

from __future__ import annotations

import itertools
from typing import Any

import httpx
import schemathesis

TABLES: dict[str, list[str]] = {}  # table id -> tokens: the host's, then the player's and the spectator's
_turn = itertools.count()


def _seat_people(base: str, table_id: str, host_token: str, seats: list[str]) -> None:
    tokens = [host_token]
    with httpx.Client(base_url=base, timeout=10) as client:
        if seats:
            joined = client.post(f"/api/tables/{table_id}/join", json={"seat": seats[0], "name": "Fuzz"})
            if joined.status_code == 200:
                tokens.append(joined.json()["token"])
        watching = client.post(f"/api/tables/{table_id}/spectate", json={"name": "Watcher"})
        if watching.status_code == 200:
            tokens.append(watching.json()["token"])
    TABLES[table_id] = tokens


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    if case.method.upper() != "POST" or response.status_code not in (200, 201):
        return
    try:
        body = response.json()
    except ValueError:
        return
    if not isinstance(body, dict):
        return
    base = response.request.url.split("/api/", 1)[0]
    if case.operation.path == "/api/tables" and "host_token" in body:
        _seat_people(base, body["id"], body["host_token"], list(body.get("seats") or []))
    elif case.operation.path.endswith("/rematch") and body.get("table") and body.get("host_token"):
        _seat_people(base, body["table"], body["host_token"], [])
    elif "token" in body and isinstance(case.path_parameters.get("table_id"), str):
        TABLES.setdefault(case.path_parameters["table_id"], []).append(body["token"])


def _seed_tables(base: str) -> None:
    with httpx.Client(base_url=base, timeout=30) as client:
        for system in client.get("/api/systems").json():
            created = client.post("/api/tables", json={"system": system["id"], "name": f"Fuzz {system['id']}"})
            if created.status_code == 201:
                body = created.json()
                _seat_people(base, body["id"], body["host_token"], list(body["seats"]))


@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    if "{table_id}" not in case.operation.path:
        return
    if not TABLES:
        _seed_tables(case.operation.base_url or case.operation.schema.get_base_url())
    turn = next(_turn)
    if turn % 4 == 3:
        return  # as generated: an unknown table, a missing or wrong token
    known = list(TABLES)
    table_id = case.path_parameters.get("table_id")
    if table_id not in TABLES:
        table_id = known[-1 - turn % min(len(known), 16)]  # one of the latest tables
        case.path_parameters["table_id"] = table_id
    tokens = TABLES[table_id]
    if case.operation.definition.raw.get("security"):  # the bearer scheme: the operation reads a token
        case.headers["Authorization"] = f"Bearer {tokens[turn % len(tokens)]}"


@schemathesis.hook
def filter_failure(context: Any, failure: Any, case: Any, response: Any) -> bool:
    """Keep every failure but "created resource not found" (ST302) for a 404 that names
    something other than the table: an unknown seat, helper or computer player at a table
    that exists is a 404 too."""
    if getattr(failure, "code", None) != "ST302":
        return True
    try:
        code = response.json()["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return True
    return code in ("unknown_table", "not_found")
